#pragma once
// Edits of a running gas that the sandbox makes live (the Gas panel). Each
// keeps the gas a valid start for the event-driven step: no overlaps, every disc inside the
// box. A refused edit throws mb::Error saying why, the gas unchanged.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "physics/core/error.hpp"
#include "physics/gas/gas.hpp"
#include "physics/gas/generator.hpp"

namespace mb::gas {

// Appends the generator's discs, all or none: when they do not fit, it throws (generate's
// reason) and the gas is unchanged. A count of 0 adds nothing.
void add_generated(Gas& gas, const Box& box, const GeneratorSpec& spec);
void clear(Gas& gas);
// Thermostat wall temperatures (left, right, bottom, top); a value that is not a finite
// positive number makes that wall a plain mirror (0).
void set_wall_temperatures(Gas& gas, const std::array<double, 4>& temperature);

// Replaces the reactions (reaction.hpp) when gas::check_reactions accepts them with the
// gas's species table, else throws its reason. Counts are kept for reactions whose
// reactants and products are unchanged, reset for the others.
void set_reactions(Gas& gas, const std::vector<Reaction>& reactions);

}  // namespace mb::gas
