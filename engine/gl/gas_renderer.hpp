#pragma once
// Draws the Snapshot's gas section: every disc an instanced signed-distance disc
// (shaders/gas.vert with the particles' disc.frag), coloured by speed on a colour scale
// or by species. Colours are computed here on the CPU, so the legend the UI draws uses
// the very same functions.
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/camera.hpp"
#include "engine/gl/disc_batch.hpp"
#include "physics/world/snapshot.hpp"

namespace mb::engine::gl {

enum class GasColoring : uint8_t { Speed = 0, Species = 1 };

struct GasStyle {
  bool show = true;
  GasColoring coloring = GasColoring::Speed;
  float speed_max = 100.0f;  // speed drawn at the top of the scale (world units / s)
};

// The speed scale: t = speed / speed_max in [0, 1], blue (slow) - cyan - yellow - red (fast).
std::array<float, 3> gas_speed_color(float t);
// One colour per species number (a repeating palette of 8).
std::array<float, 3> gas_species_color(int32_t species);
// The species table's colour where it gives one (gas/reaction.hpp), else the palette's.
std::array<float, 3> gas_species_color(const std::vector<gas::Species>& table, int32_t species);

class GasRenderer {
 public:
  bool init(const std::string& shader_dir, std::string& error);
  // Draws the discs (after the particles, under actuators and overlays).
  void draw(const Snapshot& snapshot, const Camera& camera, const GasStyle& style);

 private:
  DiscBatch discs_;
  std::vector<uint32_t> rgba_;
};

}  // namespace mb::engine::gl
