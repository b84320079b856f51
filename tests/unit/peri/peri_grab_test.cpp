// The mouse grab on a peridynamic body (PeriSystem::grab_begin with the grab spring of
// core/grab_spring.hpp): its force limit seen in the body's momentum, no inversion under the
// fastest drag the sandbox gives, a bounded tick, and the shape back after release.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "peri_fixture.hpp"
#include "physics/peri/system.hpp"
#include "physics/peri/view.hpp"

namespace {

// The bodies demo's soft disc (assets/bodies.xml), smaller: spacing 6, E = 8e5, nu = 0.35.
mb::PeriBodySpec soft_disc(double radius) {
  mb::PeriBodySpec s;
  s.shape.kind = mb::PeriShapeKind::Circle;
  s.shape.radius = radius;
  s.spacing = 6.0;
  s.horizon = 3.0;
  s.material = mb::preset_material(mb::PeriPreset::NeoHookean, 8e5, 0.35, 1.0);
  return s;
}

const mb::Box kFarBox{{-1e5, -1e5}, {1e5, 1e5}};

}  // namespace

TEST(PeriGrab, ThePullIsLimitedToTheMaximumAccelerationTimesTheWeightedMassHeld) {
  // No gravity, damping or walls: internal forces cancel pair by pair, so the body's
  // momentum changes only by the grab's impulse. A target far away saturates every held
  // point's pull, all in (nearly) the same direction: |dp| = a_max T sum(w m).
  mb::PeriSystem sys;
  sys.settings.gravity = {0.0, 0.0};
  sys.settings.damping = 0.0;
  sys.add(mb::build_body(soft_disc(40.0)));
  const mb::PeriBody& b = sys.bodies[0];
  mb::GrabSettings grab;
  grab.max_acceleration = 3000.0;
  // The cursor's radius 16 is below the smallest patch, two horizons (2 * 3 * 6 = 36).
  ASSERT_GT(sys.grab_begin({0.0, 0.0}, 16.0, grab), 3);
  double held_mass = 0.0;
  for (int32_t i = 0; i < b.size(); ++i)
    held_mass += mb::grab_weight(std::hypot(b.x[i], b.y[i]), 36.0) * b.model->mass[i];
  sys.grab_move({1e6, 0.0});
  sys.step(kFarBox);
  ASSERT_EQ(sys.stats().mass_scale, 1.0);
  double px = 0.0, py = 0.0;
  for (int32_t i = 0; i < b.size(); ++i)
    px += b.model->mass[i] * b.vx[i], py += b.model->mass[i] * b.vy[i];
  const double limit = grab.max_acceleration * sys.settings.tick_seconds * held_mass;
  EXPECT_LE(std::hypot(px, py), limit * (1.0 + 1e-9));
  EXPECT_GE(px, 0.999 * limit);
  EXPECT_NEAR(py / px, 0.0, 1e-6);
}

TEST(PeriGrab, AFastCircularDragNeverInvertsTheBodyAndItsShapeComesBack) {
  // The sandbox's fastest drag: 2,000 units/s round a circle of radius 200, one grab
  // target per 1/60 s tick, with the default grab spring.
  mb::PeriSystem sys;
  sys.add(mb::build_body(soft_disc(PERI_SMALL ? 36.0 : 60.0)));
  const mb::Box box{{-1000.0, -1000.0}, {1000.0, 1000.0}};
  for (int k = 0; k < 10; ++k) sys.step(box);
  const int quiet_substeps = sys.stats().substeps;
  const mb::Vec2 start = mb::body_centroid(sys.bodies[0]);
  ASSERT_GT(sys.grab_begin(start, 16.0), 3);
  const double omega = 2000.0 / 200.0, dt = sys.settings.tick_seconds;
  double min_det_f = 1.0;
  int most_substeps = 0;
  for (int k = 1; k <= (PERI_SMALL ? 40 : 120); ++k) {
    const double a = omega * dt * k;
    sys.grab_move(start + mb::Vec2{200.0 * std::sin(a), 200.0 * (std::cos(a) - 1.0)});
    sys.step(box);
    min_det_f = std::min(min_det_f, sys.stats().min_det_f);
    most_substeps = std::max(most_substeps, sys.stats().substeps);
  }
  EXPECT_GT(min_det_f, 0.2);
  // The tick's budget: at most substep_budget (2) times the substeps of the body at rest.
  EXPECT_LE(most_substeps, 2 * quiet_substeps);
  sys.grab_end();
  for (int k = 0; k < 60; ++k) {  // one second after release
    sys.step(box);
    min_det_f = std::min(min_det_f, sys.stats().min_det_f);
  }
  EXPECT_GT(min_det_f, 0.2);
  EXPECT_LT(mb::shape_error(sys.bodies[0]), 1.0) << "spacings from its own shape";
}

