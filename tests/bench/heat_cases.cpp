#include "heat_cases.hpp"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

#include "percentile.hpp"

#include "bench_cases.hpp"
#include "physics/springs/heat.hpp"
#include "physics/springs/lattice.hpp"
#include "physics/world/predict.hpp"
#include "physics/world/world_heat.hpp"

namespace mb::bench {

namespace {
using Clock = std::chrono::steady_clock;

double seconds_since(Clock::time_point t0) {
  return std::chrono::duration<double>(Clock::now() - t0).count();
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

// The thermal step of the conduction model measured inside a running world: after each
// tick, HeatSolver::step and update_phases are run again on the world's own network with
// the heaters where they acted, timed, and the network is put back as the tick left it, so
// the world goes on exactly as without the probe. The heater sources (particles_inside)
// are built outside the timing: the timer model finds the covered particles too.
class ThermalProbe {
 public:
  void measure(World& world) {
    sources_.clear();
    heater_centres_.clear();
    for (const Actuator& a : world.actuators) {
      if (a.type != ActuatorType::Heater || !a.enabled || !a.started) continue;
      sources_.push_back(
          heater_source(a, world.settings,
                        particles_inside(world.net, a.placed_shape(world.settings.heater_size))));
      heater_centres_.push_back(a.position());
    }
    SpringNetwork& net = world.net;
    enthalpy_ = net.enthalpy;
    radius_ = net.radius;
    movable_ = net.movable;
    state_ = net.state;
    const auto t0 = Clock::now();
    solver_.step(net, world.settings.heat, sources_);
    update_phases(net, world.settings);
    const auto t1 = Clock::now();
    // What World::count_heat adds in the conduction model: the totals and the melt front.
    const HeatTotals totals = heat_totals(net, world.settings.heat);
    const double front = melt_front(net, world.settings.heat, heater_centres_);
    totals_seconds += seconds_since(t1);
    thermal_seconds += std::chrono::duration<double>(t1 - t0).count();
    sink_ = totals.heat + front;
    net.enthalpy = enthalpy_;
    net.radius = radius_;
    net.movable = movable_;
    net.state = state_;
  }

  double thermal_seconds = 0.0;  // step + update_phases
  double totals_seconds = 0.0;   // heat_totals + melt_front
  volatile double sink_ = 0.0;   // keeps the totals from being optimised away

 private:
  HeatSolver solver_;
  std::vector<HeatSource> sources_;
  std::vector<Vec2> heater_centres_;
  std::vector<double> enthalpy_, radius_;
  std::vector<uint8_t> movable_;
  std::vector<ParticleState> state_;
};

struct HeaterRun {
  double tick_seconds = 0.0;  // world.tick() and finish_run(), the probe excluded
  double loop_seconds = 0.0;  // world.tick() alone: what the thermal share is of
  double thermal_seconds = 0.0, totals_seconds = 0.0;
  int64_t ticks = 0, iterations = 0, made = 0, broken = 0;
  int substeps_min = 1 << 30, substeps_max = 0, implicit_ticks = 0;
  int64_t cg_iterations = 0;
  int cg_iterations_max = 0;
  double molten_peak = 0.0, hottest = 0.0;
};

HeaterRun run_heater(World world, bool probe) {
  HeaterRun run;
  ThermalProbe thermal;
  auto account = [&](const TickStats& t) {
    ++run.ticks;
    run.iterations += t.iterations;
    run.made += t.springs_made;
    run.broken += t.springs_broken;
  };
  while (world.actuators_running()) {
    const auto t0 = Clock::now();
    const TickStats t = world.tick();
    run.tick_seconds += seconds_since(t0);
    account(t);
    run.molten_peak = std::max(run.molten_peak, t.molten_mass);
    run.hottest = std::max(run.hottest, t.max_temperature);
    if (world.settings.heat.model == HeatModel::Conduction) {
      if (t.heat_substeps > 0) {
        run.substeps_min = std::min(run.substeps_min, t.heat_substeps);
        run.substeps_max = std::max(run.substeps_max, t.heat_substeps);
      } else {
        ++run.implicit_ticks;
        run.cg_iterations += t.heat_cg_iterations;
        run.cg_iterations_max = std::max(run.cg_iterations_max, t.heat_cg_iterations);
      }
    }
    if (probe) thermal.measure(world);
  }
  run.loop_seconds = run.tick_seconds;
  const auto t0 = Clock::now();
  account(world.finish_run());
  run.tick_seconds += seconds_since(t0);
  run.thermal_seconds = thermal.thermal_seconds;
  run.totals_seconds = thermal.totals_seconds;
  return run;
}

const char* solver_name(RelaxMethod method) {
  return method == RelaxMethod::Fire ? "fire" : "original-gradient";
}

// One line per variant: the median of the runs' figures (the counts are the last run's;
// the runs are deterministic).
void print_heater(const char* name, const World& start, const std::vector<HeaterRun>& runs) {
  std::vector<double> wall, rate, share, totals_share, thermal_ms;
  for (const HeaterRun& r : runs) {
    wall.push_back(r.tick_seconds);
    rate.push_back(r.ticks / r.tick_seconds);
    share.push_back(r.thermal_seconds / r.loop_seconds);
    totals_share.push_back(r.totals_seconds / r.loop_seconds);
    thermal_ms.push_back(1e3 * r.thermal_seconds / std::max<int64_t>(r.ticks - 1, 1));
  }
  const HeaterRun& r = runs.back();
  const HeatSettings& heat = start.settings.heat;
  std::printf(
      "{\"case\":\"%s\",\"solver\":\"%s\",\"heat_model\":\"%s\",\"particles\":%d,\"runs\":%zu,"
      "\"wall_seconds_median\":%.4f,\"ticks_per_second_median\":%.2f,\"ticks\":%lld,"
      "\"iterations\":%lld,\"springs_removed\":%lld,\"springs_added\":%lld,"
      "\"molten_mass_peak\":%.1f",
      name, solver_name(start.relax_method), to_string(heat.model), start.net.particle_count(),
      runs.size(), median(wall), median(rate), static_cast<long long>(r.ticks),
      static_cast<long long>(r.iterations), static_cast<long long>(r.broken),
      static_cast<long long>(r.made), r.molten_peak);
  if (heat.model == HeatModel::Conduction) {
    const bool implicit = r.implicit_ticks > 0;
    std::printf(
        ",\"conductance\":%g,\"heat_step\":\"%s\",\"substeps_min\":%d,\"substeps_max\":%d,"
        "\"implicit_ticks\":%d,\"cg_iterations_mean\":%.1f,\"cg_iterations_max\":%d,"
        "\"thermal_ms_per_tick_median\":%.4f,\"thermal_share_median\":%.4f,"
        "\"totals_share_median\":%.4f,\"max_temperature\":%.1f",
        heat.conductance, implicit ? (r.substeps_max > 0 ? "mixed" : "implicit") : "explicit",
        r.substeps_max > 0 ? r.substeps_min : 0, r.substeps_max, r.implicit_ticks,
        implicit ? static_cast<double>(r.cg_iterations) / r.implicit_ticks : 0.0,
        r.cg_iterations_max, median(thermal_ms), median(share), median(totals_share), r.hottest);
  }
  std::printf("}\n");
  std::fflush(stdout);
}

// The radius-200 heater case with the Spring Simulator's timer model and with the conduction model
// (conductance 1: explicit substeps; conductance 500: dt z G / c = 60 > 8, backward Euler by
// CG), the runs interleaved so that a busy machine slows all three alike. The conduction
// runs carry the thermal probe; its time is left out of their ticks/s.
void heater_models_case(int runs) {
  World timer = heater_world(200.0, 2.0);
  timer.relax_method = RelaxMethod::Fire;
  timer.settings.heat.model = HeatModel::Timer;
  World conduction = timer;
  conduction.settings.heat.model = HeatModel::Conduction;
  World stiff = conduction;
  stiff.settings.heat.conductance = 500.0;
  std::vector<HeaterRun> timer_runs, conduction_runs, stiff_runs;
  for (int r = 0; r < runs; ++r) {
    timer_runs.push_back(run_heater(timer, false));
    conduction_runs.push_back(run_heater(conduction, true));
    stiff_runs.push_back(run_heater(stiff, true));
  }
  print_heater("heater_r200_inelastic", timer, timer_runs);
  print_heater("heater_r200_inelastic", conduction, conduction_runs);
  print_heater("heater_r200_inelastic_g500", stiff, stiff_runs);
  // Per run: ticks/s against the timer model's, the thermal step's share of its own
  // world's tick, and its time against the timer model's whole tick (at conductance 500
  // nothing melts, so that world's tick is little more than its thermal step).
  std::vector<double> over_timer, stiff_over_timer, share, stiff_share, of_timer, stiff_of_timer;
  for (int r = 0; r < runs; ++r) {
    const auto rate = [](const HeaterRun& h) { return h.ticks / h.tick_seconds; };
    const auto share_of = [](const HeaterRun& h) { return h.thermal_seconds / h.loop_seconds; };
    const HeaterRun &t = timer_runs[r], &c = conduction_runs[r], &g = stiff_runs[r];
    over_timer.push_back(rate(c) / rate(t));
    stiff_over_timer.push_back(rate(g) / rate(t));
    share.push_back(share_of(c));
    stiff_share.push_back(share_of(g));
    of_timer.push_back(c.thermal_seconds / t.loop_seconds);
    stiff_of_timer.push_back(g.thermal_seconds / t.loop_seconds);
  }
  std::printf(
      "{\"case\":\"heater_r200_heat_models\",\"runs\":%d,"
      "\"conduction_over_timer_ticks_per_second_median\":%.4f,"
      "\"g500_over_timer_ticks_per_second_median\":%.4f,\"thermal_share_median\":%.4f,"
      "\"thermal_share_under_0.2\":%s,\"thermal_over_timer_tick_median\":%.4f,"
      "\"thermal_share_g500_median\":%.4f,\"thermal_g500_over_timer_tick_median\":%.4f}\n",
      runs, median(over_timer), median(stiff_over_timer), median(share),
      median(share) < 0.2 ? "true" : "false", median(of_timer), median(stiff_share),
      median(stiff_of_timer));
  std::fflush(stdout);
}

void heater_case(const char* name, RelaxMethod method, int runs) {
  World start = heater_world(200.0, 2.0);
  start.relax_method = method;
  std::vector<HeaterRun> figures;
  for (int r = 0; r < runs; ++r) figures.push_back(run_heater(start, false));
  print_heater(name, start, figures);
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
    const auto t0 = Clock::now();
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
  heater_models_case(runs);
  heater_case("heater_r200_inelastic", RelaxMethod::Gradient, 1);
  predict_case(1, runs);
  predict_case(2, runs);
}

}  // namespace mb::bench
