// Islands of bodies that cannot touch within a tick (islands.hpp): the grouping against the
// reach formula, a soft body beside a stiff one stepping as it would alone, and two bodies
// thrown at each other meeting as they do on one plan.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "physics/peri/islands.hpp"
#include "physics/peri/system.hpp"

using namespace mb;

namespace {

PeriBodySpec disc(double radius, double youngs, Vec2 at) {
  PeriBodySpec s;
  s.shape.kind = PeriShapeKind::Circle;
  s.shape.radius = radius;
  s.spacing = 1.0;
  s.position = at;
  s.material = preset_material(PeriPreset::NeoHookean, youngs, 0.3, 1.0);
  return s;
}

double max_x(const PeriBody& b) {
  return *std::max_element(b.x.begin(), b.x.end());
}
double min_x(const PeriBody& b) {
  return *std::min_element(b.x.begin(), b.x.end());
}

// Two resting discs whose points' boxes are `gap` apart along x.
std::vector<PeriBody> pair_at_gap(double gap) {
  std::vector<PeriBody> bodies{build_body(disc(4.0, 1e4, {0.0, 0.0})),
                               build_body(disc(4.0, 1e4, {0.0, 0.0}))};
  const double shift = max_x(bodies[0]) + gap - min_x(bodies[1]);
  for (double& x : bodies[1].x) x += shift;
  return bodies;
}

std::vector<double> motion(const PeriBody& b) {
  std::vector<double> m = b.x;
  m.insert(m.end(), b.y.begin(), b.y.end());
  m.insert(m.end(), b.vx.begin(), b.vx.end());
  m.insert(m.end(), b.vy.begin(), b.vy.end());
  return m;
}

}  // namespace

TEST(PeriIslands, TwoBodiesShareAnIslandWhenTheirReachesComeWithinContact) {
  // At rest, no gravity, no grab: each box grows by one spacing (1), and the contact
  // distance is two point radii (1), so boxes up to 3 apart may meet within the tick.
  IslandInput in;
  in.tick = 1.0 / 60.0;
  EXPECT_EQ(contact_islands(pair_at_gap(2.9), in).size(), 1u);
  EXPECT_EQ(contact_islands(pair_at_gap(3.1), in).size(), 2u);
  // Moving at 60 units/s, the second reaches T v = 1 farther.
  std::vector<PeriBody> moving = pair_at_gap(3.9);
  std::fill(moving[1].vx.begin(), moving[1].vx.end(), -60.0);
  EXPECT_EQ(contact_islands(moving, in).size(), 1u);
  moving = pair_at_gap(4.1);
  std::fill(moving[1].vx.begin(), moving[1].vx.end(), -60.0);
  EXPECT_EQ(contact_islands(moving, in).size(), 2u);
  // Held by the mouse with a pull of 7,200 units/s^2: a T^2 / 2 = 1 farther.
  in.held_body = 0;
  in.grab_pull = 7200.0;
  EXPECT_EQ(contact_islands(pair_at_gap(3.9), in).size(), 1u);
  EXPECT_EQ(contact_islands(pair_at_gap(4.1), in).size(), 2u);
  // Gravity counts the same way (|g| = 7,200: 1 farther for each body).
  in.held_body = -1;
  in.gravity = {0.0, 7200.0};
  EXPECT_EQ(contact_islands(pair_at_gap(4.9), in).size(), 1u);
  EXPECT_EQ(contact_islands(pair_at_gap(5.1), in).size(), 2u);
}

TEST(PeriIslands, AChainOfNeighboursIsOneIslandAndTheRestStandAlone) {
  IslandInput in;
  in.tick = 1.0 / 60.0;
  std::vector<PeriBody> bodies{
      build_body(disc(4.0, 1e4, {0.0, 0.0})), build_body(disc(4.0, 1e4, {100.0, 0.0})),
      build_body(disc(4.0, 1e4, {10.0, 0.0})), build_body(disc(4.0, 1e4, {20.0, 0.0}))};
  // 0 - 2 - 3 are 2 apart in a row; 1 is far off.
  const std::vector<Island> islands = contact_islands(bodies, in);
  ASSERT_EQ(islands.size(), 2u);
  EXPECT_EQ(islands[0].bodies, (std::vector<int32_t>{0, 2, 3}));
  EXPECT_EQ(islands[1].bodies, (std::vector<int32_t>{1}));
  // Several bodies may hit each other; one alone, with no walls or obstacles given, nothing.
  EXPECT_TRUE(islands[0].may_hit);
  EXPECT_FALSE(islands[1].may_hit);
}

TEST(PeriIslands, ASoftBodyFarFromAStiffOneStepsAsItWouldAlone) {
  const Box box{{-100.0, -100.0}, {100.0, 10.0}};
  const PeriBodySpec soft = disc(4.0, 1e4, {-50.0, 0.0}), stiff = disc(4.0, 1e6, {50.0, 0.0});
  PeriSystem alone, both, one_plan;
  alone.add(build_body(soft));
  for (PeriSystem* s : {&both, &one_plan}) s->add(build_body(soft)), s->add(build_body(stiff));
  one_plan.debug.split_islands = false;
  PeriSystem stiff_alone;
  stiff_alone.add(build_body(stiff));
  for (int t = 0; t < 60; ++t) {  // falling 6 units onto the floor and landing
    alone.step(box), both.step(box), one_plan.step(box), stiff_alone.step(box);
    // The tick reports the most substeps of any island: the stiff body's.
    ASSERT_EQ(both.stats().substeps, stiff_alone.stats().substeps);
    ASSERT_GT(stiff_alone.stats().substeps, alone.stats().substeps);
  }
  EXPECT_TRUE(motion(both.bodies[0]) == motion(alone.bodies[0]));
  EXPECT_TRUE(motion(both.bodies[1]) == motion(stiff_alone.bodies[0]));
  // On one plan the soft body takes the stiff one's short steps, and moves otherwise.
  EXPECT_FALSE(motion(one_plan.bodies[0]) == motion(alone.bodies[0]));
}

