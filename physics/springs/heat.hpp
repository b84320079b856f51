#pragma once
// Heat in the spring network (the conduction model of heat_settings.hpp; docs/heat.md).
//
// Each particle i holds an enthalpy H_i (J). Its temperature and melt fraction follow from
// H through the melting band [T_s, T_l] with latent heat L (the enthalpy method, e.g.
// Voller & Cross 1981): with heat capacity c,
//   H <= c T_s:               T = H / c,                          phi = 0
//   c T_s < H < c T_l + L:    T = T_s + (H - c T_s) / c_band,     phi = (H - c T_s) / (H_l - H_s)
//   H >= c T_l + L:           T = (H - L) / c,                    phi = 1
// where c_band = (c (T_l - T_s) + L) / (T_l - T_s): inside the band most of the heat goes
// into melting, so a front advances only as fast as heat reaches it.
//
// Heat flows along every spring with conductance G, and to the surroundings with
// coefficient h:  dH_i/dt = sum_j G (T_j - T_i) + h (T_amb - T_i) + P_i,
// P_i the heater power on particle i; a heater with a temperature holds its particles there.
// On a lattice of spacing a and coordination z this is the heat equation with diffusivity
// D = G z a^2 / (4 c) (z = 6 hexagonal, 4 square).
#include <cstdint>
#include <span>
#include <vector>

#include "physics/springs/heat_settings.hpp"
#include "physics/springs/spring_network.hpp"

namespace mb {

// The band's enthalpy-temperature curve for one particle.
struct MeltCurve {
  double c = 1.0, latent = 0.0, solidus = 0.0, liquidus = 0.0;

  double solid_enthalpy() const { return c * solidus; }             // H_s: phi = 0 at and below
  double liquid_enthalpy() const { return c * liquidus + latent; }  // H_l: phi = 1 at and above
  double temperature(double h) const;
  double fraction(double h) const;  // melt fraction phi in [0, 1]
  double enthalpy(double t, double phi_if_in_band = 0.0) const;
  // dH/dT at h (the band's capacity inside it): the implicit step's linearisation.
  double capacity(double h) const;
};
MeltCurve melt_curve(const HeatSettings& s);

// What a heater does to the particles it covers this tick.
struct HeatSource {
  std::vector<int32_t> particles;
  double power = 0.0;        // W on each particle
  double temperature = 0.0;  // K it holds them at, when `fixed`
  bool fixed = false;
};

struct HeatStepStats {
  int substeps = 0;       // explicit substeps (0: the step was implicit)
  int cg_iterations = 0;  // conjugate-gradient iterations of the implicit step
};

// Advances the enthalpies by one tick (tick_seconds). Explicit (forward Euler) substeps
// while at most kMaxExplicitSubsteps keep it stable and monotone; beyond that one
// backward-Euler step solved by conjugate gradients (stable at every setting).
class HeatSolver {
 public:
  static constexpr int kMaxExplicitSubsteps = 8;

  HeatStepStats step(SpringNetwork& net, const HeatSettings& settings,
                     std::span<const HeatSource> sources);

 private:
  // rate_ = dH/dt of every particle at its temperature now, or at temperatures T.
  void explicit_rates(const SpringNetwork& net, const HeatSettings& s);
  void rates_at(const SpringNetwork& net, const HeatSettings& s, const std::vector<double>& T);
  // rate_ = dH/dt at the backward-Euler temperatures of a step dt; returns CG iterations.
  int implicit_step(const SpringNetwork& net, const HeatSettings& s, double dt);

  std::vector<double> temperature_, power_, rate_;
  std::vector<uint8_t> fixed_;
  std::vector<int32_t> degree_;
  std::vector<double> diagonal_, rhs_, residual_, preconditioned_, direction_, product_, solution_;
};

// Gives every particle without an enthalpy (a NaN, as add_particle leaves it) the solid
// enthalpy of the ambient temperature.
void give_ambient_enthalpy(SpringNetwork& net, const HeatSettings& settings);

// Largest dt * (sum of conductances + convection) / c over the particles: the explicit
// step is stable and monotone for substeps of at most dt / this. `degree`: scratch (the
// springs of each particle).
double heat_stiffness(const SpringNetwork& net, const HeatSettings& settings,
                      std::vector<int32_t>& degree);

// Totals of the thermal state.
struct HeatTotals {
  double heat = 0.0;         // J above every particle at ambient and solid
  double molten_mass = 0.0;  // sum of melt fractions (particles)
  double max_temperature = 0.0;
};
HeatTotals heat_totals(const SpringNetwork& net, const HeatSettings& settings);

}  // namespace mb
