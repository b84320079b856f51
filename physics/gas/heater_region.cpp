#include "physics/gas/heater_region.hpp"

#include <cmath>

#include "physics/gas/rng.hpp"

namespace mb::gas {

namespace {
bool inside_any(const std::vector<Polygon>& shapes, const std::vector<Box>& boxes, Vec2 p) {
  for (size_t k = 0; k < shapes.size(); ++k) {
    const Box& b = boxes[k];
    if (p.x < b.min.x || p.x > b.max.x || p.y < b.min.y || p.y > b.max.y) continue;
    if (contains(shapes[k], p)) return true;
  }
  return false;
}

std::vector<Box> boxes_of(const std::vector<Polygon>& shapes) {
  std::vector<Box> out;
  for (const Polygon& s : shapes) out.push_back(bounding_box(s));
  return out;
}
}  // namespace

void mark_inside(const Gas& g, const std::vector<Polygon>& shapes, std::vector<uint8_t>& inside) {
  const std::vector<Box> boxes = boxes_of(shapes);
  inside.assign(static_cast<size_t>(g.size()), 0);
  for (int32_t d = 0; d < g.size(); ++d)
    inside[d] = inside_any(shapes, boxes, {g.x[d], g.y[d]}) ? 1 : 0;
}

void follow_removals(const Gas& g, std::vector<uint8_t>& inside) {
  const std::vector<int32_t>& removed = g.removed_in_last_step();
  size_t out = 0, next = 0;
  for (size_t i = 0; i < inside.size(); ++i) {
    if (next < removed.size() && static_cast<size_t>(removed[next]) == i) {
      ++next;
      continue;
    }
    inside[out++] = inside[i];
  }
  inside.resize(out);
  inside.resize(static_cast<size_t>(g.size()), 0);
}

int32_t thermalize_leavers(Gas& g, const std::vector<Polygon>& shapes,
                           const std::vector<uint8_t>& inside_before, double kT) {
  if (!(kT > 0.0)) return 0;
  const std::vector<Box> boxes = boxes_of(shapes);
  SplitMix64 rng{g.rng_state};
  int32_t redrawn = 0;
  const int32_t n = std::min(g.size(), static_cast<int32_t>(inside_before.size()));
  for (int32_t d = 0; d < n; ++d) {
    if (!inside_before[d] || inside_any(shapes, boxes, {g.x[d], g.y[d]})) continue;
    const double s = std::sqrt(kT / g.mass[d]);
    g.vx[d] = s * rng.normal();
    g.vy[d] = s * rng.normal();
    ++redrawn;
  }
  g.rng_state = rng.state;
  return redrawn;
}

}  // namespace mb::gas
