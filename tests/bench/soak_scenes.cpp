#include "soak_scenes.hpp"

#include <string>

#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"

namespace mb::bench {

namespace {

const std::string kSource = MELTBOX_SOURCE_DIR;

// app/meltbox/scenes.cpp world_from_file, without SDL: the app library is not linked here.
World world_from_file(const std::string& path, const Settings& settings) {
  Scene scene = load_any_input(path, settings);
  World w;
  w.settings = settings;
  w.net = std::move(scene.net);
  w.actuators = std::move(scene.actuators);
  w.time = scene.time;
  w.inelastic = w.has_heater();
  install_gas(w, std::move(scene.gas));
  install_bodies(w.bodies, scene.bodies, path);
  if (scene.body_settings) w.bodies.settings = *scene.body_settings;
  return w;
}

}  // namespace

std::vector<SoakScene> soak_scenes() {
  Warnings warnings;  // the repository's own files: none expected, none shown
  const Settings pumping = load_settings(kSource + "/configs/pumping.cfg", warnings);
  std::vector<SoakScene> out;
  out.push_back({"soak_default_pumping", SoakMatter::Springs,
                 world_from_file(kSource + "/assets/pumping.xml", pumping)});
  out.back().world.inelastic = true;  // the default scene runs with the wax simulator
  out.push_back({"soak_gas_demo", SoakMatter::Gas,
                 world_from_file(kSource + "/assets/gas_box.xml", Settings{})});
  out.push_back({"soak_bodies_demo", SoakMatter::Bodies,
                 world_from_file(kSource + "/assets/bodies.xml", Settings{})});
  return out;
}

}  // namespace mb::bench
