#pragma once
// Draws the Snapshot's peridynamic bodies section: every point an instanced
// signed-distance disc (shaders/gas.vert with disc.frag, as the gas), coloured on the
// CPU by one quantity (volumetric strain, energy density or det F) over a range taken
// from the snapshot, so the legend the UI draws uses the very same functions; and, when
// asked for, the bonds over them as thin see-through lines (bond_lines.hpp).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/camera.hpp"
#include "engine/gl/bond_lines.hpp"
#include "engine/gl/disc_batch.hpp"
#include "physics/world/snapshot.hpp"

namespace mb::engine::gl {

enum class BodyColoring : uint8_t { VolumetricStrain = 0, EnergyDensity = 1, DetF = 2, Heat = 3 };

struct BodyStyle {
  bool show = true;
  BodyColoring coloring = BodyColoring::VolumetricStrain;
  // Bonds (drawn when the snapshot has them, i.e. SnapshotOptions::peri_bonds is on):
  // coloured by stretch (|stretch| = bond_stretch_scale at full colour) or plain grey.
  bool bonds = false;
  bool bonds_by_stretch = true;
  float bond_stretch_scale = 0.05f;
  float bond_alpha = 0.5f;
};

// The range a quantity is drawn over (lo at t = 0, hi at t = 1): volumetric strain
// symmetric about 0, det F symmetric about 1, energy density from 0 to its largest value.
struct BodyRange {
  float lo = 0.0f, hi = 1.0f;
};
BodyRange body_range(const Snapshot& s, BodyColoring coloring);
const char* body_coloring_name(BodyColoring coloring);
// The colour scale, t in [0, 1] (the gas speed scale: blue - cyan - green - yellow - red).
std::array<float, 3> body_color(float t);

class BodyRenderer {
 public:
  bool init(const std::string& shader_dir, std::string& error);
  void draw(const Snapshot& snapshot, const Camera& camera, const BodyStyle& style);

 private:
  DiscBatch discs_;
  BondLines bonds_;
  std::vector<uint32_t> rgba_;
};

}  // namespace mb::engine::gl
