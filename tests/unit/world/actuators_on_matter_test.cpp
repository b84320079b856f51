// Actuators acting on every kind of matter, not only the spring network (world.hpp):
// heaters are thermostat regions for the gas (heater_region.hpp), pushers hold body points
// and are hard walls for the gas (pusher_matter.hpp). Expected values from the 2D
// Maxwell-Boltzmann law (discs leaving a heater at kT carry <m v^2 / 2> = kT) and from the
// geometry of the pusher's path.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "physics/gas/thermo.hpp"
#include "physics/peri/body.hpp"
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

// A square pusher of side `side` centred at `from`, moving to `to` at `speed` per tick.
Actuator square_pusher(double side, Vec2 from, Vec2 to, double speed) {
  Actuator p;
  p.type = ActuatorType::Pusher;
  const double h = 0.5 * side;
  p.shape = {{-h, -h}, {h, -h}, {h, h}, {-h, h}};
  p.path.points = {from, to};
  p.speed = speed;
  return p;
}

TEST(PusherOnBodies, APusherHoldsTheBodyPointsItCoversAndDragsTheBody) {
  World world;
  world.bodies.settings.gravity = {0.0, 0.0};
  PeriBodySpec s;
  s.shape.radius = 20.0;
  s.spacing = 2.0;
  s.material = preset_material(PeriPreset::NeoHookean, 5.0e4, 0.3, 1.0);
  world.bodies.add(build_body(s));
  // Over the body's right edge, then 60 units to the right at 1 unit a tick.
  world.actuators.push_back(square_pusher(12.0, {16.0, 0.0}, {76.0, 0.0}, 1.0));
  const PeriBody& b = world.bodies.bodies[0];
  const std::vector<double> x0 = b.x, y0 = b.y;
  while (world.actuators_running()) world.tick();
  const std::vector<BodyPointRef>& held = world.actuators[0].gripped_points;
  ASSERT_GT(held.size(), 5u);
  for (const BodyPointRef r : held) {  // carried exactly along the path
    EXPECT_NEAR(b.x[r.point] - x0[r.point], 60.0, 1e-9);
    EXPECT_NEAR(b.y[r.point] - y0[r.point], 0.0, 1e-9);
  }
  double moved = 0.0;  // the centre of the body (its points are of equal mass)
  for (int32_t i = 0; i < b.size(); ++i) moved += (b.x[i] - x0[i]) / b.size();
  EXPECT_GT(moved, 40.0);  // dragged along by its bonds, not torn (it stretches behind)
  EXPECT_GT(world.bodies.stats().min_det_f, 0.3);
}

TEST(PusherOnGas, APusherIsAPistonForTheDiscsAheadAndABoxForThoseInside) {
  World world;
  world.box = {{-200.0, -50.0}, {200.0, 50.0}};
  // Discs at rest ahead of a pusher that sweeps 100 units to the right, and one inside it.
  for (int k = 0; k < 10; ++k) world.gas.add_disc(20.0 + 5.0 * k, -20.0 + 4.0 * k, 0, 0, 1, 1);
  world.gas.add_disc(0.0, 0.0, 30.0, 10.0, 1.0, 1.0);  // inside, moving
  world.actuators.push_back(square_pusher(20.0, {0.0, 0.0}, {100.0, 0.0}, 2.0));
  while (world.actuators_running()) {
    world.tick();
    const Vec2 at = world.actuators[0].position();
    for (int32_t d = 0; d < 10; ++d) {  // never behind the pusher's front (x = at + 10)
      if (std::abs(world.gas.y[d] - at.y) < 10.0) {
        ASSERT_GT(world.gas.x[d], at.x + 10.0);
      }
    }
    // The disc inside stays inside (its centre within the square less its radius).
    ASSERT_LT(std::abs(world.gas.x[10] - at.x), 10.0);
    ASSERT_LT(std::abs(world.gas.y[10] - at.y), 10.0);
  }
  // Swept ahead: the discs in the pusher's band were pushed past where it stopped.
  int ahead = 0;
  for (int32_t d = 0; d < 10; ++d) ahead += world.gas.x[d] > 110.0;
  EXPECT_GE(ahead, 4);
}

TEST(PusherOnGas, ADiscPinchedBetweenAPusherAndAWallKeepsNoPumpedEnergy) {
  // The pusher (120 units/s) runs into the right wall with a disc ahead of it. Elastic
  // bounces off an immovable wall closing at v add 2 v each; pinched, the disc would gain
  // without end. After the squeeze guard it moves with the pusher, so once the pusher has
  // stopped (past the wall) the disc is no faster than a few bounces made it.
  World world;
  world.box = {{0.0, -20.0}, {100.0, 20.0}};
  world.gas.add_disc(85.0, 0.0, 0.0, 0.0, 1.0, 1.0);
  world.actuators.push_back(square_pusher(10.0, {60.0, 0.0}, {110.0, 0.0}, 2.0));
  double fastest = 0.0;
  int64_t squeezed = 0;
  while (world.actuators_running()) {
    world.tick();
    squeezed += world.gas.last_step().squeezed;
    fastest = std::max(fastest, glm::length(Vec2{world.gas.vx[0], world.gas.vy[0]}));
  }
  EXPECT_GT(squeezed, 0);                  // it was pinched
  EXPECT_LT(fastest, 20.0 * 2.0 * 120.0);  // bounded by the guard's 16 bounces
  for (int t = 0; t < 30; ++t) world.tick();
  EXPECT_LE(glm::length(Vec2{world.gas.vx[0], world.gas.vy[0]}), 4.0 * 120.0);
  EXPECT_TRUE(std::isfinite(world.gas.x[0]));
}

}  // namespace
}  // namespace mb
