#include "physics/core/worker_pool.hpp"

namespace mb {

namespace {
// Spin this many polls before sleeping on a condition variable: back-to-back loops (a force
// pass, then the gather, then the integration) then hand over in microseconds, not a
// futex wake-up each. ~20-50 us of polling; a longer gap falls back to the blocking wait.
constexpr int kSpins = 2000;
}  // namespace

void WorkerPool::resize(int threads) {
  threads = std::max(1, threads);
  if (threads == this->threads()) return;
  stop();
  quit_ = false;
  // Each worker starts from the generation current now, so a job dispatched before it first
  // takes the lock is not missed.
  const uint64_t start = generation_.load(std::memory_order_relaxed);
  for (int t = 1; t < threads; ++t) workers_.emplace_back([this, start] { worker_loop(start); });
}

void WorkerPool::stop() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    quit_ = true;
  }
  wake_.notify_all();
  for (std::thread& t : workers_) t.join();
  workers_.clear();
}

void WorkerPool::work_share() {
  const int64_t count = count_, chunk = chunk_;
  for (int64_t a = next_.fetch_add(chunk, std::memory_order_relaxed); a < count;
       a = next_.fetch_add(chunk, std::memory_order_relaxed))
    (*job_)(a, std::min(count, a + chunk));
}

void WorkerPool::dispatch(int64_t count, int64_t chunk,
                          const std::function<void(int64_t, int64_t)>& range) {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    job_ = &range;
    count_ = count;
    chunk_ = chunk;
    next_.store(0, std::memory_order_relaxed);
    busy_.store(static_cast<int>(workers_.size()), std::memory_order_relaxed);
    generation_.fetch_add(1, std::memory_order_release);  // publishes the job to spinners
  }
  wake_.notify_all();
  work_share();
  for (int k = 0; k < kSpins && busy_.load(std::memory_order_acquire) != 0; ++k)
    std::this_thread::yield();
  if (busy_.load(std::memory_order_acquire) != 0) {
    std::unique_lock<std::mutex> lock(mutex_);
    finished_.wait(lock, [this] { return busy_.load(std::memory_order_acquire) == 0; });
  }
}

void WorkerPool::worker_loop(uint64_t seen) {
  while (true) {
    for (int k = 0; k < kSpins && generation_.load(std::memory_order_acquire) == seen; ++k)
      std::this_thread::yield();
    if (generation_.load(std::memory_order_acquire) == seen) {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock,
                 [&] { return quit_ || generation_.load(std::memory_order_acquire) != seen; });
      if (quit_) return;
    } else {
      std::lock_guard<std::mutex> lock(mutex_);  // (rare path cost: keeps quit_ guarded)
      if (quit_) return;
    }
    seen = generation_.load(std::memory_order_acquire);
    work_share();
    // The last worker out wakes the caller if it went to sleep (the mutex orders the
    // decrement before the caller's predicate check, so the wake-up cannot be lost).
    if (busy_.fetch_sub(1, std::memory_order_acq_rel) == 1) {
      std::lock_guard<std::mutex> lock(mutex_);
      finished_.notify_one();
    }
  }
}

}  // namespace mb
