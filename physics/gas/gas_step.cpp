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
#include <algorithm>
#include <cmath>

#include "physics/gas/contact.hpp"
#include "physics/gas/gas.hpp"
#include "physics/gas/rng.hpp"

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

class GasStepper {
 public:
  GasStepper(Gas& g, const Box& box, double T) : g_(g), box_(box), T_(T) {}

  GasTickStats run() {
    const size_t n = g_.x.size();
    stats_.used = g_.choose_broad_phase(box_, T_);
    g_.queue_.clear();
    g_.x0_.assign(g_.x.begin(), g_.x.end());
    g_.y0_.assign(g_.y.begin(), g_.y.end());
    g_.t_last_.assign(n, 0.0);
    g_.count_.assign(n, 0);
    if (n == 0 || !(T_ > 0.0)) return stats_;
    rmax_ = max_abs(g_.radius);
    vxmax_ = max_abs(g_.vx);
    vymax_ = max_abs(g_.vy);
    rng_.state = g_.rng_state;
    predict_all();
    const int64_t cap = 1000 * static_cast<int64_t>(n) + 10'000'000;
    int64_t events = 0;
    while (!g_.queue_.empty()) {
      const gas::Event e = g_.queue_.pop();
      if (g_.count_[e.i] != e.ci || (e.j >= 0 && g_.count_[e.j] != e.cj)) {
        ++stats_.stale_events;
        continue;
      }
      if (++events > cap) {
        stats_.event_cap_hit = true;
        break;
      }
      if (e.j >= 0)
        collide(e.i, e.j, e.t);
      else
        hit_wall(e.i, static_cast<Wall>(-1 - e.j), e.t);
    }
    for (size_t i = 0; i < n; ++i) advance(static_cast<int32_t>(i), T_);
    g_.rng_state = rng_.state;
    return stats_;
  }

 private:
  void advance(int32_t i, double t) {
    const double dt = t - g_.t_last_[i];
    g_.x[i] += g_.vx[i] * dt;
    g_.y[i] += g_.vy[i] * dt;
    g_.t_last_[i] = t;
  }

  // Queues the contact of i and j if it comes before T (i is up to date at time t).
  void predict_pair(int32_t i, int32_t j, double t) {
    ++stats_.candidate_pairs;
    const double lag_j = t - g_.t_last_[j], lag_i = t - g_.t_last_[i];
    const Vec2 dr{(g_.x[j] + g_.vx[j] * lag_j) - (g_.x[i] + g_.vx[i] * lag_i),
                  (g_.y[j] + g_.vy[j] * lag_j) - (g_.y[i] + g_.vy[i] * lag_i)};
    const Vec2 dv{g_.vx[j] - g_.vx[i], g_.vy[j] - g_.vy[i]};
    const double tc = t + gas::contact_time(dr, dv, g_.radius[i] + g_.radius[j]);
    if (tc <= T_) push_pair(i, j, tc);
  }

  void push_pair(int32_t i, int32_t j, double tc) {
    const int32_t a = std::min(i, j), b = std::max(i, j);
    g_.queue_.push({tc, a, b, g_.count_[a], g_.count_[b]});
  }

  // Queues the first wall contact of i after t (i is up to date at time t).
  void predict_wall(int32_t i, double t) {
    const double r = g_.radius[i];
    const double tx = gas::wall_time(g_.x[i], g_.vx[i], r, box_.min.x, box_.max.x);
    const double ty = gas::wall_time(g_.y[i], g_.vy[i], r, box_.min.y, box_.max.y);
    Wall w;
    double tw;
    if (tx <= ty) {
      tw = tx;
      w = g_.vx[i] > 0.0 ? Wall::Right : Wall::Left;
    } else {
      tw = ty;
      w = g_.vy[i] > 0.0 ? Wall::Top : Wall::Bottom;
    }
    if (t + tw > T_) return;
    g_.queue_.push({t + tw, i, -1 - static_cast<int32_t>(w), g_.count_[i], 0});
  }

  template <class Fn>
  void candidates(double xlo, double xhi, double ylo, double yhi, Fn&& fn) {
    if (stats_.used == GasBroadPhase::Grid)
      g_.grid_.query(xlo, xhi, ylo, yhi, fn);
    else
      g_.sap_.query(xlo, xhi, ylo, yhi, fn);
  }

