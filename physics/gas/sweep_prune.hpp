#pragma once
// Sweep and prune along x (the Particles gas program's broad phase): the discs sorted by x, the
// order kept from tick to tick and repaired by insertion sort, which costs O(n + k) for k swaps on
// a nearly sorted list (discs move a fraction of a diameter per tick, so k is small).
//
// Cost: a query scans every disc whose x lies in the window, i.e. about n * w / Lx for a
// window of width w in a box of width Lx. In a 2D box that grows like sqrt(n) per disc at
// fixed density (all discs in the same vertical strip are scanned, whatever their y), so
// the total is O(n^1.5) per tick. The cell grid (cell_grid.hpp) scans O(1) discs per query
// and wins for large n; sweep and prune wins for small n, for a box much wider than tall
// (few discs share a strip), and when discs are few and far apart (no cells to visit).
#include <cstdint>
#include <span>
#include <vector>

namespace mb::gas {

class SweepPrune {
 public:
  // Sorts the discs by x (reusing the previous order when the count is unchanged).
  void build(std::span<const double> xs, std::span<const double> ys);

  // Slot k is the k-th disc by x: disc order()[k], at xs()[k], ys()[k].
  std::span<const int32_t> order() const { return order_; }
  size_t size() const { return order_.size(); }

  // fn(k) for every slot whose disc has x in [xlo, xhi] and y in [ylo, yhi].
  template <class Fn>
  void query_slots(double xlo, double xhi, double ylo, double yhi, Fn&& fn) const {
    for (size_t k = lower_bound(xlo); k < xs_.size() && xs_[k] <= xhi; ++k)
      if (ys_[k] >= ylo && ys_[k] <= yhi) fn(static_cast<uint32_t>(k));
  }

  // fn(k, m) once for every pair of slots with |x_k - x_m| <= hx and |y_k - y_m| <= hy and
  // k in [k0, k1) (ranges split the work between threads): the sweep over the sorted list,
  // each disc against the ones after it while they stay within hx.
  template <class Fn>
  void for_each_slot_pair(size_t k0, size_t k1, double hx, double hy, Fn&& fn) const {
    const size_t n = xs_.size();
    for (size_t k = k0; k < k1; ++k)
      for (size_t m = k + 1; m < n && xs_[m] - xs_[k] <= hx; ++m) {
        const double dy = ys_[m] - ys_[k];
        if (dy <= hy && dy >= -hy) fn(static_cast<uint32_t>(k), static_cast<uint32_t>(m));
      }
  }

  int64_t last_swaps() const { return swaps_; }  // insertion-sort swaps in the last build

 private:
  size_t lower_bound(double x) const;

  std::vector<int32_t> order_;   // disc indices by increasing x
  std::vector<double> xs_, ys_;  // their coordinates in that order
  int64_t swaps_ = 0;
};

}  // namespace mb::gas
