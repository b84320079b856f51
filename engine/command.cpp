#include "engine/command.hpp"

#include <algorithm>

namespace mb::engine {

namespace {

template <class... F>
struct Overload : F... {
  using F::operator()...;
};
// Clang 14 has no aggregate deduction (C++20 P1816), so the guide is spelled out.
template <class... F>
Overload(F...) -> Overload<F...>;

void release(World& world, Actuator& a) {
  for (int32_t i : a.gripped)
    if (i < world.net.particle_count() && world.net.state[i] == ParticleState::Gripped)
      world.net.state[i] = ParticleState::Frozen;
  a.gripped.clear();
  a.started = false;
}

bool same_placement(const Actuator& a, const Actuator& b) {
  return a.shape == b.shape && a.path.points == b.path.points && a.path.cyclic == b.path.cyclic &&
         a.orientation_deg == b.orientation_deg && a.path_advancement == b.path_advancement;
}

void edit(World& world, Actuator& a, const Actuator& v) {
  const bool moved = !same_placement(a, v);
  if (moved || (a.enabled && !v.enabled)) release(world, a);
  a.type = v.type;
  a.name = v.name;
  a.enabled = v.enabled;
  a.speed = v.speed;
  a.path_advancement = v.path_advancement;
  a.orientation_deg = v.orientation_deg;
  a.spring_crossing_allowed = v.spring_crossing_allowed;
  a.firm_grip = v.firm_grip;
  a.final_release = v.final_release;
  a.shape = v.shape;
  a.path = v.path;
}

Actuator fresh(const Actuator& v) {
  Actuator a = v;
  a.gripped.clear();
  a.started = false;
  return a;
}

void add(std::vector<Actuator>& list, const AddActuator& c) {
  const bool append = c.index < 0 || c.index >= static_cast<int>(list.size());
  list.insert(append ? list.end() : list.begin() + c.index, fresh(c.actuator));
}

bool valid(const std::vector<Actuator>& list, int index) {
  return index >= 0 && index < static_cast<int>(list.size());
}

}  // namespace

bool is_world_command(const Command& command) {
  return std::visit(
      Overload{[](const SetSettings&) { return true; }, [](const SetInelastic&) { return true; },
               [](const AddActuator&) { return true; }, [](const RemoveActuator&) { return true; },
               [](const EditActuator&) { return true; }, [](const GrabBegin&) { return true; },
               [](const GrabMove&) { return true; }, [](const GrabEnd&) { return true; },
               [](const GasGenerate&) { return true; }, [](const GasClear&) { return true; },
               [](const GasSetWalls&) { return true; }, [](const GasMoveDisc&) { return true; },
               [](const AddBody&) { return true; }, [](const RemoveBody&) { return true; },
               [](const ClearBodies&) { return true; }, [](const SetBodyMaterial&) { return true; },
               [](const SetBodySettings&) { return true; }, [](const auto&) { return false; }},
      command);
}

std::string apply_command(World& world, const Command& command) {
  std::string error;
  std::visit(Overload{
                 [&](const SetSettings& c) {
                   if (validate(c.settings).empty()) world.settings = c.settings;
                 },
                 [&](const SetInelastic& c) { world.inelastic = c.on; },
                 [&](const AddActuator& c) { add(world.actuators, c); },
                 [&](const RemoveActuator& c) {
                   if (!valid(world.actuators, c.index)) return;
                   release(world, world.actuators[static_cast<size_t>(c.index)]);
                   world.actuators.erase(world.actuators.begin() + c.index);
                 },
                 [&](const EditActuator& c) {
                   if (!valid(world.actuators, c.index)) return;
                   edit(world, world.actuators[static_cast<size_t>(c.index)], c.actuator);
                 },
                 [&](const GrabBegin& c) { world.grab_begin(c.at, c.radius); },
                 [&](const GrabMove& c) { world.grab_move(c.to); },
                 [&](const GrabEnd&) { world.grab_end(); },
                 [&](const GasGenerate& c) { apply_gas(world, c); },
                 [&](const GasClear& c) { apply_gas(world, c); },
                 [&](const GasSetWalls& c) { apply_gas(world, c); },
                 [&](const GasMoveDisc& c) { apply_gas(world, c); },
                 [&](const AddBody& c) { error = apply_body(world, c); },
                 [&](const RemoveBody& c) { error = apply_body(world, c); },
                 [&](const ClearBodies& c) { error = apply_body(world, c); },
                 [&](const SetBodyMaterial& c) { error = apply_body(world, c); },
                 [&](const SetBodySettings& c) { error = apply_body(world, c); },
                 [](const auto&) {},
             },
             command);
  return error;
}

void apply_to_start(World& start, const Command& command) {
  std::visit(Overload{
                 [&](const SetSettings& c) {
                   if (validate(c.settings).empty()) start.settings = c.settings;
                 },
                 [&](const SetInelastic& c) { start.inelastic = c.on; },
                 [&](const AddActuator& c) {
                   AddActuator at_start = c;
                   at_start.actuator.path_advancement = 0.0;
                   add(start.actuators, at_start);
                 },
                 [&](const RemoveActuator& c) {
                   if (valid(start.actuators, c.index))
                     start.actuators.erase(start.actuators.begin() + c.index);
                 },
                 [&](const EditActuator& c) {
                   if (!valid(start.actuators, c.index)) return;
                   Actuator v = c.actuator;
                   v.path_advancement = 0.0;
                   edit(start, start.actuators[static_cast<size_t>(c.index)], v);
                 },
                 // Gas edits from the panel stay on Reset; a moved or thrown disc does not.
                 [&](const GasGenerate& c) { apply_gas(start, c); },
                 [&](const GasClear& c) { apply_gas(start, c); },
                 [&](const GasSetWalls& c) { apply_gas(start, c); },
                 // Body edits stay on Reset: a body added, removed or given a new material
                 // (at the start it is at rest in its reference state).
                 [&](const AddBody& c) { apply_body(start, c, false); },
                 [&](const RemoveBody& c) { apply_body(start, c); },
                 [&](const ClearBodies& c) { apply_body(start, c); },
                 [&](const SetBodyMaterial& c) { apply_body(start, c); },
                 [&](const SetBodySettings& c) { apply_body(start, c); },
                 [](const auto&) {},
             },
             command);
}

}  // namespace mb::engine
