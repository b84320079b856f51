#pragma once
// Reactions on collision in the gas (seed 003's "chemical kinetics"; docs/reactions.md).
//
// A collision of discs of species a and b may react into c + d: c takes the place of the a
// disc, d of the b disc, each keeping its disc's mass and radius (a change of species on
// contact; reactions that merge or split discs are not modelled yet). The collision reacts
// when its kinetic energy along the line of centres,
//   E_n = mu (g . n)^2 / 2,   mu = m_a m_b / (m_a + m_b),  g the relative velocity,
// is above the activation E_a, and then with the reaction's probability (from the gas's
// seeded stream, in event order: the same seed gives the same history on any thread count).
// It first collides elastically, then the products' relative motion takes the reaction
// enthalpy Delta H (released: > 0; absorbed: < 0) by scaling the relative velocity, so
// momentum is conserved exactly and energy to rounding, Delta H included. A collision whose
// relative kinetic energy cannot pay an absorbed enthalpy does not react.
//
// In 2D the flux-weighted distribution of g . n at contact is that of one Gaussian velocity
// component weighted by itself, so the fraction of collisions with E_n > E_a is exactly
// exp(-E_a / kT) (derivation in docs/reactions.md).
#include <cstdint>
#include <vector>

#include "physics/core/vec2.hpp"

namespace mb::gas {

struct Reaction {
  int32_t a = 0, b = 0;      // reactant species
  int32_t c = 0, d = 0;      // products: c replaces the a disc, d the b disc
  double activation = 0.0;   // E_a: least kinetic energy along the line of centres
  double probability = 1.0;  // chance that a collision above E_a reacts
  double enthalpy = 0.0;     // released into the products' relative motion (< 0: absorbed)
  bool operator==(const Reaction&) const = default;
};

// Species pair -> reaction, for the event loop.
class ReactionTable {
 public:
  void build(const std::vector<Reaction>& reactions);
  bool empty() const { return n_ == 0; }
  // The reaction a collision of species sa (disc i) with sb (disc j) may take, or -1;
  // `swapped`: the reaction lists them the other way round (disc i is its b).
  int32_t find(int32_t sa, int32_t sb, bool& swapped) const;

 private:
  int32_t n_ = 0;               // species ids are below this
  std::vector<int32_t> index_;  // n_ x n_: reaction + 1 (negated when swapped), 0: none
};

// E_n of discs i and j meeting along n (unit, i to j).
double line_of_centres_energy(Vec2 n, double mi, double mj, Vec2 vi, Vec2 vj);

// Gives the relative motion of the pair `enthalpy` more kinetic energy, keeping the total
// momentum and the direction of the relative velocity. False (nothing changed) when an
// absorbed enthalpy exceeds the relative kinetic energy.
bool release_enthalpy(double enthalpy, double mi, double mj, Vec2& vi, Vec2& vj);

}  // namespace mb::gas
