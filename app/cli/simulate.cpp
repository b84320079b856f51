#include "app/cli/simulate.hpp"

#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <iostream>

#include "physics/io/io_error.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/world/world.hpp"

namespace mb::cli {

namespace {

// Fails before the run, rather than after it, when an output cannot be written there.
void check_output_path(const std::string& path) {
  namespace fs = std::filesystem;
  std::error_code ec;
  if (fs::is_directory(path, ec)) throw InputError(path + ": cannot write (a folder)");
  fs::path parent = fs::path(path).parent_path();
  if (parent.empty()) parent = ".";
  if (!fs::is_directory(parent, ec))
    throw InputError(path + ": cannot write (no folder " + parent.string() + ")");
}

int simulate(const Options& o) {
  Settings settings;
  if (!o.settings_file.empty()) settings = load_settings(o.settings_file);
  Scene scene = load_any_input(o.input, settings);
  World world;
  world.settings = settings;
  world.net = std::move(scene.net);
  world.actuators = std::move(scene.actuators);
  world.time = scene.time;
  if (!o.actuator_files.empty()) {
    world.actuators.clear();
    for (const std::string& file : o.actuator_files)
      for (Actuator& a : load_actuators_xml(file)) world.actuators.push_back(std::move(a));
  }
  if (!o.output.empty()) check_output_path(o.output);
  if (!o.simulator_output.empty()) check_output_path(o.simulator_output);
  if (o.output.empty() && o.simulator_output.empty() && !o.stats)
    std::cerr << "meltbox-cli: note: no -o or -S given, the result is not saved\n";

  world.inelastic = o.inelastic;

  const auto start = std::chrono::steady_clock::now();
  int64_t ticks = 0, iterations = 0;
  if (o.ticks) {
    for (; ticks < *o.ticks; ++ticks) iterations += world.tick().iterations;
  } else {
    while (world.actuators_running()) {
      iterations += world.tick().iterations;
      ++ticks;
    }
  }
  iterations += world.finish_run().iterations;
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  if (!o.output.empty()) save_state_xml(o.output, world.net);
  if (!o.simulator_output.empty()) save_simulator_xml(o.simulator_output, world);
  if (o.stats) {
    char line[256];
    std::snprintf(line, sizeof line,
                  "{\"particles\":%d,\"springs\":%d,\"ticks\":%lld,\"iterations\":%lld,"
                  "\"wall_seconds\":%.6f}",
                  world.net.particle_count(), world.net.spring_count(),
                  static_cast<long long>(ticks), static_cast<long long>(iterations), seconds);
    std::cout << line << std::endl;
  }
  return kExitOk;
}

}  // namespace

int run_simulate(const Options& options) {
  try {
    return simulate(options);
  } catch (const InputError& e) {
    std::cerr << "meltbox-cli: " << e.what() << "\n";
    return kExitInput;
  } catch (const std::exception& e) {
    std::cerr << "meltbox-cli: internal error: " << e.what() << "\n";
    return kExitFailure;
  }
}

}  // namespace mb::cli
