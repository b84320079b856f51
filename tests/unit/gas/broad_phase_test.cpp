// The gas's broad phases and event list, each against a brute-force answer worked out
// from the definitions: the cell grid's pairs contain every pair closer than a cell side,
// sweep and prune returns exactly the pairs within its window, queries see exactly the
// discs in their window, and the event queue pops by time, then by disc index.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <utility>
#include <vector>

#include "physics/gas/cell_grid.hpp"
#include "physics/gas/event_queue.hpp"
#include "physics/gas/rng.hpp"
#include "physics/gas/sweep_prune.hpp"

namespace mb::gas {
namespace {

struct Points {
  std::vector<double> x, y;
};

// 500 points uniform in [0, 100]^2 from a fixed seed.
Points scatter() {
  SplitMix64 rng{42};
  Points p;
  for (int i = 0; i < 500; ++i) {
    p.x.push_back(100.0 * rng.uniform());
    p.y.push_back(100.0 * rng.uniform());
  }
  return p;
}

std::pair<int32_t, int32_t> ordered(int32_t a, int32_t b) {
  return a < b ? std::make_pair(a, b) : std::make_pair(b, a);
}

TEST(CellGrid, PairsHoldEveryPairCloserThanACellAndEachOnce) {
  const Points p = scatter();
  CellGrid grid;
  const double cell = 6.0;
  grid.build(p.x, p.y, {{0, 0}, {100, 100}}, cell);
  ASSERT_GE(grid.cell(), cell);
  std::multiset<std::pair<int32_t, int32_t>> found;
  grid.for_each_pair([&](int32_t i, int32_t j) { found.insert(ordered(i, j)); });
  for (const auto& pr : found) EXPECT_EQ(found.count(pr), 1u) << pr.first << " " << pr.second;
  int close = 0;
  for (int32_t i = 0; i < 500; ++i)
    for (int32_t j = i + 1; j < 500; ++j) {
      const double dx = p.x[i] - p.x[j], dy = p.y[i] - p.y[j];
      if (std::abs(dx) < cell && std::abs(dy) < cell) {
        ++close;
        EXPECT_EQ(found.count({i, j}), 1u) << i << " " << j;
      }
    }
  EXPECT_GT(close, 100);  // the test means something: many close pairs exist
  // Adjacent cells only: no pair is farther than two cells on either axis.
  const double reach = 2.0 * grid.cell();
  for (const auto& [i, j] : found) {
    EXPECT_LT(std::abs(p.x[i] - p.x[j]), reach);
    EXPECT_LT(std::abs(p.y[i] - p.y[j]), reach);
  }
}

TEST(CellGrid, AQueryVisitsEveryDiscInItsWindow) {
  const Points p = scatter();
  CellGrid grid;
  grid.build(p.x, p.y, {{0, 0}, {100, 100}}, 5.0);
  std::set<int32_t> seen;
  grid.query_slots(20.0, 35.0, 60.0, 70.0, [&](uint32_t k) { seen.insert(grid.items()[k]); });
  int inside = 0;
  for (int32_t i = 0; i < 500; ++i) {
    if (p.x[i] < 20.0 || p.x[i] > 35.0 || p.y[i] < 60.0 || p.y[i] > 70.0) continue;
    ++inside;
    EXPECT_EQ(seen.count(i), 1u) << i;
  }
  EXPECT_GT(inside, 3);  // 500 x 150 / 10,000 = 7.5 expected in the window
}

TEST(SweepPrune, PairsAreExactlyThoseWithinTheWindow) {
  const Points p = scatter();
  SweepPrune sp;
  sp.build(p.x, p.y);
  ASSERT_EQ(sp.size(), 500u);
  for (size_t k = 1; k < sp.size(); ++k)
    EXPECT_LE(p.x[sp.order()[k - 1]], p.x[sp.order()[k]]);  // sorted by x
  const double hx = 4.0, hy = 3.0;
  std::set<std::pair<int32_t, int32_t>> found;
  sp.for_each_slot_pair(0, sp.size(), hx, hy, [&](uint32_t k, uint32_t m) {
    EXPECT_TRUE(found.insert(ordered(sp.order()[k], sp.order()[m])).second);
  });
  std::set<std::pair<int32_t, int32_t>> expected;
  for (int32_t i = 0; i < 500; ++i)
    for (int32_t j = i + 1; j < 500; ++j)
      if (std::abs(p.x[i] - p.x[j]) <= hx && std::abs(p.y[i] - p.y[j]) <= hy)
        expected.insert({i, j});
  EXPECT_EQ(found, expected);
  EXPECT_GT(expected.size(), 50u);
}

TEST(SweepPrune, ARebuildAfterSmallMovesRepairsTheOrderWithFewSwaps) {
  Points p = scatter();
  SweepPrune sp;
  sp.build(p.x, p.y);
  // Each point moves by at most 0.05: only neighbours closer than 0.1 in x can swap.
  SplitMix64 rng{7};
  for (double& x : p.x) x += 0.1 * (rng.uniform() - 0.5);
  sp.build(p.x, p.y);
  for (size_t k = 1; k < sp.size(); ++k) EXPECT_LE(p.x[sp.order()[k - 1]], p.x[sp.order()[k]]);
  // 500 points over 100 units: about 0.5 neighbours within 0.1, so far fewer swaps than n.
  EXPECT_LT(sp.last_swaps(), 500);
}

TEST(EventQueue, PopsByTimeThenByDiscIndexWallsFirst) {
  // Slots 0..3 hold discs 30, 10, 20, 0: ties in time go by the discs' own indices.
  const int32_t id[4] = {30, 10, 20, 0};
  EventQueue q;
  q.reset(id);
  const std::vector<Event> events = {
      {0.5, 0, 1, 0, 0},   // disc 30 first: after the others at t = 0.5
      {0.5, 1, 2, 0, 0},   // disc 10 with disc 20
      {0.5, 1, -1, 0, 0},  // disc 10 and a wall (-1): walls before discs
      {0.2, 3, 0, 0, 0},   // the earliest
      {0.9, 2, 3, 0, 0},
  };
  q.append(events.begin(), events.end());
  q.heapify();
  q.push({0.5, 3, 1, 0, 0});  // disc 0 at t = 0.5: before disc 10
  std::vector<std::pair<double, int32_t>> popped;
  std::vector<int32_t> partner;
  while (!q.empty()) {
    const Event e = q.pop();
    popped.push_back({e.t, id[e.i]});
    partner.push_back(e.j);
  }
  const std::vector<std::pair<double, int32_t>> expected = {{0.2, 0},  {0.5, 0},  {0.5, 10},
                                                            {0.5, 10}, {0.5, 30}, {0.9, 20}};
  EXPECT_EQ(popped, expected);
  EXPECT_EQ(partner[2], -1);  // the wall before disc 20
  EXPECT_EQ(partner[3], 2);
}

}  // namespace
}  // namespace mb::gas
