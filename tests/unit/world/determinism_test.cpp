// Determinism: the pinned runs (tests/common/pinned_runs.hpp) end with their pinned hash on
// one thread and on two, and state_hash sees every kind of state it documents.
#include <gtest/gtest.h>

#include <cstdio>

#include "physics/world/state_hash.hpp"
#include "tests/common/pinned_runs.hpp"

namespace {

const std::string kSource = MELTBOX_SOURCE_DIR;

std::string hex(uint64_t h) {
  char text[24];
  std::snprintf(text, sizeof text, "0x%016llx", static_cast<unsigned long long>(h));
  return text;
}

TEST(Determinism, PinnedRunsEndWithTheirHashOnOneAndTwoThreads) {
  for (const mb::test::PinnedRun& run : mb::test::kPinnedRuns) {
    uint64_t hashes[2] = {0, 0};
    for (int threads : {1, 2}) {
      mb::World world = mb::test::load_pinned(run, kSource, threads);
      for (int64_t t = 0; t < run.ticks; ++t) world.tick();
      hashes[threads - 1] = mb::state_hash(world);
    }
    EXPECT_EQ(hex(hashes[1]), hex(hashes[0])) << run.scene << ": 2 threads against 1";
    EXPECT_EQ(hex(hashes[0]), hex(run.hash)) << run.scene;
  }
}

TEST(StateHash, EqualForCopiesAndChangedByEachKindOfState) {
  mb::World world = mb::test::load_pinned(mb::test::kPinnedRuns[0], kSource, 1);
  for (int t = 0; t < 5; ++t) world.tick();
  const uint64_t h = mb::state_hash(world);
  EXPECT_EQ(mb::state_hash(mb::World(world)), h);
  ASSERT_GT(world.net.particle_count(), 0);
  ASSERT_FALSE(world.gas.empty());
  ASSERT_FALSE(world.bodies.empty());
  ASSERT_FALSE(world.actuators.empty());
  // One bit of one value of each kind: the hash must see it.
  const auto flips = [&](auto&& change) {
    mb::World w = world;
    change(w);
    return mb::state_hash(w) != h;
  };
  EXPECT_TRUE(flips([](mb::World& w) { ++w.time; }));
  EXPECT_TRUE(flips([](mb::World& w) { w.net.x[0] = std::nextafter(w.net.x[0], 1e9); }));
  EXPECT_TRUE(flips([](mb::World& w) { w.net.stiffness.back() *= 2.0; }));
  EXPECT_TRUE(flips([](mb::World& w) { w.gas.vy.back() = -w.gas.vy.back(); }));
  EXPECT_TRUE(flips([](mb::World& w) { w.gas.rng_state ^= 1; }));
  EXPECT_TRUE(flips([](mb::World& w) { w.bodies.bodies[0].vx[3] += 1e-9; }));
  EXPECT_TRUE(flips([](mb::World& w) { w.actuators[0].path_advancement += 1.0; }));
  // Not state: a setting changes no hash.
  EXPECT_FALSE(flips([](mb::World& w) { w.settings.convergence_limit *= 2.0; }));
  // -0.0 and 0.0 are different bits.
  mb::World a = world, b = world;
  a.gas.vx[0] = 0.0, b.gas.vx[0] = -0.0;
  EXPECT_NE(mb::state_hash(a), mb::state_hash(b));
}

}  // namespace

namespace {

// A copy taken mid-run (scratch left behind) and a world restored into one that had run on
// elsewhere both tick on exactly as the original does: nothing a tick keeps in scratch
// changes a later tick.
TEST(Determinism, CopiesAndRestoredWorldsTickOnAsTheOriginal) {
  const mb::test::PinnedRun runs[] = {
      mb::test::kPinnedRuns[0],
      mb::test::kPinnedRuns[1],
      {"pumping_heat.xml", "pumping_heat.cfg", 0, 0}};  // the conduction model's solver
  for (const mb::test::PinnedRun& run : runs) {
    mb::World original = mb::test::load_pinned(run, kSource, 2);
    for (int t = 0; t < 40; ++t) original.tick();
    mb::World copy = original;
    mb::World restored = mb::test::load_pinned(run, kSource, 2);
    for (int t = 0; t < 7; ++t) restored.tick();  // its scratch now holds another moment
    restored = original;
    for (int t = 0; t < 40; ++t) original.tick(), copy.tick(), restored.tick();
    EXPECT_EQ(hex(mb::state_hash(copy)), hex(mb::state_hash(original))) << run.scene;
    EXPECT_EQ(hex(mb::state_hash(restored)), hex(mb::state_hash(original))) << run.scene;
  }
}

}  // namespace
