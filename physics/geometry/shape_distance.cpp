#include "physics/geometry/shape_distance.hpp"

#include <algorithm>
#include <cmath>
#include <functional>
#include <limits>
#include <queue>
#include <vector>

#include "physics/core/assert.hpp"
#include "physics/geometry/polygon.hpp"

namespace mb {

namespace {
// The squared distance from p to its nearest point of `to`, scanning from `hint` round the
// whole outline, and where that nearest point is (the next point's hint); the scan stops at
// the first point nearer than `enough` (squared): then `cut` is set and the distance is only an
// upper bound. Both are outlines sampled in order, so a scan from the previous point's nearest
// finds a near point at once for most points.
struct Nearest {
  double squared = std::numeric_limits<double>::max();
  size_t at = 0;
  bool cut = false;
};
Nearest nearest_point(Vec2 p, const std::vector<Vec2>& to, size_t hint, double enough) {
  const size_t n = to.size();
  Nearest r{std::numeric_limits<double>::max(), hint, false};
  for (size_t k = 0, j = hint; k < n; ++k, j = j + 1 == n ? 0 : j + 1) {
    const double d = glm::dot(p - to[j], p - to[j]);
    if (d < r.squared) {
      r.squared = d;
      r.at = j;
      if (d < enough) {
        r.cut = true;
        break;
      }
    }
  }
  return r;
}

// The largest distance from a point of `from` to the nearest of `to`, exactly, with the early
// break of Taha and Hanbury (An efficient algorithm for calculating the exact Hausdorff
// distance, IEEE TPAMI 37(11), 2015): a point with a neighbour in `to` nearer than the largest
// so far cannot raise it, so its scan stops there. A point that is not cut short is scanned
// whole: the maximum is the same number the full double loop gives, to the bit.
double one_sided(const std::vector<Vec2>& from, const std::vector<Vec2>& to) {
  double worst = 0.0;
  size_t hint = 0;
  for (Vec2 p : from) {
    const Nearest q = nearest_point(p, to, hint, worst);
    hint = q.at;
    if (!q.cut) worst = std::max(worst, q.squared);
  }
  return std::sqrt(worst);
}

// The squared distances from the points of `from` to the nearest of `to` that are among the
// `count` largest so far, kept in `largest` (a min-heap, shared by the calls for both
// directions). Taha and Hanbury's early break (one_sided, above) carried from the largest to
// the count largest: once `count` are held, a point with a neighbour nearer than the least of
// them cannot enter, so its scan stops there. The points that enter are scanned whole, so the
// distances held are the ones the full double loop gives.
using MinHeap = std::priority_queue<double, std::vector<double>, std::greater<>>;
void largest_nearest(const std::vector<Vec2>& from, const std::vector<Vec2>& to, size_t count,
                     MinHeap& largest) {
  size_t hint = 0;
  for (Vec2 p : from) {
    const double least = largest.size() == count ? largest.top() : -1.0;
    const Nearest q = nearest_point(p, to, hint, least);
    hint = q.at;
    if (q.cut) continue;
    if (largest.size() < count) {
      largest.push(q.squared);
    } else if (q.squared > least) {
      largest.pop();
      largest.push(q.squared);
    }
  }
}
}  // namespace

double chamfer_distance(std::span<const Vec2> a, std::span<const Vec2> b, int samples) {
  return tail_mean_distance(a, b, 1.0, samples);
}

double tail_mean_distance(std::span<const Vec2> a, std::span<const Vec2> b, double share,
                          int samples) {
  MB_ASSERT(share > 0.0 && share <= 1.0);
  const std::vector<Vec2> sa = ccw_samples(a, samples), sb = ccw_samples(b, samples);
  if (sa.empty() || sb.empty()) return std::numeric_limits<double>::infinity();
  const size_t all = sa.size() + sb.size();
  const auto count = std::clamp<size_t>(
      static_cast<size_t>(std::llround(share * static_cast<double>(all))), 1, all);
  MinHeap largest;
  largest_nearest(sa, sb, count, largest);
  largest_nearest(sb, sa, count, largest);
  double sum = 0.0;
  for (; !largest.empty(); largest.pop()) sum += std::sqrt(largest.top());
  return sum / static_cast<double>(count);
}

double hausdorff_distance(std::span<const Vec2> a, std::span<const Vec2> b, int samples) {
  const std::vector<Vec2> sa = ccw_samples(a, samples), sb = ccw_samples(b, samples);
  if (sa.empty() || sb.empty()) return std::numeric_limits<double>::infinity();
  return std::max(one_sided(sa, sb), one_sided(sb, sa));
}

double procrustes_distance(std::span<const Vec2> a, std::span<const Vec2> b, int samples) {
  const std::vector<Vec2> sa = ccw_samples(a, samples), sb = ccw_samples(b, samples);
  if (sa.empty() || sb.empty()) return std::numeric_limits<double>::infinity();
  size_t start = 0;
  double nearest = std::numeric_limits<double>::max();
  for (size_t k = 0; k < sb.size(); ++k) {
    const double d = glm::dot(sb[k] - sa[0], sb[k] - sa[0]);
    if (d < nearest) nearest = d, start = k;
  }
  double sum = 0.0;
  for (size_t i = 0; i < sa.size(); ++i) {
    const Vec2 d = sa[i] - sb[(start + i) % sb.size()];
    sum += glm::dot(d, d);
  }
  return std::sqrt(sum);
}

}  // namespace mb
