#include "app/cli/load_world.hpp"

#include <cctype>
#include <exception>
#include <filesystem>
#include <iostream>

#include "physics/io/input_files.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/peri_xml.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/io/text_number.hpp"
#include "physics/springs/outline.hpp"

namespace mb::cli {

namespace {

void print(const Warnings& warnings) {
  for (const std::string& w : warnings) std::cerr << "meltbox-cli: warning: " << w << "\n";
}

bool ends_with_csv(const std::string& path) {
  if (path.size() < 4) return false;
  std::string ext = path.substr(path.size() - 4);
  for (char& c : ext) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return ext == ".csv";
}

}  // namespace

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
  Warnings warnings;
  SimulatorSettings settings;
  if (!o.settings_file.empty()) settings = load_settings(o.settings_file, warnings);
  if (o.lattice) settings.lattice = *o.lattice;
  if (o.lattice_seed) settings.lattice_seed = *o.lattice_seed;
  print(warnings);
  Scene scene = load_any_input(o.input, settings);
  print(scene.warnings);
  World world = world_from_scene(std::move(scene), settings, o.input);
  if (!o.actuator_files.empty()) {
    world.actuators.clear();
    for (const std::string& arg : o.actuator_files) {
      warnings.clear();
      for (Actuator& a : load_actuators_arg(arg, warnings)) world.actuators.push_back(std::move(a));
      print(warnings);
    }
  }
  world.inelastic = o.inelastic;
  world.cross_contacts = o.cross_contacts;
  return world;
}

void write_outputs(const Options& o, const World& world) {
  if (!o.output.empty()) {
    if (ends_with_csv(o.output)) {
      if (world.net.particle_count() == 0)
        throw InputError(o.output + ": the scene has no spring particles, so no outline to write");
      save_points_csv(o.output, network_outline(world.net));
    } else
      save_state_xml(o.output, world);  // with the gas and bodies, if any
  }
  if (!o.simulator_output.empty()) save_simulator_xml(o.simulator_output, world);
  if (o.output.empty() && o.simulator_output.empty() && !o.stats) {
    std::cerr << "meltbox-cli: note: no -o or -S given, the state XML goes to standard output\n";
    std::cout << state_to_xml(world);
  }
}

}  // namespace mb::cli
