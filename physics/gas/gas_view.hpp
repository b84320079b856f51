#pragma once
// What a renderer and the Gas panel see of the gas: disc arrays ready to upload and the
// totals the plots show, filled from the Gas without touching its internals.
#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "physics/gas/gas.hpp"

namespace mb {

struct GasView {
  std::vector<float> x, y, radius, speed, mass;
  std::vector<int32_t> species;
  std::array<double, 4> wall_temperature{0.0, 0.0, 0.0, 0.0};  // left, right, bottom, top
  double tick_seconds = 0.0;                                   // the gas's tick
  double kinetic_energy = 0.0;
  Vec2 momentum{0.0, 0.0};
  double temperature = 0.0;   // kT = mean m v^2 / 2 per disc (k_B = 1)
  GasTickStats stats;         // the last step's collisions, wall hits, broad phase
  std::vector<int32_t> held;  // discs the mouse grab holds firmly (set by Snapshot)
  // Reactions (gas/reaction.hpp): the species table, the reactions with their counts since
  // the scene began, the discs of each species id (gas::species_counts) and the internal
  // energy the discs hold.
  std::vector<gas::Species> species_table;
  std::vector<gas::Reaction> reactions;
  std::vector<Gas::ReactionCount> reaction_counts;
  std::vector<int64_t> species_counts;
  int64_t total_reactions = 0;
  double internal_energy = 0.0;

  // Species k's name, or "#k".
  std::string species_name(int32_t k) const;

  size_t size() const { return x.size(); }
  void fill(const Gas& gas);
};

}  // namespace mb
