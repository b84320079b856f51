#include "physics/springs/simulator_settings.hpp"

#include <array>
#include <cctype>
#include <limits>
#include <sstream>

namespace mb {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();
using P = Parameter<SimulatorSettings>;
using S = SimulatorSettings;
constexpr ParameterKind kReal = ParameterKind::Real, kInteger = ParameterKind::Integer;

// A row for member `m`: the table names each field once.
// Whole-number fields (int) take the value the table has already checked to be whole.
#define MB_FIELD(m)                                    \
  [](const S& s) { return static_cast<double>(s.m); }, \
      [](S& s, double v) { s.m = static_cast<decltype(S::m)>(v); }

const std::array<P, 24> kTable = {
    P{"Particle", "DefaultRadius", kReal, 0.0, 1e6, true, "length", "Radius of a frozen particle.",
      MB_FIELD(default_radius)},
    P{"Particle", "MoltenDefaultRadius", kReal, 0.0, 1e6, true, "length",
      "Radius of a molten particle; larger than the frozen radius models thermal expansion.",
      MB_FIELD(molten_radius)},
    P{"Particle", "CooldownTime", kInteger, 0.0, 1e9, false, "ticks",
      "Ticks a particle stays molten after it was last heated.", MB_FIELD(cooldown_time)},
    P{"Spring", "DefaultStiffness", kReal, 0.0, 1e6, true, "force/length",
      "Spring constant k: force per unit of gap away from the rest gap.",
      MB_FIELD(default_stiffness)},
    P{"Spring", "DefaultLength", kReal, 0.0, 1e6, true, "length",
      "Rest gap L between the surfaces of two joined particles.", MB_FIELD(default_length)},
    P{"Spring", "ConnectionThreshold", kReal, 0.0, 1e3, true, "x L",
      "Inelastic: unjoined particles closer than L x this get a new spring.",
      MB_FIELD(connection_threshold)},
    P{"Spring", "DisconnectionThreshold", kReal, 0.0, 1e3, true, "x L",
      "Inelastic: a spring whose gap exceeds L x this breaks.", MB_FIELD(disconnection_threshold)},
    P{"Relaxation", "IterationLimit", kInteger, 1.0, 1e9, false, "iterations",
      "Most solver iterations in one relaxation.", MB_FIELD(iteration_limit)},
    P{"Relaxation", "ConvergenceLimit", kReal, 0.0, kInf, true, "force",
      "Relaxation stops when the largest net spring force on a movable particle is below this.",
      MB_FIELD(convergence_limit)},
    P{"Relaxation", "ConnectivityPeriod", kInteger, 1.0, 1e9, false, "iterations",
      "Inelastic: solver iterations between connectivity updates.", MB_FIELD(connectivity_period)},
    P{"Actuator", "Speed", kReal, 0.0, 1e6, true, "length/tick",
      "Default speed of a new actuator along its path.", MB_FIELD(actuator_speed)},
    P{"Heater", "Size", kReal, 0.0, 1e6, true, "length",
      "Diameter of the disc a heater melts when it has no shape polygon.", MB_FIELD(heater_size)},
    // The conduction model (Model = conduction; heat.hpp, docs/heat.md).
    P{"Heat", "TickSeconds", kReal, 0.0, 1e3, true, "s",
      "Conduction model: seconds of heat flow in one tick.", MB_FIELD(heat.tick_seconds), true},
    P{"Heat", "Conductance", kReal, 0.0, 1e9, false, "W/K",
      "Conduction model: heat flow through one spring per kelvin of difference.",
      MB_FIELD(heat.conductance), true},
    P{"Heat", "HeatCapacity", kReal, 0.0, 1e9, true, "J/K",
      "Conduction model: heat that warms one particle by one kelvin.", MB_FIELD(heat.heat_capacity),
      true},
    P{"Heat", "LatentHeat", kReal, 0.0, 1e9, false, "J",
      "Conduction model: heat that melts one particle across the band.", MB_FIELD(heat.latent_heat),
      true},
    P{"Heat", "Solidus", kReal, 0.0, 1e5, false, "K",
      "Conduction model: bottom of the melting band; a molten particle freezes below it.",
      MB_FIELD(heat.solidus)},
    P{"Heat", "Liquidus", kReal, 0.0, 1e5, false, "K",
      "Conduction model: top of the melting band; a solid particle melts above it.",
      MB_FIELD(heat.liquidus)},
    P{"Heat", "Ambient", kReal, 0.0, 1e5, false, "K",
      "Conduction model: temperature of the surroundings and of new particles.",
      MB_FIELD(heat.ambient)},
    P{"Heat", "Convection", kReal, 0.0, 1e9, false, "W/K",
      "Conduction model: heat lost from one particle to the surroundings per kelvin above "
      "ambient.",
      MB_FIELD(heat.convection), true},
    P{"Heat", "HeaterPower", kReal, 0.0, 1e9, false, "W/area",
      "Conduction model: power per unit area of a heater that has no power of its own.",
      MB_FIELD(heat.heater_power), true},
    P{"Heat", "GasKTPerKelvin", kReal, 0.0, 1e9, true, "gas kT/K",
      "Conduction model: a gas disc leaves a particle at T with speeds drawn at kT = this x T.",
      MB_FIELD(heat.gas_kT_per_kelvin), true},
    P{"Heat", "GasEnergyJoules", kReal, 0.0, 1e9, false, "J",
      "Conduction model: heat one unit of gas kinetic energy gives the wax (0: the gas "
      "bounces off the wax elastically, exchanging no heat).",
      MB_FIELD(heat.gas_energy_joules), true},
    P{"Lattice", "Seed", kInteger, 0.0, static_cast<double>(kMaxLatticeSeed), false, "",
      "Amorphous lattice: the seed of its random points; the same seed gives the same "
      "material.",
      MB_FIELD(lattice_seed)},
};
#undef MB_FIELD
}  // namespace

const char* to_string(LatticeType lattice) {
  switch (lattice) {
    case LatticeType::Hexagonal:
      return "hexagonal";
    case LatticeType::Square:
      return "square";
    case LatticeType::Amorphous:
      return "amorphous";
  }
  return "hexagonal";
}

std::optional<LatticeType> lattice_from_string(std::string_view name) {
  std::string v(name);
  for (char& c : v) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (v == "hexagonal" || v == "hex") return LatticeType::Hexagonal;
  if (v == "square") return LatticeType::Square;
  if (v == "amorphous") return LatticeType::Amorphous;
  return std::nullopt;
}

std::span<const Parameter<SimulatorSettings>> simulator_parameters() {
  return kTable;
}

std::vector<std::string> validate(const SimulatorSettings& s) {
  std::vector<std::string> problems = parameter_problems(s, simulator_parameters());
  if (s.connection_threshold >= s.disconnection_threshold) {
    std::ostringstream msg;
    msg << "[Spring] ConnectionThreshold (" << s.connection_threshold
        << ") must be below DisconnectionThreshold (" << s.disconnection_threshold
        << "), or new springs would break at once";
    problems.push_back(msg.str());
  }
  if (s.heat.solidus > s.heat.liquidus) {
    std::ostringstream msg;
    msg << "[Heat] Solidus (" << s.heat.solidus << ") must not be above Liquidus ("
        << s.heat.liquidus << ")";
    problems.push_back(msg.str());
  }
  return problems;
}

}  // namespace mb
