#include "physics/gas/sweep_prune.hpp"

#include <algorithm>
#include <numeric>

namespace mb::gas {

void SweepPrune::build(std::span<const double> xs, std::span<const double> ys) {
  const size_t n = xs.size();
  swaps_ = 0;
  if (order_.size() != n) {  // discs added or removed: start from a full sort
    order_.resize(n);
    std::iota(order_.begin(), order_.end(), 0);
    std::sort(order_.begin(), order_.end(), [&](int32_t a, int32_t b) { return xs[a] < xs[b]; });
  } else {
    // Insertion sort on the previous order: each disc moves left past the ones it overtook.
    for (size_t k = 1; k < n; ++k) {
      const int32_t d = order_[k];
      const double key = xs[d];
      size_t m = k;
      for (; m > 0 && xs[order_[m - 1]] > key; --m) order_[m] = order_[m - 1];
      order_[m] = d;
      swaps_ += static_cast<int64_t>(k - m);
    }
  }
  xs_.resize(n);
  ys_.resize(n);
  for (size_t k = 0; k < n; ++k) {
    xs_[k] = xs[order_[k]];
    ys_[k] = ys[order_[k]];
  }
}

size_t SweepPrune::lower_bound(double x) const {
  return static_cast<size_t>(std::lower_bound(xs_.begin(), xs_.end(), x) - xs_.begin());
}

}  // namespace mb::gas
