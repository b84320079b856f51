#pragma once
// Gas commands from the UI (the Gas panel) to the physics thread; discs are grabbed by the
// matter grab (GrabBegin, World::grab_begin).
// They are world commands: recorded, and replayed bit for bit (see command.hpp).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "physics/gas/generator.hpp"
#include "physics/world/world.hpp"

namespace mb::engine {

// Appends spec.count discs from the gas generator (no overlap with the discs there).
// When they do not fit, nothing is added.
struct GasGenerate {
  gas::GeneratorSpec spec;
};
struct GasClear {};
// Thermostat wall temperatures (left, right, bottom, top); 0 is a mirror wall.
struct GasSetWalls {
  std::array<double, 4> temperature{0.0, 0.0, 0.0, 0.0};
};

// The gas's reactions, edited in the Gas panel (gas::set_reactions checks them).
struct GasSetReactions {
  std::vector<gas::Reaction> reactions;
};

// Each applies its command, or throws mb::Error saying why it was refused (apply_command
// puts that on the sandbox's status line); a refused command changes nothing.
void apply_gas(World& world, const GasGenerate& c);
void apply_gas(World& world, const GasClear& c);
void apply_gas(World& world, const GasSetWalls& c);
void apply_gas(World& world, const GasSetReactions& c);

}  // namespace mb::engine