TEST(PeriIslands, BodiesThrownAtEachOtherAtTheFastestThrowMeetAndDoNotPassThrough) {
  // Each at the UI's fastest throw (2,000 units/s) towards the other: 67 units of approach
  // a tick, 16 radii of these discs. Apart, each flies free at its speed; they must be one
  // island before the tick they meet in, where the substeps' impact cap (a spacing a
  // substep) holds their approach, or they pass through each other in one substep.
  const Box box{{-200.0, -200.0}, {200.0, 200.0}};
  PeriSystem s;
  s.settings.gravity = {0.0, 0.0};
  s.add(build_body(disc(4.0, 1e4, {-60.0, 0.0})));
  s.add(build_body(disc(4.0, 1e4, {60.0, 0.0})));
  std::fill(s.bodies[0].vx.begin(), s.bodies[0].vx.end(), kMaxGrabSpeed);
  std::fill(s.bodies[1].vx.begin(), s.bodies[1].vx.end(), -kMaxGrabSpeed);
  s.refresh();
  int64_t contacts = 0;
  const auto centre_x = [](const PeriBody& b) {
    double sum = 0.0;
    for (double x : b.x) sum += x;
    return sum / b.size();
  };
  for (int t = 0; t < 30; ++t) {
    s.step(box);
    contacts += s.stats().contacts;
    ASSERT_LT(centre_x(s.bodies[0]), centre_x(s.bodies[1])) << "tick " << t;
  }
  EXPECT_GT(contacts, 0);
}

TEST(PeriIslands, ASoftBodyThrownWholeKeepsItsSpeed) {
  // The substep's safety cap (a spacing a substep) is on a point's motion relative to its
  // body: a soft disc (two substeps a tick, so an absolute cap would be 120 units/s) thrown
  // whole at 2,000 units/s flies on at it, 2,000 / 6 = 333.3 units in 10 ticks.
  const Box box{{-1000.0, -1000.0}, {1000.0, 1000.0}};
  PeriSystem s;
  s.settings.gravity = {0.0, 0.0};
  s.settings.damping = 0.0;
  s.add(build_body(disc(4.0, 1e4, {0.0, 0.0})));
  std::fill(s.bodies[0].vx.begin(), s.bodies[0].vx.end(), kMaxGrabSpeed);
  s.refresh();
  double x0 = 0.0;
  for (double x : s.bodies[0].x) x0 += x;
  for (int t = 0; t < 10; ++t) s.step(box);
  EXPECT_LE(s.stats().substeps, 2);
  double x1 = 0.0;
  for (double x : s.bodies[0].x) x1 += x;
  const double n = static_cast<double>(s.bodies[0].size());
  EXPECT_NEAR((x1 - x0) / n, kMaxGrabSpeed * 10.0 / 60.0, 1e-6);
}

TEST(PeriIslands, ABodyThrownAtTheFloorMeetsItAtNoMoreThanASpacingASubstep) {
  // Flying free it keeps its 2,000 units/s until its first impact; in every tick that starts
  // within its reach of the floor (T |v| + dx, islands.hpp) each point's speed is capped at
  // dx / h.
  const Box box{{-1000.0, -1000.0}, {1000.0, 10.0}};
  PeriSystem s;
  s.settings.gravity = {0.0, 0.0};
  s.settings.damping = 0.0;
  s.add(build_body(disc(4.0, 1e4, {0.0, -300.0})));
  PeriBody& b = s.bodies[0];
  std::fill(b.vy.begin(), b.vy.end(), kMaxGrabSpeed);
  s.refresh();
  const double T = s.settings.tick_seconds, dx = b.spec().spacing;
  const auto fastest = [&] {
    double v2 = 0.0;
    for (int32_t i = 0; i < b.size(); ++i) v2 = std::max(v2, b.vx[i] * b.vx[i] + b.vy[i] * b.vy[i]);
    return std::sqrt(v2);
  };
  int impact_ticks = 0;
  double lowest_det = 1.0;
  for (int t = 0; t < 30; ++t) {
    const double lowest = *std::max_element(b.y.begin(), b.y.end()) + b.point_radius();
    const bool near = box.max.y - lowest <= T * fastest() + dx;
    s.step(box);
    lowest_det = std::min(lowest_det, s.stats().min_det_f);
    if (!near) {
      if (impact_ticks == 0) {
        EXPECT_NEAR(fastest(), kMaxGrabSpeed, 1e-6) << "tick " << t;
      }
      continue;
    }
    ++impact_ticks;
    EXPECT_LE(fastest(), dx * s.stats().substeps / T * (1.0 + 1e-12)) << "tick " << t;
  }
  EXPECT_GT(impact_ticks, 0);
  // Met at full speed, the disc is put onto the floor's line in one tick and turns inside
  // out (det F -0.28 measured with the floor left out of the check); capped, it never does.
  EXPECT_GT(lowest_det, 0.0);
}
