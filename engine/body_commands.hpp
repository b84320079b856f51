#pragma once
// Peridynamic body commands from the UI (the Bodies panel and the fibre handle) to the
// physics thread. They are world commands: recorded, replayed bit for bit, and applied to
// the start-of-scene copy too, so the edits survive Reset (see command.hpp).
#include <string>

#include "physics/peri/body.hpp"
#include "physics/peri/system.hpp"
#include "physics/world/world.hpp"

namespace mb::engine {

// Builds `spec` (mb::build_body) and appends it. Nothing is added when it cannot be built
// (a bad value, a shape with no lattice point) or when it would leave the box or overlap
// another body; the reason is the command's error.
struct AddBody {
  PeriBodySpec spec;
};
struct RemoveBody {
  int index = 0;
};
struct ClearBodies {};
// A new material for body `index`, applied live: its points keep their positions,
// velocities and broken bonds (mb::set_material). The fibre handle sends one with a new
// fibre_angle.
struct SetBodyMaterial {
  int index = 0;
  PeriMaterial material;
};
// Gravity, damping, friction, self contact, threads (the bodies' tick length stays).
struct SetBodySettings {
  PeriSettings settings;
};

// Each applies its command, or throws mb::Error saying why not (the World is then unchanged).
// check_placement = false adds the body even where it overlaps (the start-of-scene copy:
// it must take every body the live World took, so the indices of later edits agree).
void apply_body(World& world, const AddBody& c, bool check_placement = true);
void apply_body(World& world, const RemoveBody& c);
void apply_body(World& world, const ClearBodies& c);
void apply_body(World& world, const SetBodyMaterial& c);
void apply_body(World& world, const SetBodySettings& c);

}  // namespace mb::engine
