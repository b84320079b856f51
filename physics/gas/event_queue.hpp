#pragma once
// The future-event list of event-driven molecular dynamics: a binary min-heap of
// predicted collisions. An event stores the collision counters its discs had when it was
// predicted; it is stale (dropped when popped) if either disc has collided since
// (Lubachevsky 1991; Rapaport ch. 14).
//
// Events name discs by their slot in the tick's working order (cell or sweep order), but
// ties are broken by the discs' own indices, so that the order, and hence the whole run,
// does not depend on which broad phase found the pair, nor on the order the pairs were
// found in (any set of events pops in the same order).
#include <algorithm>
#include <cstdint>
#include <vector>

namespace mb::gas {

struct Event {
  double t;  // time within the tick
  // Slots; j < 0 is a wall, -1 - Wall, or from kFirstObstacle down an obstacle (other
  // matter, ContactView entry kFirstObstacle - j). For a pair, id[i] < id[j].
  int32_t i, j;
  uint32_t ci, cj;  // collision counters of i and j at prediction (cj unused for j < 0)
};

inline constexpr int32_t kFirstObstacle = -5;

// "a pops after b": by time, then by disc index (id maps a slot to its disc), walls first.
struct EventLater {
  const int32_t* id = nullptr;
  int32_t key(int32_t j) const { return j >= 0 ? id[j] : j; }
  bool operator()(const Event& a, const Event& b) const {
    if (a.t != b.t) return a.t > b.t;
    if (a.i != b.i) return id[a.i] > id[b.i];
    return key(a.j) > key(b.j);
  }
};

class EventQueue {
 public:
  // Empties the queue; `id` (slot -> disc) must outlive its use.
  void reset(const int32_t* id) {
    later_ = {id};
    heap_.clear();
  }
  bool empty() const { return heap_.empty(); }
  size_t size() const { return heap_.size(); }
  const Event& top() const { return heap_.front(); }  // the next to pop (not empty)
  // Heap slot k (k < size()): top()'s children 1 and 2 hold the one that pops after it.
  const Event& at(size_t k) const { return heap_[k]; }
  // Appends events without ordering them; heapify() then builds the heap in O(n).
  template <class It>
  void append(It first, It last) {
    heap_.insert(heap_.end(), first, last);
  }
  void heapify() { std::make_heap(heap_.begin(), heap_.end(), later_); }
  void push(const Event& e) {
    heap_.push_back(e);
    std::push_heap(heap_.begin(), heap_.end(), later_);
  }
  Event pop() {
    std::pop_heap(heap_.begin(), heap_.end(), later_);
    const Event e = heap_.back();
    heap_.pop_back();
    return e;
  }

 private:
  EventLater later_;
  std::vector<Event> heap_;
};

}  // namespace mb::gas
