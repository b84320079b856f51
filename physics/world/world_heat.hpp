#pragma once
// The conduction model inside World::tick (springs/heat.hpp): what the heaters give this
// tick, and each particle's phase from its melt fraction, with hysteresis.
#include <cstdint>
#include <span>
#include <vector>

#include "physics/actuators/actuator.hpp"
#include "physics/core/contact_view.hpp"
#include "physics/peri/system.hpp"
#include "physics/springs/heat.hpp"
#include "physics/springs/simulator_settings.hpp"

namespace mb {

// Area of the lattice that one particle stands for (its Voronoi cell): a heater's power
// per unit area times this is the power on one particle.
double particle_area(const SimulatorSettings& settings);

// A heater's power per unit area: its own, or [Heat] HeaterPower when it has none.
double heater_power_per_area(const Actuator& heater, const SimulatorSettings& settings);

// The source a heater is on the particles it covers: its own power per unit area (or
// [Heat] HeaterPower when it has none), or its fixed temperature when it has one.
HeatSource heater_source(const Actuator& heater, const SimulatorSettings& settings,
                         std::vector<int32_t> particles);

struct PhaseChanges {
  int melted = 0, frozen = 0;
};

// A solid particle melts (Molten: movable) when its melt fraction reaches 1 and a molten one
// freezes when it falls to 0; in between, each keeps its state, so a temperature wandering
// inside the band never flickers a particle. A freezing particle stays movable for this
// tick's relaxation, as in the timer model. Every particle's radius grows with its fraction
// from DefaultRadius to MoltenDefaultRadius (thermal expansion through the band); gripped
// particles keep their state.
PhaseChanges update_phases(SpringNetwork& net, const SimulatorSettings& settings);

// Gas and wax exchange heat (the conduction model, with GasEnergyJoules > 0).
bool exchanges_heat_with_gas(const HeatSettings& heat);
// Makes the view's first particle_count() entries (the spring particles, add_particles'
// layout) thermal walls at kT = GasKTPerKelvin x their temperatures.
void make_thermal_walls(ContactView& view, const SpringNetwork& net, const HeatSettings& heat);
// Adds the energy each particle's entry received from the gas to its enthalpy (x
// GasEnergyJoules); returns the total in J.
double take_gas_heat(SpringNetwork& net, const HeatSettings& heat, const ContactView& view);

// A heater's power on the body points it covers (conduction model).
struct BodyHeatSource {
  std::vector<BodyPointRef> points;
  double power_per_area = 0.0;  // W per unit area; a point stands for dx^2 sqrt(3)/2
  bool fixed = false;           // a heater with a temperature holds the points at it
  double temperature = 0.0;
};

// Body point temperatures in the conduction model: each point has the particles' heat
// capacity c and convection h and takes its heaters' power P (no conduction inside the body
// or to the wax), so over a tick dt, exactly,
//   T <- T_inf + (T - T_inf) exp(-h dt / c),   T_inf = T_amb + P / h   (T += P dt / c at h = 0).
// Its softening heat (peri/softening.hpp) is (T - T_amb) / (T_l - T_amb), clamped to [0, 1]
// (0 below 1e-3): fully soft at the wax's liquidus. A heater with a temperature holds its
// points there. Returns the points with heat.
int64_t heat_bodies(PeriSystem& bodies, const HeatSettings& heat,
                    std::span<const BodyHeatSource> sources);

// The end of a run in the conduction model: every particle freezes, keeping at most the
// enthalpy of a solid at the solidus.
void freeze_all(SpringNetwork& net, const SimulatorSettings& settings);

// Farthest centre of a particle at least half molten from the nearest of `heaters`
// (0 without heaters or melt): how far the melt reaches.
double melt_front(const SpringNetwork& net, const HeatSettings& settings,
                  std::span<const Vec2> heaters);

}  // namespace mb
