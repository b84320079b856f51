// WorkerPool (physics/core/worker_pool.hpp): every index runs exactly once, results by index
// match a serial loop for any thread count, and the pool survives many back-to-back runs.
#include "physics/core/worker_pool.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

TEST(WorkerPool, EveryIndexOnceAndResultsMatchSerial) {
  const int64_t n = 10'007;  // not a multiple of the chunk
  std::vector<double> serial(n);
  for (int64_t i = 0; i < n; ++i) serial[static_cast<size_t>(i)] = std::sin(0.001 * i) * i;
  for (int threads : {1, 2, 3}) {
    mb::WorkerPool pool(threads);
    EXPECT_EQ(pool.threads(), threads);
    for (int rep = 0; rep < 200; ++rep) {  // many runs: wake-ups are never lost
      std::vector<double> out(n, -1.0);
      std::vector<int> hits(n, 0);
      pool.run(
          n,
          [&](int64_t i) {
            out[static_cast<size_t>(i)] = std::sin(0.001 * i) * i;
            ++hits[static_cast<size_t>(i)];
          },
          64);
      ASSERT_EQ(out, serial) << threads << " threads, run " << rep;
      for (int h : hits) ASSERT_EQ(h, 1);
    }
  }
}

TEST(WorkerPool, ResizeAndCopiedSlotsMakeTheirOwnPool) {
  mb::WorkerPoolSlot a;
  EXPECT_EQ(a.get(2).threads(), 2);
  mb::WorkerPoolSlot b = a;  // a copy does not share the threads
  EXPECT_NE(&a.get(2), &b.get(2));
  EXPECT_EQ(a.get(1).threads(), 1);
  std::vector<int> v(1000, 0);
  a.get(3).run(
      1000, [&](int64_t i) { v[static_cast<size_t>(i)] = static_cast<int>(i); }, 16);
  for (int i = 0; i < 1000; ++i) ASSERT_EQ(v[static_cast<size_t>(i)], i);
}
