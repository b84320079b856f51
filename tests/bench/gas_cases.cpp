// Gas benchmark: N discs of radius 1 and mass 1 at area fraction 0.3 in a square box,
// kT = 100 (rms speed sqrt(2 kT / m) = 14.1 length units per second, so a disc moves about
// a tenth of its diameter per tick), 60 ticks per simulated second.
// Each case runs the same ticks `runs` times from the same warmed-up gas and reports the
// medians: ticks per wall-clock second and per CPU second (the process's CPU time, all
// threads together: on a shared machine the wall time includes waiting for a core),
// disc-disc collisions per wall and per CPU second, and the relative kinetic-energy drift
// over the run (mirror walls: it must stay at rounding level). The threaded runs also
// report whether they ended bit for bit where the one-thread run did.
#include "gas_cases.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <ctime>
#include <numbers>
#include <vector>

#include "percentile.hpp"

#include "physics/gas/generator.hpp"
#include "physics/gas/thermo.hpp"

namespace mb::bench {

namespace {

const char* name(GasBroadPhase b) {
  return b == GasBroadPhase::Grid ? "grid" : b == GasBroadPhase::SweepPrune ? "sweep" : "auto";
}

struct GasCase {
  int discs;
  GasBroadPhase phase;
  int threads;
  int ticks;
};

// Runs one case; `reference` is the one-thread end state of the same gas (empty: none yet),
// set by a one-thread run.
void run_gas_case(const GasCase& c, int runs, Gas& reference) {
  const double half = 0.5 * std::sqrt(c.discs * std::numbers::pi / 0.3);
  const Box box{{-half, -half}, {half, half}};
  Gas start;
  gas::generate(start, box, {.count = c.discs, .mass = 1.0, .temperature = 100.0, .seed = 2024});
  start.settings.broad_phase = c.phase;
  start.settings.threads = c.threads;
  const GasBroadPhase chosen = start.choose_broad_phase(box, start.settings.tick_seconds);
  start.step(box);  // one warm-up tick (the first one sorts and sizes the buffers)
  const double e0 = gas::kinetic_energy(start);
  std::vector<double> wall, cpu;
  Gas g;
  for (int r = 0; r < runs; ++r) {
    g = start;
    const auto t0 = std::chrono::steady_clock::now();
    const std::clock_t c0 = std::clock();
    for (int t = 0; t < c.ticks; ++t) g.step(box);
    wall.push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    cpu.push_back(static_cast<double>(std::clock() - c0) / CLOCKS_PER_SEC);
  }
  const double s = median(wall), cs = median(cpu);
  const auto collisions = static_cast<double>(g.total_collisions() - start.total_collisions());
  const double drift = gas::kinetic_energy(g) / e0 - 1.0;
  const char* same = "null";
  if (c.threads == 1)
    reference = g;
  else if (reference.size() == g.size())
    same = reference.x == g.x && reference.y == g.y && reference.vx == g.vx && reference.vy == g.vy
               ? "true"
               : "false";
  std::printf(
      "{\"case\":\"gas_%d\",\"broad_phase\":\"%s\",\"chosen\":\"%s\",\"threads\":%d,"
      "\"discs\":%d,\"area_fraction\":0.3,\"ticks\":%d,\"tick_seconds\":%.6f,\"runs\":%d,"
      "\"wall_seconds_median\":%.4f,\"ticks_per_second\":%.1f,\"cpu_seconds_median\":%.4f,"
      "\"ticks_per_cpu_second\":%.1f,\"collisions\":%.0f,\"collisions_per_second\":%.4g,"
      "\"collisions_per_cpu_second\":%.4g,\"energy_drift\":%.3g,\"same_as_1_thread\":%s}\n",
      c.discs, name(c.phase), name(chosen), c.threads, c.discs, c.ticks, g.settings.tick_seconds,
      runs, s, c.ticks / s, cs, c.ticks / cs, collisions, collisions / s, collisions / cs, drift,
      same);
  std::fflush(stdout);
}

// The 100,000-disc gas with and without reactions, the runs interleaved: every other disc of
// species B, A + B -> C + D and C + D -> A + B above E_a = kT (docs/reactions.md), so about a
// third of the A-B and C-D collisions react and the species keep changing. `merging`: A + B
// -> C above E_a = kT (C as heavy as both, of the same radius, so that the broad phase is
// the same and the difference is the merging) and C -> A + B at 20 per second instead, so
// discs keep merging and splitting. Reports ticks/s of both and the cost of the
// reactions as a share of the reacting tick.
void run_reaction_case(int discs, int ticks, int runs, bool merging) {
  const double half = 0.5 * std::sqrt(discs * std::numbers::pi / 0.3);
  const Box box{{-half, -half}, {half, half}};
  Gas plain;
  gas::generate(plain, box, {.count = discs, .mass = 1.0, .temperature = 100.0, .seed = 2024});
  for (int32_t i = 1; i < plain.size(); i += 2) plain.species[i] = 1;
  plain.step(box);  // warm-up
  Gas reacting = plain;
  if (merging) {
    reacting.species_table = {
        {"A", 1.0, 1.0, -1, "A"}, {"B", 1.0, 1.0, -1, "B"}, {"C", 2.0, 1.0, -1, "AB"}};
    gas::Reaction split;
    split.a = 2, split.c = 0, split.d = 1, split.rate = 20.0;
    reacting.reactions = {{0, 1, 2, gas::kNoSpecies, 100.0, 1.0, 0.0}, split};
  } else {
    reacting.reactions = {{0, 1, 2, 3, 100.0, 1.0, 0.0}, {2, 3, 0, 1, 100.0, 1.0, 0.0}};
  }
  std::vector<double> with, without;
  int64_t taken = 0, collisions = 0;
  for (int r = 0; r < runs; ++r) {
    for (const bool react : {false, true}) {
      Gas g = react ? reacting : plain;
      const auto t0 = std::chrono::steady_clock::now();
      for (int t = 0; t < ticks; ++t) {
        const GasTickStats st = g.step(box);
        if (react && r == 0) taken += st.reactions, collisions += st.collisions;
      }
      (react ? with : without)
          .push_back(std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count());
    }
  }
  const double w = median(with), wo = median(without);
  std::printf(
      "{\"case\":\"gas_%d_%s\",\"ticks\":%d,\"runs\":%d,"
      "\"ticks_per_second_without\":%.1f,\"ticks_per_second_with\":%.1f,"
      "\"reaction_share\":%.4f,\"reactions_per_tick\":%.1f,\"collisions_per_tick\":%.1f,"
      "\"reaction_share_under_0.1\":%s}\n",
      discs, merging ? "merging" : "reactions", ticks, runs, ticks / wo, ticks / w, 1.0 - wo / w,
      static_cast<double>(taken) / ticks, static_cast<double>(collisions) / ticks,
      1.0 - wo / w < 0.1 ? "true" : "false");
  std::fflush(stdout);
}

}  // namespace

void run_gas_cases(bool smoke, int runs) {
  Gas reference;
  if (smoke) {
    run_gas_case({1000, GasBroadPhase::Auto, 1, 5}, 1, reference);
    run_gas_case({1000, GasBroadPhase::Auto, 2, 5}, 1, reference);
    run_reaction_case(1000, 5, 1, false);
    run_reaction_case(1000, 5, 1, true);
    return;
  }
  for (int n : {1000, 10'000, 100'000}) {
    // Sweep and prune for comparison (one thread; few ticks at 100k: it is slow there),
    // then the automatic choice on 1 and 2 threads.
    run_gas_case({n, GasBroadPhase::SweepPrune, 1, n >= 100'000 ? 10 : 60}, runs, reference);
    run_gas_case({n, GasBroadPhase::Auto, 1, 60}, runs, reference);
    run_gas_case({n, GasBroadPhase::Auto, 2, 60}, runs, reference);
  }
  for (const bool merging : {false, true})
    run_reaction_case(100'000, 60, std::max(runs, 3), merging);
}

}  // namespace mb::bench
