#pragma once
// The gas's settings: its tick, its broad phase, its threads and its thermostat walls. The
// table (gas_parameters()) names, bounds and explains the numeric ones; the <gas> reader and
// writer, the gas commands and the Gas panel are made from it.
#include <array>
#include <cstdint>
#include <span>

#include "physics/core/parameter.hpp"

namespace mb {

enum class GasBroadPhase : uint8_t { Auto = 0, SweepPrune = 1, Grid = 2 };

struct GasSettings {
  double tick_seconds = 1.0 / 60.0;  // simulated time per World tick
  GasBroadPhase broad_phase = GasBroadPhase::Auto;
  // Threads for the tick-start work (binning, pair predictions); the event loop itself is
  // serial. Any count gives the same run bit for bit.
  int threads = 1;
  // Thermostat walls (Tehver, Toigo, Koplik & Banavar 1998, "Thermal walls in computer
  // simulations"): wall_temperature[w] > 0 re-draws a disc hitting wall w (left, right,
  // bottom, top) from the 2D Maxwell flux distribution at that kT; 0 is a plain mirror.
  std::array<double, 4> wall_temperature{0.0, 0.0, 0.0, 0.0};
  // kT a heater gives the gas (World step 7): a disc that was inside a heater's shape and
  // leaves it in a tick gets a velocity drawn from the 2D Maxwell-Boltzmann distribution at
  // this kT (a thermostat region). 0: heaters do not touch the gas.
  double heater_temperature = 0.0;
  // The fastest discs are found apart, so they do not widen every partner query
  // (fast_discs.cpp). The run is the same bit for bit either way: off only to measure it.
  bool split_fast_discs = true;
  bool operator==(const GasSettings&) const = default;
};

// tick-seconds, threads, wall-left, wall-right, wall-bottom, wall-top, heater-temperature. The
// broad phase, a word (auto, sweep, grid), is read and written beside the table.
std::span<const Parameter<GasSettings>> gas_parameters();

}  // namespace mb
