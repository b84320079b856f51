#include "engine/body_commands.hpp"

#include <cmath>
#include <stdexcept>

#include "physics/peri/edit.hpp"

namespace mb::engine {

namespace {

bool valid(const PeriSystem& s, int index) {
  return index >= 0 && index < static_cast<int>(s.bodies.size());
}

}  // namespace

std::string apply_body(World& world, const AddBody& c, bool check_placement) {
  PeriBody body;
  try {
    body = build_body(c.spec);
  } catch (const std::exception& e) {
    return std::string("cannot build the body: ") + e.what();
  }
  if (check_placement)
    if (std::string why = placement_problem(body, world.bodies.bodies, world.box); !why.empty())
      return why;
  world.bodies.add(std::move(body));
  return {};
}

std::string apply_body(World& world, const RemoveBody& c) {
  PeriSystem& s = world.bodies;
  if (!valid(s, c.index)) return "no body " + std::to_string(c.index + 1);
  s.grab_end();  // the grab holds body indices
  s.bodies.erase(s.bodies.begin() + c.index);
  s.refresh();
  return {};
}

std::string apply_body(World& world, const ClearBodies&) {
  world.bodies.clear();
  return {};
}

std::string apply_body(World& world, const SetBodyMaterial& c) {
  PeriSystem& s = world.bodies;
  if (!valid(s, c.index)) return "no body " + std::to_string(c.index + 1);
  try {
    set_material(s.bodies[static_cast<size_t>(c.index)], c.material);
  } catch (const std::exception& e) {
    return std::string("material not applied: ") + e.what();
  }
  s.refresh();  // the substep plan reads the states' stiffness
  return {};
}

std::string apply_body(World& world, const SetBodySettings& c) {
  const auto problems = parameter_problems(c.settings, peri_parameters());
  if (!problems.empty()) return "body settings not applied: " + problems.front();
  // The table's rows only: the tick length and the integrator's limits stay the World's.
  for (const Parameter<PeriSettings>& p : peri_parameters())
    p.set(world.bodies.settings, p.get(c.settings));
  return {};
}

}  // namespace mb::engine
