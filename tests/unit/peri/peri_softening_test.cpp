// Heater softening of bodies (physics/peri/softening.hpp): the constants scale exactly as
// f_i = 1 - (1 - s) h_i says, pair forces still cancel, the stiffness comes back over the
// cooldown, a softened bar rings at sqrt(s) times its cold frequency (omega ~ sqrt(E / rho)),
// and a World's heater softens what it covers.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <numeric>

#include "physics/peri/softening.hpp"
#include "physics/peri/system.hpp"
#include "physics/world/world.hpp"
#include "tests/unit/peri/peri_fixture.hpp"

namespace mb {
namespace {

PeriBody small_disc(double s) {
  PeriBodySpec spec;
  spec.shape.kind = PeriShapeKind::Circle;
  spec.shape.radius = 8.0;
  spec.spacing = 1.0;
  spec.material = preset_material(PeriPreset::NeoHookean, 1000.0, 0.3, 1.0);
  spec.material.heated_stiffness = s;
  return build_body(spec);
}

std::vector<int32_t> all_points(const PeriBody& b) {
  std::vector<int32_t> v(static_cast<size_t>(b.size()));
  std::iota(v.begin(), v.end(), 0);
  return v;
}

TEST(PeriSoftening, AHeatedPointScalesItsBondsByTheMeanOfBothEndsAndItsVolumeTerm) {
  const double s = 0.25;
  PeriBody b = small_disc(s);
  const std::vector<double> c0 = b.stiffness->bond_c, k0 = b.stiffness->kappa;
  const int32_t hot = peri_test::nearest_point(b, {0.0, 0.0});
  heat_points(b, {hot});
  apply_softening(b);
  for (int32_t i = 0; i < b.size(); ++i) {
    EXPECT_DOUBLE_EQ(b.stiffness->kappa[i], (i == hot ? s : 1.0) * k0[i]);
    for (int32_t e = b.model->bond_start[i]; e < b.model->bond_start[i + 1]; ++e) {
      const int ends = (i == hot) + (b.model->bond_j[e] == hot);
      // f = s at the hot end, 1 at a cold one: (1 + s) / 2 for a bond to it, 1 otherwise.
      const double f = ends == 1 ? 0.5 * (1.0 + s) : 1.0;
      EXPECT_DOUBLE_EQ(b.stiffness->bond_c[e], f * c0[e]);
      EXPECT_EQ(b.stiffness->bond_c[e],
                b.stiffness->bond_c[b.model->bond_rev[e]]);  // both halves equal: forces cancel
    }
  }
}

TEST(PeriSoftening, AWhollyHeatedBodyHasItsEnergyScaledBySAndCoolsBackExactly) {
  const double s = 0.4;
  PeriBody b = small_disc(s);
  const std::vector<double> c0 = b.stiffness->bond_c;
  // A 5 % stretch and a shear: bond and volume energy, no anti-inversion (det F near 1).
  peri_test::apply_affine(b, 1.05, 0.02, 0.0, 0.98, {0.0, 0.0});
  const double cold = internal_energy(b).total();
  heat_points(b, all_points(b));
  apply_softening(b);
  // E_bond and E_vol are linear in bond_c and kappa, which all scale by f = s.
  EXPECT_NEAR(internal_energy(b).total(), s * cold, 1e-12 * cold);
  // Cooling by 1/4 a tick: f = 1 - (1 - s) h, h = 3/4, 1/2, 1/4, 0.
  for (int k = 1; k <= 4; ++k) {
    cool(b, 0.25);
    apply_softening(b);
    const double f = 1.0 - (1.0 - s) * (1.0 - 0.25 * k);
    EXPECT_NEAR(internal_energy(b).total(), f * cold, 1e-12 * cold) << "after " << k;
  }
  EXPECT_FALSE(softened(b));
  EXPECT_EQ(b.stiffness->bond_c, c0);  // bit for bit the cold constants
}

TEST(PeriSoftening, PartlyHeatedInternalForcesStillSumToZero) {
  PeriBody b = small_disc(0.1);
  peri_test::apply_affine(b, 1.03, -0.04, 0.01, 0.97, {2.0, -1.0});
  std::vector<int32_t> left;
  for (int32_t i = 0; i < b.size(); ++i)
    if (b.model->X[i] < 1.5) left.push_back(i);
  heat_points(b, left);
  apply_softening(b);
  PeriPointState st;
  std::vector<double> fx, fy;
  internal_forces(b, st, fx, fy);
  double sx = 0.0, sy = 0.0, torque = 0.0, scale = 0.0;
  for (int32_t i = 0; i < b.size(); ++i) {
    sx += fx[i], sy += fy[i], torque += b.x[i] * fy[i] - b.y[i] * fx[i];
    scale = std::max(scale, std::hypot(fx[i], fy[i]));
  }
  ASSERT_GT(scale, 0.0);
  EXPECT_NEAR(sx / scale, 0.0, 1e-12);
  EXPECT_NEAR(sy / scale, 0.0, 1e-12);
  EXPECT_NEAR(torque / (scale * 10.0), 0.0, 1e-11);  // central pair forces: no torque
}

// Period of the first axial mode of a bar clamped at its left end, started from a uniform
// strain (the FirstAxialModeOfAFixedFreeBar set-up), heated everywhere with scale s.
double axial_period(double s) {
  PeriBodySpec spec = peri_test::rect_spec(30.0, 4.0, PeriPreset::NeoHookean, 1000.0, 0.3);
  spec.material.heated_stiffness = s;
  PeriSystem sys;
  sys.settings.gravity = {0.0, 0.0};
  sys.settings.damping = 0.0;
  sys.settings.max_substeps = 1000;
  PeriBody b = build_body(spec);
  double xmin = 1e9, xmax = -1e9;
  for (int32_t i = 0; i < b.size(); ++i)
    xmin = std::min(xmin, b.model->X[i]), xmax = std::max(xmax, b.model->X[i]);
  const double clamp = xmin + spec.horizon * spec.spacing - 0.25;
  std::vector<int32_t> tip;
  for (int32_t i = 0; i < b.size(); ++i) {
    if (b.model->X[i] < clamp)
      b.pinned[i] = 1;
    else
      b.x[i] = b.model->X[i] + 1e-3 * (b.model->X[i] - clamp);
    if (b.model->X[i] > xmax - 0.75) tip.push_back(i);
  }
  if (s < 1.0) heat_points(b, all_points(b)), apply_softening(b);
  sys.add(std::move(b));
  const double dt = sys.settings.tick_seconds;
  const double f1 = std::sqrt(s * 1000.0) / (4.0 * (xmax + 0.5 - clamp));  // expected
  std::vector<double> u;
  for (int t = 0; t < static_cast<int>(2.5 / f1 / dt); ++t) {
    sys.step({{-1e4, -1e4}, {1e4, 1e4}});
    double m = 0.0;
    for (int32_t i : tip) m += sys.bodies[0].x[i] - sys.bodies[0].model->X[i];
    u.push_back(m / static_cast<double>(tip.size()));
  }
  const double mean = std::accumulate(u.begin(), u.end(), 0.0) / static_cast<double>(u.size());
  std::vector<double> up;
  for (size_t k = 1; k < u.size(); ++k)
    if (u[k - 1] < mean && u[k] >= mean)
      up.push_back(static_cast<double>(k) - (u[k] - mean) / (u[k] - u[k - 1]));
  if (up.size() < 2) return 0.0;
  return (up.back() - up.front()) / static_cast<double>(up.size() - 1) * dt;
}

TEST(PeriSoftening, AHeatedBarRingsAtTheSquareRootOfTheStiffnessScale) {
  // omega ~ sqrt(E / rho): a stiffness scaled by s = 1/4 doubles the period.
  const double cold = axial_period(1.0), hot = axial_period(0.25);
  ASSERT_GT(cold, 0.0);
  ASSERT_GT(hot, 0.0);
  EXPECT_NEAR(hot / cold, 2.0, 0.04);
}

TEST(PeriSoftening, AWorldHeaterSoftensTheBodyPointsItCoversForTheCooldown) {
  World world;
  world.settings.heater_size = 8.0;  // radius 4: the points within 4 of its centre
  world.settings.cooldown_time = 5.0;
  world.bodies.settings.gravity = {0.0, 0.0};
  PeriBody b = small_disc(0.3);
  const std::vector<double> c0 = b.stiffness->bond_c;
  // The heater is a 32-gon with its corners on the circle of radius 4: it holds every point
  // nearer than its inner radius 4 cos(pi / 32) and none beyond 4.
  int64_t surely = 0, at_most = 0;
  for (int32_t i = 0; i < b.size(); ++i) {
    const double r = std::hypot(b.x[i], b.y[i]);
    surely += r < 4.0 * std::cos(std::numbers::pi / 32.0);
    at_most += r <= 4.0;
  }
  world.bodies.add(std::move(b));
  Actuator heater;
  heater.type = ActuatorType::Heater;
  heater.path.points = {{0.0, 0.0}};  // a one-point path: it acts on its first tick only
  world.actuators.push_back(heater);
  const TickStats first = world.tick();
  EXPECT_GE(first.heated_points, surely);
  EXPECT_LE(first.heated_points, at_most);
  EXPECT_GT(surely, 40);  // about pi 4^2 / (sqrt(3) / 2) = 58 lattice points
  const PeriBody& body = world.bodies.bodies[0];
  EXPECT_EQ(heated_points(body), first.heated_points);
  // Heat 1 on its first tick, then it cools by 1/5 at the start of each: 4/5 .. 1/5 on the
  // next four ticks, cold on the fifth.
  for (int t = 1; t <= 4; ++t) {
    world.tick();
    EXPECT_TRUE(softened(body)) << "tick " << t;
  }
  world.tick();
  EXPECT_FALSE(softened(body));
  EXPECT_EQ(body.stiffness->bond_c, c0);
}

}  // namespace
}  // namespace mb

