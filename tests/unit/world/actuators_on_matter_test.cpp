// Actuators acting on every kind of matter, not only the spring network (world.hpp):
// heaters are thermostat regions for the gas (heater_region.hpp). Expected values from
// the 2D Maxwell-Boltzmann law: discs leaving a heater at kT carry <m v^2 / 2> = kT.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "physics/gas/thermo.hpp"
#include "physics/world/world.hpp"

namespace mb {
namespace {

// A still heater of diameter 100 at the origin (a one-point path: it acts on its first
// tick) and n tiny discs on a circle of radius 45 inside it, flying outwards at 900 u/s:
// all of them leave it within the first 1/60 s tick (15 units, 5 to its edge).
World discs_leaving_a_heater(int n, double heater_kT) {
  World world;
  world.settings.heater_size = 100.0;
  world.gas.settings.heater_temperature = heater_kT;
  Actuator heater;
  heater.type = ActuatorType::Heater;
  heater.path.points = {{0.0, 0.0}};
  world.actuators.push_back(heater);
  for (int k = 0; k < n; ++k) {
    const double a = 2.0 * std::numbers::pi * (k + 0.5) / n;
    const Vec2 u{std::cos(a), std::sin(a)};
    world.gas.add_disc(45.0 * u.x, 45.0 * u.y, 900.0 * u.x, 900.0 * u.y, 2.0, 1e-3);
  }
  return world;
}

TEST(HeaterOnGas, DiscsLeavingAHeaterCarryItsTemperature) {
  const int n = 4000;
  const double kT = 50.0;
  World world = discs_leaving_a_heater(n, kT);
  const TickStats s = world.tick();
  EXPECT_EQ(s.heated_discs, n);
  // The mean of m v^2 / 2 over n draws: kT, with a standard error kT / sqrt(n) (the kinetic
  // energy of one 2D Maxwell-Boltzmann draw is exponential with mean kT): 1.6 % here.
  EXPECT_NEAR(gas::temperature(world.gas), kT, 4.0 * kT / std::sqrt(n));
  // Each component is normal with variance kT / m.
  double vx2 = 0.0;
  for (int32_t d = 0; d < world.gas.size(); ++d) vx2 += world.gas.vx[d] * world.gas.vx[d];
  EXPECT_NEAR(vx2 / n, kT / 2.0, 4.0 * std::sqrt(2.0 / n) * kT / 2.0);
}

TEST(HeaterOnGas, AtTemperatureZeroTheHeaterLeavesTheGasAlone) {
  World world = discs_leaving_a_heater(100, 0.0);
  const TickStats s = world.tick();
  EXPECT_EQ(s.heated_discs, 0);
  EXPECT_NEAR(gas::temperature(world.gas), 0.5 * 2.0 * 900.0 * 900.0, 1e-6);
}

}  // namespace
}  // namespace mb
