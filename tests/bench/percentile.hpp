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

// The median: the middle value, or the mean of the two middle values of an even count
// (where percentile(v, 0.5) gives the upper one); 0 for none.
inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const size_t n = v.size();
  if (n == 0) return 0.0;
  return n % 2 == 1 ? v[n / 2] : 0.5 * (v[n / 2 - 1] + v[n / 2]);
}

}  // namespace mb::bench
