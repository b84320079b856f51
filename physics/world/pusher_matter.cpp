#include "physics/world/pusher_matter.hpp"

#include <algorithm>
#include <cmath>

#include "physics/peri/softening.hpp"

namespace mb {

namespace {
constexpr double kMaxOutlineDiscs = 20000.0;

bool valid(const PeriSystem& bodies, BodyPointRef r) {
  return r.body >= 0 && r.body < static_cast<int32_t>(bodies.bodies.size()) && r.point >= 0 &&
         r.point < bodies.bodies[static_cast<size_t>(r.body)].size();
}
}  // namespace

std::vector<BodyPointRef> body_points_inside(const PeriSystem& bodies, const Polygon& shape) {
  std::vector<BodyPointRef> out;
  if (shape.size() < 3) return out;
  const Box box = bounding_box(shape);
  for (size_t k = 0; k < bodies.bodies.size(); ++k) {
    const PeriBody& b = bodies.bodies[k];
    for (int32_t i = 0; i < b.size(); ++i) {
      const Vec2 p{b.x[i], b.y[i]};
      if (p.x < box.min.x || p.x > box.max.x || p.y < box.min.y || p.y > box.max.y) continue;
      if (contains(shape, p)) out.push_back({static_cast<int32_t>(k), i});
    }
  }
  return out;
}

int64_t heat_points_inside(PeriSystem& bodies, const Polygon& shape) {
  const std::vector<BodyPointRef> inside = body_points_inside(bodies, shape);
  std::vector<int32_t> points;
  for (size_t k = 0; k < bodies.bodies.size(); ++k) {
    points.clear();
    for (const BodyPointRef r : inside)
      if (r.body == static_cast<int32_t>(k)) points.push_back(r.point);
    heat_points(bodies.bodies[k], points);
  }
  return static_cast<int64_t>(inside.size());
}

void move_points(PeriSystem& bodies, const std::vector<BodyPointRef>& points, Vec2 step) {
  for (const BodyPointRef r : points) {
    if (!valid(bodies, r)) continue;
    PeriBody& b = bodies.bodies[static_cast<size_t>(r.body)];
    b.x[r.point] += step.x, b.y[r.point] += step.y;
  }
}

void HeldPoints::hold(PeriSystem& bodies, const std::vector<BodyPointRef>& points, Vec2 velocity) {
  for (const BodyPointRef r : points) {
    if (!valid(bodies, r)) continue;
    PeriBody& b = bodies.bodies[static_cast<size_t>(r.body)];
    b.vx[r.point] = velocity.x, b.vy[r.point] = velocity.y;
    if (b.pinned[r.point]) continue;  // pinned already (by another pusher or the scene)
    b.pinned[r.point] = 1;
    pinned_.push_back(r);
  }
}

void HeldPoints::release(PeriSystem& bodies) {
  for (const BodyPointRef r : pinned_)
    if (valid(bodies, r)) bodies.bodies[static_cast<size_t>(r.body)].pinned[r.point] = 0;
  pinned_.clear();
}

void add_outline(ContactView& view, const Polygon& shape, Vec2 step, double T, double rho) {
  if (shape.size() < 2 || !(rho > 0.0)) return;
  double perimeter = 0.0;
  for (size_t k = 0; k < shape.size(); ++k)
    perimeter += glm::length(shape[(k + 1) % shape.size()] - shape[k]);
  // Tiny discs along a long outline: coarser links (still overlapping, so still closed
  // to the discs at least rho in radius) rather than millions of them.
  rho = std::max(rho, perimeter / kMaxOutlineDiscs);
  const Vec2 v = T > 0.0 ? step / T : Vec2{0.0, 0.0};
  for (size_t k = 0; k < shape.size(); ++k) {
    const Vec2 a = shape[k] - step, b = shape[(k + 1) % shape.size()] - step;
    const double length = glm::length(b - a);
    const int pieces = std::max(1, static_cast<int>(std::ceil(length / rho)));
    for (int m = 0; m < pieces; ++m) {  // each edge from its start; the next edge adds its end
      const Vec2 p = a + (static_cast<double>(m) / pieces) * (b - a);
      view.add(p.x, p.y, v.x, v.y, rho, 0.0);
    }
  }
}

}  // namespace mb
