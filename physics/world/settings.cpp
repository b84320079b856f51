#include "physics/world/settings.hpp"

#include <array>
#include <cmath>
#include <limits>
#include <sstream>

namespace mb {

namespace {
constexpr double kInf = std::numeric_limits<double>::infinity();

const std::array kTable = {
    Parameter{"Particle", "DefaultRadius", &Settings::default_radius, 0.0, true, 1e6, false,
              "length", "Radius of a frozen particle."},
    Parameter{
        "Particle", "MoltenDefaultRadius", &Settings::molten_radius, 0.0, true, 1e6, false,
        "length",
        "Radius of a molten particle; larger than the frozen radius models thermal expansion."},
    Parameter{"Particle", "CooldownTime", &Settings::cooldown_time, 0.0, false, 1e9, true, "ticks",
              "Ticks a particle stays molten after it was last heated."},
    Parameter{"Spring", "DefaultStiffness", &Settings::default_stiffness, 0.0, true, 1e6, false,
              "force/length", "Spring constant k: force per unit of gap away from the rest gap."},
    Parameter{"Spring", "DefaultLength", &Settings::default_length, 0.0, true, 1e6, false, "length",
              "Rest gap L between the surfaces of two joined particles."},
    Parameter{"Spring", "ConnectionThreshold", &Settings::connection_threshold, 0.0, true, 1e3,
              false, "x L", "Inelastic: unjoined particles closer than L x this get a new spring."},
    Parameter{"Spring", "DisconnectionThreshold", &Settings::disconnection_threshold, 0.0, true,
              1e3, false, "x L", "Inelastic: a spring whose gap exceeds L x this breaks."},
    Parameter{"Relaxation", "IterationLimit", &Settings::iteration_limit, 1.0, false, 1e9, true,
              "iterations", "Most solver iterations in one relaxation."},
    Parameter{
        "Relaxation", "ConvergenceLimit", &Settings::convergence_limit, 0.0, true, kInf, false,
        "force",
        "Relaxation stops when the largest net spring force on a movable particle is below this."},
    Parameter{"Relaxation", "ConnectivityPeriod", &Settings::connectivity_period, 1.0, false, 1e9,
              true, "iterations", "Inelastic: solver iterations between connectivity updates."},
    Parameter{"Actuator", "Speed", &Settings::actuator_speed, 0.0, true, 1e6, false, "length/tick",
              "Default speed of a new actuator along its path."},
    Parameter{"Heater", "Size", &Settings::heater_size, 0.0, true, 1e6, false, "length",
              "Diameter of the disc a heater melts when it has no shape polygon."},
};
}  // namespace

std::span<const Parameter> parameters() {
  return kTable;
}

std::vector<std::string> validate(const Settings& s) {
  std::vector<std::string> problems;
  for (const Parameter& p : kTable) {
    const double v = s.*(p.member);
    std::ostringstream msg;
    msg << "[" << p.section << "] " << p.key << " = " << v << ": ";
    if (!std::isfinite(v) && !(v == kInf && p.max == kInf)) {
      msg << "must be a finite number";
    } else if (p.min_exclusive ? !(v > p.min) : !(v >= p.min)) {
      msg << "must be " << (p.min_exclusive ? "greater than " : "at least ") << p.min;
    } else if (v > p.max) {
      msg << "must be at most " << p.max;
    } else if (p.integer && v != std::floor(v)) {
      msg << "must be a whole number";
    } else {
      continue;
    }
    problems.push_back(msg.str());
  }
  if (s.connection_threshold >= s.disconnection_threshold) {
    std::ostringstream msg;
    msg << "[Spring] ConnectionThreshold (" << s.connection_threshold
        << ") must be below DisconnectionThreshold (" << s.disconnection_threshold
        << "), or new springs would break at once";
    problems.push_back(msg.str());
  }
  return problems;
}

}  // namespace mb
