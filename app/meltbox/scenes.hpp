#pragma once
// Building Worlds for the sandbox: the default scene, new spots, files.
#include <string>
#include <vector>

#include "physics/io/warnings.hpp"
#include "physics/world/world.hpp"

namespace mb::app {

// The settings the sandbox starts from, under any .cfg it reads: the defaults, but new spots,
// PNG masks and CSV outlines are filled with the amorphous lattice (a .cfg that names a
// [Lattice] Type keeps its own). Wax without a grain pumps about as far whichever way a
// heater crosses it, where the hexagonal lattice pumps six times as far along its rows as
// across them, and is as stiff in every direction (docs/springs.md, "Lattices"). The
// command line keeps the Spring Simulator's hexagonal lattice for its files.
SimulatorSettings sandbox_settings();

// A built-in strip: an elastic strip gripped at both ends by two pushers that pull it
// apart and let it back, again and again. The fallback when assets/pumping.xml is
// missing.
World strip_scene(const SimulatorSettings& settings);

World spot_circle(double radius, const SimulatorSettings& settings);
World spot_rectangle(double width, double height, const SimulatorSettings& settings);

// Any file the sandbox opens: scene XML (simulator or state), PNG mask, CSV outline.
// A scene with a heater gets the inelastic simulator on (pumping needs springs that
// break and form). Throws mb::InputError with a message naming the file; what the readers
// skipped or read under another spelling goes to `warnings`.
World world_from_file(const std::string& path, const SimulatorSettings& settings,
                      Warnings& warnings);

// The demo scenes folder (assets/) and the files in it that the sandbox can open.
std::string find_asset_dir();
std::vector<std::string> demo_files(const std::string& dir);
// The settings folder (configs/), or "".
std::string find_config_dir();

// The default scene on start: phase-change pumping (assets/pumping.xml), or "".
std::string default_scene_path(const std::string& asset_dir);

// The settings that go with a scene file: `<stem>.cfg` beside it, else in configs/
// (assets/pumping.xml -> configs/pumping.cfg). "" when there is none.
std::string companion_settings(const std::string& scene_path, const std::string& config_dir);

// A scene file opened with its companion settings when it has one, else `fallback`.
struct OpenedScene {
  World world;
  std::string settings_path;  // the companion .cfg used, or ""
  Warnings warnings;          // from the settings file and the scene file
};
OpenedScene open_with_settings(const std::string& path, const SimulatorSettings& fallback,
                               const std::string& config_dir);

}  // namespace mb::app
