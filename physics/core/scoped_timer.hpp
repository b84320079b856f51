#pragma once
// Adds the wall time of a scope to *total, or does nothing when total is null (a clock a
// debug switch turned off, at the cost of one branch). Never read by the physics: timings
// must not change what a run does.
#include <chrono>

namespace mb {

class ScopedTimer {
 public:
  explicit ScopedTimer(double* total) : total_(total) {
    if (total_ != nullptr) start_ = std::chrono::steady_clock::now();
  }
  ~ScopedTimer() {
    if (total_ != nullptr)
      *total_ += std::chrono::duration<double>(std::chrono::steady_clock::now() - start_).count();
  }
  ScopedTimer(const ScopedTimer&) = delete;
  ScopedTimer& operator=(const ScopedTimer&) = delete;

 private:
  double* total_;
  std::chrono::steady_clock::time_point start_{};
};

}  // namespace mb
