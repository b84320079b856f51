#pragma once
// The UI -> physics command queue: many producers, one consumer, first in first out.
// push() takes a short lock around a vector append; the physics thread drains all
// pending commands at the start of a tick, and sleeps in wait() between ticks.
#include <chrono>
#include <condition_variable>
#include <mutex>
#include <vector>

#include "engine/command.hpp"

namespace mb::engine {

class CommandQueue {
 public:
  using Clock = std::chrono::steady_clock;

  void push(Command command) {
    {
      std::lock_guard lock(mutex_);
      pending_.push_back(std::move(command));
    }
    wake_.notify_one();
  }
  // Moves every pending command, in push order, to the end of `out`.
  void drain(std::vector<Command>& out) {
    std::lock_guard lock(mutex_);
    for (Command& c : pending_) out.push_back(std::move(c));
    pending_.clear();
  }
  // Wakes a wait() without a command (stop, a query).
  void interrupt() {
    {
      std::lock_guard lock(mutex_);
      interrupted_ = true;
    }
    wake_.notify_one();
  }
  // Sleeps until a command is pending, interrupt() is called, or `deadline` passes
  // (forever when `until_deadline` is false).
  void wait(bool until_deadline, Clock::time_point deadline) {
    std::unique_lock lock(mutex_);
    const auto ready = [&] { return !pending_.empty() || interrupted_; };
    if (until_deadline)
      wake_.wait_until(lock, deadline, ready);
    else
      wake_.wait(lock, ready);
    interrupted_ = false;
  }

 private:
  std::mutex mutex_;
  std::condition_variable wake_;
  std::vector<Command> pending_;
  bool interrupted_ = false;
};

}  // namespace mb::engine