TEST(PeriGrab, ShapeErrorIsZeroForARigidMotionAndGrowsWithAStretch) {
  mb::PeriBody b = mb::build_body(soft_disc(30.0));
  const double c = std::cos(0.7), s = std::sin(0.7);
  for (int32_t i = 0; i < b.size(); ++i) {  // turned by 0.7 rad and moved
    b.x[i] = c * b.model->X[i] - s * b.model->Y[i] + 50.0;
    b.y[i] = s * b.model->X[i] + c * b.model->Y[i] - 20.0;
  }
  EXPECT_NEAR(mb::shape_error(b), 0.0, 1e-9);
  // x = 1.1 X: each point is 0.1 |X - C| off, so the RMS is 0.1 * RMS radius / spacing.
  double r2 = 0.0, cx = 0.0, cy = 0.0;
  for (int32_t i = 0; i < b.size(); ++i) cx += b.model->X[i], cy += b.model->Y[i];
  cx /= b.size(), cy /= b.size();
  for (int32_t i = 0; i < b.size(); ++i) {
    b.x[i] = 1.1 * b.model->X[i], b.y[i] = 1.1 * b.model->Y[i];
    r2 += (b.model->X[i] - cx) * (b.model->X[i] - cx) + (b.model->Y[i] - cy) * (b.model->Y[i] - cy);
  }
  EXPECT_NEAR(mb::shape_error(b), 0.1 * std::sqrt(r2 / b.size()) / 6.0, 1e-9);
}

TEST(PeriGrab, ReleasingWithAThrowGivesTheBodyThatVelocityAndKeepsItsRinging) {
  // The throw shifts every point by the same velocity: the centre of mass moves at the
  // throw, and the velocities relative to it (the body's ringing and spin) are unchanged.
  mb::PeriSystem sys;
  sys.settings.gravity = {0.0, 0.0};
  sys.add(mb::build_body(soft_disc(30.0)));
  mb::PeriBody& b = sys.bodies[0];
  for (int32_t i = 0; i < b.size(); ++i) b.vx[i] = 0.3 * b.y[i], b.vy[i] = 5.0 - 0.3 * b.x[i];
  const auto relative = [&]() {
    double m = 0.0, px = 0.0, py = 0.0;
    for (int32_t i = 0; i < b.size(); ++i)
      m += b.model->mass[i], px += b.model->mass[i] * b.vx[i], py += b.model->mass[i] * b.vy[i];
    std::vector<double> out;
    for (int32_t i = 0; i < b.size(); ++i)
      out.push_back(b.vx[i] - px / m), out.push_back(b.vy[i] - py / m);
    return std::make_pair(out, mb::Vec2{px / m, py / m});
  };
  const auto before = relative();
  ASSERT_GT(sys.grab_begin({0.0, 0.0}, 10.0), 0);
  sys.grab_end(mb::Vec2{1500.0, -800.0});
  const auto after = relative();
  EXPECT_NEAR(after.second.x, 1500.0, 1e-9);
  EXPECT_NEAR(after.second.y, -800.0, 1e-9);
  for (size_t k = 0; k < before.first.size(); ++k)
    ASSERT_NEAR(after.first[k], before.first[k], 1e-9) << k;
  EXPECT_FALSE(sys.grab_active());
  // Without a throw, a release leaves the velocities alone.
  ASSERT_GT(sys.grab_begin({0.0, 0.0}, 10.0), 0);
  const std::vector<double> vx = b.vx;
  sys.grab_end();
  EXPECT_EQ(b.vx, vx);
}
