#pragma once
// The future-event list of event-driven molecular dynamics: a binary min-heap of
// predicted collisions. An event stores the collision counters its discs had when it was
// predicted; it is stale (dropped when popped) if either disc has collided since
// (Lubachevsky 1991; Rapaport ch. 14). Ties are broken by disc indices so that the order,
// and hence the whole run, does not depend on which broad phase found the pair.
#include <algorithm>
#include <cstdint>
#include <vector>

namespace mb::gas {

struct Event {
  double t;         // time within the tick
  int32_t i, j;     // discs; j < 0 is a wall: -1 - Wall
  uint32_t ci, cj;  // collision counters of i and j at prediction (cj unused for walls)
};

inline bool later(const Event& a, const Event& b) {
  if (a.t != b.t) return a.t > b.t;
  if (a.i != b.i) return a.i > b.i;
  return a.j > b.j;
}

class EventQueue {
 public:
  void clear() { heap_.clear(); }
  bool empty() const { return heap_.empty(); }
  size_t size() const { return heap_.size(); }
  void push(const Event& e) {
    heap_.push_back(e);
    std::push_heap(heap_.begin(), heap_.end(), later);
  }
  Event pop() {
    std::pop_heap(heap_.begin(), heap_.end(), later);
    const Event e = heap_.back();
    heap_.pop_back();
    return e;
  }

 private:
  std::vector<Event> heap_;
};

}  // namespace mb::gas
