// meltbox-bench: prints one JSON line per case with the median wall time of several runs.
//   meltbox-bench            all cases (the original-solver baseline runs once: it is slow)
//   meltbox-bench --smoke    the smallest case once (run by ctest so the benchmark cannot rot)
//   meltbox-bench --runs N   repetitions per case (default 5)
//   meltbox-bench --springs  only the pusher cases (FIRE, and the original's gradient step;
//                            one without spring crossing) and the outline fill (scanline
//                            against the winding number per point)
//   meltbox-bench --lattice  the hexagonal and amorphous lattices: pumping in 12 directions,
//                            a strip's Young's modulus in 4, relaxation cost per tick
//   meltbox-bench --heat     only the heater and predict cases (heat_cases.cpp)
//   meltbox-bench --gas      only the gas cases (gas_cases.cpp)
//   meltbox-bench --live     only the live-manipulation cases (live_cases.cpp,
//                            live_matter_cases.cpp)
//   meltbox-bench --peri     only the peridynamic-body cases (peri_cases.cpp)
//   meltbox-bench --world    only the one-world cases (world_cases.cpp)
//   meltbox-bench --copy     only the World copy and restore cases (copy_cases.cpp)
//   meltbox-bench --plan     the planner cases (plan_cases.cpp; not in the default run)
//   meltbox-bench --soak     the soak (soak_cases.cpp): each demo scene for 200,000 ticks
//                            on the physics thread with commands pushed in; RSS and tick
//                            times. Long, so never part of the default; sandbox build only
//   meltbox-bench --soak-ticks N   the soak with N ticks a scene (implies --soak)
//   meltbox-bench --soak-scene S   the soak of one scene: pumping, gas or bodies (implies --soak)
// Several group flags run several groups; with none, every group but the soak and --plan runs.
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "bench_cases.hpp"
#include "copy_cases.hpp"
#include "fill_cases.hpp"
#include "gas_cases.hpp"
#include "heat_cases.hpp"
#include "lattice_cases.hpp"
#include "live_cases.hpp"
#include "live_matter_cases.hpp"
#include "peri_cases.hpp"
#include "plan_cases.hpp"
#include "soak_cases.hpp"  // declarations only: defined in the sandbox build
#include "world_cases.hpp"

namespace {

void print_case(const char* name, const char* solver, const mb::World& world,
                std::vector<mb::bench::RunFigures> runs) {
  std::sort(runs.begin(), runs.end(),
            [](const auto& a, const auto& b) { return a.wall_seconds < b.wall_seconds; });
  const mb::bench::RunFigures& med = runs[runs.size() / 2];
  std::vector<double> cpu;
  for (const auto& r : runs) cpu.push_back(r.cpu_seconds);
  std::sort(cpu.begin(), cpu.end());
  const double cpu_median = cpu[cpu.size() / 2];
  std::printf(
      "{\"case\":\"%s\",\"solver\":\"%s\",\"particles\":%d,\"springs\":%d,\"runs\":%zu,"
      "\"wall_seconds_median\":%.4f,\"wall_seconds_min\":%.4f,\"cpu_seconds_median\":%.4f,"
      "\"ticks\":%lld,"
      "\"iterations\":%lld,\"max_iterations_per_tick\":%d,\"unconverged_ticks\":%d,"
      "\"spring_updates_per_second\":%.4g}\n",
      name, solver, world.net.particle_count(), world.net.spring_count(), runs.size(),
      med.wall_seconds, runs.front().wall_seconds, cpu_median, static_cast<long long>(med.ticks),
      static_cast<long long>(med.iterations), med.max_iterations_in_a_tick, med.unconverged_ticks,
      med.spring_updates / med.wall_seconds);
  std::fflush(stdout);
}

void run_case(const char* name, mb::World world, mb::RelaxMethod method, int runs) {
  world.relax_method = method;
  std::vector<mb::bench::RunFigures> figures;
  for (int r = 0; r < runs; ++r) figures.push_back(mb::bench::run_to_end(world));
  print_case(name, method == mb::RelaxMethod::Fire ? "fire" : "original-gradient", world,
             std::move(figures));
}

void run_spring_cases(int runs) {
  const mb::World r200 = mb::bench::pusher_through_spot(200.0);
  run_case("pusher_r200", r200, mb::RelaxMethod::Fire, runs);
  run_case("pusher_r200", r200, mb::RelaxMethod::Gradient, 1);
  // The same pusher without crossing: its grip pushes the material in its way.
  run_case("pusher_r200_no_crossing", mb::bench::pusher_through_spot(200.0, false),
           mb::RelaxMethod::Fire, runs);
  run_case("pusher_r600", mb::bench::pusher_through_spot(600.0), mb::RelaxMethod::Fire, runs);
  mb::bench::run_fill_cases(runs);
}

struct Group {
  const char* flag;
  void (*run)(int runs);
};

}  // namespace

