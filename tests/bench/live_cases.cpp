// The sandbox's live tick: a circle spot (default settings, inelastic off, as a new
// spot in meltbox) with the mouse grab dragged straight through it, as at 60 ticks/s
// with the mouse moving 2 units a tick (120 units/s). The ticks run back to back on a
// World, exactly what the physics thread does for GrabBegin / GrabMove commands, but
// without the thread's sleeping. Prints one JSON line with the median and the 99th
// percentile of the tick time, each the median over the runs.
#include "live_cases.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "percentile.hpp"
#include "physics/springs/lattice.hpp"
#include "physics/world/world.hpp"

namespace mb::bench {

namespace {

struct LiveFigures {
  double median_ms = 0.0, p99_ms = 0.0, max_ms = 0.0;
  int grabbed = 0;
  long long iterations = 0;
};

// Grab at `from`, then move `step` units along +x each tick for `ticks` ticks.
LiveFigures grab_drag(World world, Vec2 from, double step, int ticks) {
  using Clock = std::chrono::steady_clock;
  LiveFigures f;
  // The sandbox's grab radius at a normal zoom: 1.2 lattice spacings.
  f.grabbed = world.grab_begin(from, 1.2 * world.settings.lattice_spacing());
  std::vector<double> ms;
  ms.reserve(static_cast<size_t>(ticks));
  for (int k = 1; k <= ticks; ++k) {
    world.grab_move(from + Vec2{step * k, 0.0});
    const auto t0 = Clock::now();
    const TickStats stats = world.tick();
    ms.push_back(std::chrono::duration<double, std::milli>(Clock::now() - t0).count());
    f.iterations += stats.iterations;
  }
  world.grab_end();
  f.median_ms = percentile(ms, 0.5);
  f.p99_ms = percentile(ms, 0.99);
  f.max_ms = *std::max_element(ms.begin(), ms.end());
  return f;
}

void run_case(const char* name, double radius, int ticks, int runs) {
  World world;
  world.net = circle_spot({0.0, 0.0}, radius, world.settings);
  const Vec2 from{-0.8 * radius, 0.0};
  const double step = 2.0;
  std::vector<LiveFigures> all;
  for (int r = 0; r < runs; ++r) all.push_back(grab_drag(world, from, step, ticks));
  const auto median_of = [&](double LiveFigures::*field) {
    std::vector<double> v;
    for (const LiveFigures& f : all) v.push_back(f.*field);
    return percentile(v, 0.5);
  };
  std::printf(
      "{\"case\":\"%s\",\"particles\":%d,\"springs\":%d,\"grabbed\":%d,\"ticks\":%d,"
      "\"step_per_tick\":%.1f,\"runs\":%d,\"tick_ms_median\":%.3f,\"tick_ms_p99\":%.3f,"
      "\"tick_ms_max\":%.3f,\"iterations_per_tick\":%.1f}\n",
      name, world.net.particle_count(), world.net.spring_count(), all.front().grabbed, ticks, step,
      runs, median_of(&LiveFigures::median_ms), median_of(&LiveFigures::p99_ms),
      median_of(&LiveFigures::max_ms),
      static_cast<double>(all.front().iterations) / static_cast<double>(ticks));
  std::fflush(stdout);
}

}  // namespace

void run_live_cases(int runs, bool smoke) {
  if (smoke) {
    run_case("live_grab_r50_smoke", 50.0, 30, 1);
    return;
  }
  run_case("live_grab_r300", 300.0, 300, runs);
}

}  // namespace mb::bench
