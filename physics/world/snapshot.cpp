#include "physics/world/snapshot.hpp"

#include <algorithm>
#include <cmath>

#include "physics/peri/view.hpp"

namespace mb {

void Snapshot::fill_from(const World& world, const SnapshotOptions& options) {
  const SpringNetwork& net = world.net;
  const size_t n = static_cast<size_t>(net.particle_count());
  tick = world.time;
  px.resize(n);
  py.resize(n);
  radius.resize(n);
  state.resize(n);
  cooldown_left.resize(n);
  const double cooldown = std::max(world.settings.cooldown_time, 1.0);
  for (size_t i = 0; i < n; ++i) {
    px[i] = static_cast<float>(net.x[i]);
    py[i] = static_cast<float>(net.y[i]);
    radius[i] = static_cast<float>(net.radius[i]);
    state[i] = static_cast<uint8_t>(net.state[i]);
    const double left = static_cast<double>(net.freeze_tick[i] - world.time) / cooldown;
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
  actuators.resize(world.actuators.size());
  for (size_t k = 0; k < world.actuators.size(); ++k) {
    const Actuator& a = world.actuators[k];
    ActuatorView& v = actuators[k];
    v.type = a.type;
    v.enabled = a.enabled;
    v.finished = a.finished();
    v.outline = a.placed_shape(world.settings.heater_size);
    v.path = a.path.points;
    v.cyclic = a.path.cyclic;
    v.position = a.position();
  }
  fill_gas(world.gas);
  fill_peri(world.bodies, options);
  grab_active = world.grab().active;
  grab_target = world.grab().target;
  box = world.box;
  stats = world.last_tick();
}

void Snapshot::fill_gas(const Gas& gas) {
  const size_t n = static_cast<size_t>(gas.size());
  gas_x.resize(n);
  gas_y.resize(n);
  gas_radius.resize(n);
  gas_speed.resize(n);
  gas_mass.assign(gas.mass.begin(), gas.mass.end());
  gas_wall_temperature = gas.wall_temperature;
  gas_species.assign(gas.species.begin(), gas.species.end());
  gas_kinetic_energy = 0.0;
  gas_momentum = {0.0, 0.0};
  for (size_t i = 0; i < n; ++i) {
    gas_x[i] = static_cast<float>(gas.x[i]);
    gas_y[i] = static_cast<float>(gas.y[i]);
    gas_radius[i] = static_cast<float>(gas.radius[i]);
    const double v2 = gas.vx[i] * gas.vx[i] + gas.vy[i] * gas.vy[i];
    gas_speed[i] = static_cast<float>(std::sqrt(v2));
    gas_kinetic_energy += 0.5 * gas.mass[i] * v2;
    gas_momentum += gas.mass[i] * Vec2{gas.vx[i], gas.vy[i]};
  }
  gas_temperature = n ? gas_kinetic_energy / static_cast<double>(n) : 0.0;
  gas_stats = gas.last_step();
}

namespace {

PeriBodyView body_view(const PeriBody& b) {
  PeriBodyView v;
  v.shape = b.spec.shape.kind;
  v.material = b.spec.material;
  v.spacing = b.spec.spacing;
  v.horizon = b.spec.horizon;
  v.points = b.size();
  v.bonds = b.bond_count();
  v.broken_bonds = b.broken_bonds;
  v.stable_dt = b.stable_dt;
  v.centroid = body_centroid(b);
  for (int32_t i = 0; i < b.size(); ++i)
    v.reach = std::max(v.reach, glm::length(Vec2{b.x[i], b.y[i]} - v.centroid));
  v.build_angle = b.spec.angle;
  v.rotation = body_rotation(b);
  return v;
}

}  // namespace

// Peridynamic bodies: positions and the colour quantities of the last step.
void Snapshot::fill_peri(const PeriSystem& bodies, const SnapshotOptions& options) {
  peri_x.clear(), peri_y.clear(), peri_radius.clear();
  peri_theta.clear(), peri_energy.clear(), peri_detf.clear(), peri_body_first.clear();
  peri_bodies.clear();
  peri_bond_a.clear(), peri_bond_b.clear(), peri_bond_stretch.clear();
  const std::vector<PeriPointState>& states = bodies.states();
  for (size_t k = 0; k < bodies.bodies.size(); ++k) {
    const PeriBody& b = bodies.bodies[k];
    const auto first = static_cast<int32_t>(peri_x.size());
    peri_body_first.push_back(first);
    peri_bodies.push_back(body_view(b));
    if (options.peri_bonds) append_bonds(b, first, peri_bond_a, peri_bond_b, peri_bond_stretch);
    const bool has_state = k < states.size() && states[k].detF.size() == b.x.size();
    for (int32_t i = 0; i < b.size(); ++i) {
      peri_x.push_back(static_cast<float>(b.x[i]));
      peri_y.push_back(static_cast<float>(b.y[i]));
      peri_radius.push_back(static_cast<float>(b.point_radius()));
      peri_theta.push_back(has_state ? static_cast<float>(states[k].theta[i]) : 0.0f);
      peri_energy.push_back(has_state ? static_cast<float>(states[k].energy[i] / b.vol[i]) : 0.0f);
      peri_detf.push_back(has_state ? static_cast<float>(states[k].detF[i]) : 1.0f);
    }
  }
  peri_settings = bodies.settings;
  peri_stats = bodies.stats();
}

}  // namespace mb
