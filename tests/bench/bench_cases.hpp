#pragma once
// Benchmark scenes, shared by meltbox-bench's cases.
#include <string>

#include "physics/world/world.hpp"

namespace mb::bench {

// The original's "best" preset, spring5.5_ticks20_spot20.cfg, read from
// shared/original-configs beside the checkout; exits with status 2, naming the folder, when
// that folder is missing.
SimulatorSettings best_settings();

// A 10x10 pusher moving 40 units at speed 2 through the middle of a circle spot. With
// `crossing_allowed` false its grip pushes what is in its way instead (SweepGuard).
World pusher_through_spot(double spot_radius, bool crossing_allowed = true);

struct RunFigures {
  int64_t ticks = 0;
  int64_t iterations = 0;
  int max_iterations_in_a_tick = 0;
  int unconverged_ticks = 0;
  double spring_updates = 0.0;  // sum over iterations of the spring count
  double wall_seconds = 0.0;
  double cpu_seconds = 0.0;  // this process's CPU time: robust to waiting for a shared core
};

// Runs the world's actuators to the end (and the final relaxation), timing it.
RunFigures run_to_end(World world);

}  // namespace mb::bench
