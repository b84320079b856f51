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

namespace mb::gas {

class CellGrid {
 public:
  // Bins the points into square cells of at least `min_cell` covering `box`, with at most
  // about 2 n cells (cells grow for a sparse gas). Points outside the box clamp to the edge.
  void build(std::span<const double> xs, std::span<const double> ys, const Box& box,
             double min_cell);

  template <class Fn>
  void query(double xlo, double xhi, double ylo, double yhi, Fn&& fn) const {
    const int cx0 = cell_x(xlo), cx1 = cell_x(xhi), cy0 = cell_y(ylo), cy1 = cell_y(yhi);
    for (int cy = cy0; cy <= cy1; ++cy)
      for (int cx = cx0; cx <= cx1; ++cx) {
        const size_t c = index(cx, cy);
        for (uint32_t k = start_[c]; k < start_[c + 1]; ++k) fn(items_[k]);
      }
  }

  // fn(i, j) once for every pair in the same or adjacent cells (a superset of the pairs
  // closer than one cell side on each axis): each cell against itself and four neighbours.
  template <class Fn>
  void for_each_pair(Fn&& fn) const {
    for_each_slot_pair([&](uint32_t a, uint32_t b) { fn(items_[a], items_[b]); });
  }

  // The same pairs as slots: slot k holds disc items()[k], slots grouped by cell, so a
  // caller can gather per-disc data into slot order once and then read it contiguously.
  template <class Fn>
  void for_each_slot_pair(Fn&& fn) const {
    static constexpr int kHalf[4][2] = {{1, 0}, {-1, 1}, {0, 1}, {1, 1}};
    for (int cy = 0; cy < ny_; ++cy)
      for (int cx = 0; cx < nx_; ++cx) {
        const size_t c = index(cx, cy);
        for (uint32_t a = start_[c]; a < start_[c + 1]; ++a) {
          for (uint32_t b = a + 1; b < start_[c + 1]; ++b) fn(a, b);
          for (const auto& o : kHalf) {
            const int ox = cx + o[0], oy = cy + o[1];
            if (ox < 0 || ox >= nx_ || oy >= ny_) continue;
            const size_t d = index(ox, oy);
            for (uint32_t b = start_[d]; b < start_[d + 1]; ++b) fn(a, b);
          }
        }
      }
  }
  std::span<const int32_t> items() const { return items_; }

  double cell() const { return cell_; }

 private:
  int cell_x(double x) const;
  int cell_y(double y) const;
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
