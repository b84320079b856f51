#pragma once
// One tick of event-driven hard-disc dynamics (Gas::step); see gas_step.cpp for the method.
// Internal to physics/gas: gas_step.cpp holds the event loop, tick_start.cpp the
// tick-start work that runs on the worker threads (binning, slots, first predictions).
#include <algorithm>
#include <cstdint>

#include "physics/core/scoped_timer.hpp"
#include "physics/gas/contact.hpp"
#include "physics/gas/gas.hpp"
#include "physics/gas/reaction.hpp"
#include "physics/gas/rng.hpp"

namespace mb {

class GasStepper {
 public:
  GasStepper(Gas& g, const Box& box, double T, ContactView* obstacles)
      : g_(g), s_(g.scratch_), box_(box), T_(T), obs_(obstacles) {
    reactions_.build(g.reactions);
  }
  GasTickStats run();

 private:
  // tick_start.cpp
  void bin();                                // broad phase on the tick-start positions; sets id_
  void gather(WorkerPool& pool);             // discs -> slots
  void predict_all(WorkerPool& pool);        // every event before T, heapified
  void scatter(WorkerPool& pool, double t);  // slots advanced to t (T) -> discs

  // gas_step.cpp
  bool wall_event(uint32_t k, double t, gas::Event& e) const;
  gas::Event pair_event(uint32_t a, uint32_t b, double t) const;
  // Slots a and b as they stand at the tick start: their contact event, if before T, joins
  // `out` (predict_all's pair pass and predict_fast_pairs).
  void start_pair(uint32_t a, uint32_t b, std::vector<gas::Event>& out) const;
  void advance(uint32_t k, double t) {
    gas::DiscSlot& d = s_.slots[k];
    const double dt = t - d.t;
    d.x += d.vx * dt;
    d.y += d.vy * dt;
    d.t = t;
  }
  // Where slot k (up to date at t) can meet a disc before T: its remaining path widened by
  // R_k + R_max + V T (see gas_step.cpp).
  struct Window {
    double xlo, xhi, ylo, yhi;
  };
  Window window(uint32_t k, double t) const;
  void prefetch(const Window& w) const;
  void prefetch_slot(int32_t k) const;
  void lookahead() const;
  void predict(uint32_t k, double t, const Window& w);
  // Calls fn(m) for every slot m that slot k may meet before T: the slow discs in the window
  // w (window(k, t)) and the fast discs (with `fast_after`, only fast slots above k: the
  // tick start's pairs of two fast discs, once each).
  template <class Fn>
  void for_each_partner(uint32_t k, const Window& w, bool fast_after, Fn&& fn) const {
    for_each_slow_partner(k, w, fn);
    for_each_fast_partner(k, w, fast_after, fn);
  }
  template <class Fn>
  void for_each_slow_partner(uint32_t k, const Window& w, Fn&& fn) const;
  template <class Fn>
  void for_each_fast_partner(uint32_t k, const Window& w, bool fast_after, Fn&& fn) const;

  // fast_discs.cpp
  void changed(uint32_t k);  // k's velocity changed: its count, and the bounds
  void choose_fast();        // tick start, before bin(): which discs are fast, the slow bound
  void index_fast();         // after gather(): the fast discs' grid
  int64_t predict_fast_pairs(std::vector<gas::Event>& out) const;  // tick start; its pairs
  void make_fast(uint32_t k);
  // `total` while the gas times its obstacle work (Gas::debug.time_cross_contacts), else null.
  double* timing(double* total) const { return g_.debug.time_cross_contacts ? total : nullptr; }
  void collide(uint32_t a, uint32_t b, double t);
  void hit_wall(uint32_t k, Wall w, double t);
  // Whether slot k's disc is held by the mouse grab (Gas::held_discs).
  bool held(uint32_t k) const {
    return !g_.held_discs.empty() &&
           std::binary_search(g_.held_discs.begin(), g_.held_discs.end(), id_[k]);
  }

  // gas_reactions.cpp (reaction.hpp). Whether the collision of slots a and b along n (a to
  // b) takes a reaction, and which; draws from the stream only for a collision above the
  // activation.
  const gas::Reaction* reaction_for(uint32_t a, uint32_t b, Vec2 n, bool& swapped);
  // Turns the colliding slots a and b into one disc; false (nothing changed) when it cannot.
  bool merge(uint32_t a, uint32_t b, const gas::Reaction& r, double t);
  void count_taken(const gas::Reaction& r);
  // Tick start: appends a parked disc for each split due in this tick (before binning).
  void draw_decays();
  void queue_tick_decays();  // after gather: draw_decays' entries as slots
  void schedule_decay(uint32_t k, int32_t fragment, double t);
  void decay(const gas::DecayEntry& e);
  // Whether a disc of radius r at p (time t) is inside the box and clear of every disc but
  // slots skip1 and skip2 and of other matter.
  bool room(Vec2 p, double r, double t, uint32_t skip1, int32_t skip2) const;
  // Slot k now sits at p: keeps jump_ a bound on every slot's distance beyond V t from its
  // tick-start position.
  void placed(uint32_t k, double t);
  void park(uint32_t k);  // k holds no disc (removed at the tick end)
  void remove_parked();   // after scatter

