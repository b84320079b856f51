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
#include "physics/gas/linked_cells.hpp"
#include "physics/gas/sweep_prune.hpp"
#include "physics/geometry/spatial_hash.hpp"

namespace mb::gas {

// One disc in its slot: position at time t (positions are updated lazily), velocity, radius.
struct DiscSlot {
  double x, y, vx, vy, t, r;
};
// A slot with no disc in it (a merge's second disc; a split's product before the split): far
// beyond every window, so no contact test passes, and a negative radius to tell it.
inline constexpr DiscSlot kParkedSlot{1e300, 1e300, 0.0, 0.0, 0.0, -1e-300};

// A decay due at time t within the tick (reaction.hpp): slot k's species decays, its second
// product taking the parked slot `fragment` (-1: none). Stale when k's life has changed.
struct DecayEntry {
  double t;
  int32_t k, fragment;
  uint32_t life;
  int32_t disc;  // id of k: the tie-break, so the order does not depend on the broad phase
};

struct DecayLater {  // the heap order of TickScratch::decays
  bool operator()(const DecayEntry& a, const DecayEntry& b) const {
    return a.t != b.t ? a.t > b.t : a.disc > b.disc;
  }
};

struct TickScratch {
  SweepPrune sap;
  CellGrid grid;
  EventQueue queue;
  std::vector<DiscSlot> slots;
  std::vector<double> mass;     // per slot
  std::vector<uint32_t> count;  // collisions per slot this tick (the staleness test)
  // Fast discs (fast_discs.cpp): per slot, whether it is fast; the fast slots, by their
  // tick-start positions; the tick start's fast slots in slot order.
  std::vector<uint8_t> is_fast;
  LinkedCells fast_cells;
  std::vector<uint32_t> fast_at_start;
  std::vector<uint8_t> disc_fast;  // per disc, at the tick start (before the slots exist)
  std::vector<double> speeds;      // choose_fast's scratch
  std::vector<Event> fast_events;  // the tick start's pairs with a fast disc in them
  // Tick-start predictions, one list per band of slots (bands run on worker threads and
  // are concatenated in band order, so the queue's content does not depend on threads).
  std::vector<std::vector<Event>> band_events;
  std::vector<int64_t> band_pairs;            // candidate pairs per band
  std::vector<double> band_obstacle_seconds;  // per band, when Gas::debug.time_cross_contacts
  // Other matter in the box (Gas::step's obstacles): binned at its tick-start positions.
  SpatialHash obstacle_hash;
  std::vector<uint32_t> obstacle_hits;  // per slot, this tick (the squeeze guard)
  std::vector<Event> obstacle_events;   // the serial loop's predictions, before the queue
  std::vector<uint32_t> close;          // predict's slots that passed the first test (a row's)
  // Reactions that make or remove discs: per slot, a counter of species changes (the decay
  // entries' staleness test), and the decays due, a min-heap by (t, disc).
  std::vector<uint32_t> life;
  std::vector<DecayEntry> decays;
  std::vector<uint32_t> resized;  // slots whose radius and mass changed (or were parked)
  std::vector<int32_t> slot_of;   // disc -> slot, for the decays due at the tick start
};

}  // namespace mb::gas
