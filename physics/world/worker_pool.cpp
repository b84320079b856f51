#include "physics/world/worker_pool.hpp"

namespace mb {

void WorkerPool::resize(int threads) {
  threads = std::max(1, threads);
  if (threads == this->threads()) return;
  stop();
  quit_ = false;
  // Each worker starts from the generation current now, so a job dispatched before it first
  // takes the lock is not missed.
  const uint64_t start = generation_;
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
    busy_ = static_cast<int>(workers_.size());
    ++generation_;
  }
  wake_.notify_all();
  work_share();
  std::unique_lock<std::mutex> lock(mutex_);
  finished_.wait(lock, [this] { return busy_ == 0; });
  job_ = nullptr;
}

void WorkerPool::worker_loop(uint64_t seen) {
  while (true) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      wake_.wait(lock, [&] { return quit_ || generation_ != seen; });
      if (quit_) return;
      seen = generation_;
    }
    work_share();
    bool last = false;
    {
      std::lock_guard<std::mutex> lock(mutex_);
      last = --busy_ == 0;
    }
    if (last) finished_.notify_one();
  }
}

}  // namespace mb
