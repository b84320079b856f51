#pragma once
// The physics library's one thread facility: a small persistent worker pool for parallel
// loops. The threads are made once and wait between calls, so a loop costs a wake-up, not a
// thread start (at ~40 loops per tick, starting threads per loop dominated small bodies).
//
// Contract: body(i) runs exactly once for every i in [0, count), on any
// thread, in any order; results must be written by index so the outcome does not depend on
// the thread count or on scheduling. Indices are handed out in chunks from an atomic counter.
// run() returns after every body(i) has finished (its writes are visible to the caller:
// the acq_rel decrement of `busy_` and the caller's acquire load order them). One run() at a
// time per pool. Workers poll briefly for the next job, then sleep on a condition variable.
//
// TSan-friendly: all shared state is either atomic or guarded by `mutex_`; the job (body
// pointer, count, chunk) is written before the release bump of `generation_` that workers
// acquire.
#include <algorithm>
#include <atomic>
#include <condition_variable>
#include <cstdint>
#include <functional>
#include <memory>
#include <mutex>
#include <thread>
#include <vector>

namespace mb {

class WorkerPool {
 public:
  explicit WorkerPool(int threads = 1) { resize(threads); }
  ~WorkerPool() { stop(); }
  WorkerPool(const WorkerPool&) = delete;
  WorkerPool& operator=(const WorkerPool&) = delete;

  int threads() const { return static_cast<int>(workers_.size()) + 1; }  // + the caller
  // Sets the number of threads (caller included); restarts the workers if it changed.
  void resize(int threads);

  // Runs body(i) for i in [0, count). `chunk`: indices taken at a time.
  template <class Body>
  void run(int64_t count, Body&& body, int64_t chunk = 256) {
    if (count <= 0) return;
    if (workers_.empty() || count <= chunk) {
      for (int64_t i = 0; i < count; ++i) body(i);
      return;
    }
    std::function<void(int64_t, int64_t)> range = [&body](int64_t a, int64_t b) {
      for (int64_t i = a; i < b; ++i) body(i);
    };
    dispatch(count, chunk, range);
  }

 private:
  void dispatch(int64_t count, int64_t chunk, const std::function<void(int64_t, int64_t)>& range);
  void work_share();  // takes chunks until none is left
  void worker_loop(uint64_t seen);
  void stop();

  std::vector<std::thread> workers_;
  std::mutex mutex_;
  std::condition_variable wake_, finished_;
  // The current job (written under mutex_ before generation_ changes).
  const std::function<void(int64_t, int64_t)>* job_ = nullptr;
  int64_t count_ = 0, chunk_ = 1;
  std::atomic<int64_t> next_{0};
  std::atomic<uint64_t> generation_{0};  // bumped (under mutex_) to start a job
  std::atomic<int> busy_{0};             // workers still inside the current job
  bool quit_ = false;                    // guarded by mutex_
};

// A pool owned by a copyable object (PeriSystem, hence World): copies start without a
// pool and make their own on first use, so two copies never share threads.
class WorkerPoolSlot {
 public:
  WorkerPoolSlot() = default;
  WorkerPoolSlot(const WorkerPoolSlot&) {}
  WorkerPoolSlot& operator=(const WorkerPoolSlot&) { return *this; }
  WorkerPoolSlot(WorkerPoolSlot&&) noexcept = default;
  WorkerPoolSlot& operator=(WorkerPoolSlot&&) noexcept = default;
  WorkerPool& get(int threads) {
    if (!pool_) pool_ = std::make_unique<WorkerPool>(threads);
    pool_->resize(threads);
    return *pool_;
  }

 private:
  std::unique_ptr<WorkerPool> pool_;
};

}  // namespace mb
