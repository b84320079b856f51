#pragma once
// Gas commands from the UI (the Gas panel and the disc grab) to the physics thread.
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
// Puts disc `index` at `to` (clamped into the box) with `velocity`. When the disc would
// overlap another there, it keeps its position and only takes the velocity, so the gas
// always stays valid for the event-driven step. The mouse grab sends one per frame
// while it holds a disc and a last one with the throw velocity on release.
struct GasMoveDisc {
  int32_t index = -1;
  Vec2 to{0.0, 0.0};
  Vec2 velocity{0.0, 0.0};
};

// The gas's reactions, edited in the Gas panel (gas::set_reactions checks them).
struct GasSetReactions {
  std::vector<gas::Reaction> reactions;
};

// Each returns false when it changed nothing (bad index, discs that do not fit).
bool apply_gas(World& world, const GasGenerate& c);
bool apply_gas(World& world, const GasClear& c);
bool apply_gas(World& world, const GasSetWalls& c);
bool apply_gas(World& world, const GasMoveDisc& c);
// "" when applied or unchanged, else why the reactions were refused.
std::string apply_gas(World& world, const GasSetReactions& c);

// Whether a disc of radius r centred at p overlaps any disc but `skip`, or leaves the box.
bool disc_fits(const Gas& g, const Box& box, Vec2 p, double r, int32_t skip);

}  // namespace mb::engine
