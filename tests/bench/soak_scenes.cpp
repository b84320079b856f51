#include "soak_scenes.hpp"

#include <string>

#include "physics/io/input_files.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"

namespace mb::bench {

namespace {

const std::string kSource = MELTBOX_SOURCE_DIR;

// As the sandbox opens a scene file (app/meltbox/scenes.cpp): the wax simulator with a heater.
World world_from_file(const std::string& path, const SimulatorSettings& settings) {
  World w = world_from_scene(load_any_input(path, settings), settings, path);
  w.inelastic = w.has_heater();
  return w;
}

}  // namespace

std::vector<SoakScene> soak_scenes() {
  Warnings warnings;  // the repository's own files: none expected, none shown
  const SimulatorSettings pumping = load_settings(kSource + "/configs/pumping.cfg", warnings);
  std::vector<SoakScene> out;
  out.push_back({"soak_default_pumping", SoakMatter::Springs,
                 world_from_file(kSource + "/assets/pumping.xml", pumping)});
  out.back().world.inelastic = true;  // the default scene runs with the wax simulator
  out.push_back({"soak_gas_demo", SoakMatter::Gas,
                 world_from_file(kSource + "/assets/gas_box.xml", SimulatorSettings{})});
  out.push_back({"soak_bodies_demo", SoakMatter::Bodies,
                 world_from_file(kSource + "/assets/bodies.xml", SimulatorSettings{})});
  return out;
}

World one_world_scene() {
  Warnings warnings;
  const SimulatorSettings settings = load_settings(kSource + "/configs/one_world.cfg", warnings);
  return world_from_file(kSource + "/assets/one_world.xml", settings);
}

}  // namespace mb::bench
