// One tick of event-driven hard-disc dynamics (see gas.hpp for the references).
//
// Within a tick [0, T]:
//  1. Bin the discs' tick-start positions in the broad phase (sweep-and-prune order or
//     cell grid) and predict, for every pair that can meet before T, its contact time, and
//     for every disc its first wall contact. Events after T are not queued.
//  2. Pop events in time order. A stale event (a disc's collision counter changed since it
//     was predicted) is dropped. Otherwise the discs are advanced to the event time
//     (positions are updated lazily: each disc keeps the time of its last update), the
//     velocities change (elastic response or wall), the counters increase, and the events
//     of the discs involved are predicted again from that time.
//  3. Advance every disc to T.
// Finding partners mid-tick: any disc j stays within V T of its tick-start position, where
// V is the largest velocity component held by any disc so far in this tick (a running
// maximum, so it also bounds discs sped up later: they predict their own events again). A
// query around disc i's remaining path, widened by R_i + R_max + V T, therefore returns
// every disc it can touch before T.
// The cost of a query grows with V T, so V bounds only the slow discs; the few fast ones are
// found apart (fast_discs.cpp).
//
// The tick runs on slots (tick_scratch.hpp): the discs copied into the broad phase's order.
// Step 1 and the final copy back run on Gas::threads workers (tick_start.cpp); the event
// loop is serial. Any correct broad phase queues the same events (every pair that meets
// before T), and the queue pops them in an order fixed by the events alone, so the run is
// the same bit for bit for either broad phase and any thread count.
#include <algorithm>
#include <cmath>

#include "physics/core/assert.hpp"
#include "physics/gas/contact.hpp"
#include "physics/gas/stepper.hpp"

