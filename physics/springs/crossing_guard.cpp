#include "physics/springs/crossing_guard.hpp"

#include <algorithm>
#include <cmath>

#include "physics/geometry/segment.hpp"

namespace mb {

double segment_distance(Vec2 a, Vec2 b, Vec2 c, Vec2 d) {
  if (segments_cross(a, b, c, d)) return 0.0;
  return std::min({point_segment_distance(a, c, d), point_segment_distance(b, c, d),
                   point_segment_distance(c, a, b), point_segment_distance(d, a, b)});
}

void CrossingGuard::measure_lengths(const SpringNetwork& net, std::span<const double> px,
                                    std::span<const double> py) {
  const int32_t m = net.spring_count();
  length_.resize(static_cast<size_t>(m));
  double mean = 0.0;
  for (int32_t s = 0; s < m; ++s) {
    length_[s] = std::hypot(px[net.b[s]] - px[net.a[s]], py[net.b[s]] - py[net.a[s]]);
    mean += length_[s];
  }
  mean = m > 0 ? mean / m : 1.0;
  short_cut_ = 2.0 * mean;
  long_springs_.clear();
  for (int32_t s = 0; s < m; ++s)
    if (length_[s] > short_cut_) long_springs_.push_back(s);
  // Cells about one spring long: a short spring looks at a few cells.
  hash_.build(px, py, std::max(mean, skin_));
}

template <class Accept>
void CrossingGuard::find_pairs(const SpringNetwork& net, int32_t s, double reach_extra,
                               std::span<const double> px, std::span<const double> py,
                               Accept&& consider) {
  const int32_t a = net.a[s], b = net.b[s];
  const Vec2 pa{px[a], py[a]}, pb{px[b], py[b]};
  const Vec2 lo = glm::min(pa, pb) - skin_, hi = glm::max(pa, pb) + skin_;
  ++stamp_;
  auto test = [&](int32_t t) {
    if (t == s || seen_[t] == stamp_) return;
    seen_[t] = stamp_;
    if (!consider(t)) return;
    const int32_t c = net.a[t], d = net.b[t];
    if (c == a || c == b || d == a || d == b) return;  // springs sharing a particle meet there
    const Vec2 pc{px[c], py[c]}, pd{px[d], py[d]};
    const Vec2 tlo = glm::min(pc, pd), thi = glm::max(pc, pd);
    if (tlo.x > hi.x || tlo.y > hi.y || thi.x < lo.x || thi.y < lo.y) return;
    if (segment_distance(pa, pb, pc, pd) < skin_)
      pairs_.push_back({std::min(s, t), std::max(s, t)});
  };
  const double reach = 0.5 * length_[s] + skin_ + reach_extra;
  hash_.for_each_near(0.5 * (pa + pb), reach, [&](int32_t p) {
    for (int32_t k = adjacency_.offset[p]; k < adjacency_.offset[p + 1]; ++k)
      test(adjacency_.spring_ids[k]);
  });
  if (reach_extra > 0.0)
    for (int32_t t : long_springs_) test(t);
}

void CrossingGuard::full_rebuild(const SpringNetwork& net, std::span<const double> px,
                                 std::span<const double> py) {
  pairs_.clear();
  ref_x_.assign(px.begin(), px.end());
  ref_y_.assign(py.begin(), py.end());
  built_ = true;
  ++rebuilds_;
  const int32_t m = net.spring_count();
  built_springs_ = m;
  built_version_ = net.topology_version;
  adjacency_.build(net);
  measure_lengths(net, px, py);
  seen_.assign(static_cast<size_t>(m), -1);
  // If springs s and t come within `skin` and s is the longer, an end of t lies within
  // |s|/2 + skin of s's midpoint. So each pair is looked for from its longer spring
  // only (ties broken by index), among the springs held by particles near it.
  for (int32_t s = 0; s < m; ++s)
    find_pairs(net, s, 0.0, px, py, [&](int32_t t) {
      return length_[t] < length_[s] || (length_[t] == length_[s] && t < s);
    });
}

double CrossingGuard::current_length(const SpringNetwork& net, int32_t s,
                                     std::span<const double> px, std::span<const double> py) const {
  const double dx = px[net.b[s]] - px[net.a[s]], dy = py[net.b[s]] - py[net.a[s]];
  return std::sqrt(dx * dx + dy * dy);
}

void CrossingGuard::local_update(const SpringNetwork& net, std::span<const double> px,
                                 std::span<const double> py) {
  ++local_updates_;
  redo_.resize(static_cast<size_t>(net.spring_count()), 0);
  redo_list_.clear();
  for (int32_t i : fast_) {
    ref_x_[i] = px[i];
    ref_y_[i] = py[i];
    for (int32_t k = adjacency_.offset[i]; k < adjacency_.offset[i + 1]; ++k) {
      const int32_t s = adjacency_.spring_ids[k];
      if (!redo_[s]) redo_list_.push_back(s);
      redo_[s] = 1;
    }
  }
  std::erase_if(pairs_, [&](Pair p) { return redo_[p.s1] || redo_[p.s2]; });
  // Only the re-examined springs changed length enough to matter: a spring whose ends
  // both stayed within half the skin of their references changed by less than the skin.
  for (int32_t s : redo_list_) {
    length_[s] = current_length(net, s, px, py);
    if (length_[s] > short_cut_ &&
        std::find(long_springs_.begin(), long_springs_.end(), s) == long_springs_.end())
      long_springs_.push_back(s);
  }
  hash_.build(px, py, hash_.cell_size());
  // Re-examined springs look for every partner: short ones through the hash (an end
  // of a short partner lies within |s|/2 + short_cut/2 + skin of s's midpoint), long
  // ones from the list. Pairs of two re-examined springs are found twice: deduplicate.
  const size_t kept = pairs_.size();
  for (int32_t s : redo_list_)
    find_pairs(net, s, 0.5 * short_cut_ + skin_, px, py, [](int32_t) { return true; });
  auto order = [](Pair l, Pair r) { return l.s1 != r.s1 ? l.s1 < r.s1 : l.s2 < r.s2; };
  std::sort(pairs_.begin() + static_cast<std::ptrdiff_t>(kept), pairs_.end(), order);
  pairs_.erase(std::unique(pairs_.begin() + static_cast<std::ptrdiff_t>(kept), pairs_.end(),
                           [](Pair l, Pair r) { return l.s1 == r.s1 && l.s2 == r.s2; }),
               pairs_.end());
  for (int32_t s : redo_list_) redo_[s] = 0;
}

int CrossingGuard::enforce(SpringNetwork& net, std::span<const double> old_x,
                           std::span<const double> old_y, std::vector<uint8_t>& rolled_back) {
  // Pairs are examined at the old positions: the allowed state this step starts from.
  // Keyed by the topology version, not by the network's address: a copy of a World carries
  // the version and this cache with it, and both are valid for it, so the copy goes on
  // exactly as the original would (the engine's recording restarts from such a copy and
  // replays bit for bit). Positions need no key: the pair list stays valid for any
  // positions, as particles that moved half the skin are re-examined below.
  if (!built_ || built_version_ != net.topology_version || built_springs_ != net.spring_count() ||
      ref_x_.size() != static_cast<size_t>(net.particle_count())) {
    full_rebuild(net, old_x, old_y);
  } else {
    fast_.clear();
    const double limit2 = 0.25 * skin_ * skin_;
    for (size_t i = 0; i < ref_x_.size(); ++i) {
      const double dx = net.x[i] - ref_x_[i], dy = net.y[i] - ref_y_[i];
      if (dx * dx + dy * dy > limit2) fast_.push_back(static_cast<int32_t>(i));
    }
    if (!fast_.empty()) local_update(net, old_x, old_y);
  }
  auto moved = [&](int32_t i) { return net.x[i] != old_x[i] || net.y[i] != old_y[i]; };
  int rolled = 0;
  bool changed = true;
  while (changed) {
    changed = false;
    for (const Pair& pr : pairs_) {
      const int32_t ends[4] = {net.a[pr.s1], net.b[pr.s1], net.a[pr.s2], net.b[pr.s2]};
      if (!moved(ends[0]) && !moved(ends[1]) && !moved(ends[2]) && !moved(ends[3])) continue;
      auto at_new = [&](int k) { return Vec2{net.x[ends[k]], net.y[ends[k]]}; };
      auto at_old = [&](int k) { return Vec2{old_x[ends[k]], old_y[ends[k]]}; };
      if (!segments_cross(at_new(0), at_new(1), at_new(2), at_new(3))) continue;
      if (segments_cross(at_old(0), at_old(1), at_old(2), at_old(3))) continue;  // already crossed
      for (int32_t i : ends) {
        if (!moved(i)) continue;
        net.x[i] = old_x[i];
        net.y[i] = old_y[i];
        if (!rolled_back[i]) ++rolled;
        rolled_back[i] = 1;
      }
      changed = true;
    }
  }
  return rolled;
}

}  // namespace mb
