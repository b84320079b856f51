#include "physics/springs/springs_view.hpp"

#include <algorithm>

namespace mb {

void SpringsView::fill(const SpringNetwork& net, int64_t time, double cooldown_time) {
  const size_t n = static_cast<size_t>(net.particle_count());
  x.resize(n);
  y.resize(n);
  radius.resize(n);
  state.resize(n);
  cooldown_left.resize(n);
  const double cooldown = std::max(cooldown_time, 1.0);
  for (size_t i = 0; i < n; ++i) {
    x[i] = static_cast<float>(net.x[i]);
    y[i] = static_cast<float>(net.y[i]);
    radius[i] = static_cast<float>(net.radius[i]);
    state[i] = static_cast<uint8_t>(net.state[i]);
    const double left = static_cast<double>(net.freeze_tick[i] - time) / cooldown;
    cooldown_left[i] = net.state[i] == ParticleState::Molten
                           ? static_cast<float>(std::clamp(left, 0.0, 1.0))
                           : 0.0f;
  }
  const size_t m = static_cast<size_t>(net.spring_count());
  spring_a.assign(net.a.begin(), net.a.end());
  spring_b.assign(net.b.begin(), net.b.end());
  strain.resize(m);
  for (size_t s = 0; s < m; ++s) {
    const double L = net.rest_length[s];
    strain[s] = static_cast<float>((net.gap(static_cast<int32_t>(s)) - L) / L);
  }
}

}  // namespace mb
