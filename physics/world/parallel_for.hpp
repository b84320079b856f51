#pragma once
// A minimal parallel-for: runs body(i) for i in [0, count) on `threads` threads that
// take indices from a shared counter. Results must be written by index, so the outcome
// does not depend on the thread count or on scheduling.
#include <algorithm>
#include <atomic>
#include <cstdint>
#include <thread>
#include <vector>

namespace mb {

template <class Body>
void parallel_for(int64_t count, int threads, Body&& body) {
  threads = std::max(1, static_cast<int>(std::min<int64_t>(threads, count)));
  std::atomic<int64_t> next{0};
  auto worker = [&] {
    for (int64_t i = next++; i < count; i = next++) body(i);
  };
  std::vector<std::thread> pool;
  for (int t = 1; t < threads; ++t) pool.emplace_back(worker);
  worker();
  for (std::thread& t : pool) t.join();
}

}  // namespace mb
