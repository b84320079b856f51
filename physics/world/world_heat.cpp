#include "physics/world/world_heat.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "physics/peri/softening.hpp"

namespace mb {

double particle_area(const SimulatorSettings& settings) {
  const double a = settings.lattice_spacing();
  // The amorphous lattice has the hexagonal one's density (springs/amorphous_lattice.hpp).
  return settings.lattice == LatticeType::Square ? a * a : a * a * std::sqrt(3.0) / 2.0;
}

double heater_power_per_area(const Actuator& heater, const SimulatorSettings& settings) {
  return std::isnan(heater.heat_power) ? settings.heat.heater_power : heater.heat_power;
}

HeatSource heater_source(const Actuator& heater, const SimulatorSettings& settings,
                         std::vector<int32_t> particles) {
  HeatSource source;
  source.particles = std::move(particles);
  source.power = heater_power_per_area(heater, settings) * particle_area(settings);
  source.fixed = !std::isnan(heater.heat_temperature);
  if (source.fixed) source.temperature = heater.heat_temperature;
  return source;
}

PhaseChanges update_phases(SpringNetwork& net, const SimulatorSettings& settings) {
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

namespace {
// Calls fn(i) for each point of body k that `src` covers.
template <class F>
void each_point_of(const BodyHeatSource& src, size_t k, const PeriBody& b, F fn) {
  for (const BodyPointRef r : src.points)
    if (r.body == static_cast<int32_t>(k) && r.point >= 0 && r.point < b.size())
      fn(static_cast<size_t>(r.point));
}
}  // namespace

int64_t heat_bodies(PeriSystem& bodies, const HeatSettings& heat,
                    std::span<const BodyHeatSource> sources) {
  int64_t heated = 0;
  const double dt = heat.tick_seconds, c = heat.heat_capacity, h = heat.convection;
  const double decay = std::exp(-h * dt / c), span = std::max(heat.liquidus - heat.ambient, 1e-9);
  std::vector<double> power;
  std::vector<uint8_t> held;
  for (size_t k = 0; k < bodies.bodies.size(); ++k) {
    PeriBody& b = bodies.bodies[k];
    const size_t n = static_cast<size_t>(b.size());
    power.assign(n, 0.0);
    held.assign(n, 0);
    const double area = b.spec().spacing * b.spec().spacing * std::sqrt(3.0) / 2.0;
    bool covered = false;
    for (const BodyHeatSource& src : sources)
      each_point_of(src, k, b, [&](size_t i) {
        power[i] += src.power_per_area * area;
        covered = true;
      });
    if (!covered && b.temperature.empty()) continue;  // cold all through, and stays so
    b.temperature.resize(n, heat.ambient);
    b.heat.resize(n, 0.0);
    for (const BodyHeatSource& src : sources)
      if (src.fixed)
        each_point_of(src, k, b, [&](size_t i) {
          held[i] = 1;
          b.temperature[i] = src.temperature;
        });
    bool warm = false;
    for (size_t i = 0; i < n; ++i) {
      double& T = b.temperature[i];
      if (held[i]) {
        // at the heater's temperature
      } else if (h > 0.0) {
        const double T_inf = heat.ambient + power[i] / h;
        T = T_inf + (T - T_inf) * decay;
      } else {
        T += power[i] * dt / c;
      }
      const double f = std::clamp((T - heat.ambient) / span, 0.0, 1.0);
      b.heat[i] = f < 1e-3 ? 0.0 : f;
      warm |= std::abs(T - heat.ambient) > 1e-3 * span;
      heated += b.heat[i] > 0.0;
    }
    if (!warm) b.temperature.clear();
    cool(b, 0.0);  // all cold again: the cold constants come back
  }
  return heated;
}

void freeze_all(SpringNetwork& net, const SimulatorSettings& settings) {
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