int main(int argc, char** argv) {
  // Each group's flag runs it alone (several flags: several groups); none runs them all.
  const Group groups[] = {
      {"--springs", run_spring_cases},
      {"--lattice", mb::bench::run_lattice_cases},
      {"--heat", mb::bench::run_heat_cases},
      {"--gas", [](int runs) { mb::bench::run_gas_cases(false, runs); }},
      {"--live",
       [](int runs) {
         mb::bench::run_live_cases(runs, false);
         mb::bench::run_live_matter_cases(runs, false);
       }},
      {"--peri", [](int runs) { mb::bench::run_peri_cases(runs, false); }},
      {"--world", [](int runs) { mb::bench::run_world_cases(runs, false); }},
      {"--copy", [](int runs) { mb::bench::run_copy_cases(runs, false); }},
      {"--plan", [](int runs) { mb::bench::run_plan_cases(runs, false); }},
  };
  int runs = 5;
  bool smoke = false;
  long long soak_ticks = 0;  // 0: no soak
  std::string soak_scene;    // "": every soak scene
  std::vector<const Group*> chosen;
  for (int i = 1; i < argc; ++i) {
    const Group* group = nullptr;
    for (const Group& g : groups)
      if (!std::strcmp(argv[i], g.flag)) group = &g;
    if (group) {
      chosen.push_back(group);
    } else if (!std::strcmp(argv[i], "--smoke")) {
      smoke = true;
    } else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) {
      runs = std::max(1, std::atoi(argv[++i]));
    } else if (!std::strcmp(argv[i], "--soak")) {
      if (soak_ticks == 0) soak_ticks = mb::bench::kSoakTicks;
    } else if (!std::strcmp(argv[i], "--soak-ticks") && i + 1 < argc) {
      soak_ticks = std::max(1LL, std::atoll(argv[++i]));
    } else if (!std::strcmp(argv[i], "--soak-scene") && i + 1 < argc) {
      soak_scene = argv[++i];
      if (soak_ticks == 0) soak_ticks = mb::bench::kSoakTicks;
    } else {
      std::fprintf(stderr,
                   "usage: meltbox-bench [--smoke] [--springs] [--lattice] [--heat] [--gas] "
                   "[--live] [--peri] "
                   "[--runs N] [--world] [--copy] [--plan] [--soak] [--soak-ticks N] "
                   "[--soak-scene pumping|gas|bodies]\n");
      return 2;
    }
  }
  if (smoke) {
    run_case("pusher_r50_smoke", mb::bench::pusher_through_spot(50.0), mb::RelaxMethod::Fire, 1);
    mb::bench::run_gas_cases(true);
    mb::bench::run_live_cases(1, true);
    mb::bench::run_live_matter_cases(1, true);
    mb::bench::run_peri_cases(1, true);
    mb::bench::run_world_cases(1, true);
    mb::bench::run_copy_cases(1, true);
    mb::bench::run_plan_cases(1, true);
    return 0;
  }
  if (soak_ticks > 0) {
#if !MELTBOX_BENCH_SOAK
    std::fprintf(stderr,
                 "meltbox-bench: --soak needs the sandbox build (-DMELTBOX_SANDBOX=ON): it "
                 "drives engine::SimThread\n");
    return 2;
#endif
  }
  // The soak alone runs only the soak; no flags at all run every group but the soak.
  // --plan is left out too: its targets take many minutes.
  if (chosen.empty() && soak_ticks == 0)
    for (const Group& g : groups)
      if (std::strcmp(g.flag, "--plan") != 0) chosen.push_back(&g);
  for (const Group* g : chosen) g->run(runs);
#if MELTBOX_BENCH_SOAK
  if (soak_ticks > 0) mb::bench::run_soak_cases(soak_ticks, soak_scene);
#endif
  return 0;
}
