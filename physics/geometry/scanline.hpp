#pragma once
// Which points of a row lie inside a polygon, row after row, in time proportional to the
// edges and the points found rather than points x edges: an active-edge table of the
// edges that cross the row, sorted by where they cross it. The answer is contains()'s
// (nonzero winding, Sunday 2001) point for point: a point near a crossing is decided by
// the same orientation test contains() uses.
#include <cstdint>
#include <functional>
#include <span>
#include <vector>

#include "physics/geometry/polygon.hpp"

namespace mb {

class PolygonScanner {
 public:
  explicit PolygonScanner(std::span<const Vec2> poly);

  // Appends to `inside`, in increasing order, the columns i in [i0, i1] whose point
  // (x_of(i), y) lies inside the polygon. x_of must increase with i. Rows must come in
  // non-decreasing y.
  void row(double y, int64_t i0, int64_t i1, const std::function<double(int64_t)>& x_of,
           std::vector<int64_t>& inside);

 private:
  struct Crossing {
    double x;
    int delta;  // +1: upward edge, -1: downward edge
    int32_t edge;
  };
  // contains() restricted to the edges crossing this row (no other edge counts there).
  bool inside_exactly(Vec2 p) const;

  std::vector<Vec2> poly_;
  std::vector<int32_t> by_low_y_;  // edges in order of their lower end
  size_t next_ = 0;                // the next edge of by_low_y_ to enter the table
  std::vector<int32_t> active_;    // edges whose y-range may hold the row
  std::vector<Crossing> row_;      // this row's crossings, sorted by x
  double tolerance_ = 0.0;         // closer than this to a crossing: decide exactly
};

}  // namespace mb
