// Spring particles as thermal walls for the gas (the conduction model, gas_obstacles.cpp):
// the energy a disc loses at the wall is exactly the heat the wall books, the disc leaves
// away from it, and a gas shut in with hot walls comes to the wall's temperature.
#include <gtest/gtest.h>

#include <cmath>

#include "physics/gas/gas.hpp"
#include "physics/gas/generator.hpp"
#include "physics/gas/thermo.hpp"

namespace mb {
namespace {

TEST(GasThermalWall, TheEnergyADiscLeavesAtTheWallIsTheHeatTheWallReceives) {
  for (const double wall_kT : {5.0, 5000.0}) {  // a cold wall and a hot one
    Gas gas;
    gas.add_disc(0.0, 0.3, 20.0, 0.0, 2.0, 1.0);
    ContactView wall;
    wall.add(6.0, 0.0, 0.0, 0.0, 2.0, 0.0);  // at rest, immovable
    wall.set_wall_kT(wall_kT);
    const double before = gas::kinetic_energy(gas);
    const GasTickStats s = gas.step({{-1e4, -1e4}, {1e4, 1e4}}, 0.2, &wall);
    ASSERT_EQ(s.obstacle_hits, 1);
    EXPECT_NEAR(gas::kinetic_energy(gas) + wall.heat[0], before, 1e-12 * before);
    EXPECT_LT(gas.vx[0], 0.0);  // away from the wall (its normal is mostly along x)
    // A cold wall takes heat from a disc this fast; a hot one gives it.
    EXPECT_EQ(wall.heat[0] > 0.0, wall_kT < before) << wall_kT;
  }
}

// With elastic box walls and elastic disc collisions the only exchange is with the thermal
// walls, whose flux distribution at kT_w is the one the gas has in equilibrium at kT_w: the
// gas's kinetic temperature goes there (from colder and from hotter). The time average
// over 3000 ticks leaves a few per cent of noise from 300 discs.
TEST(GasThermalWall, AGasShutInWithThermalWallsTakesTheirTemperature) {
  const Box box{{-60.0, -60.0}, {60.0, 60.0}};
  const double wall_kT = 400.0;
  for (const double start_kT : {50.0, 2000.0}) {
    Gas gas;
    gas::GeneratorSpec spec;
    spec.count = 300, spec.radius_min = spec.radius_max = 1.0, spec.mass = 1.0;
    spec.temperature = start_kT, spec.seed = 7;
    gas::generate(gas, {{-60.0, -60.0}, {60.0, 20.0}}, spec);  // clear of the walls at y = 38
    ContactView wall;                                          // four particles at one temperature
    for (const double x : {-40.0, -13.0, 13.0, 40.0}) {
      wall.add(x, 38.0, 0.0, 0.0, 8.0, 0.0);
      wall.set_wall_kT(wall_kT);
    }
    double sum = 0.0;
    int samples = 0;
    for (int k = 0; k < 6000; ++k) {
      wall.reset_outputs();
      gas.step(box, 0.05, &wall);
      if (k >= 3000) sum += gas::temperature(gas), ++samples;  // after it has settled
    }
    EXPECT_NEAR(sum / samples / wall_kT, 1.0, 0.06) << "from kT " << start_kT;
  }
}

}  // namespace
}  // namespace mb
