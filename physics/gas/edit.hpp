#pragma once
// Edits of a running gas that the sandbox makes live (the Gas panel). Each
// keeps the gas a valid start for the event-driven step: no overlaps, every disc inside the
// box. Each returns false when it changed nothing.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "physics/gas/gas.hpp"
#include "physics/gas/generator.hpp"

namespace mb::gas {

// Appends the generator's discs, all or none (when they do not fit, the gas is unchanged).
[[nodiscard]] bool add_generated(Gas& gas, const Box& box, const GeneratorSpec& spec);
bool clear(Gas& gas);
// Thermostat wall temperatures (left, right, bottom, top); a value that is not a finite
// positive number makes that wall a plain mirror (0).
bool set_wall_temperatures(Gas& gas, const std::array<double, 4>& temperature);

// Replaces the reactions (reaction.hpp) when gas::check_reactions accepts them with the
// gas's species table; `problem` then says why not. Counts are kept for reactions whose
// reactants and products are unchanged, reset for the others.
[[nodiscard]] bool set_reactions(Gas& gas, const std::vector<Reaction>& reactions,
                                 std::string* problem = nullptr);

}  // namespace mb::gas
