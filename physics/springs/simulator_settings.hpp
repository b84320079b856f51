#pragma once
// The simulator's settings: the whole .cfg (INI) file, every key of the original Spring
// Simulator's (which calls this SimulatorSettings) plus meltbox's own ([Lattice], [Heat],
// ConnectivityPeriod). Most are the spring network's; the heat model's reach the bodies and
// the gas too. One table (simulator_parameters()) describes them all; the .cfg reader and
// writer, the validation and the sandbox's Settings panel are all made from it. The gas and
// the bodies have settings of their own (GasSettings, PeriSettings), saved in scene XML.
#include <cstdint>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "physics/core/parameter.hpp"
#include "physics/springs/heat_settings.hpp"

namespace mb {

// Hexagonal and Square: the Spring Simulator's regular lattices. Amorphous: blue-noise points
// (Poisson-disc) joined by their Delaunay triangulation, with no grain (lattice.hpp).
enum class LatticeType { Hexagonal, Square, Amorphous };

// The lattice's name in files and on the command line ("hexagonal", "square", "amorphous"),
// and back: a name (any case; "hex" for hexagonal) or nothing when it is none of them.
const char* to_string(LatticeType lattice);
std::optional<LatticeType> lattice_from_string(std::string_view name);

// The largest [Lattice] Seed: 2^53 - 1, so that every seed, and the first number past it, is
// exact in the settings table's double (a seed one past is refused, not rounded into range).
inline constexpr int64_t kMaxLatticeSeed = 9007199254740991;

struct SimulatorSettings {
  // [Particle]
  double default_radius = 1.0;  // frozen particle radius (length units)
  double molten_radius = 2.0;   // molten particle radius: thermal expansion
  int cooldown_time = 2;        // ticks a particle stays molten after its last heating
  // [Spring]
  double default_stiffness = 0.01;       // k: force per unit of gap error
  double default_length = 5.0;           // L: rest gap between particle surfaces
  double connection_threshold = 1.0;     // new spring when gap < L * this
  double disconnection_threshold = 1.3;  // spring breaks when gap > L * this
  // [Relaxation]
  int iteration_limit = 1000;       // most solver iterations per relaxation
  double convergence_limit = 0.02;  // stop when the largest net force is below this
  int connectivity_period = 50;     // inelastic: iterations between connectivity updates
  // [Actuator]
  double actuator_speed = 2.0;  // default speed of new actuators (length units per tick)
  // [Heater]
  double heater_size = 14.0;  // diameter of a heater that has no shape polygon
  // [Lattice]
  LatticeType lattice = LatticeType::Hexagonal;
  int64_t lattice_seed = 1;  // the amorphous lattice's points: the same seed, the same material
  // [Heat]: the timer model (CooldownTime, the Spring Simulator's) or conduction (heat.hpp)
  HeatSettings heat;

  // Centre-to-centre spacing of the lattice: 2R + L.
  double lattice_spacing() const { return 2.0 * default_radius + default_length; }
};

// Every numeric key ([Lattice] Type and [Heat] Model, words, are read and written beside
// the table).
std::span<const Parameter<SimulatorSettings>> simulator_parameters();

// Range of each key and the cross-key checks (threshold order, solidus below liquidus). Returns one
// message per problem, naming the section and key; empty when valid.
std::vector<std::string> validate(const SimulatorSettings& settings);

}  // namespace mb
