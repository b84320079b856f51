#include "physics/geometry/shape_score.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <vector>

#include "physics/geometry/polygon.hpp"
#include "physics/geometry/segment.hpp"

namespace mb {

namespace {
// Marks the raster cells whose centres the outline encloses (even-odd rule), one scanline per
// row: the x where each edge crosses the row's centre line, sorted, fill between pairs.
void fill(std::span<const Vec2> poly, Vec2 origin, double cell, int nx, int ny,
          std::vector<uint8_t>& mask, uint8_t bit) {
  std::vector<double> xs;
  const size_t n = poly.size();
  for (int row = 0; row < ny; ++row) {
    const double y = origin.y + (row + 0.5) * cell;
    xs.clear();
    for (size_t i = 0; i < n; ++i) {
      const Vec2 p = poly[i], q = poly[(i + 1) % n];
      // Half-open in y, so a vertex on the line counts once.
      if ((p.y <= y) == (q.y <= y)) continue;
      xs.push_back(p.x + (y - p.y) * (q.x - p.x) / (q.y - p.y));
    }
    std::sort(xs.begin(), xs.end());
    for (size_t k = 0; k + 1 < xs.size(); k += 2) {
      // Cells whose centre x lies in [xs[k], xs[k+1]).
      const int from = std::max(0, static_cast<int>(std::ceil((xs[k] - origin.x) / cell - 0.5)));
      const int to = std::min(nx, static_cast<int>(std::ceil((xs[k + 1] - origin.x) / cell - 0.5)));
      for (int col = from; col < to; ++col) mask[static_cast<size_t>(row) * nx + col] |= bit;
    }
  }
}
}  // namespace

double procrustes_cyclic_distance(std::span<const Vec2> a, std::span<const Vec2> b, int samples,
                                  int refine) {
  if (a.size() < 3 || b.size() < 3 || samples < 1 || refine < 1)
    return std::numeric_limits<double>::infinity();
  const std::vector<Vec2> sa = ccw_samples(a, samples), sb = ccw_samples(b, samples * refine);
  if (sa.empty() || sb.empty()) return std::numeric_limits<double>::infinity();
  const size_t m = sb.size();
  double best = std::numeric_limits<double>::infinity();
  for (size_t shift = 0; shift < m; ++shift) {
    double sum = 0.0;
    for (size_t i = 0; i < sa.size() && sum < best; ++i) {
      const Vec2 d = sa[i] - sb[(shift + i * static_cast<size_t>(refine)) % m];
      sum += glm::dot(d, d);
    }
    best = std::min(best, sum);
  }
  return std::sqrt(best / static_cast<double>(sa.size()));
}

double intersection_over_union(std::span<const Vec2> a, std::span<const Vec2> b, int cells) {
  if (a.size() < 3 || b.size() < 3 || cells < 1) return 0.0;
  Box box = bounding_box(a);
  const Box bb = bounding_box(b);
  box.min = glm::min(box.min, bb.min);
  box.max = glm::max(box.max, bb.max);
  const double side = std::max(box.max.x - box.min.x, box.max.y - box.min.y);
  if (!(side > 0.0)) return 0.0;
  const double cell = side / cells;
  const int nx = std::max(1, static_cast<int>(std::ceil((box.max.x - box.min.x) / cell)));
  const int ny = std::max(1, static_cast<int>(std::ceil((box.max.y - box.min.y) / cell)));
  std::vector<uint8_t> mask(static_cast<size_t>(nx) * ny, 0);
  fill(a, box.min, cell, nx, ny, mask, 1);
  fill(b, box.min, cell, nx, ny, mask, 2);
  int64_t both = 0, either = 0;
  for (uint8_t m : mask) {
    both += m == 3;
    either += m != 0;
  }
  return either == 0 ? 0.0 : static_cast<double>(both) / static_cast<double>(either);
}

bool self_intersects(std::span<const Vec2> poly) {
  const size_t n = poly.size();
  for (size_t i = 0; i < n; ++i) {
    const Vec2 p = poly[i], q = poly[(i + 1) % n];
    // An edge that doubles straight back over the previous one.
    const Vec2 o = poly[(i + n - 1) % n];
    const Vec2 u = p - o, v = q - p;
    if (n >= 3 && std::abs(u.x * v.y - u.y * v.x) <= 1e-12 * glm::length(u) * glm::length(v) &&
        glm::dot(u, v) < 0.0)
      return true;
    for (size_t j = i + 2; j < n; ++j) {
      if (i == 0 && j == n - 1) continue;  // neighbours through the closing edge
      if (segments_cross(p, q, poly[j], poly[(j + 1) % n])) return true;
    }
  }
  return false;
}

}  // namespace mb
