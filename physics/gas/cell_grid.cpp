#include "physics/gas/cell_grid.hpp"

#include <algorithm>
#include <cmath>

namespace mb::gas {

void CellGrid::build(std::span<const double> xs, std::span<const double> ys, const Box& box,
                     double min_cell) {
  const size_t n = xs.size();
  const Vec2 size = box.size();
  cell_ = std::max(min_cell, 1e-12);
  // Cap the cell count near 2n (+16): a sparse gas in a big box gets bigger cells.
  const double max_cells = 2.0 * static_cast<double>(n) + 16.0;
  while ((std::floor(size.x / cell_) + 1.0) * (std::floor(size.y / cell_) + 1.0) > max_cells)
    cell_ *= 1.5;
  origin_ = box.min;
  nx_ = static_cast<int>(std::floor(size.x / cell_)) + 1;
  ny_ = static_cast<int>(std::floor(size.y / cell_)) + 1;
  const size_t cells = static_cast<size_t>(nx_) * static_cast<size_t>(ny_);
  start_.assign(cells + 1, 0);
  cell_of_.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const uint32_t c = static_cast<uint32_t>(index(cell_x(xs[i]), cell_y(ys[i])));
    cell_of_[i] = c;
    ++start_[c + 1];
  }
  for (size_t c = 0; c < cells; ++c) start_[c + 1] += start_[c];
  items_.resize(n);
  std::vector<uint32_t> fill(start_.begin(), start_.end() - 1);
  for (size_t i = 0; i < n; ++i) items_[fill[cell_of_[i]]++] = static_cast<int32_t>(i);
}

}  // namespace mb::gas
