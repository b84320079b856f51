#include "physics/gas/gas_settings.hpp"

#include <array>

namespace mb {

namespace {
using P = Parameter<GasSettings>;
using S = GasSettings;
constexpr ParameterKind kReal = ParameterKind::Real;
constexpr double kMaxTemperature = 1e12;
constexpr const char* kWallTip =
    "Thermostat temperature kT of this wall (k_B = 1): a disc that hits it leaves with a "
    "velocity drawn from the 2D Maxwell flux distribution at kT. 0 is a plain mirror.";

// A row for wall w's temperature.
#define MB_WALL(w)                                  \
  [](const S& s) { return s.wall_temperature[w]; }, \
      [](S& s, double v) { s.wall_temperature[w] = v; }

const std::array<P, 7> kTable = {
    P{"", "tick-seconds", kReal, 0.0, 1.0, true, "s",
      "Simulated time the gas advances each World tick (events are exact in between).",
      [](const S& s) { return s.tick_seconds; }, [](S& s, double v) { s.tick_seconds = v; }},
    P{"", "threads", ParameterKind::Integer, 1.0, 64.0, false, "",
      "Worker threads for the tick-start work (binning, first predictions). The run is bit for "
      "bit the same for any count; the event loop itself is serial.",
      [](const S& s) { return static_cast<double>(s.threads); },
      [](S& s, double v) { s.threads = static_cast<int>(v); }},
    P{"", "wall-left", kReal, 0.0, kMaxTemperature, false, "kT", kWallTip, MB_WALL(0)},
    P{"", "wall-right", kReal, 0.0, kMaxTemperature, false, "kT", kWallTip, MB_WALL(1)},
    P{"", "wall-bottom", kReal, 0.0, kMaxTemperature, false, "kT", kWallTip, MB_WALL(2)},
    P{"", "wall-top", kReal, 0.0, kMaxTemperature, false, "kT", kWallTip, MB_WALL(3)},
    P{"", "heater-temperature", kReal, 0.0, kMaxTemperature, false, "kT",
      "Thermostat temperature kT of the heaters for the gas: a disc that leaves a heater's "
      "shape is given a velocity drawn from the 2D Maxwell-Boltzmann distribution at kT. 0: "
      "heaters leave the gas alone.",
      [](const S& s) { return s.heater_temperature; },
      [](S& s, double v) { s.heater_temperature = v; }},
};
#undef MB_WALL
}  // namespace

std::span<const Parameter<GasSettings>> gas_parameters() {
  return kTable;
}

}  // namespace mb
