// Gas: conservation over very many collisions.
#include <gtest/gtest.h>

#include <cmath>

#include "physics/gas/thermo.hpp"
#include "physics/gas/validate.hpp"
#include "tests/unit/gas/gas_fixture.hpp"

TEST(GasConservation, KineticEnergyAfterAMillionCollisions) {
  // 1000 discs of two masses at area fraction 0.3 with mirror walls: elastic collisions
  // and mirror walls conserve kinetic energy exactly, so only rounding may change it.
  // (Under AddressSanitizer 150,000 collisions, to keep the test short.)
  const int64_t target = gas_test::kSanitized ? 150'000 : 1'000'000;
  const mb::Box box = gas_test::box_for(1000, 1.0, 0.3);
  mb::Gas g;
  mb::gas::generate(g, box,
                    {.count = 500,
                     .radius_min = 1.0,
                     .radius_max = 1.0,
                     .mass = 1.0,
                     .temperature = 1.0,
                     .seed = 7});
  mb::gas::generate(g, box,
                    {.count = 500,
                     .radius_min = 0.8,
                     .radius_max = 1.1,
                     .mass = 3.0,
                     .temperature = 1.0,
                     .seed = 8,
                     .species = 1});
  const double e0 = mb::gas::kinetic_energy(g);
  int64_t collisions = 0;
  while (collisions < target) {
    const mb::GasTickStats s = g.step(box, 0.5);
    ASSERT_FALSE(s.event_cap_hit);
    collisions += s.collisions;
  }
  EXPECT_GE(collisions, target);
  EXPECT_NEAR(mb::gas::kinetic_energy(g) / e0, 1.0, 1e-9);
  // Still a valid hard-disc configuration: nothing overlaps beyond rounding.
  for (const auto& p : mb::gas::find_overlaps(g)) EXPECT_LT(p.depth, 1e-9) << p.i << " " << p.j;
  EXPECT_TRUE(mb::gas::validate(mb::Gas{}, box).empty());
}

TEST(GasConservation, BothBroadPhasesGiveTheSameRunBitForBit) {
  // Both broad phases hand every pair that can touch to the same exact contact test, and
  // events are ordered by (time, discs), so the runs are identical.
  const mb::Box box = gas_test::box_for(600, 1.0, 0.3);
  mb::Gas a;
  mb::gas::generate(a, box,
                    {.count = 600,
                     .radius_min = 0.7,
                     .radius_max = 1.2,
                     .mass = 1.0,
                     .temperature = 2.0,
                     .seed = 3});
  mb::Gas b = a;
  a.settings.broad_phase = mb::GasBroadPhase::SweepPrune;
  b.settings.broad_phase = mb::GasBroadPhase::Grid;
  for (int t = 0; t < 100; ++t) {
    a.step(box, 0.5);
    b.step(box, 0.5);
  }
  EXPECT_GT(a.total_collisions(), 10000);
  EXPECT_EQ(a.total_collisions(), b.total_collisions());
  EXPECT_EQ(a.x, b.x);
  EXPECT_EQ(a.vy, b.vy);
}