namespace mb {

GasBroadPhase Gas::choose_broad_phase(const Box& box, double dt) const {
  if (settings.broad_phase != GasBroadPhase::Auto) return settings.broad_phase;
  // Cost model, calibrated with meltbox-bench --gas (see docs/gas.md, "Broad phase"): sweep and
  // prune tests about n * (2 h / Lx) neighbours per disc in its x strip, the grid about 9 cells'
  // worth of discs plus a fixed cost per visited cell.
  const double n = static_cast<double>(size());
  if (n < 2) return GasBroadPhase::SweepPrune;
  const double rmax = max_abs(radius);
  const double h = 2.0 * rmax + 2.0 * std::max(max_abs(vx), max_abs(vy)) * dt;
  const Vec2 L = box.size();
  const double sap = n * std::min(1.0, 2.0 * h / std::max(L.x, 1e-300));
  const double per_cell = n * h * h / std::max(L.x * L.y, 1e-300);
  const double grid = 9.0 * per_cell + 9.0 * 0.5;
  return sap <= grid ? GasBroadPhase::SweepPrune : GasBroadPhase::Grid;
}

GasTickStats GasStepper::run() {
  s_.queue.reset(nullptr);
  s_.decays.clear();
  s_.resized.clear();
  if (g_.x.empty() || !(T_ > 0.0)) {
    stats_.used = g_.choose_broad_phase(box_, T_);
    return stats_;
  }
  rng_.state = g_.rng_state;
  n_start_ = g_.x.size();
  g_.reaction_counts.resize(g_.reactions.size());
  if (reactions_.has_decays()) draw_decays();
  const size_t n = g_.x.size();
  stats_.used = g_.choose_broad_phase(box_, T_);
  rmax_ = max_abs(g_.radius);
  if (reactions_.changes_discs())
    for (const gas::Reaction& r : g_.reactions)
      for (const int32_t p : {r.c, r.d})
        if (p != gas::kNoSpecies && (r.merge() || r.split()))
          rmax_ = std::max(rmax_, g_.species_table[static_cast<size_t>(p)].radius);
  WorkerPool& pool = g_.pool_.get(g_.settings.threads);
  choose_fast();
  bin();
  gather(pool);
  if (!due_.empty()) queue_tick_decays();
  bin_obstacles();
  predict_all(pool);
  // About 1000 events per disc: far beyond what a tick of any gas needs, but a bound on
  // one that cannot end (a disc in a box a hair wider than itself bounces ~1e10 times a
  // tick). The constant part stays small (10^5) so that such a tick of a few discs ends
  // within milliseconds.
  const int64_t cap = 1000 * static_cast<int64_t>(n) + 100'000;
  int64_t events = 0;
  double done = 0.0;  // time of the last event handled
  const uint32_t* count = s_.count.data();
  gas::EventQueue& queue = s_.queue;
  std::vector<gas::DecayEntry>& decays = s_.decays;
  while (true) {
    // Decays (reaction.hpp) are a second, short queue; the earlier of the two goes first.
    if (!decays.empty() && (queue.empty() || decays.front().t <= queue.top().t)) {
      std::pop_heap(decays.begin(), decays.end(), gas::DecayLater{});
      const gas::DecayEntry e = decays.back();
      decays.pop_back();
      if (++events > cap) {
        stats_.event_cap_hit = true;
        break;
      }
      decay(e);
      done = e.t;
      continue;
    }
    if (queue.empty()) break;
    const gas::Event e = queue.pop();
    // The queue's bookkeeping: events name live slots (a pair by slot, its lower disc id
    // first), and none is due past the tick's end.
    MB_ASSERT(e.i >= 0 && static_cast<size_t>(e.i) < s_.slots.size());
    MB_ASSERT(e.j < static_cast<int32_t>(s_.slots.size()) && e.j != e.i);
    MB_ASSERT(e.t <= T_);
    lookahead();
    if (count[e.i] != e.ci || (e.j >= 0 && count[e.j] != e.cj)) {
      ++stats_.stale_events;
      continue;
    }
    if (++events > cap) {
      stats_.event_cap_hit = true;
      break;
    }
    if (e.j >= 0)
      collide(static_cast<uint32_t>(e.i), static_cast<uint32_t>(e.j), e.t);
    else if (e.j > gas::kFirstObstacle)
      hit_wall(static_cast<uint32_t>(e.i), static_cast<Wall>(-1 - e.j), e.t);
    else
      hit_obstacle(static_cast<uint32_t>(e.i), gas::kFirstObstacle - e.j, e.t);
    done = e.t;
  }
  // Past the cap the tick ends where its events stop: every disc is then where the
  // handled events put it (inside the box, no overlap). Drifting on to T instead would take
  // discs through the walls and each other, with no event left to stop them.
  MB_ASSERT(stats_.event_cap_hit || (queue.empty() && decays.empty()));
  scatter(pool, stats_.event_cap_hit ? done : T_);
  if (reactions_.changes_discs()) remove_parked();
  g_.rng_state = rng_.state;
  return stats_;
}

// The first wall contact of slot k after t, if before T (k is up to date at time t).
bool GasStepper::wall_event(uint32_t k, double t, gas::Event& e) const {
  const gas::DiscSlot& d = s_.slots[k];
  const double tau = (T_ - t) + 1e-9 * T_;  // rounding of t + tw (see may_touch_within)
  if (gas::wall_time_beyond(d.x, d.vx, d.r, box_.min.x, box_.max.x, tau) &&
      gas::wall_time_beyond(d.y, d.vy, d.r, box_.min.y, box_.max.y, tau))
    return false;
  const double tx = gas::wall_time(d.x, d.vx, d.r, box_.min.x, box_.max.x);
  const double ty = gas::wall_time(d.y, d.vy, d.r, box_.min.y, box_.max.y);
  Wall w;
  double tw;
  if (tx <= ty) {
    tw = tx;
    w = d.vx > 0.0 ? Wall::Right : Wall::Left;
  } else {
    tw = ty;
    w = d.vy > 0.0 ? Wall::Top : Wall::Bottom;
  }
  if (t + tw > T_) return false;
  e = {t + tw, static_cast<int32_t>(k), -1 - static_cast<int32_t>(w), s_.count[k], 0};
  return true;
}

// The pair's event, its discs in index order (the collision's arithmetic, and the queue's
// tie-break, then do not depend on which disc found the other).
gas::Event GasStepper::pair_event(uint32_t a, uint32_t b, double t) const {
  if (id_[a] > id_[b]) std::swap(a, b);
  return {t, static_cast<int32_t>(a), static_cast<int32_t>(b), s_.count[a], s_.count[b]};
}

GasStepper::Window GasStepper::window(uint32_t k, double t) const {
  const gas::DiscSlot& p = s_.slots[k];
  const double left = T_ - t;
  const double x1 = p.x + p.vx * left, y1 = p.y + p.vy * left;
  const double wx = p.r + rmax_ + vxmax_ * T_ + jump_;
  const double wy = p.r + rmax_ + vymax_ * T_ + jump_;
  return {std::min(p.x, x1) - wx, std::max(p.x, x1) + wx, std::min(p.y, y1) - wy,
          std::max(p.y, y1) + wy};
}

// Starts loading the slots a grid query of w will read: a query's rows are scattered over
// the slot array, and most of a tick's time went to waiting for them one after another.
void GasStepper::prefetch(const Window& w) const {
  if (stats_.used != GasBroadPhase::Grid) return;
  const char* base = reinterpret_cast<const char*>(s_.slots.data());
  s_.grid.for_each_run(w.xlo, w.xhi, w.ylo, w.yhi, [&](uint32_t begin, uint32_t end) {
    if (begin == end) return;
    const char* last = base + end * sizeof(gas::DiscSlot) - 1;
    for (const char* a = base + begin * sizeof(gas::DiscSlot); a < last; a += 64)
      __builtin_prefetch(a);
    __builtin_prefetch(last);
  });
}

void GasStepper::prefetch_slot(int32_t k) const {
  if (k < 0) return;  // a wall
  const char* a = reinterpret_cast<const char*>(&s_.slots[static_cast<size_t>(k)]);
  __builtin_prefetch(a);
  __builtin_prefetch(a + sizeof(gas::DiscSlot) - 1);
  __builtin_prefetch(&s_.count[static_cast<size_t>(k)]);
  __builtin_prefetch(&s_.mass[static_cast<size_t>(k)]);
}

// Memory is fetched two events ahead, while the current one is handled: the discs of the
// event after next (one of the heap top's children), and, for the next event (its discs
// were fetched one event earlier), the rows its partner queries will read, taken around
// its discs' positions at its time (the paths after the collision are unknown yet, but
// rarely leave those rows).
void GasStepper::lookahead() const {
  const gas::EventQueue& q = s_.queue;
  if (q.empty()) return;
  for (size_t c = 1; c <= 2 && c < q.size(); ++c) {
    prefetch_slot(q.at(c).i);
    prefetch_slot(q.at(c).j);
  }
  if (stats_.used != GasBroadPhase::Grid) return;
  const gas::Event& next = q.top();
  for (const int32_t k : {next.i, next.j}) {
    if (k < 0) continue;
    const gas::DiscSlot& d = s_.slots[static_cast<size_t>(k)];
    const double x = d.x + d.vx * (next.t - d.t), y = d.y + d.vy * (next.t - d.t);
    const double wx = d.r + rmax_ + vxmax_ * T_ + jump_, wy = d.r + rmax_ + vymax_ * T_ + jump_;
    prefetch({x - wx, x + wx, y - wy, y + wy});
  }
}

namespace {

// A disc as predict() sees it at time t: where it is then, its velocity and radius, and
// tau, the time left to the tick end with gas::may_touch_within's margin.
struct Seeker {
  double x, y, vx, vy, r, t, tau;
};

// The offset and relative velocity of slot q from the seeker at its time.
inline void relative(const gas::DiscSlot& q, const Seeker& p, Vec2& dr, Vec2& dv) {
  const double lag = p.t - q.t;
  dr = {(q.x + q.vx * lag) - p.x, (q.y + q.vy * lag) - p.y};
  dv = {q.vx - p.vx, q.vy - p.vy};
}

// predict()'s first test on one run of slots [begin, end): writes to `out` the slots that
// pass gas::may_touch_within and are neither `self` nor fast (kFast: per fast[m]), and
// adds the candidates looked at (every slot but those two kinds) to `looked`. Without a branch on
// the test: which candidates pass is close to random, and a branch on it mispredicted often.
template <bool kFast>
size_t close_slots(const gas::DiscSlot* S, const uint8_t* fast, uint32_t begin, uint32_t end,
                   uint32_t self, const Seeker& p, uint32_t* out, int64_t& looked) {
  size_t n = 0;
  int64_t seen = 0;
  for (uint32_t m = begin; m < end; ++m) {
    Vec2 dr, dv;
    relative(S[m], p, dr, dv);
    const bool candidate = m != self && (!kFast || fast[m] == 0);
    out[n] = m;
    n += candidate & gas::may_touch_within(dr, dv, p.r + S[m].r, p.tau);
    seen += candidate;
  }
  looked += seen;
  return n;
}

}  // namespace

// After k's velocity changed at time t: its wall and every disc it can reach before T
// (the slow ones in the window w, and the fast ones).
void GasStepper::predict(uint32_t k, double t, const Window& w) {
  gas::Event e;
  if (wall_event(k, t, e)) s_.queue.push(e);
  const gas::DiscSlot* S = s_.slots.data();
  const gas::DiscSlot& d = S[k];
  const double lag = t - d.t;
  const double tau = (T_ - t) + 1e-9 * T_;  // see gas::may_touch_within
  const Seeker p{d.x + d.vx * lag, d.y + d.vy * lag, d.vx, d.vy, d.r, t, tau};
  // Slot m passed may_touch_within: its contact time, queued if before T (dr and dv are
  // computed again rather than kept from the filter: few slots pass it).
  auto meet = [&](uint32_t m) {
    Vec2 dr, dv;
    relative(S[m], p, dr, dv);
    const double tc = t + gas::contact_time(dr, dv, p.r + S[m].r);
    if (tc <= T_) s_.queue.push(pair_event(k, m, tc));
  };
  auto test = [&](uint32_t m) {
    Vec2 dr, dv;
    relative(S[m], p, dr, dv);
    if (gas::may_touch_within(dr, dv, p.r + S[m].r, p.tau)) meet(m);
  };
  int64_t pairs = 0;
  if (stats_.used == GasBroadPhase::Grid) {
    // The slow discs, a row of the window at a time: filtered first, then timed.
    uint32_t* close = s_.close.data();
    const uint8_t* fast = s_.is_fast.data();
    s_.grid.for_each_run(w.xlo, w.xhi, w.ylo, w.yhi, [&](uint32_t begin, uint32_t end) {
      const size_t n = fast_indexed_ ? close_slots<true>(S, fast, begin, end, k, p, close, pairs)
                                     : close_slots<false>(S, fast, begin, end, k, p, close, pairs);
      for (size_t c = 0; c < n; ++c) meet(close[c]);
    });
  } else {
    for_each_slow_partner(k, w, [&](uint32_t m) { ++pairs, test(m); });
  }
  for_each_fast_partner(k, w, false, [&](uint32_t m) { ++pairs, test(m); });
  stats_.candidate_pairs += pairs;
  if (obs_ == nullptr || obs_->empty()) return;
  ScopedTimer timer(timing(&stats_.obstacle_seconds));
  s_.obstacle_events.clear();
  obstacle_events(k, t, s_.obstacle_events);
  for (const gas::Event& o : s_.obstacle_events) s_.queue.push(o);
}

void GasStepper::collide(uint32_t a, uint32_t b, double t) {
  advance(a, t);
  advance(b, t);
  gas::DiscSlot &p = s_.slots[a], &q = s_.slots[b];
  const Vec2 d{q.x - p.x, q.y - p.y};
  const Vec2 n = d / std::sqrt(glm::dot(d, d));
  Vec2 vi{p.vx, p.vy}, vj{q.vx, q.vy};
  bool swapped = false;
  const gas::Reaction* r = reactions_.empty() ? nullptr : reaction_for(a, b, n, swapped);
  if (r != nullptr && r->merge()) {
    if (merge(a, b, *r, t)) return;
    r = nullptr;  // no room or energy for the product: an elastic collision
  }
  gas::elastic_response(n, s_.mass[a], s_.mass[b], vi, vj);
  if (r != nullptr && gas::release_enthalpy(r->enthalpy, s_.mass[a], s_.mass[b], vi, vj)) {
    g_.species[static_cast<size_t>(id_[a])] = swapped ? r->d : r->c;
    g_.species[static_cast<size_t>(id_[b])] = swapped ? r->c : r->d;
    count_taken(*r);
    if (reactions_.has_decays()) {
      ++s_.life[a], ++s_.life[b];
      schedule_decay(a, -1, t);
      schedule_decay(b, -1, t);
    }
  }
  p.vx = vi.x, p.vy = vi.y, q.vx = vj.x, q.vy = vj.y;
  changed(a);
  changed(b);
  ++stats_.collisions;
  const Window wa = window(a, t), wb = window(b, t);
  prefetch(wa);
  prefetch(wb);
  predict(a, t, wa);
  predict(b, t, wb);
}

void GasStepper::hit_wall(uint32_t k, Wall w, double t) {
  advance(k, t);
  gas::DiscSlot& d = s_.slots[k];
  const double kT = g_.settings.wall_temperature[static_cast<size_t>(w)];
  const bool x_wall = w == Wall::Left || w == Wall::Right;
  double& vn = x_wall ? d.vx : d.vy;
  double& vt = x_wall ? d.vy : d.vx;
  if (held(k)) {
    vn = 0.0;  // held by the mouse grab: it stops at the wall (see hit_obstacle)
  } else if (kT > 0.0) {
    const gas::WallVelocity v = gas::thermal_wall_velocity(rng_, kT, s_.mass[k]);  // rng.hpp
    vn = (w == Wall::Left || w == Wall::Bottom) ? v.normal : -v.normal;
    vt = v.tangential;
  } else {
    vn = -vn;  // mirror: the normal component reverses, the tangential one stays
  }
  changed(k);
  ++stats_.wall_hits;
  const Window win = window(k, t);
  prefetch(win);
  predict(k, t, win);
}

GasTickStats Gas::step(const Box& box, double dt, ContactView* obstacles) {
  removed_.clear();
  last_ = GasStepper(*this, box, dt, obstacles).run();
  total_collisions_ += last_.collisions;
  total_wall_hits_ += last_.wall_hits;
  total_reactions_ += last_.reactions;
  total_enthalpy_released_ += last_.enthalpy_released;
  return last_;
}

}  // namespace mb
