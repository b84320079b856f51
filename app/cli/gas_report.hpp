#pragma once
// Run totals of a gas for meltbox-cli's --stats: take one before a
// run and one after, and print both with gas_stats_json().
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "physics/gas/gas.hpp"

namespace mb::gas {

struct GasTotals {
  int32_t discs = 0;
  int64_t collisions = 0;  // disc-disc collisions since the gas was made
  int64_t wall_hits = 0;
  double kinetic_energy = 0.0;
  Vec2 momentum{0.0, 0.0};
  double temperature = 0.0;  // kT = kinetic energy per disc
  // With reactions (gas/reaction.hpp): reactions taken and enthalpy released since the gas
  // was made, the discs' internal energy, the discs of each species by name ("#id" where it
  // has none) and the atoms per element (of species with a composition).
  bool reacting = false;
  int64_t reactions = 0, blocked = 0;  // blocked: no room for the products (reaction.hpp)
  double internal_energy = 0.0, enthalpy_released = 0.0;
  std::vector<std::pair<std::string, int64_t>> species, atoms;
};

GasTotals totals(const Gas& g);

// JSON object members (no braces) for a run from `before` to `after`:
//   "gas_discs":N,"collisions":C,"wall_hits":W,"kinetic_energy_before":E0,
//   "kinetic_energy_after":E1,"energy_drift":E1/E0-1,"momentum_before":[px,py],
//   "momentum_after":[px,py],"temperature":kT
// and, for a gas with reactions,
// "reactions":R,"reactions_blocked":N,"species_before":{"A":n,..},"species_after":{..},
// "internal_energy_after":U,"enthalpy_released":H, and where species have compositions
// "atoms_before":{"H":n,..},"atoms_after":{..}. Energy is conserved as E_kin + U - H.
// Numbers are printed exactly (shortest round-trip form).
std::string gas_stats_json(const GasTotals& before, const GasTotals& after);

}  // namespace mb::gas
