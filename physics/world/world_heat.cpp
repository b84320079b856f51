#include "physics/world/world_heat.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mb {

double particle_area(const SpringSettings& settings) {
  const double a = settings.lattice_spacing();
  return settings.lattice == LatticeType::Hexagonal ? a * a * std::sqrt(3.0) / 2.0 : a * a;
}

HeatSource heater_source(const Actuator& heater, const SpringSettings& settings,
                         std::vector<int32_t> particles) {
  HeatSource source;
  source.particles = std::move(particles);
  const double per_area =
      std::isnan(heater.heat_power) ? settings.heat.heater_power : heater.heat_power;
  source.power = per_area * particle_area(settings);
  source.fixed = !std::isnan(heater.heat_temperature);
  if (source.fixed) source.temperature = heater.heat_temperature;
  return source;
}

PhaseChanges update_phases(SpringNetwork& net, const SpringSettings& settings) {
  PhaseChanges changes;
  const MeltCurve curve = melt_curve(settings.heat);
  const double grow = settings.molten_radius - settings.default_radius;
  for (int32_t i = 0; i < net.particle_count(); ++i) {
    const double phi = curve.fraction(net.enthalpy[i]);
    net.radius[i] = settings.default_radius + phi * grow;
    if (net.state[i] == ParticleState::Gripped) continue;
    if (net.state[i] == ParticleState::Frozen && phi >= 1.0) {
      net.state[i] = ParticleState::Molten;
      net.movable[i] = 1;
      ++changes.melted;
    } else if (net.state[i] == ParticleState::Molten && phi <= 0.0) {
      net.state[i] = ParticleState::Frozen;
      net.movable[i] = 1;  // contracts during this tick's relaxation
      ++changes.frozen;
    }
  }
  return changes;
}

bool exchanges_heat_with_gas(const HeatSettings& heat) {
  return heat.model == HeatModel::Conduction && heat.gas_energy_joules > 0.0;
}

void make_thermal_walls(ContactView& view, const SpringNetwork& net, const HeatSettings& heat) {
  const MeltCurve curve = melt_curve(heat);
  for (int32_t i = 0; i < net.particle_count(); ++i)
    view.wall_kT[i] = heat.gas_kT_per_kelvin * curve.temperature(net.enthalpy[i]);
}

double take_gas_heat(SpringNetwork& net, const HeatSettings& heat, const ContactView& view) {
  double total = 0.0;
  for (int32_t i = 0; i < net.particle_count(); ++i) {
    const double q = view.heat[i] * heat.gas_energy_joules;
    net.enthalpy[i] += q;
    total += q;
  }
  return total;
}

void freeze_all(SpringNetwork& net, const SpringSettings& settings) {
  give_ambient_enthalpy(net, settings.heat);
  const double solid = melt_curve(settings.heat).solid_enthalpy();
  for (int32_t i = 0; i < net.particle_count(); ++i) {
    net.enthalpy[i] = std::min(net.enthalpy[i], solid);
    net.radius[i] = settings.default_radius;
    if (net.state[i] == ParticleState::Molten) {
      net.state[i] = ParticleState::Frozen;
      net.movable[i] = 1;
    }
  }
}

double melt_front(const SpringNetwork& net, const HeatSettings& settings,
                  std::span<const Vec2> heaters) {
  if (heaters.empty() || net.enthalpy.size() != net.x.size()) return 0.0;
  const MeltCurve curve = melt_curve(settings);
  double farthest = 0.0;
  for (int32_t i = 0; i < net.particle_count(); ++i) {
    if (!(curve.fraction(net.enthalpy[i]) >= 0.5)) continue;
    double nearest = std::numeric_limits<double>::max();
    for (const Vec2& h : heaters)
      nearest = std::min(nearest, std::hypot(net.x[i] - h.x, net.y[i] - h.y));
    farthest = std::max(farthest, nearest);
  }
  return farthest;
}

}  // namespace mb
