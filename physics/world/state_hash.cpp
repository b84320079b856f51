#include "physics/world/state_hash.hpp"

#include "physics/core/state_hash.hpp"

namespace mb {

namespace {

void add_network(StateHash& h, const SpringNetwork& net) {
  h.add(net.x), h.add(net.y), h.add(net.radius), h.add(net.movable), h.add(net.state);
  h.add(net.freeze_tick), h.add(net.enthalpy);
  h.add(net.a), h.add(net.b), h.add(net.rest_length), h.add(net.stiffness);
}

void add_actuators(StateHash& h, const std::vector<Actuator>& actuators) {
  h.add(static_cast<uint64_t>(actuators.size()));
  for (const Actuator& a : actuators) {
    h.add(a.enabled), h.add(a.path_advancement), h.add(a.started), h.add(a.gripped);
    h.add(static_cast<uint64_t>(a.gripped_points.size()));
    for (const BodyPointRef& p : a.gripped_points) h.add(p.body), h.add(p.point);
    h.add(a.grip_lag);
  }
}

void add_gas(StateHash& h, const Gas& gas, const gas::GasGrab& grab) {
  h.add(gas.x), h.add(gas.y), h.add(gas.vx), h.add(gas.vy), h.add(gas.mass), h.add(gas.radius);
  h.add(gas.species), h.add(gas.internal), h.add(gas.held_discs), h.add(gas.rng_state);
  h.add(static_cast<uint64_t>(gas.reaction_counts.size()));
  for (const Gas::ReactionCount& c : gas.reaction_counts)
    h.add(c.collisions), h.add(c.taken), h.add(c.blocked);
  h.add(static_cast<uint64_t>(grab.held().size()));
  for (const gas::GasGrab::Held& d : grab.held()) h.add(d.disc), h.add(d.offset), h.add(d.weight);
  h.add(grab.target());
}

void add_bodies(StateHash& h, const PeriSystem& bodies) {
  h.add(static_cast<uint64_t>(bodies.bodies.size()));
  for (const PeriBody& b : bodies.bodies) {
    h.add(b.x), h.add(b.y), h.add(b.vx), h.add(b.vy), h.add(b.pinned), h.add(b.damage->bond_broken);
    h.add(b.heat), h.add(b.temperature);
  }
  bodies.hash_grab(h);
}

void add_grab(StateHash& h, const Grab& grab) {
  h.add(grab.particles);
  h.add(grab.patch.x), h.add(grab.patch.v), h.add(grab.patch.cursor);
  h.add(grab.patch.previous_cursor);
}

}  // namespace

uint64_t state_hash(const World& world) {
  StateHash h;
  h.add(world.time);
  add_network(h, world.net);
  add_actuators(h, world.actuators);
  add_grab(h, world.grab());
  add_gas(h, world.gas, world.gas_grab());
  add_bodies(h, world.bodies);
  return h.value();
}

std::vector<StateHashPart> state_hash_parts(const World& world) {
  std::vector<StateHashPart> parts;
  const auto part = [&](const char* name, auto&& add) {
    StateHash h;
    add(h);
    parts.push_back({name, h.value()});
  };
  part("network", [&](StateHash& h) { h.add(world.time), add_network(h, world.net); });
  part("actuators", [&](StateHash& h) { add_actuators(h, world.actuators); });
  part("grab", [&](StateHash& h) { add_grab(h, world.grab()); });
  part("gas", [&](StateHash& h) { add_gas(h, world.gas, world.gas_grab()); });
  part("bodies", [&](StateHash& h) { add_bodies(h, world.bodies); });
  return parts;
}

}  // namespace mb