  // gas_obstacles.cpp: other matter in the box (Gas::step's obstacles).
  void bin_obstacles();
  // Appends slot k's contacts with obstacles before T (k is up to date at t).
  void obstacle_events(uint32_t k, double t, std::vector<gas::Event>& out) const;
  void hit_obstacle(uint32_t k, int32_t o, double t);

  Gas& g_;
  gas::TickScratch& s_;
  const Box& box_;
  const double T_;
  ContactView* obs_ = nullptr;                 // null or empty: no other matter
  double orad_ = 0.0, ovx_ = 0.0, ovy_ = 0.0;  // obstacles' largest radius and speeds
  const int32_t* id_ = nullptr;                // slot -> disc
  double rmax_ = 0.0;
  // The largest velocity components any slow disc has held this tick (fast_discs.cpp): a
  // slow disc keeps both components at or below v_cut_ (infinite when no disc is fast).
  double vxmax_ = 0.0, vymax_ = 0.0;
  double v_cut_ = 0.0;
  double fast_vmax_ = 0.0;     // the largest component any fast disc has held this tick
  bool fast_indexed_ = false;  // some discs are fast (in TickScratch::fast_cells)
  // How far a merge or split moved a slot beyond V t of its tick-start position (it places
  // discs off their paths): every window is widened by it.
  double jump_ = 0.0;
  struct DueDecay {  // draw_decays' result: disc, its parked fragment (or -1), time
    int32_t disc, fragment;
    double t;
  };
  std::vector<DueDecay> due_;
  size_t n_start_ = 0;               // discs at the tick start, before draw_decays' parked ones
  std::vector<double> decay_p_;      // draw_decays: per reaction, the chance within the tick
  std::vector<int64_t> decay_skip_;  // and the discs of its species to pass before the next
  SplitMix64 rng_;
  gas::ReactionTable reactions_;
  GasTickStats stats_;
};

inline void GasStepper::start_pair(uint32_t a, uint32_t b, std::vector<gas::Event>& out) const {
  const gas::DiscSlot &p = s_.slots[a], &q = s_.slots[b];
  const Vec2 dr{q.x - p.x, q.y - p.y}, dv{q.vx - p.vx, q.vy - p.vy};
  const double sigma = p.r + q.r;
  if (!gas::may_touch_within(dr, dv, sigma, T_ + 1e-9 * T_)) return;  // see may_touch_within
  const double tc = gas::contact_time(dr, dv, sigma);
  if (tc <= T_) out.push_back(pair_event(a, b, tc));
}

// Defined here: predict (gas_step.cpp) and predict_fast_pairs (fast_discs.cpp) both use them.
template <class Fn>
void GasStepper::for_each_slow_partner(uint32_t k, const Window& w, Fn&& fn) const {
  const uint8_t* fast = s_.is_fast.data();
  const bool any_fast = fast_indexed_;  // else is_fast is not kept
  auto slow = [&](uint32_t begin, uint32_t end) {
    if (!any_fast) {
      for (uint32_t m = begin; m < end; ++m)
        if (m != k) fn(m);
      return;
    }
    for (uint32_t m = begin; m < end; ++m)
      if (m != k && fast[m] == 0) fn(m);
  };
  if (stats_.used == GasBroadPhase::Grid)
    s_.grid.for_each_run(w.xlo, w.xhi, w.ylo, w.yhi, slow);
  else
    s_.sap.query_slots(w.xlo, w.xhi, w.ylo, w.yhi, [&](uint32_t m) { slow(m, m + 1); });
}

template <class Fn>
void GasStepper::for_each_fast_partner(uint32_t k, const Window& w, bool fast_after,
                                       Fn&& fn) const {
  if (!fast_indexed_) return;
  // A fast disc stays within fast_vmax_ T of the tick-start position it is filed under.
  const double gx = (fast_vmax_ - vxmax_) * T_, gy = (fast_vmax_ - vymax_) * T_;
  s_.fast_cells.query(w.xlo - gx, w.xhi + gx, w.ylo - gy, w.yhi + gy, [&](uint32_t m) {
    if (fast_after ? m > k : m != k) fn(m);
  });
}

}  // namespace mb
