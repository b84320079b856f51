#include <gtest/gtest.h>

#include <atomic>
#include <thread>

#include "engine/triple_buffer.hpp"
#include "physics/world/snapshot.hpp"

namespace mb::engine {

TEST(TripleBuffer, ReaderGetsTheNewestPublished) {
  TripleBuffer<int> b;
  EXPECT_FALSE(b.acquire());
  b.back() = 1;
  b.publish();
  b.back() = 2;
  b.publish();
  EXPECT_TRUE(b.acquire());
  EXPECT_EQ(b.front(), 2);
  EXPECT_FALSE(b.acquire());
  EXPECT_EQ(b.front(), 2);
}

// The writer fills every array of a Snapshot with its tick number; a torn read would
// show two different numbers in one snapshot, or sizes that disagree.
TEST(TripleBuffer, NeverHandsOutATornSnapshot) {
  TripleBuffer<Snapshot> b;
  std::atomic<bool> done{false};
  constexpr int kTicks = 20000;
  std::thread writer([&] {
    for (int t = 1; t <= kTicks; ++t) {
      Snapshot& s = b.back();
      const size_t n = 50 + static_cast<size_t>(t % 7);
      s.tick = t;
      s.springs.x.assign(n, static_cast<float>(t));
      s.springs.y.assign(n, static_cast<float>(t));
      s.springs.strain.assign(n / 2, static_cast<float>(t));
      b.publish();
    }
    done = true;
  });
  int64_t last = 0;
  long reads = 0;
  for (;;) {
    const bool finished = done;  // read before acquiring: the last value is then seen
    if (!b.acquire()) {
      if (finished) break;
      continue;
    }
    const Snapshot& s = b.front();
    const auto t = static_cast<float>(s.tick);
    ASSERT_GE(s.tick, last);
    ASSERT_EQ(s.springs.x.size(), 50 + static_cast<size_t>(s.tick % 7));
    ASSERT_EQ(s.springs.strain.size(), s.springs.x.size() / 2);
    for (float v : s.springs.x) ASSERT_EQ(v, t);
    for (float v : s.springs.y) ASSERT_EQ(v, t);
    for (float v : s.springs.strain) ASSERT_EQ(v, t);
    last = s.tick;
    ++reads;
  }
  writer.join();
  EXPECT_GT(reads, 0);
  EXPECT_EQ(b.front().tick, kTicks);
}

}  // namespace mb::engine
