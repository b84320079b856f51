#include "engine/body_commands.hpp"

#include "physics/peri/edit.hpp"

namespace mb::engine {

// Each command is one call of the bodies' edit rules (physics/peri/edit.hpp).
void apply_body(World& world, const AddBody& c, bool check_placement) {
  add_body(world.bodies, c.spec, world.box, check_placement);
}

void apply_body(World& world, const RemoveBody& c) {
  remove_body(world.bodies, c.index);
}

void apply_body(World& world, const ClearBodies&) {
  world.bodies.clear();
}

void apply_body(World& world, const SetBodyMaterial& c) {
  set_body_material(world.bodies, c.index, c.material);
}

void apply_body(World& world, const SetBodySettings& c) {
  set_settings(world.bodies, c.settings);
}

}  // namespace mb::engine
