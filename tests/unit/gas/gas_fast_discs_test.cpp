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

TEST(GasFastDiscs, PolydisperseDiscsOfMixedMassesAtTheSmallestSplitSizeRunTheSameBitForBit) {
  // 2,048 discs (the fewest that are split) at area fraction 0.05, radii 0.5 to 2 with mass
  // ~ r^2, 30 of them thrown at 3,000 units/s (50 units a tick, against a free path of
  // about 10) and two hot walls: fast discs fly far from where they are filed and meet
  // slow discs whose paths a collision has just turned, each other, and discs that turn
  // fast mid-tick.
  constexpr int kFew = 2048;
  const mb::Box box = gas_test::box_for(kFew, 1.25, 0.05);
  mb::Gas split;
  mb::gas::generate(split, box,
                    {.count = kFew,
                     .radius_min = 0.5,
                     .radius_max = 2.0,
                     .mass = 1.0,
                     .temperature = 100.0,
                     .seed = 23});
  for (size_t i = 0; i < split.mass.size(); ++i) split.mass[i] = split.radius[i] * split.radius[i];
  for (int i = 0; i < 30; ++i) {
    const size_t k = static_cast<size_t>(i) * 61;
    split.vx[k] = 3000.0 * std::cos(1.3 * i);
    split.vy[k] = 3000.0 * std::sin(1.3 * i);
  }
  split.settings.wall_temperature = {2.0e4, 2.0e4, 0.0, 0.0};
  mb::Gas one = split;
  one.settings.split_fast_discs = false;
  int64_t pairs_split = 0, pairs_one = 0;
  const int ticks = gas_test::kSanitized ? 10 : 40;
  for (int t = 0; t < ticks; ++t) {
    pairs_split += split.step(box).candidate_pairs;
    pairs_one += one.step(box).candidate_pairs;
  }
  gas_test::expect_same_motion(split, one);
  EXPECT_LT(pairs_split, pairs_one);  // the split was made: its queries read less
}

TEST(GasFastDiscs, AFastDiscFarFromWhereItWasFiledMeetsADiscAnotherCollisionTurnedIntoItsPath) {
  // A flies along y = 0 from x = 170 at 6,000 units/s (100 units a tick, T = 1/60 s). B
  // rests at (260, 2.2), just off A's path (contact at |dy| < 2, radii 1). C, at (260, 4.7)
  // moving down at 60 units/s, hits B head-on at T/2 (a gap of 0.5); B takes C's velocity
  // and is at y = 1.8 at 0.9 T, when A reaches x = 260: they meet about 88 units from where
  // A was filed at the tick start. B's query at T/2 must reach A there: its window is B's
  // short path widened by the fast discs' bound, (6,000 - v_slow) T = 99 units. The fast
  // discs' grid has cells of 2 r + 2 V T = 202 units from x = -20, so A is filed in the
  // cell left of B's: a window widened by less (half, say) misses it. 2,045 slow discs far
  // above make up the gas (the fewest discs that are split).
  mb::Gas g;
  const int32_t a = g.add_disc(170.0, 0.0, 6000.0, 0.0, 1.0, 1.0);
  const int32_t b = g.add_disc(260.0, 2.2, 0.0, 0.0, 1.0, 1.0);
  const int32_t c = g.add_disc(260.0, 4.7, 0.0, -60.0, 1.0, 1.0);
  for (int k = 0; g.size() < 2048; ++k) {
    const double vx = 20.0 * std::cos(0.9 * k), vy = 20.0 * std::sin(1.7 * k);
    g.add_disc(5.0 * (k % 51), 40.0 + 5.0 * (k / 51), vx, vy, 1.0, 1.0);
  }
  const mb::Box box{{-20.0, -20.0}, {980.0, 280.0}};
  mb::Gas one = g;
  one.settings.split_fast_discs = false;
  const mb::GasTickStats split_tick = g.step(box), one_tick = one.step(box);
  gas_test::expect_same_motion(g, one);
  EXPECT_LT(split_tick.candidate_pairs, one_tick.candidate_pairs);  // the split was made
  // C turned B into A's path and A hit it (B then hits C again, from below): A no longer
  // flies straight along x, and B no longer moves down at C's 60 units/s.
  const size_t ia = static_cast<size_t>(a), ib = static_cast<size_t>(b);
  EXPECT_LT(g.vx[ia], 6000.0);
  EXPECT_GT(g.vy[ib], 0.0);
  // Energy and momentum of the three (the slow discs stay far away): m = 1.
  const double e0 = 0.5 * (6000.0 * 6000.0 + 60.0 * 60.0);
  double e = 0.0, px = 0.0, py = 0.0;
  for (const int32_t k : {a, b, c}) {
    const size_t i = static_cast<size_t>(k);
    e += 0.5 * (g.vx[i] * g.vx[i] + g.vy[i] * g.vy[i]);
    px += g.vx[i], py += g.vy[i];
  }
  EXPECT_NEAR(e, e0, 1e-9 * e0);
  EXPECT_NEAR(px, 6000.0, 1e-9);
  EXPECT_NEAR(py, -60.0, 1e-9);
}
