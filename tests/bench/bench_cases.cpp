#include "bench_cases.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <string>

#include "physics/io/settings_io.hpp"
#include "physics/springs/lattice.hpp"

namespace mb::bench {

SimulatorSettings best_settings() {
  const std::string dir = MELTBOX_ORIGINAL_CONFIGS;
  if (!std::filesystem::is_directory(dir)) {
    std::fprintf(stderr,
                 "meltbox-bench: the original Spring Simulator's .cfg files are missing: no "
                 "folder %s (the benchmark reads their \"best\" preset from "
                 "shared/original-configs beside the checkout)\n",
                 dir.c_str());
    std::exit(2);
  }
  Warnings warnings;
  return load_settings(dir + "/spring5.5_ticks20_spot20.cfg", warnings);
}

World pusher_through_spot(double spot_radius, bool crossing_allowed) {
  World world;
  world.settings = best_settings();
  world.net = circle_spot({0.0, 0.0}, spot_radius, world.settings);
  Actuator pusher;
  pusher.type = ActuatorType::Pusher;
  pusher.name = "Pusher-1";
  pusher.speed = 2.0;
  pusher.shape = rectangle_polygon({0.0, 0.0}, {10.0, 10.0});
  pusher.path.points = {{-20.0, 0.0}, {20.0, 0.0}};
  // The original never checked crossings, so its pusher kept its grip all the way through;
  // to compare like with like ours may, by default, drag its particles through springs
  // too (the relaxation still never lets a free particle create a crossing).
  pusher.spring_crossing_allowed = crossing_allowed;
  world.actuators.push_back(pusher);
  return world;
}

RunFigures run_to_end(World world) {
  RunFigures f;
  auto account = [&](const TickStats& t) {
    ++f.ticks;
    f.iterations += t.iterations;
    f.max_iterations_in_a_tick = std::max(f.max_iterations_in_a_tick, t.iterations);
    if (!t.converged) ++f.unconverged_ticks;
    f.spring_updates += static_cast<double>(t.iterations) * world.net.spring_count();
  };
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t c0 = std::clock();
  while (world.actuators_running()) account(world.tick());
  account(world.finish_run());
  f.wall_seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  f.cpu_seconds = static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC;
  return f;
}

}  // namespace mb::bench
