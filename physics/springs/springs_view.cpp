#include "physics/springs/springs_view.hpp"

#include <algorithm>
#include <cmath>

#include "physics/springs/heat.hpp"

namespace mb {

void SpringsView::fill_heat(const SpringNetwork& net, const HeatSettings& heat) {
  if (heat.model != HeatModel::Conduction) {
    temperature.clear(), melt.clear();
    return;
  }
  const size_t n = static_cast<size_t>(net.particle_count());
  const MeltCurve curve = melt_curve(heat);
  const double ambient = curve.enthalpy(heat.ambient);
  temperature.resize(n);
  melt.resize(n);
  for (size_t i = 0; i < n; ++i) {
    const double h =
        i < net.enthalpy.size() && !std::isnan(net.enthalpy[i]) ? net.enthalpy[i] : ambient;
    temperature[i] = static_cast<float>(curve.temperature(h));
    melt[i] = static_cast<float>(curve.fraction(h));
  }
}

void SpringsView::fill(const SpringNetwork& net, int64_t time, const SimulatorSettings& settings) {
  const size_t n = static_cast<size_t>(net.particle_count());
  x.resize(n);
  y.resize(n);
  radius.resize(n);
  state.resize(n);
  cooldown_left.resize(n);
  const double cooldown = std::max(settings.cooldown_time, 1);
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
  fill_heat(net, settings.heat);
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