  void predict_all() {
    const double hx = 2.0 * rmax_ + 2.0 * vxmax_ * T_, hy = 2.0 * rmax_ + 2.0 * vymax_ * T_;
    auto pair = [this](int32_t i, int32_t j) { predict_pair(i, j, 0.0); };
    if (stats_.used == GasBroadPhase::Grid) {
      g_.grid_.build(g_.x0_, g_.y0_, box_, std::max(hx, hy));
      // Gather the discs into cell order once, so the pair sweep reads memory in order
      // (random access to 100k discs' arrays was the largest cost of a tick).
      const auto items = g_.grid_.items();
      auto& packed = g_.packed_;
      packed.resize(items.size());
      for (size_t k = 0; k < items.size(); ++k) {
        const int32_t i = items[k];
        packed[k] = {g_.x[i], g_.y[i], g_.vx[i], g_.vy[i], g_.radius[i]};
      }
      g_.grid_.for_each_slot_pair([&](uint32_t a, uint32_t b) {
        const Gas::Packed &p = packed[a], &q = packed[b];
        ++stats_.candidate_pairs;
        const double tc =
            gas::contact_time({q.x - p.x, q.y - p.y}, {q.vx - p.vx, q.vy - p.vy}, p.r + q.r);
        if (tc <= T_) push_pair(items[a], items[b], tc);
      });
    } else {
      g_.sap_.build(g_.x0_, g_.y0_);
      g_.sap_.for_each_pair(hx, hy, pair);
    }
    for (int32_t i = 0; i < g_.size(); ++i) predict_wall(i, 0.0);
  }

  // After i's velocity changed at time t: its wall and every disc it can reach before T.
  void predict(int32_t i, double t) {
    predict_wall(i, t);
    const double left = T_ - t;
    const double x1 = g_.x[i] + g_.vx[i] * left, y1 = g_.y[i] + g_.vy[i] * left;
    const double wx = g_.radius[i] + rmax_ + vxmax_ * T_;
    const double wy = g_.radius[i] + rmax_ + vymax_ * T_;
    candidates(std::min(g_.x[i], x1) - wx, std::max(g_.x[i], x1) + wx, std::min(g_.y[i], y1) - wy,
               std::max(g_.y[i], y1) + wy, [&](int32_t j) {
                 if (j != i) predict_pair(i, j, t);
               });
  }

  void changed(int32_t i) {
    ++g_.count_[i];
    vxmax_ = std::max(vxmax_, std::fabs(g_.vx[i]));
    vymax_ = std::max(vymax_, std::fabs(g_.vy[i]));
  }

  void collide(int32_t i, int32_t j, double t) {
    advance(i, t);
    advance(j, t);
    const Vec2 d{g_.x[j] - g_.x[i], g_.y[j] - g_.y[i]};
    const Vec2 n = d / std::sqrt(glm::dot(d, d));
    Vec2 vi{g_.vx[i], g_.vy[i]}, vj{g_.vx[j], g_.vy[j]};
    gas::elastic_response(n, g_.mass[i], g_.mass[j], vi, vj);
    g_.vx[i] = vi.x, g_.vy[i] = vi.y, g_.vx[j] = vj.x, g_.vy[j] = vj.y;
    changed(i);
    changed(j);
    ++stats_.collisions;
    predict(i, t);
    predict(j, t);
  }

  void hit_wall(int32_t i, Wall w, double t) {
    advance(i, t);
    const double kT = g_.wall_temperature[static_cast<size_t>(w)];
    const bool x_wall = w == Wall::Left || w == Wall::Right;
    double& vn = x_wall ? g_.vx[i] : g_.vy[i];
    double& vt = x_wall ? g_.vy[i] : g_.vx[i];
    if (kT > 0.0) {
      // Maxwell flux distribution at kT: the normal speed has density
      // (m/kT) v exp(-m v^2 / 2kT) (Rayleigh, by inversion), the tangential velocity is
      // normal with variance kT/m.
      const double s = std::sqrt(kT / g_.mass[i]);
      const double speed = s * std::sqrt(-2.0 * std::log(rng_.uniform_open0()));
      vn = (w == Wall::Left || w == Wall::Bottom) ? speed : -speed;
      vt = s * rng_.normal();
    } else {
      vn = -vn;  // mirror: the normal component reverses, the tangential one stays
    }
    changed(i);
    ++stats_.wall_hits;
    predict(i, t);
  }

  Gas& g_;
  const Box& box_;
  const double T_;
  double rmax_ = 0.0, vxmax_ = 0.0, vymax_ = 0.0;
  SplitMix64 rng_;
  GasTickStats stats_;
};

GasTickStats Gas::step(const Box& box, double dt) {
  last_ = GasStepper(*this, box, dt).run();
  total_collisions_ += last_.collisions;
  total_wall_hits_ += last_.wall_hits;
  return last_;
}

}  // namespace mb
