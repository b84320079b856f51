#pragma once
// <spot>: a spot of wax made when the scene is loaded, on the lattice the element names,
// inside <state> or <simulator> beside (or instead of) explicit <particles>:
//   <spot shape="circle" x="0" y="0" radius="50" lattice="amorphous" lattice-seed="3"/>
//   <spot shape="rectangle" x="0" y="0" width="200" height="60"/>   (centred on x, y)
//   <spot shape="polygon" source="outline.csv"/> or with <point x y> children
//   <spot shape="mask" source="blob.png" x="0" y="0"/>   (pixel (i, j) at (x + i, y + j))
// `lattice` (hexagonal, square, amorphous) and `lattice-seed` default to the settings'
// [Lattice] Type and Seed; R, L and k always come from the settings. A file's source is
// read relative to the scene file's folder. A saved scene holds the particles the spot
// made, not the <spot>, so a round trip is exact.
#include <optional>
#include <string>
#include <vector>

#include "physics/geometry/grey_mask.hpp"
#include "physics/geometry/polygon.hpp"
#include "physics/springs/simulator_settings.hpp"
#include "physics/springs/spring_network.hpp"

namespace tinyxml2 {
class XMLElement;
}

namespace mb {

enum class SpotShape { Circle, Rectangle, Polygon, Mask };

struct SpotSpec {
  SpotShape shape = SpotShape::Circle;
  Vec2 at{0.0, 0.0};
  double radius = 50.0, width = 100.0, height = 50.0;
  Polygon outline;  // Polygon
  GreyMask mask;    // Mask
  std::optional<LatticeType> lattice;
  std::optional<int64_t> lattice_seed;
  std::string where;  // "origin: line N: <spot>", for errors while building it
};

// The <spot> children of `parent`; InputError naming the line for a bad one.
std::vector<SpotSpec> read_spots_xml(const std::string& origin, const tinyxml2::XMLElement* parent);

// The spot's network under `settings` (its lattice and seed, when it names them, instead of
// the settings'); InputError for a region too large to fill.
SpringNetwork build_spot_network(const SpotSpec& spot, const SimulatorSettings& settings);

// Adds `more`'s particles and springs to `net` (its particle indices shifted past net's).
void append_network(SpringNetwork& net, const SpringNetwork& more);

}  // namespace mb
