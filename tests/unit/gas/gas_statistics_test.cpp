// Gas: equilibrium statistics (Maxwell-Boltzmann, equipartition, thermostat walls).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <vector>

#include "physics/gas/rng.hpp"
#include "physics/gas/thermo.hpp"
#include "tests/unit/gas/gas_fixture.hpp"

namespace {

// Kolmogorov-Smirnov statistic D = sup |F_n(v) - F(v)| of the speeds of species `sp`
// against the 2D Maxwell-Boltzmann CDF at temperature kT.
double ks_statistic(const mb::Gas& g, double m, double kT) {
  std::vector<double> v;
  for (int32_t i = 0; i < g.size(); ++i)
    if (g.mass[i] == m) v.push_back(std::hypot(g.vx[i], g.vy[i]));
  std::sort(v.begin(), v.end());
  const double n = static_cast<double>(v.size());
  double d = 0.0;
  for (size_t k = 0; k < v.size(); ++k) {
    const double F = mb::gas::mb_speed_cdf(v[k], m, kT);
    d = std::max({d, F - static_cast<double>(k) / n, static_cast<double>(k + 1) / n - F});
  }
  return d;
}

// Equal speeds in random directions: far from Maxwell-Boltzmann.
void equal_speeds(mb::Gas& g, double kT, uint64_t seed) {
  mb::SplitMix64 rng{seed};
  for (int32_t i = 0; i < g.size(); ++i) {
    const double s = std::sqrt(2.0 * kT / g.mass[i]), a = 2.0 * std::numbers::pi * rng.uniform();
    g.vx[i] = s * std::cos(a);
    g.vy[i] = s * std::sin(a);
  }
}

}  // namespace

TEST(GasStatistics, SpeedsRelaxToMaxwellBoltzmann) {
  // 2000 discs start with one speed. After ~40 collisions per disc the speeds pass a
  // Kolmogorov-Smirnov test against the 2D Maxwell-Boltzmann distribution at the measured
  // temperature at the 1% level (critical D = 1.628 / sqrt(n)); the start fails it.
  const int n = 2000;
  const mb::Box box = gas_test::box_for(n, 1.0, 0.3);
  mb::Gas g;
  mb::gas::generate(g, box, {.count = n, .mass = 1.0, .temperature = 1.0, .seed = 11});
  equal_speeds(g, 1.0, 5);
  const double critical = 1.628 / std::sqrt(static_cast<double>(n));
  EXPECT_GT(ks_statistic(g, 1.0, mb::gas::temperature(g)), critical);
  while (g.total_collisions() < 40 * n) g.step(box, 1.0);
  const double kT = mb::gas::temperature(g);
  EXPECT_NEAR(kT, 1.0, 1e-9);  // energy is conserved, so the measured kT is the start's
  EXPECT_LT(ks_statistic(g, 1.0, kT), critical);
}

TEST(GasStatistics, TwoMassesReachTheSameMeanKineticEnergy) {
  // Equipartition: species of mass 1 (started at kT 0.25) and mass 5 (started at kT 2)
  // exchange energy until both have the same mean m v^2 / 2. Averaged over 100 samples of
  // 1000 discs each the statistical error is about 1%; we allow 4%.
  const mb::Box box = gas_test::box_for(2000, 1.0, 0.3);
  mb::Gas g;
  mb::gas::generate(g, box, {.count = 1000, .mass = 1.0, .temperature = 0.25, .seed = 21});
  mb::gas::generate(g, box,
                    {.count = 1000, .mass = 5.0, .temperature = 2.0, .seed = 22, .species = 1});
  ASSERT_NEAR(mb::gas::temperature(g, 1) / mb::gas::temperature(g, 0), 8.0, 1e-9);
  // Under AddressSanitizer a third of the samples (the tolerance still holds there).
  const int samples = gas_test::kSanitized ? 30 : 100;
  while (g.total_collisions() < 30 * 2000) g.step(box, 1.0);
  double t0 = 0.0, t1 = 0.0;
  for (int k = 0; k < samples; ++k) {
    g.step(box, 2.0);
    t0 += mb::gas::temperature(g, 0);
    t1 += mb::gas::temperature(g, 1);
  }
  EXPECT_NEAR(t1 / t0, 1.0, 0.04);
  EXPECT_NEAR(0.5 * (t0 + t1) / samples, 0.5 * (0.25 + 2.0), 1e-9 * 2);  // total conserved
}

TEST(GasStatistics, ThermostatWallsBringTheGasToTheirTemperature) {
  // All four walls at kT = 3, a dilute gas started at kT = 1: the gas warms to 3. The total
  // energy of 200 discs fluctuates by about 1/sqrt(200) = 7% and stays correlated for
  // a few wall-crossing times, so we average 4000 samples and allow 4%.
  const mb::Box box = gas_test::box_for(200, 1.0, 0.05);
  mb::Gas g;
  mb::gas::generate(g, box, {.count = 200, .mass = 2.0, .temperature = 1.0, .seed = 31});
  g.settings.wall_temperature = {3.0, 3.0, 3.0, 3.0};
  while (g.total_wall_hits() < 20 * 200) g.step(box, 1.0);
  double t = 0.0;
  for (int k = 0; k < 4000; ++k) {
    g.step(box, 1.0);
    t += mb::gas::temperature(g);
  }
  EXPECT_NEAR(t / 4000.0, 3.0, 0.12) << g.total_wall_hits();
}

TEST(GasStatistics, ThermostatIsDeterministicForItsSeed) {
  const mb::Box box = gas_test::box_for(200, 1.0, 0.2);
  mb::Gas a;
  mb::gas::generate(a, box, {.count = 200, .temperature = 1.0, .seed = 41});
  a.settings.wall_temperature[static_cast<size_t>(mb::Wall::Left)] = 5.0;
  mb::Gas b = a;
  for (int k = 0; k < 50; ++k) a.step(box, 1.0), b.step(box, 1.0);
  EXPECT_GT(a.total_wall_hits(), 0);
  EXPECT_EQ(a.vx, b.vx);
  EXPECT_EQ(a.rng_state, b.rng_state);
}

TEST(GasStatistics, RegionTemperatureSeesAHotSide) {
  mb::Gas g;
  const mb::Box box{{0.0, 0.0}, {10.0, 10.0}};
  g.add_disc(2.0, 5.0, 3.0, 0.0, 2.0, 0.5);  // left half: m v^2 / 2 = 9
  g.add_disc(8.0, 5.0, 1.0, 0.0, 2.0, 0.5);  // right half: 1
  const std::vector<double> t = mb::gas::region_temperature(g, box, 2, 1);
  ASSERT_EQ(t.size(), 2u);
  EXPECT_DOUBLE_EQ(t[0], 9.0);
  EXPECT_DOUBLE_EQ(t[1], 1.0);
  EXPECT_DOUBLE_EQ(mb::gas::temperature(g), 5.0);
}
