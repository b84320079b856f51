#pragma once
// The spring network's thermal model ([Heat] in a .cfg file). The timer model is the Spring
// Simulator's: a particle under a heater is molten for CooldownTime ticks. The conduction model
// gives each particle an enthalpy that heaters raise, springs conduct and the surroundings cool;
// the particle melts over a band of temperatures with latent heat (heat.hpp, docs/heat.md).
#include <cstdint>

namespace mb {

enum class HeatModel : uint8_t { Timer = 0, Conduction = 1 };

struct HeatSettings {
  HeatModel model = HeatModel::Timer;
  double tick_seconds = 0.02;  // s of heat flow per tick (the spring network has no time)
  double conductance = 1.0;    // W/K through one spring
  double heat_capacity = 1.0;  // J/K of one particle
  double latent_heat = 30.0;   // J to melt one particle across the band
  double solidus = 325.0;      // K: below it a particle is solid (it freezes there)
  double liquidus = 330.0;     // K: above it a particle is liquid (it melts there)
  double ambient = 293.0;      // K: temperature of the surroundings and of new particles
  double convection = 5.0;     // W/K from one particle to the surroundings (a cooled plate)
  double heater_power = 12.0;  // W per unit area under a heater without its own power
  // The gas meets the wax as a thermal wall (gas_obstacles.cpp): a particle at T is a wall at
  // kT = gas_kT_per_kelvin * T in the gas's units, and the gas energy it takes in is heat of
  // gas_energy_joules J per unit.
  double gas_kT_per_kelvin = 1.0;
  double gas_energy_joules = 1e-3;
};

const char* to_string(HeatModel model);

}  // namespace mb
