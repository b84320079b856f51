#include "engine/body_commands.hpp"

#include <cmath>
#include <stdexcept>

#include "physics/peri/edit.hpp"

namespace mb::engine {

namespace {

bool valid(const PeriSystem& s, int index) {
  return index >= 0 && index < static_cast<int>(s.bodies.size());
}

bool finite(Vec2 v) {
  return std::isfinite(v.x) && std::isfinite(v.y);
}

bool non_negative(double v) {
  return std::isfinite(v) && v >= 0.0;
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
  PeriSettings v = c.settings;
  if (!finite(v.gravity) || !non_negative(v.damping) || !non_negative(v.wall_friction) ||
      !non_negative(v.contact_friction) || v.threads < 1 || v.threads > 64)
    return "body settings out of range";
  PeriSettings& s = world.bodies.settings;
  s.gravity = v.gravity;
  s.damping = v.damping;
  s.wall_friction = v.wall_friction;
  s.contact_friction = v.contact_friction;
  s.self_contact = v.self_contact;
  s.threads = v.threads;
  return {};
}

}  // namespace mb::engine
