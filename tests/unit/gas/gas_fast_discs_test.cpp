// Gas: finding the fastest discs apart (fast_discs.cpp) changes which pairs the broad phase
// hands to the contact test, never which pairs meet: the run is the same bit for bit as with
// one velocity bound for all discs, and the partner queries read far fewer discs.
#include <gtest/gtest.h>

#include <cmath>

#include "physics/gas/gas.hpp"
#include "tests/unit/gas/gas_fixture.hpp"

namespace {

constexpr int kDiscs = 4096;

// A thermal gas (rms speed about 14 units/s) with 40 discs thrown at 40 times that, and a
// hot left wall, whose draws make discs fast in the middle of a tick.
mb::Gas gas_with_fast_discs(const mb::Box& box) {
  mb::Gas g;
  mb::gas::generate(g, box,
                    {.count = kDiscs,
                     .radius_min = 1.0,
                     .radius_max = 1.0,
                     .mass = 1.0,
                     .temperature = 100.0,
                     .seed = 11});
  for (int i = 0; i < 40; ++i) {
    const double a = 0.7 * i;
    g.vx[static_cast<size_t>(i) * 97] = 560.0 * std::cos(a);
    g.vy[static_cast<size_t>(i) * 97] = 560.0 * std::sin(a);
  }
  g.settings.wall_temperature = {4.0e4, 0.0, 0.0, 0.0};
  return g;
}

}  // namespace

TEST(GasFastDiscs, TheRunIsTheSameBitForBitAsWithOneBoundAndReadsFewerPairs) {
  const mb::Box box = gas_test::box_for(kDiscs, 1.0, 0.3);
  const int ticks = gas_test::kSanitized ? 10 : 30;
  for (const mb::GasBroadPhase phase : {mb::GasBroadPhase::Grid, mb::GasBroadPhase::SweepPrune}) {
    mb::Gas split = gas_with_fast_discs(box);
    split.settings.broad_phase = phase;
    mb::Gas one = split;
    one.settings.split_fast_discs = false;
    int64_t pairs_split = 0, pairs_one = 0;
    for (int t = 0; t < ticks; ++t) {
      pairs_split += split.step(box).candidate_pairs;
      pairs_one += one.step(box).candidate_pairs;
    }
    gas_test::expect_same_motion(split, one);
    // The gas did collide: Enskog's 2D rate, nu = n 2 sigma g(sigma) sqrt(pi kT / m) =
    // 0.0955 * 4 * 1.77 * 17.7 = 12 a disc a second (g from Henderson's 2D fit at area
    // fraction 0.3), is N nu dt / 2 = 410 collisions a tick; the hot wall and the thrown
    // discs add more. Half of the thermal rate at least:
    EXPECT_GT(split.total_collisions(), 200 * ticks);
    // With one bound every query is widened by 560/60 units a side, against about 1 for
    // the thermal discs: the split must at least halve what the queries read.
    EXPECT_LT(2 * pairs_split, pairs_one) << "broad phase " << static_cast<int>(phase);
  }
}
