#include "engine/gas_commands.hpp"

#include "physics/core/error.hpp"
#include "physics/gas/edit.hpp"

namespace mb::engine {

// Each command is one call of the gas's edit rules (physics/gas/edit.hpp).
void apply_gas(World& world, const GasGenerate& c) {
  try {
    gas::add_generated(world.gas, world.box, c.spec);
  } catch (const Error& e) {
    throw Error(std::string("gas not added: ") + e.what());
  }
}

void apply_gas(World& world, const GasClear&) {
  gas::clear(world.gas);
}

void apply_gas(World& world, const GasSetWalls& c) {
  gas::set_wall_temperatures(world.gas, c.temperature);
}

void apply_gas(World& world, const GasSetReactions& c) {
  try {
    gas::set_reactions(world.gas, c.reactions);
  } catch (const Error& e) {
    throw Error(std::string("reactions not applied: ") + e.what());
  }
}

}  // namespace mb::engine
