// Gas: the event cap (a safety stop, gas_step.cpp) leaves a valid gas. Found with the
// world fuzz target (tests/fuzz/corpus/world/regress-gas-cap-*): a disc in a box a hair
// wider than itself hit the cap, then drifted on to the end of the tick, through the wall.
#include <gtest/gtest.h>

#include <cmath>

#include "physics/gas/gas.hpp"
#include "physics/gas/validate.hpp"

TEST(GasEventCap, ATickThatHitsTheCapEndsWithEveryDiscInsideTheBox) {
  // Wall to wall is 1e-12 for this disc: about 1.7e10 bounces in a 1/60 s tick.
  const mb::Box box{{0.0, 0.0}, {2.000000000001, 10.0}};
  mb::Gas g;
  g.add_disc(1.0, 5.0, 1.0, 0.0, 1.0, 1.0);
  const mb::GasTickStats s = g.step(box, 1.0 / 60.0);
  EXPECT_TRUE(s.event_cap_hit);
  EXPECT_TRUE(mb::gas::validate(g, box).empty());
  EXPECT_EQ(g.vy[0], 0.0);
  EXPECT_EQ(std::abs(g.vx[0]), 1.0);  // mirror walls: the speed is kept
}

TEST(GasEventCap, ADiscTooFastForTheCapStaysInTheBox) {
  // Its contacts come 2e-297 s apart; the cap stops the tick with it at one of them.
  const mb::Box box{{-1000.0, -1000.0}, {1000.0, 1000.0}};
  mb::Gas g;
  g.add_disc(0.0, 0.0, 1e300, -1e300, 1.0, 1.0);
  g.add_disc(10.0, 10.0, -3.0, 2.0, 1.0, 1.0);
  const mb::GasTickStats s = g.step(box, 1.0 / 60.0);
  EXPECT_TRUE(s.event_cap_hit);
  EXPECT_TRUE(mb::gas::validate(g, box).empty());
}
