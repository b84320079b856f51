// Gas benchmark: N discs of radius 1 and mass 1 at area fraction 0.3 in a square box,
// kT = 100 (rms speed sqrt(2 kT / m) = 14.1 length units per second, so a disc moves about
// a tenth of its diameter per tick), 60 ticks per simulated second, one thread.
// Figures per case: ticks per wall-clock second and per CPU second (the process's CPU
// time: one thread, so it is what an idle core would give), disc-disc collisions per CPU
// second, and the relative kinetic-energy drift over the run (mirror walls: it must stay
// at rounding level).
#include "gas_cases.hpp"

#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <numbers>

#include "physics/gas/generator.hpp"
#include "physics/gas/thermo.hpp"

namespace mb::bench {

namespace {

const char* name(GasBroadPhase b) {
  return b == GasBroadPhase::Grid ? "grid" : b == GasBroadPhase::SweepPrune ? "sweep" : "auto";
}

void run_gas_case(int n, GasBroadPhase phase, int ticks) {
  const double half = 0.5 * std::sqrt(n * std::numbers::pi / 0.3);
  const Box box{{-half, -half}, {half, half}};
  Gas g;
  gas::generate(g, box, {.count = n, .mass = 1.0, .temperature = 100.0, .seed = 2024});
  g.broad_phase = phase;
  const GasBroadPhase chosen = g.choose_broad_phase(box, g.tick_seconds);
  g.step(box);  // one warm-up tick (the first one sorts and sizes the buffers)
  const double e0 = gas::kinetic_energy(g);
  const int64_t c0 = g.total_collisions(), w0 = g.total_wall_hits();
  const auto t0 = std::chrono::steady_clock::now();
  const std::clock_t c0_cpu = std::clock();
  for (int t = 0; t < ticks; ++t) g.step(box);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  // CPU time too: on a shared machine the wall time includes waiting for a core.
  const double cpu = static_cast<double>(std::clock() - c0_cpu) / CLOCKS_PER_SEC;
  const int64_t collisions = g.total_collisions() - c0;
  const double drift = gas::kinetic_energy(g) / e0 - 1.0;
  std::printf(
      "{\"case\":\"gas_%d\",\"broad_phase\":\"%s\",\"chosen\":\"%s\",\"threads\":1,"
      "\"discs\":%d,\"area_fraction\":0.3,\"ticks\":%d,\"tick_seconds\":%.6f,"
      "\"wall_seconds\":%.4f,\"ticks_per_second\":%.1f,\"cpu_seconds\":%.4f,"
      "\"ticks_per_cpu_second\":%.1f,\"collisions\":%lld,"
      "\"wall_hits\":%lld,\"collisions_per_cpu_second\":%.4g,\"energy_drift\":%.3g}\n",
      n, name(phase), name(chosen), n, ticks, g.tick_seconds, s, ticks / s, cpu, ticks / cpu,
      static_cast<long long>(collisions), static_cast<long long>(g.total_wall_hits() - w0),
      static_cast<double>(collisions) / cpu, drift);
  std::fflush(stdout);
}

}  // namespace

void run_gas_cases(bool smoke) {
  if (smoke) {
    run_gas_case(1000, GasBroadPhase::Auto, 5);
    return;
  }
  for (int n : {1000, 10'000, 100'000})
    for (GasBroadPhase b : {GasBroadPhase::SweepPrune, GasBroadPhase::Grid, GasBroadPhase::Auto})
      run_gas_case(n, b, n >= 100'000 && b == GasBroadPhase::SweepPrune ? 10 : 60);
}

}  // namespace mb::bench
