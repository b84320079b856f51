#pragma once
// Building Worlds for the sandbox: the default scene, new spots, files.
#include <string>
#include <vector>

#include "physics/world/world.hpp"

namespace mb::app {

// The default scene: an elastic strip gripped at both ends by two pushers that pull
// it apart and let it back, again and again, so it visibly stretches from the start.
World default_scene(const Settings& settings);

World spot_circle(double radius, const Settings& settings);
World spot_rectangle(double width, double height, const Settings& settings);

// Any file the sandbox opens: scene XML (simulator or state), PNG mask, CSV outline.
// Throws mb::InputError with a message naming the file.
World world_from_file(const std::string& path, const Settings& settings);

// The demo scenes folder (assets/) and the files in it that the sandbox can open.
std::string find_asset_dir();
std::vector<std::string> demo_files(const std::string& dir);

}  // namespace mb::app
