#include "physics/peri/contact_skin.hpp"

#include <algorithm>
#include <functional>
#include <limits>
#include <queue>
#include <utility>

namespace mb {

void refresh_contact_skin(PeriBody& b) {
  const size_t n = static_cast<size_t>(b.size());
  const double dx = b.spec.spacing, delta = b.spec.horizon * dx;
  const double nearest = 1.01 * dx;  // the full shell's six bonds have length dx
  std::vector<double> depth(n, std::numeric_limits<double>::infinity());
  using Entry = std::pair<double, int32_t>;
  std::priority_queue<Entry, std::vector<Entry>, std::greater<Entry>> queue;
  for (size_t i = 0; i < n; ++i) {
    int shell = 0;
    for (int32_t e = b.bond_start[i]; e < b.bond_start[i + 1]; ++e)
      shell += !b.bond_broken[e] && b.bond_len[e] < nearest;
    if (shell < 6) depth[i] = 0.0, queue.push({0.0, static_cast<int32_t>(i)});
  }
  while (!queue.empty()) {
    const auto [d, i] = queue.top();
    queue.pop();
    if (d > depth[static_cast<size_t>(i)]) continue;  // reached sooner by another path
    for (int32_t e = b.bond_start[i]; e < b.bond_start[i + 1]; ++e) {
      const size_t j = static_cast<size_t>(b.bond_j[e]);
      const double dj = d + b.bond_len[e];
      if (b.bond_broken[e] || dj > delta || dj >= depth[j]) continue;
      depth[j] = dj;
      queue.push({dj, static_cast<int32_t>(j)});
    }
  }
  b.skin_radius.assign(n, 0.5 * dx);
  b.max_skin_radius = n > 0 ? 0.5 * dx : 0.0;
  for (size_t i = 0; i < n; ++i)
    if (depth[i] <= delta) {
      b.skin_radius[i] = 0.5 * dx + (1.0 - kSkinSqueeze) * depth[i];
      b.max_skin_radius = std::max(b.max_skin_radius, b.skin_radius[i]);
    }
}

}  // namespace mb
