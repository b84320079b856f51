#pragma once
// The q-quantile of a sample (q = 0.5: the median, 0.99: the 99th percentile), by the
// nearest rank below: shared by the cases that report tick-time distributions.
#include <algorithm>
#include <vector>

namespace mb::bench {

inline double percentile(std::vector<double> v, double q) {
  std::sort(v.begin(), v.end());
  const size_t k = std::min(v.size() - 1, static_cast<size_t>(q * static_cast<double>(v.size())));
  return v[k];
}

}  // namespace mb::bench
