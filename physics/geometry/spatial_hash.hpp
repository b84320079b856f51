#pragma once
// A uniform grid over points for neighbour queries, shared by every system.
// Built in O(n) by counting sort into cells (flat arrays, no per-cell vectors).
#include <cmath>
#include <cstdint>
#include <span>
#include <vector>

#include "physics/core/vec2.hpp"

namespace mb {

// The cell of coordinate v in a row of n cells of side `cell` from `origin`, clamped to the
// row while still a double: converting a coordinate out of int range, or NaN (a body whose
// state went non-finite within a tick, before PeriSystem resets it), to int is undefined.
// NaN goes to cell 0. Shared by every uniform grid (this hash, the gas's CellGrid and
// LinkedCells).
inline int grid_cell(double v, double origin, double cell, int n) {
  const double c = std::floor((v - origin) / cell);
  return c > 0.0 ? (c < n - 1 ? static_cast<int>(c) : n - 1) : 0;
}

// The pairs of a uniform grid's cells, shared by SpatialHash and the gas's CellGrid: `start`
// holds the nx * ny + 1 prefix sums of a grid whose items are grouped by cell, row by row.
// Calls fn(a, b), a and b item positions, once for every pair in the same or adjacent cells,
// for the pairs whose first cell lies in rows [row0, row1). A cell meets the rest of itself
// and its right neighbour (one run: they are consecutive) and the three cells above it (one
// run too).
template <class Fn>
void for_each_adjacent_pair(std::span<const uint32_t> start, int nx, int ny, int row0, int row1,
                            Fn&& fn) {
  const auto index = [nx](int cx, int cy) {
    return static_cast<size_t>(cy) * static_cast<size_t>(nx) + static_cast<size_t>(cx);
  };
  for (int cy = row0; cy < row1; ++cy)
    for (int cx = 0; cx < nx; ++cx) {
      const size_t c = index(cx, cy);
      const uint32_t same_end = start[cx + 1 < nx ? c + 2 : c + 1];
      uint32_t up_begin = 0, up_end = 0;
      if (cy + 1 < ny) {
        up_begin = start[index(cx > 0 ? cx - 1 : 0, cy + 1)];
        up_end = start[index(cx + 1 < nx ? cx + 1 : cx, cy + 1) + 1];
      }
      for (uint32_t a = start[c]; a < start[c + 1]; ++a) {
        for (uint32_t b = a + 1; b < same_end; ++b) fn(a, b);
        for (uint32_t b = up_begin; b < up_end; ++b) fn(a, b);
      }
    }
}

class SpatialHash {
 public:
  // Bins the points (xs[i], ys[i]) into square cells of side `cell_size`.
  void build(std::span<const double> xs, std::span<const double> ys, double cell_size);

  // Calls fn(index) for every point in the cells overlapping the disc (center, radius):
  // a superset of the points within `radius`; callers test the exact distance.
  template <class Fn>
  void for_each_near(Vec2 center, double radius, Fn&& fn) const {
    for_each_in(center.x - radius, center.x + radius, center.y - radius, center.y + radius, fn);
  }

  // Calls fn(index) for every point in the cells overlapping the box [xlo, xhi] x [ylo, yhi].
  template <class Fn>
  void for_each_in(double xlo, double xhi, double ylo, double yhi, Fn&& fn) const {
    if (cell_start_.empty()) return;
    // A box clear of every point: the clamped edge cells it would visit hold none inside it
    // (the gas asks about most discs far from the other matter).
    if (all_finite_ && (xhi < origin_.x || xlo > top_.x || yhi < origin_.y || ylo > top_.y)) return;
    const int x0 = cell_x(xlo), x1 = cell_x(xhi);
    const int y0 = cell_y(ylo), y1 = cell_y(yhi);
    for (int cy = y0; cy <= y1; ++cy)
      for (int cx = x0; cx <= x1; ++cx) {
        const size_t c =
            static_cast<size_t>(cy) * static_cast<size_t>(nx_) + static_cast<size_t>(cx);
        for (uint32_t k = cell_start_[c]; k < cell_start_[c + 1]; ++k)
          fn(static_cast<int32_t>(items_[k]));
      }
  }

  // Calls fn(a, b), a and b positions in items() (the points grouped by cell), once for
  // every pair of points in the same or adjacent cells (a superset of the pairs closer than
  // one cell side), for the pairs whose first cell lies in rows [row0, row1) (rows split the
  // work between threads). A caller that copies per-point data into items() order reads
  // runs of it.
  template <class Fn>
  void for_each_item_pair(int row0, int row1, Fn&& fn) const {
    for_each_adjacent_pair(cell_start_, nx_, ny_, row0, row1, fn);
  }
  int rows() const { return ny_; }
  // The point indices grouped by cell (for_each_item_pair's positions).
  std::span<const uint32_t> items() const { return items_; }

  double cell_size() const { return cell_; }

 private:
  // Inline: four calls a query, and the gas asks one query a collision.
  int cell_x(double x) const { return grid_cell(x, origin_.x, cell_, nx_); }
  int cell_y(double y) const { return grid_cell(y, origin_.y, cell_, ny_); }

  double cell_ = 1.0;
  Vec2 origin_{0.0, 0.0};
  Vec2 top_{0.0, 0.0};       // the points' largest coordinates (origin_: the smallest)
  bool all_finite_ = false;  // else a non-finite point sits in an edge cell
  int nx_ = 0, ny_ = 0;
  std::vector<uint32_t> cell_start_;  // nx*ny + 1 prefix sums
  std::vector<uint32_t> items_;       // point indices grouped by cell
  // build()'s scratch, kept between builds: each point's cell, each cell's next free slot.
  std::vector<uint32_t> cell_of_, fill_;
};

}  // namespace mb
