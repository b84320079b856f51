// A disc that a decelerating body point would overrun is carried out of the point's path
// (gas_obstacles.cpp), which no momentum-conserving change of the two can do without making
// energy; the energy made is recorded (ContactView::work) and taken from the body's
// vibration (apply_body_impulses, peri/vibration.hpp). Expected values: the closed form
// dE = m c (c/2 - v + u + w m c/2) for one disc and one point, conservation of the momentum
// and energy of gas + body for a body stopped within the tick, and of a body's momentum and
// spin when its vibration pays.
#include <gtest/gtest.h>

#include <cmath>

#include "physics/gas/gas.hpp"
#include "physics/peri/body.hpp"
#include "physics/peri/vibration.hpp"
#include "physics/world/contact_views.hpp"

namespace mb {
namespace {

const Box kFarWalls{{-1000.0, -1000.0}, {1000.0, 1000.0}};

TEST(ContactWork, ADiscAtRestInTheWayOfAStoppedPointIsCarriedOutAndTheWorkRecorded) {
  // The point's path moves at -V towards the disc, but the point itself has stopped
  // (u = 0): the elastic collision with u gives nothing, and the disc is given -V.
  const double m = 2.0, w = 0.25, V = 30.0, T = 0.1;
  Gas gas;
  gas.add_disc(0.0, 0.0, 0.0, 0.0, m, 1.0);
  ContactView view;
  view.add(5.0, 0.0, -V, 0.0, 1.0, w);
  view.set_velocity(0.0, 0.0);
  view.reset_outputs();
  gas.step(kFarWalls, T, &view);
  EXPECT_DOUBLE_EQ(gas.vx[0], -V);
  EXPECT_DOUBLE_EQ(gas.vy[0], 0.0);
  EXPECT_DOUBLE_EQ(view.jx[0], m * V);  // the point takes the disc's momentum
  // c = V, v = u = 0: dE = m V^2 (1 + w m) / 2, the disc's m V^2 / 2 and the point's
  // (m V)^2 w / 2.
  EXPECT_NEAR(view.work[0], 0.5 * m * V * V * (1.0 + w * m), 1e-12 * m * V * V);
}

struct Totals {
  Vec2 momentum{0.0, 0.0};
  double angular = 0.0, energy = 0.0;
};

void add_to(Totals& t, double m, Vec2 x, Vec2 v) {
  t.momentum += m * v;
  t.angular += m * (x.x * v.y - x.y * v.x);
  t.energy += 0.5 * m * glm::dot(v, v);
}

Totals totals(const Gas& gas, const PeriBody& b) {
  Totals t;
  for (int32_t d = 0; d < gas.size(); ++d)
    add_to(t, gas.mass[d], {gas.x[d], gas.y[d]}, {gas.vx[d], gas.vy[d]});
  for (int32_t i = 0; i < b.size(); ++i)
    add_to(t, b.model->mass[i], {b.x[i], b.y[i]}, {b.vx[i], b.vy[i]});
  return t;
}

TEST(ContactWork, GasAndABodyThatStoppedWithinTheTickKeepMomentumAndEnergy) {
  // A body whose points moved 10 units down this tick (a path speed of 600) and end it
  // vibrating about rest (it landed), and a row of discs at rest under it: the paths sweep
  // over the discs faster than the points' own velocities push them.
  PeriBodySpec spec;
  spec.shape.radius = 10.0;
  spec.spacing = 2.0;
  spec.material = preset_material(PeriPreset::NeoHookean, 5.0e4, 0.3, 1.0);
  PeriSystem bodies;
  bodies.add(build_body(spec));
  PeriBody& b = bodies.bodies[0];
  for (int32_t i = 0; i < b.size(); ++i) {  // a vibration: zero momentum and spin
    b.vx[i] = 1500.0 * std::sin(1.7 * i), b.vy[i] = 1500.0 * std::cos(2.3 * i);
  }
  const RigidMotion r = rigid_motion(b);
  for (int32_t i = 0; i < b.size(); ++i) {
    const Vec2 rigid = r.velocity + r.omega * Vec2{-(b.y[i] - r.centre.y), b.x[i] - r.centre.x};
    b.vx[i] -= rigid.x, b.vy[i] -= rigid.y;
  }
  const double T = 1.0 / 60.0, drop = 10.0;
  std::vector<double> x0, y0;
  body_positions(bodies, x0, y0);
  for (double& y : y0) y -= drop;  // y-down: it came from above
  Gas gas;
  for (int k = -4; k <= 4; ++k) gas.add_disc(2.5 * k, 4.0, 0.0, 0.0, 1.0, 1.0);
  const Totals before = totals(gas, b);
  ContactView view;
  add_body_points(view, bodies, x0, y0, T);
  view.reset_outputs();
  gas.step(kFarWalls, T, &view);
  const double unpaid = apply_body_impulses(bodies, view, 0);
  double work = 0.0;
  for (double e : view.work) work += e;
  // The correction acted: without the payment, about m 600^2 / 2 per disc would be made.
  ASSERT_GT(work, 1e5);
  EXPECT_EQ(unpaid, 0.0);
  const Totals after = totals(gas, b);
  // (Angular momentum is not kept to rounding here: a point's impulse is applied where it
  // ends the tick, not where it was hit.)
  const double p = 3.5 * 1500.0;  // the momentum scale: a point at the vibration's speed
  EXPECT_NEAR(after.momentum.x, before.momentum.x, 1e-10 * p);
  EXPECT_NEAR(after.momentum.y, before.momentum.y, 1e-10 * p);
  EXPECT_NEAR(after.energy, before.energy, 1e-10 * before.energy);
  for (int32_t d = 0; d < gas.size(); ++d)  // and no disc is left inside the body
    for (int32_t i = 0; i < b.size(); ++i)
      EXPECT_GE(glm::length(Vec2{gas.x[d] - b.x[i], gas.y[d] - b.y[i]}),
                1.0 + b.point_radius() - 1e-9);
}

TEST(Vibration, TakingEnergyKeepsMomentumAndSpinAndLowersTheVibrationByExactlyThat) {
  PeriBodySpec spec;
  spec.shape.radius = 8.0;
  spec.spacing = 2.0;
  spec.material = preset_material(PeriPreset::NeoHookean, 5.0e4, 0.3, 1.0);
  PeriBody b = build_body(spec);
  for (int32_t i = 0; i < b.size(); ++i)  // moving, spinning and vibrating
    b.vx[i] = 5.0 - 2.0 * b.y[i] + 3.0 * std::sin(i), b.vy[i] = -1.0 + 2.0 * b.x[i];
  const RigidMotion r0 = rigid_motion(b);
  ASSERT_NEAR(r0.omega, 2.0, 0.2);
  const double energy = 0.3 * r0.vibration;
  EXPECT_EQ(take_vibration_energy(b, energy), 0.0);
  const RigidMotion r1 = rigid_motion(b);
  EXPECT_NEAR(r1.velocity.x, r0.velocity.x, 1e-12 * 5.0);
  EXPECT_NEAR(r1.velocity.y, r0.velocity.y, 1e-12 * 5.0);
  EXPECT_NEAR(r1.omega, r0.omega, 1e-12 * 2.0);
  EXPECT_NEAR(r1.vibration, r0.vibration - energy, 1e-12 * r0.vibration);
  // More than it holds: the vibration stops and the rest is returned.
  EXPECT_NEAR(take_vibration_energy(b, 2.0 * r1.vibration), r1.vibration, 1e-9 * r1.vibration);
  EXPECT_NEAR(rigid_motion(b).vibration, 0.0, 1e-12 * r0.vibration);
}

}  // namespace
}  // namespace mb
