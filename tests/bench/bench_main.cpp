// meltbox-bench: prints one JSON line per case with the median wall time of several runs.
//   meltbox-bench            all cases (the original-solver baseline runs once: it is slow)
//   meltbox-bench --smoke    the smallest case once (run by ctest so the benchmark cannot rot)
//   meltbox-bench --runs N   repetitions per case (default 5)
//   meltbox-bench --gas      only the gas cases (gas_cases.cpp; they run by default too)
//   meltbox-bench --heat     only the heater and predict cases (heat_cases.cpp; by default too)
//   meltbox-bench --live     only the sandbox live-tick grab-drag case (live_cases.cpp; by default too)
//   meltbox-bench --peri     only the peridynamic-body cases (peri_cases.cpp; by default too)
#include <algorithm>
#include <cstdio>
#include <cstring>
#include <string>
#include <vector>

#include "bench_cases.hpp"
#include "gas_cases.hpp"
#include "heat_cases.hpp"
#include "live_cases.hpp"
#include "peri_cases.hpp"

namespace {

void print_case(const char* name, const char* solver, const mb::World& world,
                std::vector<mb::bench::RunFigures> runs) {
  std::sort(runs.begin(), runs.end(),
            [](const auto& a, const auto& b) { return a.wall_seconds < b.wall_seconds; });
  const mb::bench::RunFigures& med = runs[runs.size() / 2];
  std::printf(
      "{\"case\":\"%s\",\"solver\":\"%s\",\"particles\":%d,\"springs\":%d,\"runs\":%zu,"
      "\"wall_seconds_median\":%.4f,\"wall_seconds_min\":%.4f,\"ticks\":%lld,"
      "\"iterations\":%lld,\"max_iterations_per_tick\":%d,\"unconverged_ticks\":%d,"
      "\"spring_updates_per_second\":%.4g}\n",
      name, solver, world.net.particle_count(), world.net.spring_count(), runs.size(),
      med.wall_seconds, runs.front().wall_seconds, static_cast<long long>(med.ticks),
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

}  // namespace

int main(int argc, char** argv) {
  int runs = 5;
  bool smoke = false, gas_only = false, heat_only = false, live_only = false, peri_only = false;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--smoke")) smoke = true;
    else if (!std::strcmp(argv[i], "--gas")) gas_only = true;
    else if (!std::strcmp(argv[i], "--heat")) heat_only = true;
    else if (!std::strcmp(argv[i], "--live")) live_only = true;
    else if (!std::strcmp(argv[i], "--peri")) peri_only = true;
    else if (!std::strcmp(argv[i], "--runs") && i + 1 < argc) runs = std::max(1, std::atoi(argv[++i]));
    else {
      std::fprintf(stderr, "usage: meltbox-bench [--smoke] [--gas] [--heat] [--live] [--peri] [--runs N]\n");
      return 2;
    }
  }
  if (smoke) {
    run_case("pusher_r50_smoke", mb::bench::pusher_through_spot(50.0), mb::RelaxMethod::Fire, 1);
    mb::bench::run_gas_cases(true);
    mb::bench::run_live_cases(1, true);
    mb::bench::run_peri_cases(true);
    return 0;
  }
  if (peri_only) {
    mb::bench::run_peri_cases(false);
    return 0;
  }
  if (live_only) {
    mb::bench::run_live_cases(runs, false);
    return 0;
  }
  if (heat_only) {
    mb::bench::run_heat_cases(runs);
    return 0;
  }
  if (gas_only) {
    mb::bench::run_gas_cases(false);
    return 0;
  }
  const mb::World r200 = mb::bench::pusher_through_spot(200.0);
  run_case("pusher_r200", r200, mb::RelaxMethod::Fire, runs);
  run_case("pusher_r200", r200, mb::RelaxMethod::Gradient, 1);
  run_case("pusher_r600", mb::bench::pusher_through_spot(600.0), mb::RelaxMethod::Fire, runs);
  mb::bench::run_heat_cases(runs);
  mb::bench::run_gas_cases(false);
  mb::bench::run_live_cases(runs, false);
  mb::bench::run_peri_cases(false);
  return 0;
}
