// Gas: the tick-start work on several threads gives the same run bit for bit.
#include <gtest/gtest.h>

#include "physics/gas/gas.hpp"
#include "tests/unit/gas/gas_fixture.hpp"

namespace {

// 3000 discs of two sizes and masses, hot and cold thermostat walls (so the random draws
// must come in the same order too), a very fast disc (wide partner queries).
mb::Gas mixed_gas(const mb::Box& box) {
  mb::Gas g;
  mb::gas::generate(g, box,
                    {.count = 1500,
                     .radius_min = 0.7,
                     .radius_max = 1.2,
                     .mass = 1.0,
                     .temperature = 100.0,
                     .seed = 5});
  mb::gas::generate(g, box,
                    {.count = 1500,
                     .radius_min = 0.5,
                     .radius_max = 1.0,
                     .mass = 3.0,
                     .temperature = 50.0,
                     .seed = 6,
                     .species = 1});
  g.settings.wall_temperature = {300.0, 10.0, 0.0, 80.0};
  g.vx[0] = 2000.0;
  g.vy[0] = -1500.0;
  return g;
}

void expect_same(const mb::Gas& a, const mb::Gas& b) {
  gas_test::expect_same_motion(a, b);
  EXPECT_EQ(a.rng_state, b.rng_state);
  EXPECT_EQ(a.last_step().stale_events, b.last_step().stale_events);
  EXPECT_EQ(a.last_step().candidate_pairs, b.last_step().candidate_pairs);
}

}  // namespace

TEST(GasThreads, TwoAndThreeThreadsGiveTheSameRunAsOneBitForBit) {
  const mb::Box box = gas_test::box_for(3000, 1.0, 0.3);
  for (const mb::GasBroadPhase phase : {mb::GasBroadPhase::Grid, mb::GasBroadPhase::SweepPrune}) {
    mb::Gas one = mixed_gas(box);
    one.settings.broad_phase = phase;
    mb::Gas two = one, three = one;  // copies start without threads and make their own
    two.settings.threads = 2;
    three.settings.threads = 3;
    for (int t = 0; t < 40; ++t) {
      one.step(box);
      two.step(box);
      three.step(box);
    }
    EXPECT_GT(one.total_collisions(), 10'000);
    EXPECT_GT(one.total_wall_hits(), 100);
    expect_same(one, two);
    expect_same(one, three);
  }
}

TEST(GasThreads, OneTickOnTwoThreadsMatchesOneThread) {
  // A single tick from the same start, and a thread count changed between ticks.
  const mb::Box box = gas_test::box_for(3000, 1.0, 0.3);
  mb::Gas one = mixed_gas(box);
  mb::Gas two = one;
  two.settings.threads = 2;
  one.step(box);
  two.step(box);
  expect_same(one, two);
  two.settings.threads = 1;
  one.settings.threads = 2;
  one.step(box);
  two.step(box);
  expect_same(one, two);
}
