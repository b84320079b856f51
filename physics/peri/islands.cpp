#include "physics/peri/islands.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace mb {

namespace {

struct Reach {
  Vec2 lo, hi;  // the bounding box grown by the travel bound
  double radius = 0.0;
};

Reach reach_of(const PeriBody& b, const IslandInput& in, bool held) {
  Reach r;
  r.radius = b.point_radius();
  if (b.size() == 0) return r;
  r.lo = r.hi = Vec2{b.x[0], b.y[0]};
  double v2 = 0.0;
  for (int32_t i = 0; i < b.size(); ++i) {
    r.lo = glm::min(r.lo, Vec2{b.x[i], b.y[i]});
    r.hi = glm::max(r.hi, Vec2{b.x[i], b.y[i]});
    v2 = std::max(v2, b.vx[i] * b.vx[i] + b.vy[i] * b.vy[i]);
  }
  const double a = glm::length(in.gravity) + (held ? in.grab_pull : 0.0);
  const double travel = in.tick * std::sqrt(v2) + 0.5 * a * in.tick * in.tick + b.spec().spacing;
  r.lo -= Vec2{travel, travel};
  r.hi += Vec2{travel, travel};
  return r;
}

bool may_meet(const Reach& a, const Reach& b) {
  const double gap = a.radius + b.radius;
  return a.lo.x <= b.hi.x + gap && b.lo.x <= a.hi.x + gap && a.lo.y <= b.hi.y + gap &&
         b.lo.y <= a.hi.y + gap;
}

int32_t root(std::vector<int32_t>& parent, int32_t k) {
  while (parent[static_cast<size_t>(k)] != k)
    k = parent[static_cast<size_t>(k)] =
        parent[static_cast<size_t>(parent[static_cast<size_t>(k)])];
  return k;
}

// The reach crosses a wall of the box or comes within contact of an obstacle.
bool may_hit_still_matter(const Reach& r, const IslandInput& in) {
  if (in.box != nullptr &&
      (r.lo.x - r.radius <= in.box->min.x || r.lo.y - r.radius <= in.box->min.y ||
       r.hi.x + r.radius >= in.box->max.x || r.hi.y + r.radius >= in.box->max.y))
    return true;
  if (in.obstacles == nullptr) return false;
  const ContactView& obs = *in.obstacles;
  for (int32_t m = 0; m < obs.size(); ++m) {
    const size_t o = static_cast<size_t>(m);
    const double gap = obs.radius[o] + r.radius;
    if (obs.x[o] + gap >= r.lo.x && obs.x[o] - gap <= r.hi.x && obs.y[o] + gap >= r.lo.y &&
        obs.y[o] - gap <= r.hi.y)
      return true;
  }
  return false;
}

}  // namespace

std::vector<Island> contact_islands(const std::vector<PeriBody>& bodies, const IslandInput& in) {
  const int32_t n = static_cast<int32_t>(bodies.size());
  std::vector<Reach> reach;
  reach.reserve(bodies.size());
  for (int32_t k = 0; k < n; ++k)
    reach.push_back(reach_of(bodies[static_cast<size_t>(k)], in, k == in.held_body));
  // Union-find over the pairs that may meet; the root of a group is its smallest index, so
  // the islands come out in order of their first body. A scene holds a few bodies: all pairs.
  std::vector<int32_t> parent(bodies.size());
  std::iota(parent.begin(), parent.end(), 0);
  for (int32_t a = 0; a < n; ++a)
    for (int32_t b = a + 1; b < n; ++b) {
      if (!may_meet(reach[static_cast<size_t>(a)], reach[static_cast<size_t>(b)])) continue;
      const int32_t ra = root(parent, a), rb = root(parent, b);
      parent[static_cast<size_t>(std::max(ra, rb))] = std::min(ra, rb);
    }
  std::vector<Island> islands;
  std::vector<int32_t> slot(bodies.size(), -1);
  for (int32_t k = 0; k < n; ++k) {
    const int32_t r = root(parent, k);
    if (slot[static_cast<size_t>(r)] < 0) {
      slot[static_cast<size_t>(r)] = static_cast<int32_t>(islands.size());
      islands.emplace_back();
    }
    Island& island = islands[static_cast<size_t>(slot[static_cast<size_t>(r)])];
    island.bodies.push_back(k);
    island.may_hit = island.may_hit || island.bodies.size() > 1 ||
                     may_hit_still_matter(reach[static_cast<size_t>(k)], in);
  }
  return islands;
}

}  // namespace mb
