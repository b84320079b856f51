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
  double kinetic_energy = 0.0;
  Vec2 momentum{0.0, 0.0};
  double temperature = 0.0;  // kT = mean m v^2 / 2 per disc (k_B = 1)
  GasTickStats stats;        // the last step's collisions, wall hits, broad phase
  // Reactions (gas/reaction.hpp): the names by species id, the reactions, and the discs of
  // each species id (up to the largest id in use or produced).
  std::vector<std::string> species_names;
  std::vector<gas::Reaction> reactions;
  std::vector<int64_t> species_counts;
  int64_t total_reactions = 0;

  size_t size() const { return x.size(); }
  void fill(const Gas& gas);
};

}  // namespace mb
