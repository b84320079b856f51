#pragma once
// A uniform grid of singly linked lists (Allen & Tildesley ch. 5.3, "linked lists"): one
// head per cell and one link per item, so an item joins in O(1) at any time. The gas's
// fast discs live here (fast_discs.cpp): they are few, and they join during the tick as
// collisions speed discs up, which the counting-sort CellGrid cannot take.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "physics/geometry/polygon.hpp"
#include "physics/geometry/spatial_hash.hpp"

namespace mb::gas {

class LinkedCells {
 public:
  // Empties the grid: cells of at least `min_cell` over `box`, at most about `max_cells`
  // of them, for items 0 .. items - 1.
  void reset(const Box& box, double min_cell, size_t max_cells, size_t items) {
    const Vec2 size = box.size();
    cell_ = std::max(min_cell, 1e-12);
    while ((std::floor(size.x / cell_) + 1.0) * (std::floor(size.y / cell_) + 1.0) >
           static_cast<double>(std::max<size_t>(max_cells, 1)))
      cell_ *= 1.5;
    origin_ = box.min;
    nx_ = static_cast<int>(std::floor(size.x / cell_)) + 1;
    ny_ = static_cast<int>(std::floor(size.y / cell_)) + 1;
    head_.assign(static_cast<size_t>(nx_) * static_cast<size_t>(ny_), -1);
    next_.resize(items);
  }

  // Item k joins the cell of p (points outside the box clamp to its edge).
  void insert(uint32_t k, Vec2 p) {
    const size_t c =
        index(grid_cell(p.x, origin_.x, cell_, nx_), grid_cell(p.y, origin_.y, cell_, ny_));
    next_[k] = head_[c];
    head_[c] = static_cast<int32_t>(k);
  }

  // fn(k) for every item in the cells under the window.
  template <class Fn>
  void query(double xlo, double xhi, double ylo, double yhi, Fn&& fn) const {
    const int cx0 = grid_cell(xlo, origin_.x, cell_, nx_),
              cx1 = grid_cell(xhi, origin_.x, cell_, nx_);
    const int cy0 = grid_cell(ylo, origin_.y, cell_, ny_),
              cy1 = grid_cell(yhi, origin_.y, cell_, ny_);
    for (int cy = cy0; cy <= cy1; ++cy)
      for (int cx = cx0; cx <= cx1; ++cx)
        for (int32_t k = head_[index(cx, cy)]; k >= 0; k = next_[static_cast<size_t>(k)])
          fn(static_cast<uint32_t>(k));
  }

 private:
  size_t index(int cx, int cy) const {
    return static_cast<size_t>(cy) * static_cast<size_t>(nx_) + static_cast<size_t>(cx);
  }

  double cell_ = 1.0;
  Vec2 origin_{0.0, 0.0};
  int nx_ = 1, ny_ = 1;
  std::vector<int32_t> head_;  // per cell, its first item (-1: none)
  std::vector<int32_t> next_;  // per item, the next item of its cell
};

}  // namespace mb::gas
