#pragma once
// A single-writer, single-reader triple buffer. The writer fills its back slot and
// publishes it; the reader takes the newest published slot. Neither side ever waits
// for the other and neither ever sees a slot the other is using: the three slot
// indices are only exchanged through one atomic word, so a reader can never hold a
// half-written (torn) value.
#include <array>
#include <atomic>

namespace mb::engine {

template <class T>
class TripleBuffer {
 public:
  // Writer side.
  T& back() { return slots_[back_]; }
  void publish() { back_ = middle_.exchange(back_ | kFresh, std::memory_order_acq_rel) & kIndex; }

  // Reader side: takes the newest published value if there is one; returns whether
  // front() changed.
  bool acquire() {
    if (!(middle_.load(std::memory_order_acquire) & kFresh)) return false;
    front_ = middle_.exchange(front_, std::memory_order_acq_rel) & kIndex;
    return true;
  }
  const T& front() const { return slots_[front_]; }

 private:
  static constexpr unsigned kFresh = 4u;  // the middle slot holds an unread value
  static constexpr unsigned kIndex = 3u;
  std::array<T, 3> slots_{};
  std::atomic<unsigned> middle_{1u};
  unsigned back_ = 0u;   // writer's own
  unsigned front_ = 2u;  // reader's own
};

}  // namespace mb::engine
