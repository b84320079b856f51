// The mouse grab on rigid wax (inelastic simulator, a heater in the scene, nothing molten):
// what the mouse pulls out tears off as a piece instead of hanging on stretched springs.
#include <gtest/gtest.h>

#include <algorithm>

#include "physics/springs/connectivity.hpp"
#include "physics/springs/lattice.hpp"
#include "physics/world/world.hpp"

namespace {

// A radius-30 spot of default settings, frozen: a heater far off makes every particle that
// is not molten immovable after the first tick (World step 5).
mb::World frozen_wax() {
  mb::World world;
  world.inelastic = true;
  world.net = mb::circle_spot({0.0, 0.0}, 30.0, world.settings);
  mb::Actuator heater;
  heater.type = mb::ActuatorType::Heater;
  heater.path.points = {{500.0, 500.0}};
  world.actuators.push_back(heater);
  world.tick();
  return world;
}

int32_t rightmost(const mb::SpringNetwork& net) {
  int32_t best = 0;
  for (int32_t i = 1; i < net.particle_count(); ++i)
    if (net.x[i] > net.x[best]) best = i;
  return best;
}

}  // namespace

TEST(GrabTear, RigidWaxPulledByTheMouseTearsOffAsAPieceAndNoSpringStaysStretched) {
  mb::World world = frozen_wax();
  const double threshold = world.settings.disconnection_threshold;
  ASSERT_LE(world.net.max_stretch(), threshold);
  for (int32_t i = 0; i < world.net.particle_count(); ++i) ASSERT_FALSE(world.net.movable[i]);

  const int32_t edge = rightmost(world.net);
  const mb::Vec2 at{world.net.x[edge], world.net.y[edge]};
  // One spacing picks the edge particle and its nearest neighbours: a patch held together
  // by its own springs.
  const int picked = world.grab_begin(at, 1.05 * world.settings.lattice_spacing());
  ASSERT_GE(picked, 3);
  const std::vector<int32_t> held = world.grab().particles;
  const std::vector<double> x0 = world.net.x, y0 = world.net.y;
  std::vector<uint8_t> is_held(static_cast<size_t>(world.net.particle_count()), 0);
  for (int32_t i : held) is_held[i] = 1;
  int inner_springs = 0, bridges_before = 0;
  for (int32_t s = 0; s < world.net.spring_count(); ++s) {
    const bool ha = is_held[world.net.a[s]], hb = is_held[world.net.b[s]];
    inner_springs += ha && hb;
    bridges_before += ha != hb;
  }
  ASSERT_GT(bridges_before, 0);

  // 200 units out to the right in ten moves of 20 (several rest lengths each), then held
  // for a second while the grab spring carries the patch the rest of the way.
  int broken = 0;
  for (int k = 1; k <= 70; ++k) {
    world.grab_move(at + mb::Vec2{20.0 * std::min(k, 10), 0.0});
    const mb::TickStats stats = world.tick();
    broken += stats.springs_broken;
    EXPECT_EQ(stats.iterations, 0) << "nothing is movable: the relaxation has nothing to do";
    EXPECT_LE(world.net.max_stretch(), threshold) << "after tick " << k;
  }
  // Every spring that joined the patch to the spot broke (the first move stretches each
  // far past the threshold); new ones may have formed and broken on the way.
  EXPECT_GE(broken, bridges_before);
  // The held patch moved rigidly by exactly 200; nothing else moved at all.
  for (int32_t i = 0; i < world.net.particle_count(); ++i) {
    const double dx = is_held[i] ? 200.0 : 0.0;
    EXPECT_NEAR(world.net.x[i], x0[i] + dx, 1e-9) << i;
    EXPECT_EQ(world.net.y[i], y0[i]) << i;
  }
  // The piece keeps its own springs, at their rest gaps, and no spring joins it to the spot.
  int inner_after = 0, bridges = 0;
  for (int32_t s = 0; s < world.net.spring_count(); ++s) {
    const bool ha = is_held[world.net.a[s]], hb = is_held[world.net.b[s]];
    inner_after += ha && hb;
    bridges += ha != hb;
  }
  EXPECT_EQ(inner_after, inner_springs);
  EXPECT_EQ(bridges, 0);
  EXPECT_EQ(mb::count_crossings(world.net), 0);

  // Let go: the piece stays where it was dropped (rigid wax), still unstretched.
  world.grab_end();
  for (int t = 0; t < 5; ++t) world.tick();
  EXPECT_LE(world.net.max_stretch(), threshold);
  for (int32_t i : held) EXPECT_NEAR(world.net.x[i], x0[i] + 200.0, 1e-9);
}

TEST(GrabTear, SpringsBetweenTwoUnheldParticlesAreLeftToTheRules) {
  // The tear cuts only springs with exactly one end held: a stretched spring elsewhere is
  // the ordinary rules' business (here it has too few springs at its ends to go).
  mb::SimulatorSettings s;
  mb::SpringNetwork net;
  net.add_particle(0.0, 0.0, s.default_radius);
  net.add_particle(20.0, 0.0, s.default_radius);
  net.add_particle(40.0, 0.0, s.default_radius);
  net.add_spring(0, 1, s.default_length, s.default_stiffness);
  net.add_spring(1, 2, s.default_length, s.default_stiffness);
  // Gaps 20 - 2 radii = 18 on rest length 5.
  EXPECT_DOUBLE_EQ(net.max_stretch(), 18.0 / s.default_length);
  mb::ConnectivityUpdater updater;
  // Held: particle 2. Spring 1-2 (gap 18 of rest 5) tears; 0-1 stays.
  const mb::ConnectivityChange change = updater.update(net, s, {2});
  EXPECT_EQ(change.torn, 1);
  ASSERT_EQ(net.spring_count(), 1);
  EXPECT_EQ(net.a[0] + net.b[0], 1);  // the spring 0-1
  // With nothing held, the same stretched spring stays (an end keeps fewer than two).
  EXPECT_EQ(updater.update(net, s).removed, 0);
  EXPECT_EQ(net.spring_count(), 1);
}
