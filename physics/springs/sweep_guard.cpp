#include "physics/springs/sweep_guard.hpp"

#include <algorithm>
#include <cmath>

#include "physics/geometry/segment.hpp"
#include "physics/springs/crossing_guard.hpp"

namespace mb {

namespace {
// Halvings of the step when the whole of it is not safe: the group stops within
// 2^-20 of a step of the first contact.
constexpr int kBisections = 20;
// Contacts resolved by pushing within one advance(); each adds at least one particle
// to the moving group.
constexpr int kMaxPushRounds = 64;
// A spring end closer than this (relative to the lengths involved) to another spring
// counts as touching it: rounding must not let a contact slip through.
constexpr double kContactTolerance = 1e-9;

Vec2 position(const SpringNetwork& net, int32_t i) {
  return {net.x[i], net.y[i]};
}

bool near_edge(Vec2 e, Vec2 p, Vec2 q, double tol) {
  return point_segment_distance(e, p, q) <= tol;
}

// `o` = orient(p, q, e) on the inner side's sign: e lies beyond the line pq, farther than tol.
bool beyond_edge(double o, Vec2 p, Vec2 q, double tol) {
  if (o >= 0.0) return false;
  const Vec2 pq = q - p;
  return o * o > tol * tol * glm::dot(pq, pq);
}

// Point e within tol of the triangle p q r (which may be flat).
bool in_triangle(Vec2 e, Vec2 p, Vec2 q, Vec2 r, double tol) {
  const double area = orient(p, q, r);
  if (area != 0.0) {
    const double side = area > 0.0 ? 1.0 : -1.0;
    const double o1 = side * orient(p, q, e), o2 = side * orient(q, r, e);
    const double o3 = side * orient(r, p, e);
    if (o1 >= 0.0 && o2 >= 0.0 && o3 >= 0.0) return true;
    // Beyond one edge's line by more than tol is farther than tol from the triangle.
    if (beyond_edge(o1, p, q, tol) || beyond_edge(o2, q, r, tol) || beyond_edge(o3, r, p, tol))
      return false;
  }
  return near_edge(e, p, q, tol) || near_edge(e, q, r, tol) || near_edge(e, r, p, tol);
}

// Point e on or inside the parallelogram swept by segment pq translated by `shift`.
bool in_parallelogram(Vec2 e, Vec2 p, Vec2 q, Vec2 shift, double tol) {
  return in_triangle(e, p, q, q + shift, tol) || in_triangle(e, p, q + shift, p + shift, tol);
}

// Point e (moving by ge * shift) touches segment uv (ends moving by gu, gv * shift) at
// some time in [0, 1]. In e's frame the ends move by (gu - ge) and (gv - ge) * shift.
bool point_meets_segment(Vec2 e, int ge, Vec2 u, int gu, Vec2 v, int gv, Vec2 shift, double tol) {
  const int cu = gu - ge, cv = gv - ge;
  if (cu == 0 && cv == 0) return false;  // no relative motion
  // Cheap rejection: e outside the box of everything the segment sweeps.
  const Vec2 u1 = u + static_cast<double>(cu) * shift, v1 = v + static_cast<double>(cv) * shift;
  const Vec2 lo = glm::min(glm::min(u, v), glm::min(u1, v1)) - tol;
  const Vec2 hi = glm::max(glm::max(u, v), glm::max(u1, v1)) + tol;
  if (e.x < lo.x || e.y < lo.y || e.x > hi.x || e.y > hi.y) return false;
  if (cu == cv) return in_parallelogram(e, u, v, static_cast<double>(cu) * shift, tol);
  if (cu == 0) return in_triangle(e, u, v, v + static_cast<double>(cv) * shift, tol);
  return in_triangle(e, v, u, u + static_cast<double>(cu) * shift, tol);
}

// How close counts as touching for the pair with ends p[0..3] moving by up to `shift`.
double contact_tolerance(const Vec2 p[4], Vec2 shift) {
  return kContactTolerance *
             (glm::length(p[1] - p[0]) + glm::length(p[3] - p[2]) + glm::length(shift)) +
         1e-12;
}

// A particle that may be pushed ahead: free to relax, and held by no grip.
bool pushable(const SpringNetwork& net, int32_t i) {
  return net.movable[i] && net.state[i] != ParticleState::Gripped;
}
}  // namespace

void SweepGuard::refresh_adjacency(const SpringNetwork& net) {
  if (adjacency_version_ == net.topology_version && adjacency_particles_ == net.particle_count() &&
      adjacency_springs_ == net.spring_count())
    return;
  adjacency_.build(net);
  adjacency_version_ = net.topology_version;
  adjacency_particles_ = net.particle_count();
  adjacency_springs_ = net.spring_count();
}

void SweepGuard::prepare_search(const SpringNetwork& net, Vec2 step) {
  const int32_t m = net.spring_count();
  double total = 0.0;
  longest_ = 0.0;
  for (int32_t s = 0; s < m; ++s) {
    const double len = glm::length(position(net, net.b[s]) - position(net, net.a[s]));
    longest_ = std::max(longest_, len);
    total += len;
  }
  // Built once per advance: a particle moves at most |step| from where it is binned.
  hash_.build(net.x, net.y, std::max(m > 0 ? total / m : 1.0, 1e-6));
  hash_slack_ = glm::length(step);
  seen_.resize(static_cast<size_t>(m), -1);
  listed_.resize(static_cast<size_t>(m), 0);
  pairs_.clear();
  listed_springs_.clear();
}

void SweepGuard::list_pairs(const SpringNetwork& net, size_t first_new_mover, double reach) {
  auto consider = [&](int32_t s, int32_t t) {
    if (t == s || seen_[t] == stamp_) return;
    seen_[t] = stamp_;
    if (listed_[t]) return;  // the pair was looked at from t
    const int32_t a = net.a[s], b = net.b[s], c = net.a[t], d = net.b[t];
    if (c == a || c == b || d == a || d == b) return;  // springs sharing a particle meet there
    if (moving_[a] && moving_[b] && moving_[c] && moving_[d]) return;  // they move together
    const Vec2 pa = position(net, a), pb = position(net, b);
    const Vec2 pc = position(net, c), pd = position(net, d);
    // The ends move by at most `reach` relative to each other: farther pairs cannot meet
    // (the boxes first, as most partners are far).
    const double margin = reach * (1.0 + 1e-9) + 1e-12;
    const Vec2 lo = glm::min(pa, pb) - margin, hi = glm::max(pa, pb) + margin;
    const Vec2 tlo = glm::min(pc, pd), thi = glm::max(pc, pd);
    if (tlo.x > hi.x || tlo.y > hi.y || thi.x < lo.x || thi.y < lo.y) return;
    if (segment_distance(pa, pb, pc, pd) > margin) return;
    if (segments_cross(pa, pb, pc, pd)) return;  // already crossed: left to itself
    pairs_.push_back({s, t});
  };
  for (size_t k = first_new_mover; k < movers_.size(); ++k) {
    const int32_t i = movers_[k];
    for (int32_t n = adjacency_.offset[i]; n < adjacency_.offset[i + 1]; ++n) {
      const int32_t s = adjacency_.spring_ids[n];
      if (listed_[s]) continue;  // it already moved with an earlier mover
      listed_[s] = 1;
      listed_springs_.push_back(s);
      ++stamp_;
      const Vec2 pa = position(net, net.a[s]), pb = position(net, net.b[s]);
      // An end of a partner within `reach` of s lies within reach + |t|/2 of s, and
      // within hash_slack_ more of where the hash binned it.
      // (Partners that move may also have grown by up to hash_slack_.)
      const double radius =
          0.5 * glm::length(pb - pa) + reach + 0.5 * (longest_ + hash_slack_) + hash_slack_;
      hash_.for_each_near(0.5 * (pa + pb), radius, [&](int32_t p) {
        for (int32_t j = adjacency_.offset[p]; j < adjacency_.offset[p + 1]; ++j)
          consider(s, adjacency_.spring_ids[j]);
      });
    }
  }
}

SweepGuard::PairEnds SweepGuard::ends_of(const SpringNetwork& net, const Pair& pair) const {
  PairEnds e{
      {net.a[pair.moving], net.b[pair.moving], net.a[pair.other], net.b[pair.other]}, {}, {}};
  for (int k = 0; k < 4; ++k) {
    e.p[k] = position(net, e.id[k]);
    e.moves[k] = moving_[e.id[k]];
  }
  return e;
}

bool SweepGuard::pair_meets(const SpringNetwork& net, const Pair& pair, Vec2 shift) const {
  const PairEnds e = ends_of(net, pair);
  const Vec2* p = e.p;
  const int* g = e.moves;
  const double tol = contact_tolerance(p, shift);
  // The end positions exactly as they will be written.
  Vec2 q[4];
  for (int k = 0; k < 4; ++k) q[k] = g[k] ? Vec2{p[k].x + shift.x, p[k].y + shift.y} : p[k];
  // Each spring stays inside the box of its ends before and after: apart boxes never meet.
  const Vec2 s_lo = glm::min(glm::min(p[0], p[1]), glm::min(q[0], q[1])) - tol;
  const Vec2 s_hi = glm::max(glm::max(p[0], p[1]), glm::max(q[0], q[1])) + tol;
  const Vec2 t_lo = glm::min(glm::min(p[2], p[3]), glm::min(q[2], q[3]));
  const Vec2 t_hi = glm::max(glm::max(p[2], p[3]), glm::max(q[2], q[3]));
  if (t_lo.x > s_hi.x || t_lo.y > s_hi.y || t_hi.x < s_lo.x || t_hi.y < s_lo.y) return false;
  // An end of either spring touching the other on the way.
  for (int k = 0; k < 4; ++k) {
    const int u = k < 2 ? 2 : 0, v = u + 1;
    if (point_meets_segment(p[k], g[k], p[u], g[u], p[v], g[v], shift, tol)) return true;
  }
  // The end positions checked as count_crossings does.
  return segments_cross(q[0], q[1], q[2], q[3]);
}

bool SweepGuard::clear_of_contacts(const SpringNetwork& net, Vec2 shift) const {
  return std::none_of(meeting_.begin(), meeting_.end(),
                      [&](int32_t k) { return pair_meets(net, pairs_[k], shift); });
}

double SweepGuard::safe_fraction(const SpringNetwork& net, Vec2 step) {
  contacts_.clear();
  // A pair clear of each other over the whole step is clear over any part of it (the
  // swept regions only grow): bisect over the others alone.
  meeting_.clear();
  for (int32_t k : candidates_)
    if (pair_meets(net, pairs_[k], step)) meeting_.push_back(k);
  if (meeting_.empty()) return 1.0;
  double lo = 0.0, hi = 1.0;
  for (int k = 0; k < kBisections; ++k) {
    const double mid = 0.5 * (lo + hi);
    (clear_of_contacts(net, mid * step) ? lo : hi) = mid;
  }
  contact_shift_ = hi * step;
  for (int32_t k : meeting_)
    if (pair_meets(net, pairs_[k], contact_shift_)) contacts_.push_back(pairs_[k]);
  return lo;
}

bool SweepGuard::name_give_way(const SpringNetwork& net) {
  giving_way_.clear();
  bool resolvable = true;
  // Who gives way: a free end that would be swept through a spring, or the free ends of
  // the spring that a moving end would pass through.
  auto give_way = [&](int32_t i) {
    if (moving_[i] || std::find(giving_way_.begin(), giving_way_.end(), i) != giving_way_.end())
      return;
    if (pushable(net, i))
      giving_way_.push_back(i);
    else
      resolvable = false;
  };
  for (const Pair& pair : contacts_) {
    const PairEnds pe = ends_of(net, pair);
    const int32_t* ends = pe.id;
    const Vec2* p = pe.p;
    const int* g = pe.moves;
    const double tol = contact_tolerance(p, contact_shift_);
    bool named = false;
    for (int k = 0; k < 4; ++k) {
      const int u = k < 2 ? 2 : 0, v = u + 1;
      if (!point_meets_segment(p[k], g[k], p[u], g[u], p[v], g[v], contact_shift_, tol)) continue;
      named = true;
      if (!g[k]) {
        give_way(ends[k]);
      } else {
        give_way(ends[u]);
        give_way(ends[v]);
      }
    }
    if (!named)  // only the exact end test objected: every free end gives way
      for (int k = 0; k < 4; ++k) give_way(ends[k]);
  }
  return resolvable && !giving_way_.empty();
}

void SweepGuard::queue_candidates(const SpringNetwork& net, size_t first_new_pair) {
  // A pair that stayed clear over the whole rest of the step stays clear over its tail,
  // unless one of its ends has just started to move: only those, the pairs that met and
  // the new pairs are tested again.
  for (int32_t i : giving_way_) fresh_[i] = 1;
  auto fresh_end = [&](int32_t s) { return fresh_[net.a[s]] || fresh_[net.b[s]]; };
  candidates_.assign(meeting_.begin(), meeting_.end());
  for (int32_t k : meeting_) queued_[k] = 1;
  for (size_t k = 0; k < first_new_pair; ++k) {
    const Pair& pair = pairs_[k];
    if (!queued_[k] && (fresh_end(pair.moving) || fresh_end(pair.other)))
      candidates_.push_back(static_cast<int32_t>(k));
  }
  for (int32_t k : meeting_) queued_[k] = 0;
  for (size_t k = first_new_pair; k < pairs_.size(); ++k)
    candidates_.push_back(static_cast<int32_t>(k));
  for (int32_t i : giving_way_) fresh_[i] = 0;
}

void SweepGuard::move_movers(SpringNetwork& net, Vec2 shift) const {
  for (int32_t i : movers_) {
    net.x[i] += shift.x;
    net.y[i] += shift.y;
  }
}

Vec2 SweepGuard::advance(SpringNetwork& net, std::span<const int32_t> group, Vec2 step) {
  pushed_.clear();
  if (group.empty() || (step.x == 0.0 && step.y == 0.0)) return Vec2{0.0, 0.0};
  refresh_adjacency(net);
  moving_.resize(static_cast<size_t>(net.particle_count()), 0);
  fresh_.resize(static_cast<size_t>(net.particle_count()), 0);
  movers_.clear();
  for (int32_t i : group)
    if (!moving_[i]) moving_[i] = 1, movers_.push_back(i);
  prepare_search(net, step);
  list_pairs(net, 0, glm::length(step));
  candidates_.resize(pairs_.size());
  for (size_t k = 0; k < pairs_.size(); ++k) candidates_[k] = static_cast<int32_t>(k);
  Vec2 rest = step;
  for (int round = 0;; ++round) {
    const double f = safe_fraction(net, rest);
    const Vec2 shift = f * rest;
    // Named before the move, with the positions and the contact the bisection saw.
    const bool pushing = f < 1.0 && round < kMaxPushRounds && name_give_way(net);
    move_movers(net, shift);
    rest -= shift;
    if (!pushing) break;
    const size_t first_new = movers_.size();
    for (int32_t i : giving_way_) {
      moving_[i] = 1;
      movers_.push_back(i);
      pushed_.push_back(i);
    }
    const size_t first_new_pair = pairs_.size();
    list_pairs(net, first_new, glm::length(rest));
    queued_.resize(pairs_.size(), 0);
    queue_candidates(net, first_new_pair);
  }
  for (int32_t i : movers_) moving_[i] = 0;
  for (int32_t s : listed_springs_) listed_[s] = 0;
  return rest;
}

}  // namespace mb
