#pragma once
// The three scenes the soak (soak_cases.hpp) runs, loaded the way the sandbox loads a scene
// file (app/meltbox/scenes.cpp, open_with_settings and world_from_file), so the soak drives
// the same Worlds a person gets from the Scene panel.
#include <vector>

#include "physics/world/world.hpp"

namespace mb::bench {

// Which matter a scene is made of decides what a drag and an add / remove are (soak_plan.hpp).
enum class SoakMatter { Springs, Gas, Bodies };

struct SoakScene {
  const char* name;  // the JSON "case"
  SoakMatter matter;
  World world;
};

// The default scene (assets/pumping.xml with configs/pumping.cfg, inelastic simulator on),
// the gas demo (assets/gas_box.xml) and the bodies demo (assets/bodies.xml). Throws
// InputError when a file is missing or unreadable.
std::vector<SoakScene> soak_scenes();

// The one-world demo (assets/one_world.xml with configs/one_world.cfg), as the sandbox
// opens it.
World one_world_scene();

}  // namespace mb::bench
