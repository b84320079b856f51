// The cost of copying a World and of restoring one (copy-assigning into a World that already
// holds a copy of it, as a rollback into a kept buffer does), each scene after 60 ticks:
//   copy_pumping     assets/pumping.xml (the default scene: a spring network, a pusher);
//   copy_one_world   assets/one_world.xml (wax, a heater, 700 discs, a 241-point body);
//   copy_bodies      assets/bodies.xml (2,216 points, 36,310 bonds);
//   copy_body_20k    one 20,000-point body (the --peri stiff slab) resting on the floor.
// Each copy and each restore is timed alone; printed: the median and the fastest, in
// microseconds, over `copies` of each, and the median copy of the World's bodies, gas and
// spring network alone (2,000, 200 for the 20,000-point body; --runs does
// not change them: the median of 2,000 is steady).
#include "copy_cases.hpp"

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <optional>
#include <vector>

#include "physics/peri/body.hpp"
#include "soak_scenes.hpp"

namespace mb::bench {

namespace {

using Clock = std::chrono::steady_clock;

double micros(Clock::time_point a, Clock::time_point b) {
  return std::chrono::duration<double, std::micro>(b - a).count();
}

// The --peri benchmark's stiff slab (peri_cases.cpp): spacing 1, E = 2e5, about 20,000
// points, set on the floor of a box that holds it.
World body_20k_world() {
  const double area = 20000.0 * std::sqrt(3.0) / 2.0;
  const double h = std::sqrt(area / 4.0), w = 4.0 * h;
  PeriBodySpec s;
  s.shape.kind = PeriShapeKind::Rectangle;
  s.shape.width = w;
  s.shape.height = h;
  s.spacing = 1.0;
  s.horizon = 3.0;
  s.material = preset_material(PeriPreset::NeoHookean, 2.0e5, 0.35, 1.0);
  World world;
  world.box = {{-0.5 * w - 20.0, -h - 20.0}, {0.5 * w + 20.0, 20.0}};
  s.position = {0.0, -0.5 * h - 1.0};
  world.bodies.add(build_body(s));
  return world;
}

struct CopyFigures {
  double median = 0.0, fastest = 0.0;
};
CopyFigures figures(std::vector<double> t) {
  std::sort(t.begin(), t.end());
  return {t[t.size() / 2], t.front()};
}

void run_case(const char* name, World world, int copies) {
  for (int t = 0; t < 60; ++t) world.tick();
  std::vector<double> copy_us, restore_us;
  std::optional<World> made;
  World target = world;
  for (int c = 0; c < copies; ++c) {
    const auto t0 = Clock::now();
    made.emplace(world);
    const auto t1 = Clock::now();
    made.reset();   // freeing is not timed: a rollout keeps its copy while it runs
    target.tick();  // the restore below undoes a tick, as a rollback would
    const auto t2 = Clock::now();
    target = world;
    const auto t3 = Clock::now();
    copy_us.push_back(micros(t0, t1));
    restore_us.push_back(micros(t2, t3));
  }
  // The copy's parts alone: the bodies (PeriSystem), the gas and the spring network, timed
  // back to back (so from warm caches, where the whole copies above follow a tick): what
  // each part weighs, not a sum that makes up the whole.
  std::vector<double> bodies_us, gas_us, net_us;
  for (int c = 0; c < copies; ++c) {
    const auto t0 = Clock::now();
    const PeriSystem bodies = world.bodies;
    const auto t1 = Clock::now();
    const Gas gas = world.gas;
    const auto t2 = Clock::now();
    const SpringNetwork net = world.net;
    const auto t3 = Clock::now();
    bodies_us.push_back(micros(t0, t1)), gas_us.push_back(micros(t1, t2));
    net_us.push_back(micros(t2, t3));
  }
  int64_t points = 0, bonds = 0;
  for (const PeriBody& b : world.bodies.bodies) points += b.size(), bonds += b.bond_count();
  const CopyFigures c = figures(copy_us), r = figures(restore_us);
  std::printf(
      "{\"case\":\"%s\",\"particles\":%d,\"springs\":%d,\"discs\":%d,\"body_points\":%lld,"
      "\"body_bonds\":%lld,\"copies\":%d,\"copy_us_median\":%.2f,\"copy_us_min\":%.2f,"
      "\"restore_us_median\":%.2f,\"restore_us_min\":%.2f,\"bodies_copy_us_median\":%.2f,"
      "\"gas_copy_us_median\":%.2f,\"net_copy_us_median\":%.2f}\n",
      name, world.net.particle_count(), world.net.spring_count(), world.gas.size(),
      static_cast<long long>(points), static_cast<long long>(bonds), copies, c.median, c.fastest,
      r.median, r.fastest, figures(bodies_us).median, figures(gas_us).median,
      figures(net_us).median);
  std::fflush(stdout);
}

}  // namespace

void run_copy_cases(int /*runs*/, bool smoke) {
  if (smoke) {
    run_case("copy_one_world_smoke", one_world_scene(), 3);
    return;
  }
  std::vector<SoakScene> scenes = soak_scenes();
  for (SoakScene& s : scenes)
    if (s.matter == SoakMatter::Springs) run_case("copy_pumping", std::move(s.world), 2000);
  run_case("copy_one_world", one_world_scene(), 2000);
  for (SoakScene& s : scenes)
    if (s.matter == SoakMatter::Bodies) run_case("copy_bodies", std::move(s.world), 2000);
  run_case("copy_body_20k", body_20k_world(), 200);
}

}  // namespace mb::bench
