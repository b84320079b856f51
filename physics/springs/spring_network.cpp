#include "physics/springs/spring_network.hpp"

#include <algorithm>
#include <atomic>
#include <cmath>
#include <limits>

namespace mb {

void SpringNetwork::touch_topology() {
  static std::atomic<uint64_t> next_version{1};
  topology_version = next_version.fetch_add(1, std::memory_order_relaxed);
}

int32_t SpringNetwork::add_particle(double px, double py, double r) {
  x.push_back(px);
  y.push_back(py);
  radius.push_back(r);
  movable.push_back(1);
  state.push_back(ParticleState::Frozen);
  freeze_tick.push_back(0);
  enthalpy.push_back(std::numeric_limits<double>::quiet_NaN());
  return particle_count() - 1;
}

int32_t SpringNetwork::add_spring(int32_t i, int32_t j, double length, double k) {
  touch_topology();
  a.push_back(i);
  b.push_back(j);
  rest_length.push_back(length);
  stiffness.push_back(k);
  return spring_count() - 1;
}

void SpringNetwork::remove_spring(int32_t s) {
  touch_topology();
  const size_t last = a.size() - 1, i = static_cast<size_t>(s);
  a[i] = a[last];
  b[i] = b[last];
  rest_length[i] = rest_length[last];
  stiffness[i] = stiffness[last];
  a.pop_back();
  b.pop_back();
  rest_length.pop_back();
  stiffness.pop_back();
}

void SpringNetwork::clear() {
  *this = SpringNetwork{};
  touch_topology();
}

double SpringNetwork::gap(int32_t s) const {
  const int32_t i = a[s], j = b[s];
  return std::hypot(x[j] - x[i], y[j] - y[i]) - radius[i] - radius[j];
}

double SpringNetwork::max_stretch() const {
  double worst = 0.0;
  for (int32_t s = 0; s < spring_count(); ++s) worst = std::max(worst, gap(s) / rest_length[s]);
  return worst;
}

void Adjacency::build(const SpringNetwork& net) {
  const int32_t n = net.particle_count();
  offset.assign(static_cast<size_t>(n) + 1, 0);
  for (int32_t s = 0; s < net.spring_count(); ++s) {
    ++offset[net.a[s] + 1];
    ++offset[net.b[s] + 1];
  }
  for (int32_t i = 0; i < n; ++i) offset[i + 1] += offset[i];
  spring_ids.resize(static_cast<size_t>(offset[n]));
  std::vector<int32_t> fill(offset.begin(), offset.end() - 1);
  for (int32_t s = 0; s < net.spring_count(); ++s) {
    spring_ids[fill[net.a[s]]++] = s;
    spring_ids[fill[net.b[s]]++] = s;
  }
}

}  // namespace mb
