// Live manipulation of each kind of matter in the shipped scenes, as a person does it in
// the sandbox (the World calls the physics thread makes for the mouse's commands, back to
// back, without the thread's sleeping):
//   live_grab_body        the bodies demo: the soft disc grabbed at its centre and dragged
//                         in a circle of radius 200 at 2,000 units/s for 600 ticks, then let
//                         go for one second;
//   live_grab_frozen_wax  the default scene after its heater passes: a particle at the
//                         spot's edge dragged 200 units out at 2,000 units/s and held;
//   live_throw_disc       the gas demo: a disc dragged at 2,000 units/s and thrown.
// Each prints one JSON line: tick_ms_median / p99 / max (median over the runs) and what the
// matter did (min_det_f and shape error for the body, max_spring_stretch and springs_broken
// for the wax, the energy drift after the throw for the gas).
#include "live_matter_cases.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <vector>

#include "percentile.hpp"
#include "physics/gas/edit.hpp"
#include "physics/peri/view.hpp"
#include "soak_scenes.hpp"

namespace mb::bench {

namespace {

constexpr double kTickSeconds = 1.0 / 60.0;
constexpr double kHandSpeed = 2000.0;  // units per second: a fast flick of the mouse
// The sandbox's grab radius at the zoom a scene opens with (app/meltbox/canvas/matter_grab).
constexpr double kGrabRadius = 16.0;

struct TickTimes {
  std::vector<double> ms;
  template <class F>
  void time(F&& tick) {
    const auto t0 = std::chrono::steady_clock::now();
    tick();
    ms.push_back(
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count());
  }
};

struct LiveMatterFigures {
  double median = 0.0, p99 = 0.0, max = 0.0;
};

// Median over the runs of each run's median, p99 and max.
LiveMatterFigures summarise(const std::vector<TickTimes>& runs) {
  std::vector<double> med, p99, mx;
  for (const TickTimes& t : runs) {
    med.push_back(percentile(t.ms, 0.5));
    p99.push_back(percentile(t.ms, 0.99));
    mx.push_back(*std::max_element(t.ms.begin(), t.ms.end()));
  }
  return {percentile(med, 0.5), percentile(p99, 0.5), percentile(mx, 0.5)};
}

World scene(SoakMatter matter) {
  for (SoakScene& s : soak_scenes())
    if (s.matter == matter) return std::move(s.world);
  return World{};
}

// `split`: the bodies step in islands (peri/islands.hpp); off, on one plan (the code before,
// for the figure beside it).
void grab_body(const World& settled, int ticks, int runs, bool smoke, bool split) {
  std::vector<TickTimes> times, quiet;
  double min_det_f = 1.0, shape_after = 0.0, shape_held = 0.0;
  int max_substeps = 0, grabbed = 0;
  for (int r = 0; r < runs; ++r) {
    World w = settled;
    TickTimes q;  // the same ticks with nobody touching: the tick's quiet cost
    World untouched = settled;
    w.debug.split_islands = untouched.debug.split_islands = split;
    for (int k = 0; k < 60; ++k) q.time([&] { untouched.tick(); });
    quiet.push_back(std::move(q));
    const Vec2 start = body_centroid(w.bodies.bodies[0]);
    grabbed = w.grab_begin(start, kGrabRadius);
    // A circle through the start, its centre 200 above: angular speed 2000 / 200 rad/s.
    const double radius = 200.0, omega = kHandSpeed / radius;
    const Vec2 centre = start - Vec2{0.0, radius};
    TickTimes t;
    for (int k = 1; k <= ticks; ++k) {
      const double a = omega * kTickSeconds * k;
      w.grab_move(centre + radius * Vec2{std::sin(a), std::cos(a)});
      t.time([&] { w.tick(); });
      min_det_f = std::min(min_det_f, w.bodies.stats().min_det_f);
      max_substeps = std::max(max_substeps, w.bodies.stats().substeps);
    }
    shape_held = shape_error(w.bodies.bodies[0]);
    w.grab_end();
    for (int k = 0; k < 60; ++k) {
      t.time([&] { w.tick(); });
      min_det_f = std::min(min_det_f, w.bodies.stats().min_det_f);
    }
    shape_after = shape_error(w.bodies.bodies[0]);
    times.push_back(std::move(t));
  }
  const LiveMatterFigures f = summarise(times), fq = summarise(quiet);
  std::printf(
      "{\"case\":\"live_grab_body%s%s\",\"points\":%d,\"grabbed\":%d,\"ticks\":%d,\"runs\":%d,"
      "\"quiet_tick_ms_median\":%.3f,\"tick_ms_median\":%.3f,\"tick_ms_p99\":%.3f,\"tick_ms_max\":%"
      ".3f,\"max_substeps\":%d,"
      "\"min_det_f\":%.3f,\"shape_error_held\":%.2f,\"shape_error_1s_after\":%.2f}\n",
      split ? "" : "_one_plan", smoke ? "_smoke" : "", settled.bodies.bodies[0].size(), grabbed,
      ticks, runs, fq.median, f.median, f.p99, f.max, max_substeps, min_det_f, shape_held,
      shape_after);
  std::fflush(stdout);
}

void grab_frozen_wax(const World& after_passes, int runs, bool smoke) {
  std::vector<TickTimes> times;
  double stretch = 0.0, held_stretch = 0.0;
  int broken = 0, grabbed = 0;
  for (int r = 0; r < runs; ++r) {
    World w = after_passes;
    int32_t edge = 0;
    for (int32_t i = 1; i < w.net.particle_count(); ++i)
      if (w.net.x[i] > w.net.x[edge]) edge = i;
    const Vec2 start{w.net.x[edge], w.net.y[edge]};
    grabbed = w.grab_begin(start, kGrabRadius);
    const double step = kHandSpeed * kTickSeconds;
    const int moves = static_cast<int>(std::ceil(200.0 / step));
    TickTimes t;
    broken = 0;
    for (int k = 1; k <= moves + 60; ++k) {  // out in 6 ticks, then held for a second
      w.grab_move(start + Vec2{std::min(step * k, 200.0), 0.0});
      t.time([&] { broken += w.tick().springs_broken; });
    }
    stretch = w.net.max_stretch();
    // The springs the grab pulls on: those with one end held (the others were left as the
    // heater's passes made them, by the inelastic rules: see docs/springs.md).
    held_stretch = 0.0;
    const std::vector<int32_t>& held = w.grab().particles;
    for (int32_t s = 0; s < w.net.spring_count(); ++s) {
      const bool ha = std::count(held.begin(), held.end(), w.net.a[s]) > 0;
      const bool hb = std::count(held.begin(), held.end(), w.net.b[s]) > 0;
      if (ha != hb) held_stretch = std::max(held_stretch, w.net.gap(s) / w.net.rest_length[s]);
    }
    times.push_back(std::move(t));
  }
  const LiveMatterFigures f = summarise(times);
  std::printf(
      "{\"case\":\"live_grab_frozen_wax%s\",\"particles\":%d,\"grabbed\":%d,\"runs\":%d,"
      "\"tick_ms_median\":%.3f,\"tick_ms_p99\":%.3f,\"tick_ms_max\":%.3f,"
      "\"max_spring_stretch_before\":%.3f,\"max_spring_stretch\":%.3f,"
      "\"max_stretch_of_held_springs\":%.3f,"
      "\"disconnection_threshold\":%.2f,\"springs_broken\":%d}\n",
      smoke ? "_smoke" : "", after_passes.net.particle_count(), grabbed, runs, f.median, f.p99,
      f.max, after_passes.net.max_stretch(), stretch, held_stretch,
      after_passes.settings.disconnection_threshold, broken);
  std::fflush(stdout);
}

double gas_energy(const Gas& g) {
  double e = 0.0;
  for (int32_t i = 0; i < g.size(); ++i)
    e += 0.5 * g.mass[i] * (g.vx[i] * g.vx[i] + g.vy[i] * g.vy[i]);
  return e;
}

void throw_disc(const World& gas_demo, int runs, bool smoke) {
  std::vector<TickTimes> times;
  double drift = 0.0;
  for (int r = 0; r < runs; ++r) {
    World w = gas_demo;
    // Mirror walls for the throw (the demo's are thermostats), so the energy is conserved
    // after release and its drift says whether the throw left the gas valid.
    gas::set_wall_temperatures(w.gas, {0.0, 0.0, 0.0, 0.0});
    const Gas& g = w.gas;
    int32_t disc = 0;  // the disc nearest the box centre, as a person would aim
    const Vec2 mid = 0.5 * (w.box.min + w.box.max);
    for (int32_t i = 1; i < g.size(); ++i)
      if (glm::length(Vec2{g.x[i], g.y[i]} - mid) < glm::length(Vec2{g.x[disc], g.y[disc]} - mid))
        disc = i;
    // Grabbed as the sandbox does (World::grab_begin with the UI's radius at zoom 1: the
    // disc there and its neighbours, gas/grab.hpp), dragged right at the hand speed for 10
    // ticks (one move a frame), then let go with that velocity.
    const Vec2 v{kHandSpeed, 0.0};
    Vec2 at{g.x[disc], g.y[disc]};
    w.grab_begin(at, 1.2 * w.settings.lattice_spacing());
    TickTimes t;
    for (int k = 0; k < 10; ++k) {
      at += v * kTickSeconds;
      w.grab_move(at);
      t.time([&] { w.tick(); });
    }
    w.grab_end(v);
    const double e0 = gas_energy(g);
    for (int k = 0; k < 120; ++k) t.time([&] { w.tick(); });
    drift = std::abs(gas_energy(g) - e0) / e0;
    times.push_back(std::move(t));
  }
  const LiveMatterFigures f = summarise(times);
  std::printf(
      "{\"case\":\"live_throw_disc%s\",\"discs\":%d,\"runs\":%d,\"tick_ms_median\":%.3f,"
      "\"tick_ms_p99\":%.3f,\"tick_ms_max\":%.3f,"
      "\"energy_drift_after_throw\":%.2e}\n",
      smoke ? "_smoke" : "", gas_demo.gas.size(), runs, f.median, f.p99, f.max, drift);
  std::fflush(stdout);
}

}  // namespace

void run_live_matter_cases(int runs, bool smoke) {
  World bodies = scene(SoakMatter::Bodies);
  for (int k = 0; k < (smoke ? 10 : 120); ++k) bodies.tick();  // landed and at rest
  grab_body(bodies, smoke ? 20 : 600, smoke ? 1 : runs, smoke, true);
  if (!smoke) grab_body(bodies, 600, runs, false, false);

  World wax = scene(SoakMatter::Springs);
  // The heater's six passes, then its cooldown, so the whole spot is rigid wax again.
  const int passes = smoke ? 30 : 1 << 30;
  for (int k = 0; k < passes && wax.actuators_running(); ++k) wax.tick();
  for (int k = 0; k < static_cast<int>(wax.settings.cooldown_time) + 2; ++k) wax.tick();
  grab_frozen_wax(wax, smoke ? 1 : runs, smoke);

  throw_disc(scene(SoakMatter::Gas), smoke ? 1 : runs, smoke);
}

}  // namespace mb::bench
