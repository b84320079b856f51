// One world: the kinds of matter in one box (World::tick steps 4, 6, 7).
//   world_demo   assets/one_world.xml (161 wax particles, a heater, 700 discs, a 241-point
//                body dropped on the spot);
//   world_large  a radius-300 wax spot (about 6,700 particles) with a heater crossing it,
//                20,000 discs at area fraction 0.3 of the box and a 5,000-point body dropped
//                onto the spot, in a 1100 x 1100 box. Timed after the body has landed (ticks
//                60 to 180), when its blow has heated the gas;
//   world_large_falling  the same scene's ticks 1 to 21 (tick 0 allocates the scratch), the
//                body still falling through the gas at about its starting temperature: the
//                same code, with the gas's collisions and stale events (printed for every
//                case: gas_collisions_per_tick, gas_stale_per_tick) before the landing;
//   world_large_placed  the same matter with the body set down 1 unit above the spot instead
//                of dropped 109 units onto it (ticks 60 to 180): the large scene without the
//                blow that heats the gas.
// For each: ticks/s on 1 and 2 threads (the gas's and the bodies' worker threads), with the
// cross contacts on and, in the same run, off (the kinds passing through one another); the
// cross contacts' share of the tick is 1 - t_off / t_on (an estimate: with them off the
// dynamics differ), and, timed directly, the share of the tick the World's cross-contact
// clocks saw (TickProfile::cross: the views, the bodies' press on the network, the
// bodies' obstacle contacts, the gas's obstacle binning, queries and collisions; the gas's
// threaded tick start counts CPU time / threads). Medians over the runs; each run times
// `timed` ticks after `warm` ticks from the same start, the variants' runs interleaved.
// `ticks_per_s_1t_gas_one_bound`: the same 1-thread run with the gas's fast discs not found apart
// (fast_discs.cpp), the code before, for the ratio.
// `share_2t_network`, `_bodies`, `_gas`: where the 2-thread tick goes (TickProfile's
// network, bodies, gas: World::tick's steps 1-5, 6 and 7), timed in
// the same runs as the cross contacts' share.
#include "world_cases.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <numbers>
#include <vector>

#include "percentile.hpp"
#include "physics/gas/generator.hpp"
#include "physics/peri/body.hpp"
#include "physics/springs/lattice.hpp"
#include "physics/world/contact_views.hpp"
#include "soak_scenes.hpp"

