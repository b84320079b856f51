#include "heat_cases.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "bench_cases.hpp"
#include "physics/springs/lattice.hpp"
#include "physics/world/predict.hpp"

namespace mb::bench {

namespace {
double seconds_since(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
}
double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  return v[v.size() / 2];
}

World heater_world(double spot_radius, double speed) {
  World world;
  world.settings = best_settings();
  world.inelastic = true;
  world.net = circle_spot({0.0, 0.0}, spot_radius, world.settings);
  Actuator heater;
  heater.type = ActuatorType::Heater;
  heater.name = "Heater-1";
  heater.speed = speed;
  heater.shape = rectangle_polygon({0.0, 0.0}, {30.0, 30.0});
  heater.path.points = {{-spot_radius - 30.0, 0.0}, {spot_radius + 30.0, 0.0}};
  world.actuators.push_back(heater);
  return world;
}

void heater_case(const char* name, RelaxMethod method, int runs) {
  World start = heater_world(200.0, 2.0);
  start.relax_method = method;
  std::vector<double> wall;
  int64_t ticks = 0, iterations = 0, made = 0, broken = 0;
  for (int r = 0; r < runs; ++r) {
    World world = start;
    ticks = iterations = made = broken = 0;
    const auto t0 = std::chrono::steady_clock::now();
    auto account = [&](const TickStats& t) {
      ++ticks;
      iterations += t.iterations;
      made += t.springs_made;
      broken += t.springs_broken;
    };
    while (world.actuators_running()) account(world.tick());
    account(world.finish_run());
    wall.push_back(seconds_since(t0));
  }
  std::printf(
      "{\"case\":\"%s\",\"solver\":\"%s\",\"particles\":%d,\"runs\":%d,\"wall_seconds_median\":%."
      "4f,"
      "\"ticks\":%lld,\"iterations\":%lld,\"springs_removed\":%lld,\"springs_added\":%lld}\n",
      name, method == RelaxMethod::Fire ? "fire" : "original-gradient", start.net.particle_count(),
      runs, median(wall), static_cast<long long>(ticks), static_cast<long long>(iterations),
      static_cast<long long>(broken), static_cast<long long>(made));
  std::fflush(stdout);
}

void predict_case(int threads, int runs) {
  World world = heater_world(50.0, 1.0);
  const Polygon target = circle_polygon({0.0, 0.0}, 40.0, 64);
  PredictOptions options;
  options.candidates = 32;
  options.threads = threads;
  std::vector<double> wall;
  double score = 0.0;
  for (int r = 0; r < runs; ++r) {
    const auto t0 = std::chrono::steady_clock::now();
    score = predict(world, target, options).score;
    wall.push_back(seconds_since(t0));
  }
  std::printf(
      "{\"case\":\"predict_r50\",\"candidates\":32,\"threads\":%d,\"particles\":%d,\"runs\":%d,"
      "\"wall_seconds_median\":%.4f,\"best_score\":%.6g}\n",
      threads, world.net.particle_count(), runs, median(wall), score);
  std::fflush(stdout);
}
}  // namespace

void run_heat_cases(int runs) {
  heater_case("heater_r200_inelastic", RelaxMethod::Fire, runs);
  heater_case("heater_r200_inelastic", RelaxMethod::Gradient, 1);
  predict_case(1, runs);
  predict_case(2, runs);
}

}  // namespace mb::bench
