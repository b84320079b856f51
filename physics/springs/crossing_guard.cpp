#include "physics/springs/crossing_guard.hpp"

#include <cmath>

#include "physics/geometry/segment.hpp"

namespace mb {

namespace {
// Projection parameter of p on segment ab (0 at a, 1 at b).
double projection(Vec2 p, Vec2 a, Vec2 b) {
  const Vec2 ab = b - a;
  const double len2 = glm::dot(ab, ab);
  return len2 > 0.0 ? glm::dot(p - a, ab) / len2 : 0.0;
}
bool within(double t) { return t >= 0.0 && t <= 1.0; }
}  // namespace

bool step_crosses(Vec2 p0, Vec2 p1, Vec2 a0, Vec2 a1, Vec2 b0, Vec2 b1) {
  const double o0 = orient(a0, b0, p0), o1 = orient(a1, b1, p1);
  const bool sign_change = (o0 > 0.0 && o1 <= 0.0) || (o0 < 0.0 && o1 >= 0.0);
  if (!sign_change) return false;
  return within(projection(p0, a0, b0)) || within(projection(p1, a1, b1));
}

bool CrossingGuard::needs_rebuild(const SpringNetwork& net) const {
  if (!built_ || built_springs_ != net.spring_count() ||
      ref_x_.size() != static_cast<size_t>(net.particle_count()))
    return true;
  const double limit2 = 0.25 * skin_ * skin_;
  for (size_t i = 0; i < ref_x_.size(); ++i) {
    const double dx = net.x[i] - ref_x_[i], dy = net.y[i] - ref_y_[i];
    if (dx * dx + dy * dy > limit2) return true;
  }
  return false;
}

void CrossingGuard::rebuild(const SpringNetwork& net, std::span<const double> px,
                            std::span<const double> py) {
  pairs_.clear();
  ref_x_.assign(px.begin(), px.end());
  ref_y_.assign(py.begin(), py.end());
  built_ = true;
  built_springs_ = net.spring_count();
  if (net.spring_count() == 0) return;
  hash_.build(px, py, skin_ + 1e-9);
  for (int32_t s = 0; s < net.spring_count(); ++s) {
    const int32_t ia = net.a[s], ib = net.b[s];
    const Vec2 a{px[ia], py[ia]}, b{px[ib], py[ib]};
    const Vec2 mid = 0.5 * (a + b);
    const double reach = 0.5 * glm::length(b - a) + skin_;
    hash_.for_each_near(mid, reach, [&](int32_t p) {
      if (p == ia || p == ib) return;
      if (point_segment_distance({px[p], py[p]}, a, b) < skin_) pairs_.push_back({p, s});
    });
  }
}

int CrossingGuard::enforce(SpringNetwork& net, std::span<const double> old_x,
                           std::span<const double> old_y, std::vector<uint8_t>& rolled_back) {
  // The reference positions must be crossing-free, so rebuild from the old ones.
  if (needs_rebuild(net)) {
    // Temporarily judge staleness against the old positions.
    rebuild(net, old_x, old_y);
  }
  int rolled = 0;
  bool changed = true;
  while (changed) {
    changed = false;
    for (const Pair& pr : pairs_) {
      const int32_t p = pr.particle, a = net.a[pr.spring], b = net.b[pr.spring];
      const bool moved = net.x[p] != old_x[p] || net.y[p] != old_y[p] || net.x[a] != old_x[a] ||
                         net.y[a] != old_y[a] || net.x[b] != old_x[b] || net.y[b] != old_y[b];
      if (!moved) continue;
      if (!step_crosses({old_x[p], old_y[p]}, {net.x[p], net.y[p]}, {old_x[a], old_y[a]},
                        {net.x[a], net.y[a]}, {old_x[b], old_y[b]}, {net.x[b], net.y[b]}))
        continue;
      for (int32_t i : {p, a, b}) {
        if (net.x[i] == old_x[i] && net.y[i] == old_y[i]) continue;
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
