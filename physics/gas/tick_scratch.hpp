#pragma once
// Working state of Gas::step, kept between ticks for the sweep order and buffer capacity.
//
// During a tick the discs are copied into slots in the broad phase's order (cell order for
// the grid, x order for sweep and prune) and the whole tick runs on the slots: a partner
// query reads consecutive slots, not scattered disc indices (random access into 100k
// discs' arrays was the largest cost of a tick). The results are copied back at the end.
#include <cstdint>
#include <vector>

#include "physics/gas/cell_grid.hpp"
#include "physics/gas/event_queue.hpp"
#include "physics/gas/sweep_prune.hpp"
#include "physics/geometry/spatial_hash.hpp"

namespace mb::gas {

// One disc in its slot: position at time t (positions are updated lazily), velocity, radius.
struct DiscSlot {
  double x, y, vx, vy, t, r;
};

struct TickScratch {
  SweepPrune sap;
  CellGrid grid;
  EventQueue queue;
  std::vector<DiscSlot> slots;
  std::vector<double> mass;     // per slot
  std::vector<uint32_t> count;  // collisions per slot this tick (the staleness test)
  // Tick-start predictions, one list per band of slots (bands run on worker threads and
  // are concatenated in band order, so the queue's content does not depend on threads).
  std::vector<std::vector<Event>> band_events;
  std::vector<int64_t> band_pairs;  // candidate pairs per band
  // Other matter in the box (Gas::step's obstacles): binned at its tick-start positions.
  SpatialHash obstacle_hash;
  std::vector<uint32_t> obstacle_hits;  // per slot, this tick (the squeeze guard)
  std::vector<Event> obstacle_events;   // the serial loop's predictions, before the queue
};

}  // namespace mb::gas
