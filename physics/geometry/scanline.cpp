#include "physics/geometry/scanline.hpp"

#include <algorithm>
#include <cmath>

namespace mb {

PolygonScanner::PolygonScanner(std::span<const Vec2> poly) : poly_(poly.begin(), poly.end()) {
  const size_t n = poly_.size();
  double scale = 1.0;
  for (size_t e = 0; e < n; ++e) {
    scale = std::max({scale, std::abs(poly_[e].x), std::abs(poly_[e].y)});
    if (poly_[e].y != poly_[(e + 1) % n].y)  // horizontal edges never cross a row
      by_low_y_.push_back(static_cast<int32_t>(e));
  }
  std::sort(by_low_y_.begin(), by_low_y_.end(), [&](int32_t a, int32_t b) {
    const double ya = std::min(poly_[a].y, poly_[(a + 1) % n].y);
    const double yb = std::min(poly_[b].y, poly_[(b + 1) % n].y);
    return ya < yb || (ya == yb && a < b);
  });
  // Far above the rounding of a crossing's x (a few ulps of the coordinates), far below any
  // lattice spacing: only points this close to an edge need the exact test.
  tolerance_ = 1e-9 * scale;
}

bool PolygonScanner::inside_exactly(Vec2 p) const {
  const size_t n = poly_.size();
  int winding = 0;
  for (const Crossing& c : row_) {
    const Vec2 a = poly_[static_cast<size_t>(c.edge)], b = poly_[(c.edge + 1) % n];
    if (a.y <= p.y) {
      if (b.y > p.y && orient(a, b, p) > 0) ++winding;
    } else if (b.y <= p.y && orient(a, b, p) < 0) {
      --winding;
    }
  }
  return winding != 0;
}

void PolygonScanner::row(double y, int64_t i0, int64_t i1,
                         const std::function<double(int64_t)>& x_of, std::vector<int64_t>& inside) {
  const size_t n = poly_.size();
  auto low = [&](int32_t e) { return std::min(poly_[e].y, poly_[(e + 1) % n].y); };
  auto high = [&](int32_t e) { return std::max(poly_[e].y, poly_[(e + 1) % n].y); };
  while (next_ < by_low_y_.size() && low(by_low_y_[next_]) <= y)
    active_.push_back(by_low_y_[next_++]);
  std::erase_if(active_, [&](int32_t e) { return high(e) < y; });

  // contains()'s rule: an edge counts when a.y <= y < b.y (up) or b.y <= y < a.y (down).
  row_.clear();
  for (int32_t e : active_) {
    const Vec2 a = poly_[static_cast<size_t>(e)], b = poly_[(e + 1) % n];
    const bool up = a.y <= y && b.y > y, down = b.y <= y && a.y > y;
    if (!up && !down) continue;
    row_.push_back({a.x + (y - a.y) * (b.x - a.x) / (b.y - a.y), up ? 1 : -1, e});
  }
  std::sort(row_.begin(), row_.end(), [](const Crossing& p, const Crossing& q) {
    return p.x < q.x || (p.x == q.x && p.edge < q.edge);
  });

  // A point left of crossing k and right of k-1 has the winding of the crossings right of
  // it: the sum of deltas from k on. Those sums start and end at 0 (the outline is closed),
  // so only the spans between crossings with a nonzero sum hold points.
  std::vector<int> right_sum(row_.size() + 1, 0);
  for (size_t k = row_.size(); k-- > 0;) right_sum[k] = right_sum[k + 1] + row_[k].delta;
  int64_t done = i0 - 1;  // columns up to here are decided
  for (size_t k = 1; k < row_.size(); ++k) {
    if (right_sum[k] == 0) continue;  // the span (row_[k-1].x, row_[k].x) is outside
    const double left = row_[k - 1].x, right = row_[k].x;
    // Columns of the span, one more on each side: x_of may round differently from here.
    int64_t i = std::max(done + 1, i0);
    {
      // Skip ahead by bisection to the first column right of left - tolerance.
      int64_t lo = i, hi = i1 + 1;
      while (lo < hi) {
        const int64_t mid = lo + (hi - lo) / 2;
        if (x_of(mid) < left - tolerance_)
          lo = mid + 1;
        else
          hi = mid;
      }
      i = lo;
    }
    for (; i <= i1; ++i) {
      const double x = x_of(i);
      if (x > right + tolerance_) break;
      done = i;
      const bool clear = x > left + tolerance_ && x < right - tolerance_;
      if (clear ? true : inside_exactly({x, y})) inside.push_back(i);
    }
  }
}

}  // namespace mb
