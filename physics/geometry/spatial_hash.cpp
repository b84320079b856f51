#include "physics/geometry/spatial_hash.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mb {

namespace {
// Caps the grid at a few million cells so a huge sparse scene cannot exhaust memory.
constexpr double kMaxCells = 4.0e6;
}  // namespace

void SpatialHash::build(std::span<const double> xs, std::span<const double> ys, double cell_size) {
  const size_t n = xs.size();
  cell_start_.clear();
  items_.clear();
  if (n == 0) return;
  double minx = std::numeric_limits<double>::max(), miny = minx;
  double maxx = std::numeric_limits<double>::lowest(), maxy = maxx;
  all_finite_ = true;
  for (size_t i = 0; i < n; ++i) {
    if (!std::isfinite(xs[i]) || !std::isfinite(ys[i])) {
      all_finite_ = false;
      continue;  // binned at an edge
    }
    minx = std::min(minx, xs[i]);
    maxx = std::max(maxx, xs[i]);
    miny = std::min(miny, ys[i]);
    maxy = std::max(maxy, ys[i]);
  }
  if (!(minx <= maxx)) minx = maxx = miny = maxy = 0.0;  // no finite point
  cell_ = cell_size > 0.0 ? cell_size : 1.0;
  double w = maxx - minx, h = maxy - miny;
  if (!std::isfinite(w) || !std::isfinite(h)) w = h = 0.0, cell_ = INFINITY;  // one cell
  while ((w / cell_ + 1.0) * (h / cell_ + 1.0) > kMaxCells) cell_ *= 2.0;
  origin_ = {minx, miny};
  top_ = {maxx, maxy};
  nx_ = static_cast<int>(w / cell_) + 1;
  ny_ = static_cast<int>(h / cell_) + 1;
  const size_t cells = static_cast<size_t>(nx_) * static_cast<size_t>(ny_);
  cell_start_.assign(cells + 1, 0);
  // cell_of_ and fill_ are kept between builds: the springs' guards rebuild their hashes every
  // few solver iterations.
  cell_of_.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const size_t c = static_cast<size_t>(cell_y(ys[i])) * static_cast<size_t>(nx_) +
                     static_cast<size_t>(cell_x(xs[i]));
    cell_of_[i] = static_cast<uint32_t>(c);
    ++cell_start_[c + 1];
  }
  for (size_t c = 0; c < cells; ++c) cell_start_[c + 1] += cell_start_[c];
  items_.resize(n);
  fill_.assign(cell_start_.begin(), cell_start_.end() - 1);
  for (size_t i = 0; i < n; ++i) items_[fill_[cell_of_[i]]++] = static_cast<uint32_t>(i);
}

}  // namespace mb
