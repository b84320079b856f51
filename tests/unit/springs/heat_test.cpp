// The conduction model (springs/heat.hpp) against closed forms: a sine mode of a ring decays
// at the heat equation's rate, heat is conserved exactly when nothing enters or leaves, and
// the melt front of a bar held hot at one end advances as in the one-phase Stefan problem.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "physics/springs/heat.hpp"

namespace {

using mb::HeatSettings;
using mb::HeatSolver;
using mb::SpringNetwork;

// n particles in a row, one spring between neighbours (and one closing the ring).
SpringNetwork chain(int n, bool ring) {
  SpringNetwork net;
  for (int i = 0; i < n; ++i) net.add_particle(i * 7.0, 0.0, 1.0);
  for (int i = 0; i + 1 < n; ++i) net.add_spring(i, i + 1, 5.0, 0.01);
  if (ring) net.add_spring(n - 1, 0, 5.0, 0.01);
  return net;
}

// Nothing enters or leaves, and the band is far above the temperatures of the test.
HeatSettings insulated(double conductance) {
  HeatSettings s;
  s.model = mb::HeatModel::Conduction;
  s.conductance = conductance;
  s.convection = 0.0;
  s.heat_capacity = 2.0;
  s.solidus = 1000.0;
  s.liquidus = 1010.0;
  return s;
}

// Amplitude of sin(2 pi i / n) in the temperatures.
double sine_amplitude(const SpringNetwork& net, const HeatSettings& s) {
  const mb::MeltCurve curve = mb::melt_curve(s);
  const int n = net.particle_count();
  double sum = 0.0;
  for (int i = 0; i < n; ++i)
    sum += curve.temperature(net.enthalpy[i]) * std::sin(2.0 * std::numbers::pi * i / n);
  return 2.0 * sum / n;
}

// The heat equation dT/dt = D T'' with D = G a^2 / c on a chain of spacing a: the mode of
// wavelength n a decays as exp(-D q^2 t), q = 2 pi / (n a). In particle units a = 1.
void expect_sine_mode_decays_at_the_heat_equations_rate(double conductance, int n, int ticks,
                                                        bool implicit) {
  SpringNetwork net = chain(n, true);
  const HeatSettings s = insulated(conductance);
  const mb::MeltCurve curve = mb::melt_curve(s);
  for (int i = 0; i < n; ++i)
    net.enthalpy[i] = curve.enthalpy(300.0 + 10.0 * std::sin(2.0 * std::numbers::pi * i / n));
  const double a0 = sine_amplitude(net, s);
  HeatSolver solver;
  for (int k = 0; k < ticks; ++k) {
    const mb::HeatStepStats stats = solver.step(net, s, {});
    ASSERT_EQ(stats.substeps == 0, implicit) << "the step taken: " << stats.substeps;
  }
  const double t = ticks * s.tick_seconds;
  const double q = 2.0 * std::numbers::pi / n;
  const double rate = conductance / s.heat_capacity * q * q;
  const double measured = -std::log(sine_amplitude(net, s) / a0) / t;
  EXPECT_NEAR(measured / rate, 1.0, 0.02) << "measured " << measured << " closed form " << rate;
  EXPECT_GT(rate * t, 0.5);  // long enough to tell a wrong rate
}

TEST(Heat, ASineModeDecaysAtTheHeatEquationsRateWithExplicitSteps) {
  // dt * 2G / c = 0.02: one explicit step per tick.
  expect_sine_mode_decays_at_the_heat_equations_rate(2.0, 64, 5000, false);
}

TEST(Heat, ASineModeDecaysAtTheHeatEquationsRateWithTheImplicitStep) {
  // dt * 2G / c = 10 > 8 explicit substeps: one backward-Euler step per tick.
  expect_sine_mode_decays_at_the_heat_equations_rate(500.0, 128, 60, true);
}

// With insulated boundaries only the springs move heat, and each spring's flow leaves one
// end as it reaches the other: the total stays what it was, through melting and freezing.
TEST(Heat, InsulatedHeatIsConservedToRoundingThroughMeltingAndFreezing) {
  for (const double conductance : {1.0, 800.0}) {  // explicit, then implicit
    SpringNetwork net = chain(40, false);
    for (int i = 0; i + 2 < 40; i += 3) net.add_spring(i, i + 2, 5.0, 0.01);  // not a chain only
    HeatSettings s = insulated(conductance);
    s.solidus = 325.0, s.liquidus = 330.0, s.latent_heat = 30.0;
    s.tick_seconds = 0.2;  // explicit at G = 1 (dt * 4G / c = 0.4), implicit at G = 800
    const mb::MeltCurve curve = mb::melt_curve(s);
    for (int i = 0; i < 40; ++i) net.enthalpy[i] = curve.enthalpy(i < 10 ? 420.0 : 300.0);
    double before = 0.0;
    for (double h : net.enthalpy) before += h;
    HeatSolver solver;
    for (int k = 0; k < 1000; ++k) solver.step(net, s, {});
    double after = 0.0, hottest = 0.0, coldest = 1e9;
    for (double h : net.enthalpy) {
      after += h;
      hottest = std::max(hottest, curve.temperature(h));
      coldest = std::min(coldest, curve.temperature(h));
    }
    EXPECT_NEAR(after, before, 1e-12 * before) << "G " << conductance;
    EXPECT_LT(hottest, 400.0) << "G " << conductance;  // heat did flow
    EXPECT_GT(coldest, 300.0) << "G " << conductance;
  }
}

// The one-phase Stefan problem: a solid at its melting temperature T_m, its end held at
// T_m + dT from t = 0. The front is at s(t) = 2 lambda sqrt(alpha t), alpha = G a^2 / c,
// where lambda e^(lambda^2) erf(lambda) = St / sqrt(pi), St = c dT / L.
TEST(Heat, TheMeltFrontOfABarHeatedAtOneEndAdvancesAsTheStefanSolution) {
  const int n = 200;
  SpringNetwork net = chain(n, false);
  HeatSettings s = insulated(1.0);
  s.heat_capacity = 1.0, s.latent_heat = 10.0;
  s.solidus = s.liquidus = 300.0;  // an isothermal melt, as the closed form has
  s.tick_seconds = 0.25;           // dt * 2G / c = 0.5: one explicit step
  const double dT = 10.0, St = s.heat_capacity * dT / s.latent_heat;
  const mb::MeltCurve curve = mb::melt_curve(s);
  for (double& h : net.enthalpy) h = curve.solid_enthalpy();
  double lo = 0.0, hi = 2.0;  // lambda by bisection
  for (int k = 0; k < 100; ++k) {
    const double mid = 0.5 * (lo + hi);
    const double f = mid * std::exp(mid * mid) * std::erf(mid) - St / std::sqrt(std::numbers::pi);
    (f > 0.0 ? hi : lo) = mid;
  }
  const double lambda = 0.5 * (lo + hi), alpha = s.conductance / s.heat_capacity;
  mb::HeatSource hot;
  hot.particles = {0};
  hot.fixed = true;
  hot.temperature = s.solidus + dT;
  HeatSolver solver;
  int tick = 0;
  for (const double t : {400.0, 1600.0}) {
    for (; tick * s.tick_seconds < t; ++tick) solver.step(net, s, {&hot, 1});
    // The front: where the melt fraction falls through 1/2, between two particles.
    double front = 0.0;
    for (int i = 1; i < n; ++i) {
      const double before = curve.fraction(net.enthalpy[i - 1]),
                   now = curve.fraction(net.enthalpy[i]);
      if (before >= 0.5 && now < 0.5) {
        front = (i - 1) + (before - 0.5) / (before - now);
        break;
      }
    }
    const double expected = 2.0 * lambda * std::sqrt(alpha * t);
    EXPECT_NEAR(front / expected, 1.0, 0.05)
        << "t " << t << " front " << front << " closed form " << expected;
    EXPECT_GT(expected, 15.0);  // many particles melted: the lattice's steps are small
  }
}

TEST(Heat, TheMeltCurveSplitsHeatBetweenWarmingAndMelting) {
  HeatSettings s;
  s.heat_capacity = 2.0, s.latent_heat = 30.0, s.solidus = 325.0, s.liquidus = 330.0;
  const mb::MeltCurve c = mb::melt_curve(s);
  EXPECT_DOUBLE_EQ(c.temperature(2.0 * 300.0), 300.0);
  EXPECT_DOUBLE_EQ(c.solid_enthalpy(), 650.0);
  EXPECT_DOUBLE_EQ(c.liquid_enthalpy(), 690.0);  // 2 * 330 + 30
  EXPECT_DOUBLE_EQ(c.fraction(670.0), 0.5);
  EXPECT_DOUBLE_EQ(c.temperature(670.0), 327.5);
  EXPECT_DOUBLE_EQ(c.capacity(670.0), 8.0);  // (10 + 30) / 5 K
  EXPECT_DOUBLE_EQ(c.temperature(c.enthalpy(400.0)), 400.0);
  EXPECT_DOUBLE_EQ(c.fraction(c.enthalpy(400.0)), 1.0);
}

}  // namespace
