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
// every disc it can touch before T. The cost of a query grows with V T: one very fast disc
// widens every query in that tick.
//
// The tick runs on slots (tick_scratch.hpp): the discs copied into the broad phase's order.
// Step 1 and the final copy back run on Gas::threads workers (tick_start.cpp); the event
// loop is serial. Any correct broad phase queues the same events (every pair that meets
// before T), and the queue pops them in an order fixed by the events alone, so the run is
// the same bit for bit for either broad phase and any thread count.
#include <algorithm>
#include <cmath>

#include "physics/gas/contact.hpp"
#include "physics/gas/stepper.hpp"

namespace mb {

namespace {
double max_abs(const std::vector<double>& v) {
  double m = 0.0;
  for (double a : v) m = std::max(m, std::fabs(a));
  return m;
}
}  // namespace

GasBroadPhase Gas::choose_broad_phase(const Box& box, double dt) const {
  if (broad_phase != GasBroadPhase::Auto) return broad_phase;
  // Cost model, calibrated with meltbox-bench --gas (see README.md, Gas section): sweep and prune
  // tests about n * (2 h / Lx) neighbours per disc in its x strip, the grid about
  // 9 cells' worth of discs plus a fixed cost per visited cell.
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
  const size_t n = g_.x.size();
  stats_.used = g_.choose_broad_phase(box_, T_);
  s_.queue.reset(nullptr);
  if (n == 0 || !(T_ > 0.0)) return stats_;
  rmax_ = max_abs(g_.radius);
  vxmax_ = max_abs(g_.vx);
  vymax_ = max_abs(g_.vy);
  rng_.state = g_.rng_state;
  WorkerPool& pool = g_.pool_.get(g_.threads);
  bin();
  gather(pool);
  predict_all(pool);
  const int64_t cap = 1000 * static_cast<int64_t>(n) + 10'000'000;
  int64_t events = 0;
  const uint32_t* count = s_.count.data();
  while (!s_.queue.empty()) {
    const gas::Event e = s_.queue.pop();
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
    else
      hit_wall(static_cast<uint32_t>(e.i), static_cast<Wall>(-1 - e.j), e.t);
  }
  scatter(pool);
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

// After k's velocity changed at time t: its wall and every disc it can reach before T.
void GasStepper::predict(uint32_t k, double t) {
  gas::Event e;
  if (wall_event(k, t, e)) s_.queue.push(e);
  const gas::DiscSlot* S = s_.slots.data();
  const gas::DiscSlot& p = S[k];
  const double left = T_ - t;
  const double tau = left + 1e-9 * T_;  // see gas::may_touch_within
  const double x1 = p.x + p.vx * left, y1 = p.y + p.vy * left;
  const double wx = p.r + rmax_ + vxmax_ * T_;
  const double wy = p.r + rmax_ + vymax_ * T_;
  auto pair = [&](uint32_t m) {
    if (m == k) return;
    ++stats_.candidate_pairs;
    const gas::DiscSlot& q = S[m];
    const double lag_q = t - q.t, lag_p = t - p.t;
    const Vec2 dr{(q.x + q.vx * lag_q) - (p.x + p.vx * lag_p),
                  (q.y + q.vy * lag_q) - (p.y + p.vy * lag_p)};
    const Vec2 dv{q.vx - p.vx, q.vy - p.vy};
    const double sigma = p.r + q.r;
    if (!gas::may_touch_within(dr, dv, sigma, tau)) return;
    const double tc = t + gas::contact_time(dr, dv, sigma);
    if (tc <= T_) s_.queue.push(pair_event(k, m, tc));
  };
  const double xlo = std::min(p.x, x1) - wx, xhi = std::max(p.x, x1) + wx;
  const double ylo = std::min(p.y, y1) - wy, yhi = std::max(p.y, y1) + wy;
  if (stats_.used == GasBroadPhase::Grid)
    s_.grid.query_slots(xlo, xhi, ylo, yhi, pair);
  else
    s_.sap.query_slots(xlo, xhi, ylo, yhi, pair);
}

void GasStepper::changed(uint32_t k) {
  ++s_.count[k];
  vxmax_ = std::max(vxmax_, std::fabs(s_.slots[k].vx));
  vymax_ = std::max(vymax_, std::fabs(s_.slots[k].vy));
}

void GasStepper::collide(uint32_t a, uint32_t b, double t) {
  advance(a, t);
  advance(b, t);
  gas::DiscSlot &p = s_.slots[a], &q = s_.slots[b];
  const Vec2 d{q.x - p.x, q.y - p.y};
  const Vec2 n = d / std::sqrt(glm::dot(d, d));
  Vec2 vi{p.vx, p.vy}, vj{q.vx, q.vy};
  gas::elastic_response(n, g_.mass[static_cast<size_t>(id_[a])],
                        g_.mass[static_cast<size_t>(id_[b])], vi, vj);
  p.vx = vi.x, p.vy = vi.y, q.vx = vj.x, q.vy = vj.y;
  changed(a);
  changed(b);
  ++stats_.collisions;
  predict(a, t);
  predict(b, t);
}

void GasStepper::hit_wall(uint32_t k, Wall w, double t) {
  advance(k, t);
  gas::DiscSlot& d = s_.slots[k];
  const double kT = g_.wall_temperature[static_cast<size_t>(w)];
  const bool x_wall = w == Wall::Left || w == Wall::Right;
  double& vn = x_wall ? d.vx : d.vy;
  double& vt = x_wall ? d.vy : d.vx;
  if (kT > 0.0) {
    // Maxwell flux distribution at kT: the normal speed has density
    // (m/kT) v exp(-m v^2 / 2kT) (Rayleigh, by inversion), the tangential velocity is
    // normal with variance kT/m.
    const double s = std::sqrt(kT / g_.mass[static_cast<size_t>(id_[k])]);
    const double speed = s * std::sqrt(-2.0 * std::log(rng_.uniform_open0()));
    vn = (w == Wall::Left || w == Wall::Bottom) ? speed : -speed;
    vt = s * rng_.normal();
  } else {
    vn = -vn;  // mirror: the normal component reverses, the tangential one stays
  }
  changed(k);
  ++stats_.wall_hits;
  predict(k, t);
}

GasTickStats Gas::step(const Box& box, double dt) {
  last_ = GasStepper(*this, box, dt).run();
  total_collisions_ += last_.collisions;
  total_wall_hits_ += last_.wall_hits;
  return last_;
}

}  // namespace mb