namespace mb {
namespace {
// The conduction model ([Heat] Model = conduction, world/world_heat.hpp): a covered point
// takes P = p dx^2 sqrt(3)/2 and loses h (T - T_amb), so its temperature is
// T_amb + (P / h) (1 - exp(-h t / c)); its heat (softening) is (T - T_amb) / (T_l - T_amb).
// Once the heater is off the point cools back, and the cold constants return exactly.
TEST(PeriSoftening, InTheConductionModelAPointWarmsTowardsItsHeatersSteadyTemperature) {
  World world;
  world.settings.heat.model = HeatModel::Conduction;
  world.settings.heater_size = 8.0;
  world.bodies.settings.gravity = {0.0, 0.0};
  PeriBody b = small_disc(0.3);
  const std::vector<double> c0 = b.stiffness->bond_c;
  int32_t centre = 0, outside = 0;  // the point nearest the centre, and one beyond radius 4
  for (int32_t i = 0; i < b.size(); ++i) {
    if (std::hypot(b.x[i], b.y[i]) < std::hypot(b.x[centre], b.y[centre])) centre = i;
    if (std::hypot(b.x[i], b.y[i]) > 6.0) outside = i;
  }
  world.bodies.add(std::move(b));
  Actuator heater;
  heater.type = ActuatorType::Heater;
  heater.heat_power = 100.0;  // W per unit area
  heater.path.points = {{0.0, 0.0}, {0.0, 1.0}};
  heater.speed = 1e-6;  // still, for the test's ticks
  world.actuators.push_back(heater);
  const HeatSettings& s = world.settings.heat;
  const double P = 100.0 * std::sqrt(3.0) / 2.0;  // spacing 1
  const int ticks = 10;
  for (int k = 0; k < ticks; ++k) world.tick();
  const PeriBody& body = world.bodies.bodies[0];
  const double t = ticks * s.tick_seconds;
  const double T =
      s.ambient + P / s.convection * (1.0 - std::exp(-s.convection * t / s.heat_capacity));
  ASSERT_EQ(body.temperature.size(), static_cast<size_t>(body.size()));
  EXPECT_NEAR(body.temperature[centre], T, 1e-9 * T);
  EXPECT_NEAR(body.heat[centre], (T - s.ambient) / (s.liquidus - s.ambient), 1e-9);
  EXPECT_EQ(body.temperature[outside], s.ambient);
  EXPECT_EQ(body.heat[outside], 0.0);
  EXPECT_TRUE(softened(body));
  world.actuators[0].enabled = false;
  for (int k = 0; k < 300; ++k) world.tick();  // exp(-5 x 6 s) cools it below the 1e-3 cut
  EXPECT_FALSE(softened(body));
  EXPECT_EQ(body.stiffness->bond_c, c0);
}
}  // namespace
}  // namespace mb
