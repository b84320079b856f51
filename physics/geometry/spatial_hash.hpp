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

  double cell_size() const { return cell_; }

 private:
  // Inline: four calls a query, and the gas asks one query a collision.
  int cell_x(double x) const { return grid_cell(x, origin_.x, cell_, nx_); }
  int cell_y(double y) const { return grid_cell(y, origin_.y, cell_, ny_); }

  double cell_ = 1.0;
  Vec2 origin_{0.0, 0.0};
  int nx_ = 0, ny_ = 0;
  std::vector<uint32_t> cell_start_;  // nx*ny + 1 prefix sums
  std::vector<uint32_t> items_;       // point indices grouped by cell
};

}  // namespace mb