namespace mb::bench {

namespace {

// The highest and lowest edges of a view's entries: the least y - radius and the largest
// y + radius (y grows downwards).
struct Edges {
  double top = 1e300, bottom = -1e300;
};
Edges edges(const ContactView& v) {
  Edges e;
  for (size_t k = 0; k < v.x.size(); ++k) {
    e.top = std::min(e.top, v.y[k] - v.radius[k]);
    e.bottom = std::max(e.bottom, v.y[k] + v.radius[k]);
  }
  return e;
}

// The large scene. Dropped: the body's centre 320 units above the box's centre, its lowest
// point 109 units above the spot's top. Placed: set down with a gap of 1 unit.
World large_world(bool dropped) {
  World w;
  w.box = {{-550.0, -550.0}, {550.0, 550.0}};
  w.inelastic = true;
  w.net = circle_spot({0.0, 200.0}, 300.0, w.settings);
  Actuator heater;
  heater.type = ActuatorType::Heater;
  heater.path.points = {{-320.0, 200.0}, {320.0, 200.0}};
  heater.speed = 1.0;
  w.actuators.push_back(heater);
  PeriBodySpec body;
  body.shape.radius = 111.0;  // about 5,000 points at spacing 3
  body.spacing = 3.0;
  body.position = {0.0, -320.0};
  body.material = preset_material(PeriPreset::NeoHookean, 3.0e5, 0.35, 1.0);
  if (!dropped) {
    // The spot's top is its highest particle's upper edge; the body's lowest edge is found
    // from a trial build at the dropped position (its shape does not depend on where it is).
    ContactView spot, trial;
    add_particles(spot, w.net, w.settings, {}, {}, 0.0);
    PeriSystem alone;
    alone.add(build_body(body));
    std::vector<double> x, y;
    body_positions(alone, x, y);
    add_body_points(trial, alone, x, y, 1.0);
    body.position.y += (edges(spot).top - 1.0) - edges(trial).bottom;
  }
  w.bodies.add(build_body(body));
  // Area fraction 0.3 of the box: 20,000 pi r^2 = 0.3 * 1100^2.
  gas::GeneratorSpec g;
  g.count = 20000;
  g.radius_min = g.radius_max = std::sqrt(0.3 * 1100.0 * 1100.0 / (20000.0 * std::numbers::pi));
  g.temperature = 300.0;
  g.seed = 5;
  gas::generate(w.gas, w.box, g);
  ContactView matter;  // as a scene file's generator is placed (io/input_files.cpp)
  add_particles(matter, w.net, w.settings, {}, {}, 0.0);
  std::vector<double> x, y;
  body_positions(w.bodies, x, y);
  add_body_points(matter, w.bodies, x, y, 1.0);
  gas::move_out_of(w.gas, w.box, 0, matter, 6);
  return w;
}

// One way of running the scene (threads, cross contacts, clocks, the gas's fast split).
struct Variant {
  int threads = 1;
  bool cross = true;
  bool timed_cross = false;  // the World times its cross contacts (TickProfile::cross)
  bool split_fast = true;    // the gas finds its fastest discs apart (split_fast_discs)
};

struct Timing {
  double tick_ms = 0.0;      // ms per tick (a run), or their median over the runs
  double cross_share = 0.0;  // share of the tick timed in cross contacts (timed_cross runs)
  // Shares of the tick in steps 1-5 (the network), 6 (the bodies) and 7 (the gas), timed in
  // the same runs.
  double network_share = 0.0, bodies_share = 0.0, gas_share = 0.0;
};

// One run: `timed` ticks after `warm` ticks from `start`.
Timing one_run(const World& start, const Variant& v, int warm, int timed) {
  World w = start;
  w.cross_contacts = v.cross;
  w.debug.time_cross_contacts = v.timed_cross;
  w.gas.settings.split_fast_discs = v.split_fast;
  w.gas.settings.threads = v.threads;
  w.bodies.settings.threads = v.threads;
  for (int k = 0; k < warm; ++k) w.tick();
  double in_cross = 0.0, network = 0.0, bodies = 0.0, gas = 0.0;
  const auto t0 = std::chrono::steady_clock::now();
  for (int k = 0; k < timed; ++k) {
    w.tick();
    const TickProfile& p = w.profile();
    in_cross += p.cross;
    network += p.network, bodies += p.bodies, gas += p.gas;
  }
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  return {1000.0 * seconds / timed, in_cross / seconds, network / seconds, bodies / seconds,
          gas / seconds};
}

// The medians of `runs` runs of each variant. The runs are interleaved (the first run of
// every variant, then the second, ...), so a slow minute on the shared machine falls on
// all the variants alike and their ratios, which are what count, keep.
std::vector<Timing> timings(const World& start, const std::vector<Variant>& variants, int warm,
                            int timed, int runs) {
  std::vector<std::vector<Timing>> runs_of(variants.size());
  for (int r = 0; r < runs; ++r)
    for (size_t v = 0; v < variants.size(); ++v)
      runs_of[v].push_back(one_run(start, variants[v], warm, timed));
  // Each figure's median over the runs.
  auto median = [](const std::vector<Timing>& ts, double Timing::*field) {
    std::vector<double> values;
    for (const Timing& t : ts) values.push_back(t.*field);
    return percentile(values, 0.5);
  };
  std::vector<Timing> out;
  for (const std::vector<Timing>& ts : runs_of)
    out.push_back({median(ts, &Timing::tick_ms), median(ts, &Timing::cross_share),
                   median(ts, &Timing::network_share), median(ts, &Timing::bodies_share),
                   median(ts, &Timing::gas_share)});
  return out;
}

void run_case(const char* name, const World& start, int warm, int timed, int runs) {
  // What the kinds did to each other over the timed ticks (1 thread; the count does not
  // depend on threads: the run is the same bit for bit).
  World w = start;
  for (int k = 0; k < warm; ++k) w.tick();
  int64_t disc_particle = 0, disc_point = 0, point_particle = 0, collisions = 0, stale = 0;
  for (int k = 0; k < timed; ++k) {
    const TickStats s = w.tick();
    disc_particle += s.disc_particle, disc_point += s.disc_point,
        point_particle += s.point_particle;
    collisions += w.gas.last_step().collisions, stale += w.gas.last_step().stale_events;
  }
  // Cross contacts on and off on 1 and 2 threads; the share timed directly (the same runs
  // with the World's cross-contact clocks on); the gas with one velocity bound for all its
  // discs, as before fast_discs.cpp.
  const std::vector<Timing> t = timings(start,
                                        {{1, true},
                                         {1, false},
                                         {2, true},
                                         {2, false},
                                         {1, true, true},
                                         {2, true, true},
                                         {1, true, false, false}},
                                        warm, timed, runs);
  const double on1 = t[0].tick_ms, off1 = t[1].tick_ms, on2 = t[2].tick_ms, off2 = t[3].tick_ms;
  const Timing direct1 = t[4], direct2 = t[5];
  const double one_bound1 = t[6].tick_ms;
  std::printf(
      "{\"case\":\"%s\",\"particles\":%d,\"discs\":%d,\"body_points\":%lld,\"ticks\":%d,"
      "\"ticks_per_s_1t\":%.1f,\"ticks_per_s_2t\":%.1f,\"ticks_per_s_1t_no_cross\":%.1f,"
      "\"ticks_per_s_2t_no_cross\":%.1f,\"cross_share_1t\":%.3f,\"cross_share_2t\":%.3f,"
      "\"cross_share_timed_1t\":%.3f,\"cross_share_timed_2t\":%.3f,"
      "\"ticks_per_s_timed_1t\":%.1f,\"ticks_per_s_timed_2t\":%.1f,"
      "\"ticks_per_s_1t_gas_one_bound\":%.1f,"
      "\"share_2t_network\":%.3f,\"share_2t_bodies\":%.3f,\"share_2t_gas\":%.3f,"
      "\"disc_particle\":%lld,\"disc_point\":%lld,\"point_particle\":%lld,"
      "\"gas_collisions_per_tick\":%.0f,\"gas_stale_per_tick\":%.0f,\"runs\":%d}\n",
      name, start.net.particle_count(), start.gas.size(),
      static_cast<long long>(start.bodies.stats().points), timed, 1000.0 / on1, 1000.0 / on2,
      1000.0 / off1, 1000.0 / off2, std::max(0.0, 1.0 - off1 / on1),
      std::max(0.0, 1.0 - off2 / on2), direct1.cross_share, direct2.cross_share,
      1000.0 / direct1.tick_ms, 1000.0 / direct2.tick_ms, 1000.0 / one_bound1,
      direct2.network_share, direct2.bodies_share, direct2.gas_share,
      static_cast<long long>(disc_particle), static_cast<long long>(disc_point),
      static_cast<long long>(point_particle), static_cast<double>(collisions) / timed,
      static_cast<double>(stale) / timed, runs);
  std::fflush(stdout);
}

}  // namespace

void run_world_cases(int runs, bool smoke) {
  if (smoke) {
    run_case("world_demo_smoke", one_world_scene(), 2, 5, 1);
    return;
  }
  // The demo from its start: the body lands within the warm-up's 60 ticks.
  run_case("world_demo", one_world_scene(), 60, 300, runs);
  const World large = large_world(true);
  run_case("world_large", large, 60, 120, runs);
  run_case("world_large_falling", large, 1, 20, runs);
  run_case("world_large_placed", large_world(false), 60, 120, runs);
}

}  // namespace mb::bench
