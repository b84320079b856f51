#include "engine/body_commands.hpp"

#include "physics/peri/edit.hpp"

namespace mb::engine {

// Each command is one call of the bodies' edit rules (physics/peri/edit.hpp).
std::string apply_body(World& world, const AddBody& c, bool check_placement) {
  return add_body(world.bodies, c.spec, world.box, check_placement);
}

std::string apply_body(World& world, const RemoveBody& c) {
  return remove_body(world.bodies, c.index);
}

std::string apply_body(World& world, const ClearBodies&) {
  world.bodies.clear();
  return {};
}

std::string apply_body(World& world, const SetBodyMaterial& c) {
  return set_body_material(world.bodies, c.index, c.material);
}

std::string apply_body(World& world, const SetBodySettings& c) {
  return set_settings(world.bodies, c.settings);
}

}  // namespace mb::engine
