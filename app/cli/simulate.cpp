#include "app/cli/simulate.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <iostream>
#include <string>

#include "app/cli/gas_report.hpp"
#include "app/cli/load_world.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/world/state_hash.hpp"
#include "physics/world/world.hpp"

namespace mb::cli {

namespace {

Vec2 centroid(const SpringNetwork& net) {
  Vec2 sum{0.0, 0.0};
  for (int32_t i = 0; i < net.particle_count(); ++i) sum += Vec2{net.x[i], net.y[i]};
  return net.particle_count() > 0 ? sum / static_cast<double>(net.particle_count()) : sum;
}

// Mean position of every body point (peridynamic bodies).
Vec2 body_centroid(const PeriSystem& bodies) {
  Vec2 sum{0.0, 0.0};
  int64_t n = 0;
  for (const PeriBody& b : bodies.bodies)
    for (int32_t i = 0; i < b.size(); ++i) sum += Vec2{b.x[i], b.y[i]}, ++n;
  return n > 0 ? sum / static_cast<double>(n) : sum;
}

// The bodies' --stats figures (PeriStats after the run) and where their points went.
std::string bodies_json(const PeriSystem& bodies, Vec2 before, Vec2 after) {
  const PeriStats& s = bodies.stats();
  char text[512];
  std::snprintf(text, sizeof text,
                "\"bodies\":{\"count\":%zu,\"points\":%lld,\"bonds\":%lld,\"broken_bonds\":%lld,"
                "\"kinetic\":%.9g,\"elastic\":%.9g,\"min_det_f\":%.9g,\"substeps\":%d,"
                "\"centroid_before\":[%.9g,%.9g],\"centroid_after\":[%.9g,%.9g]}",
                bodies.bodies.size(), static_cast<long long>(s.points),
                static_cast<long long>(s.bonds), static_cast<long long>(s.broken_bonds), s.kinetic,
                s.elastic, s.min_det_f, s.substeps, before.x, before.y, after.x, after.y);
  return text;
}

// The heat figures of --stats: the last tick's (before the run's end froze the material) and
// the hottest temperature of the run. The timer model has no temperatures.
std::string heat_json(const HeatSettings& heat, const TickStats& last, double hottest) {
  char text[320];
  if (heat.model == HeatModel::Timer) {
    std::snprintf(text, sizeof text, "\"heat\":{\"model\":\"timer\",\"molten_mass\":%.9g}",
                  last.molten_mass);
  } else {
    std::snprintf(text, sizeof text,
                  "\"heat\":{\"model\":\"conduction\",\"total_heat\":%.9g,"
                  "\"molten_mass\":%.9g,\"max_temperature\":%.9g,\"melt_front\":%.9g}",
                  last.total_heat, last.molten_mass, std::max(hottest, heat.ambient),
                  last.melt_front);
  }
  return text;
}

int simulate(const Options& o) {
  World world = load_world(o);
  if (!o.output.empty()) check_output_path(o.output);
  if (!o.simulator_output.empty()) check_output_path(o.simulator_output);

  const Vec2 centroid_before = centroid(world.net);
  const int32_t springs_before = world.net.spring_count();
  const gas::GasTotals gas_before = gas::totals(world.gas);
  const Vec2 bodies_before = body_centroid(world.bodies);
  const auto start = std::chrono::steady_clock::now();
  int64_t ticks = 0, iterations = 0, made = 0, broken = 0;
  int64_t disc_particle = 0, disc_point = 0, point_particle = 0, heated_discs = 0;
  int64_t heated_points = 0;
  double unpaid_work = 0.0;
  TickStats last_tick;  // the heat figures of the last tick before the run's end freezes all
  double hottest = 0.0;
  auto account = [&](const TickStats& t) {
    iterations += t.iterations;
    made += t.springs_made;
    broken += t.springs_broken;
    disc_particle += t.disc_particle;
    disc_point += t.disc_point;
    point_particle += t.point_particle;
    heated_discs += t.heated_discs;
    heated_points += t.heated_points;
    unpaid_work += t.unpaid_work;
  };
  const auto tick = [&] {
    last_tick = world.tick();
    hottest = std::max(hottest, last_tick.max_temperature);
    account(last_tick);
  };
  if (o.ticks) {
    for (; ticks < *o.ticks; ++ticks) tick();
  } else {
    for (; world.actuators_running(); ++ticks) tick();
  }
  if (o.finish) account(world.finish_run());
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();

  write_outputs(o, world);
  if (o.stats) {
    const Vec2 centroid_after = centroid(world.net);
    char line[768];
    std::snprintf(line, sizeof line,
                  "{\"particles\":%d,\"springs\":%d,\"springs_before\":%d,\"springs_made\":%lld,"
                  "\"springs_broken\":%lld,\"ticks\":%lld,\"iterations\":%lld,"
                  "\"centroid_before\":[%.6g,%.6g],\"centroid_after\":[%.6g,%.6g],"
                  "\"wall_seconds\":%.6f,\"state_hash\":\"%016llx\"}",
                  world.net.particle_count(), world.net.spring_count(), springs_before,
                  static_cast<long long>(made), static_cast<long long>(broken),
                  static_cast<long long>(ticks), static_cast<long long>(iterations),
                  centroid_before.x, centroid_before.y, centroid_after.x, centroid_after.y, seconds,
                  static_cast<unsigned long long>(state_hash(world)));
    std::string json = line;
    const int kinds = (world.net.particle_count() > 0) + !world.gas.empty() + !world.bodies.empty();
    if (kinds > 1) {  // contacts between kinds of matter (World::tick steps 4, 6, 7)
      std::snprintf(line, sizeof line,
                    ",\"cross_contacts\":{\"enabled\":%s,\"disc_particle\":%lld,"
                    "\"disc_point\":%lld,\"point_particle\":%lld,\"heated_discs\":%lld,"
                    "\"heated_points\":%lld,\"unpaid_work\":%.6g}",
                    world.cross_contacts ? "true" : "false", static_cast<long long>(disc_particle),
                    static_cast<long long>(disc_point), static_cast<long long>(point_particle),
                    static_cast<long long>(heated_discs), static_cast<long long>(heated_points),
                    unpaid_work);
      json.insert(json.size() - 1, line);
    }
    if (world.net.particle_count() > 0)  // the spring network's heat (world_heat.hpp)
      json.insert(json.size() - 1,
                  std::string(",").append(heat_json(world.settings.heat, last_tick, hottest)));
    if (!world.gas.empty())  // gas: collisions, kinetic energy before/after, momentum
      json.insert(json.size() - 1,
                  std::string(",").append(gas::gas_stats_json(gas_before, gas::totals(world.gas))));
    if (!world.bodies.empty())  // peridynamic bodies: points, bonds, energies, lowest det F
      json.insert(json.size() - 1, std::string(",").append(bodies_json(
                                       world.bodies, bodies_before, body_centroid(world.bodies))));
    std::cout << json << std::endl;
  }
  return kExitOk;
}

}  // namespace

int run_simulate(const Options& options) {
  return run_reporting_errors([&] { return simulate(options); });
}

}  // namespace mb::cli
