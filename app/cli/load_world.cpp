#include "app/cli/load_world.hpp"

#include <exception>
#include <filesystem>
#include <iostream>

#include "physics/io/io_error.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"

namespace mb::cli {

void check_output_path(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw InputError(path + ": cannot write (a folder)");
  fs::path parent = fs::path(path).parent_path();
  if (parent.empty()) parent = ".";
  if (!fs::is_directory(parent, ec))
    throw InputError(path + ": cannot write (no folder " + parent.string() + ")");
}

int run_reporting_errors(const std::function<int()>& command) {
  try {
    return command();
  } catch (const InputError& e) {
    std::cerr << "meltbox-cli: " << e.what() << "\n";
    return kExitInput;
  } catch (const std::exception& e) {
    std::cerr << "meltbox-cli: internal error: " << e.what() << "\n";
    return kExitFailure;
  }
}

World load_world(const Options& o) {
  Settings settings;
  if (!o.settings_file.empty()) settings = load_settings(o.settings_file);
  Scene scene = load_any_input(o.input, settings);
  World world;
  world.settings = settings;
  world.net = std::move(scene.net);
  world.actuators = std::move(scene.actuators);
  world.time = scene.time;
  install_gas(world, std::move(scene.gas));  // a <gas> element, if any (physics/io/gas_xml.hpp)
  install_bodies(world.bodies, scene.bodies, o.input);  // <body> elements (physics/io/peri_xml.hpp)
  if (scene.body_settings) world.bodies.settings = *scene.body_settings;
  if (!o.actuator_files.empty()) {
    world.actuators.clear();
    for (const std::string& file : o.actuator_files)
      for (Actuator& a : load_actuators_xml(file)) world.actuators.push_back(std::move(a));
  }
  world.inelastic = o.inelastic;
  return world;
}

}  // namespace mb::cli
