// The crossing guard (physics/springs/crossing_guard.hpp) on hand-made steps: a step that
// would carry a spring across another is rolled back, particle by particle; a step that
// crosses nothing is kept as it is; a crossing that was there before the step may come undone.
#include <gtest/gtest.h>

#include <vector>

#include "physics/springs/crossing_guard.hpp"
#include "springs_fixture.hpp"

namespace mb {
namespace {

// Spring 0: (0, 0)-(10, 0). Spring 1: (5, 2)-(5, 8), above it.
SpringNetwork two_springs() {
  return springs_test::network({{0.0, 0.0}, {10.0, 0.0}, {5.0, 2.0}, {5.0, 8.0}}, 0.5,
                               {{0, 1}, {2, 3}}, 1.0, 1.0);
}

struct Step {
  std::vector<double> old_x, old_y;
  std::vector<uint8_t> rolled;
};

Step before(const SpringNetwork& net) {
  return {net.x, net.y, std::vector<uint8_t>(static_cast<size_t>(net.particle_count()), 0)};
}

TEST(CrossingGuard, AStepThroughASpringIsRolledBack) {
  SpringNetwork net = two_springs();
  CrossingGuard guard;
  guard.set_skin(6.0);
  Step s = before(net);
  // Particle 2 jumps from y = 2 to y = -1: spring 1 would now cross spring 0.
  net.y[2] = -1.0;
  EXPECT_EQ(guard.enforce(net, s.old_x, s.old_y, s.rolled), 1);
  EXPECT_EQ(net.y[2], 2.0);
  EXPECT_EQ(s.rolled[2], 1);
  EXPECT_EQ(s.rolled[3], 0);
}

TEST(CrossingGuard, AStepThatCrossesNothingIsKept) {
  SpringNetwork net = two_springs();
  CrossingGuard guard;
  guard.set_skin(6.0);
  Step s = before(net);
  net.y[2] = 0.5;  // closer, but still above spring 0
  net.x[3] = 7.0;
  EXPECT_EQ(guard.enforce(net, s.old_x, s.old_y, s.rolled), 0);
  EXPECT_EQ(net.y[2], 0.5);
  EXPECT_EQ(net.x[3], 7.0);
}

TEST(CrossingGuard, AnOldCrossingMayComeUndone) {
  SpringNetwork net = two_springs();
  net.y[2] = -1.0;  // spring 1 already crosses spring 0 (a pusher allowed to cross did it)
  CrossingGuard guard;
  guard.set_skin(6.0);
  Step s = before(net);
  net.y[2] = 1.0;  // back above: the crossing resolves, and that is allowed
  EXPECT_EQ(guard.enforce(net, s.old_x, s.old_y, s.rolled), 0);
  EXPECT_EQ(net.y[2], 1.0);
}

TEST(CrossingGuard, SpringsSharingAParticleAreNeverAPair) {
  // A V: springs 0-1 and 0-2 meet at particle 0; moving the tips past each other is a
  // fold, not a crossing of two springs.
  SpringNetwork net;
  net.add_particle(0.0, 0.0, 0.5);
  net.add_particle(5.0, 5.0, 0.5);
  net.add_particle(-5.0, 5.0, 0.5);
  net.add_spring(0, 1, 1.0, 1.0);
  net.add_spring(0, 2, 1.0, 1.0);
  CrossingGuard guard;
  guard.set_skin(6.0);
  Step s = before(net);
  net.x[1] = -6.0;
  EXPECT_EQ(guard.enforce(net, s.old_x, s.old_y, s.rolled), 0);
  EXPECT_EQ(guard.pair_count(), 0u);
}

}  // namespace
}  // namespace mb
