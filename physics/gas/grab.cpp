#include "physics/gas/grab.hpp"

#include <algorithm>
#include <limits>

namespace mb::gas {

int GasGrab::begin(const Gas& gas, Vec2 at, double radius, const GrabSettings& spring) {
  held_.clear();
  spring_ = spring;
  double best = std::numeric_limits<double>::max();
  int32_t nearest = -1;
  for (int32_t i = 0; i < gas.size(); ++i) {
    const Vec2 p{gas.x[i], gas.y[i]};
    const double d = glm::length(p - at);
    const double w = grab_weight(d, radius);
    if (w > 0.0) held_.push_back({i, p - at, w});
    if (d < best) best = d, nearest = i;
  }
  if (held_.empty() && nearest >= 0 && best <= 2.0 * radius)
    held_.push_back({nearest, Vec2{gas.x[nearest], gas.y[nearest]} - at, 1.0});
  target_ = prev_ = at;
  return static_cast<int>(held_.size());
}

void GasGrab::pull(Gas& gas, double h) {
  std::erase_if(held_, [&](const Held& d) { return d.disc >= gas.size(); });  // a clear
  if (held_.empty() || !(h > 0.0)) return;
  const Vec2 vt = (target_ - prev_) / h;  // the cursor's velocity over the tick
  for (const Held& d : held_) {
    const size_t i = static_cast<size_t>(d.disc);
    const Vec2 dv = grab_velocity_change(spring_, d.weight, {gas.x[i], gas.y[i]},
                                         {gas.vx[i], gas.vy[i]}, target_ + d.offset, vt, h);
    gas.vx[i] += dv.x, gas.vy[i] += dv.y;
  }
  prev_ = target_;
  gas.held_discs.clear();
  for (const Held& d : held_) gas.held_discs.push_back(d.disc);
  std::sort(gas.held_discs.begin(), gas.held_discs.end());
}

void GasGrab::follow(Gas& gas) {
  const std::vector<int32_t>& removed = gas.removed_in_last_step();
  if (removed.empty() || held_.empty()) return;
  std::vector<Held> kept;
  for (Held d : held_) {
    const auto below = std::lower_bound(removed.begin(), removed.end(), d.disc);
    if (below != removed.end() && *below == d.disc) continue;  // merged away
    d.disc -= static_cast<int32_t>(below - removed.begin());
    kept.push_back(d);
  }
  held_ = std::move(kept);
  gas.held_discs.clear();  // pull() sets them again from held_ before the next step
}

void GasGrab::end(Gas& gas, std::optional<Vec2> throw_velocity) {
  gas.held_discs.clear();
  if (throw_velocity)
    for (const Held& d : held_) {
      if (d.disc >= gas.size()) continue;
      const size_t i = static_cast<size_t>(d.disc);
      gas.vx[i] += d.weight * (throw_velocity->x - gas.vx[i]);
      gas.vy[i] += d.weight * (throw_velocity->y - gas.vy[i]);
    }
  held_.clear();
}

Vec2 GasGrab::held_at(const Gas& gas) const {
  Vec2 sum{0.0, 0.0};
  double weights = 0.0;
  for (const Held& d : held_) {
    if (d.disc >= gas.size()) continue;
    sum += d.weight * (Vec2{gas.x[d.disc], gas.y[d.disc]} - d.offset);
    weights += d.weight;
  }
  return weights > 0.0 ? sum / weights : target_;
}

}  // namespace mb::gas
