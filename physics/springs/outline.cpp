#include "physics/springs/outline.hpp"

#include <algorithm>
#include <cmath>

namespace mb {

Polygon network_outline(const SpringNetwork& net) {
  Polygon outline;
  const int32_t n = net.particle_count();
  if (n == 0) return outline;
  // Neighbours of each particle sorted by angle.
  std::vector<std::vector<int32_t>> around(static_cast<size_t>(n));
  for (int32_t s = 0; s < net.spring_count(); ++s) {
    around[net.a[s]].push_back(net.b[s]);
    around[net.b[s]].push_back(net.a[s]);
  }
  auto angle = [&](int32_t from, int32_t to) {
    return std::atan2(net.y[to] - net.y[from], net.x[to] - net.x[from]);
  };
  for (int32_t i = 0; i < n; ++i) {
    auto& list = around[i];
    std::sort(list.begin(), list.end(),
              [&](int32_t p, int32_t q) { return angle(i, p) < angle(i, q); });
    list.erase(std::unique(list.begin(), list.end()), list.end());
  }
  int32_t start = 0;
  for (int32_t i = 1; i < n; ++i)
    if (net.x[i] < net.x[start] || (net.x[i] == net.x[start] && net.y[i] < net.y[start])) start = i;
  if (around[start].empty()) return {{net.x[start], net.y[start]}};

  // Next particle after arriving at `at` from direction angle `from_angle`: the first
  // neighbour clockwise from it (the largest angle below it, wrapping around).
  auto next_clockwise = [&](int32_t at, double from_angle) {
    const auto& list = around[at];
    int32_t best = list.back();
    for (auto it = list.rbegin(); it != list.rend(); ++it)
      if (angle(at, *it) < from_angle - 1e-12) return *it;
    return best;  // wrap: the largest angle
  };
  // Start as if arriving at the leftmost particle from further left (angle pi).
  int32_t prev = start;
  int32_t at = next_clockwise(start, M_PI + 1e-9);
  const int32_t first_next = at;
  outline.push_back({net.x[start], net.y[start]});
  const size_t limit = 2 * static_cast<size_t>(net.spring_count()) + 2;
  while (outline.size() <= limit) {
    if (at == start) {
      const int32_t again = next_clockwise(start, angle(start, prev));
      if (again == first_next) break;  // back on the first spring: the face is closed
    }
    outline.push_back({net.x[at], net.y[at]});
    const int32_t next = next_clockwise(at, angle(at, prev));
    prev = at;
    at = next;
  }
  return outline;
}

}  // namespace mb
