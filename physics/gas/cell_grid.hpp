#pragma once
// Uniform grid (cell list, Allen & Tildesley ch. 5.3) over the discs' positions, built in
// O(n) by counting sort into flat arrays. A query visits the cells under its window, so
// it costs O(1) discs at fixed density whatever n is: the better broad phase for large n.
// Its fixed costs are the cell array (cleared each build) and visiting empty cells, which
// dominate when discs are few in a large box.
#include <cstdint>
#include <span>
#include <vector>

#include "physics/geometry/polygon.hpp"
#include "physics/geometry/spatial_hash.hpp"

namespace mb::gas {

class CellGrid {
 public:
  // Bins the points into square cells of at least `min_cell` covering `box`, with at most
  // about 2 n cells (cells grow for a sparse gas). Points outside the box clamp to the edge.
  void build(std::span<const double> xs, std::span<const double> ys, const Box& box,
             double min_cell);

  // fn(begin, end) for each row of cells under the window: the cells of one row are
  // consecutive slots (slot k holds disc items()[k]), so each row is one run of slots.
  template <class Fn>
  void for_each_run(double xlo, double xhi, double ylo, double yhi, Fn&& fn) const {
    const int cx0 = cell_x(xlo), cx1 = cell_x(xhi), cy0 = cell_y(ylo), cy1 = cell_y(yhi);
    for (int cy = cy0; cy <= cy1; ++cy) fn(start_[index(cx0, cy)], start_[index(cx1, cy) + 1]);
  }

  // fn(k) for every slot k in the cells under the window.
  template <class Fn>
  void query_slots(double xlo, double xhi, double ylo, double yhi, Fn&& fn) const {
    for_each_run(xlo, xhi, ylo, yhi, [&](uint32_t begin, uint32_t end) {
      for (uint32_t k = begin; k < end; ++k) fn(k);
    });
  }

  // fn(i, j) once for every pair in the same or adjacent cells (a superset of the pairs
  // closer than one cell side on each axis).
  template <class Fn>
  void for_each_pair(Fn&& fn) const {
    for_each_slot_pair(0, ny_, [&](uint32_t a, uint32_t b) { fn(items_[a], items_[b]); });
  }

  // The same pairs as slots, for the pairs whose first cell lies in rows [row0, row1)
  // (rows split the work between threads). Slots are grouped by cell, so a caller can
  // gather per-disc data into slot order once and then read it contiguously. Each cell
  // meets itself and four neighbours: its right neighbour follows it in slot order (one run
  // with the rest of its own cell), and the three cells above it are one run too.
  template <class Fn>
  void for_each_slot_pair(int row0, int row1, Fn&& fn) const {
    for_each_adjacent_pair(start_, nx_, ny_, row0, row1, fn);
  }
  int rows() const { return ny_; }
  // The first slot of row `row` (rows() gives the slot count).
  uint32_t row_begin(int row) const { return start_[index(0, row)]; }
  std::span<const int32_t> items() const { return items_; }

  double cell() const { return cell_; }

 private:
  int cell_x(double x) const { return grid_cell(x, origin_.x, cell_, nx_); }
  int cell_y(double y) const { return grid_cell(y, origin_.y, cell_, ny_); }
  size_t index(int cx, int cy) const {
    return static_cast<size_t>(cy) * static_cast<size_t>(nx_) + static_cast<size_t>(cx);
  }

  double cell_ = 1.0;
  Vec2 origin_{0.0, 0.0};
  int nx_ = 0, ny_ = 0;
  std::vector<uint32_t> start_;  // nx*ny + 1 prefix sums
  std::vector<int32_t> items_;   // disc indices grouped by cell
  std::vector<uint32_t> cell_of_;
};

}  // namespace mb::gas
