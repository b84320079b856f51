#pragma once
// Reactions in the gas (the Particles gas program's "chemical kinetics"; docs/reactions.md).
//
// Three shapes, each conserving mass and momentum exactly and energy to rounding, the
// reaction enthalpy Delta H (released: > 0; absorbed: < 0) and the discs' internal energy
// included:
//  - a + b -> c + d on collision: c takes the place of the a disc, d of the b disc, each
//    keeping its disc's mass and radius (a change of species on contact). The pair first
//    collides elastically, then its relative motion takes Delta H by scaling the relative
//    velocity. Not taken when the relative kinetic energy cannot pay an absorbed Delta H.
//  - a + b -> c on collision (a merge): one disc of mass m_a + m_b at the pair's centre of
//    mass with its velocity and the radius of c's species. The relative kinetic energy of
//    the pair (mu g^2 / 2) and Delta H become c's internal energy,
//      u_c = u_a + u_b + mu g^2 / 2 + Delta H,
//    so a merge is not taken when u_c would be negative, nor when c would overlap a wall, a
//    disc or other matter (gas_reactions.cpp).
//  - a -> c + d or a -> c at `rate` k (a decay): each a disc waits an exponential time of
//    mean 1/k. A split puts c and d in contact on a random line through a's centre, their
//    centre of mass on a's, moving apart along it with relative kinetic energy u_a + Delta H
//    (masses in the ratio of their species' masses, radii from their species); a one-product
//    decay only changes the species and adds Delta H to the internal energy. A decay that
//    cannot be paid, or whose products would overlap something, waits a new exponential time.
//
// A collision reacts when its kinetic energy along the line of centres,
//   E_n = mu (g . n)^2 / 2,   mu = m_a m_b / (m_a + m_b),  g the relative velocity,
// is above the activation E_a, and then with the reaction's probability. The draws come
// from the gas's seeded stream in event order: the same seed gives the same history on any
// thread count. In 2D the flux-weighted distribution of g . n at contact is that of one
// Gaussian velocity component weighted by itself, so the fraction of collisions with
// E_n > E_a is exactly exp(-E_a / kT) (derivation in docs/reactions.md).
#include <cstdint>
#include <string>
#include <vector>

#include "physics/core/vec2.hpp"

namespace mb::gas {

inline constexpr int32_t kNoSpecies = -1;
// Species a reaction or the species table may name are 0 .. kMaxSpecies - 1 (discs may carry
// larger ids: those take no reaction).
inline constexpr int32_t kMaxSpecies = 64;

// What a species is. mass and radius (0: not given) are the size of the discs that merges
// and splits make and that a generator of this species makes by default; colour is 0xRRGGBB
// (-1: the renderer's palette); composition counts atoms, e.g. "A2B" (empty: not given).
struct Species {
  std::string name;
  double mass = 0.0, radius = 0.0;
  int32_t colour = -1;
  std::string composition;
  bool operator==(const Species&) const = default;
};

// Species k's name from the table, or "#k".
std::string species_name(const std::vector<Species>& table, int32_t k);
// "A + B -> C", by the table's names.
std::string describe(const std::vector<Species>& table, const struct Reaction& r);

struct Reaction {
  int32_t a = 0, b = kNoSpecies;  // reactants; b = kNoSpecies: a decay of a
  int32_t c = 0, d = kNoSpecies;  // products; d = kNoSpecies: one product
  double activation = 0.0;        // E_a: least kinetic energy along the line of centres
  double probability = 1.0;       // chance that a collision above E_a reacts
  double enthalpy = 0.0;          // released (> 0) or absorbed (< 0) energy
  double rate = 0.0;              // a decay's rate constant k (1 / time)
  bool decay() const { return b == kNoSpecies; }
  bool merge() const { return !decay() && d == kNoSpecies; }
  bool split() const { return decay() && d != kNoSpecies; }
  bool operator==(const Reaction&) const = default;
};

// What the reactions of a gas need to hold, or "" when they do: species ids in range,
// decays with a finite positive rate, at most one reaction per reactant pair and one decay
// per species, the mass and radius of every species a merge or split makes, a merge product
// as heavy as its reactants where all three have masses, and atoms conserved where every
// species of a reaction has a composition. Messages name species by their names.
std::string check_reactions(const std::vector<Species>& species,
                            const std::vector<Reaction>& reactions);

// Atoms per element of a composition such as "A2B" or "H2O" (an element: a capital letter
// and lower-case letters; a count: digits, default 1). Empty for "" and for text that is no
// composition (is_composition says which).
std::vector<std::pair<std::string, int64_t>> atoms_of(const std::string& composition);
bool is_composition(const std::string& composition);

// Species pair -> collision reaction, species -> decay, for the event loop.
class ReactionTable {
 public:
  void build(const std::vector<Reaction>& reactions);
  bool empty() const { return reactions_ == 0; }
  bool has_decays() const { return decays_; }
  bool changes_discs() const { return changes_discs_; }  // some merge or split
  // The reaction a collision of species sa (disc i) with sb (disc j) may take, or -1;
  // `swapped`: the reaction lists them the other way round (disc i is its b).
  int32_t find(int32_t sa, int32_t sb, bool& swapped) const;
  int32_t decay_of(int32_t s) const {  // the decay of species s, or -1
    return s >= 0 && s < static_cast<int32_t>(decay_.size()) ? decay_[static_cast<size_t>(s)] : -1;
  }

 private:
  int32_t n_ = 0;  // species ids are below this
  size_t reactions_ = 0;
  bool decays_ = false, changes_discs_ = false;
  std::vector<int32_t> index_;  // n_ x n_: reaction + 1 (negated when swapped), 0: none
  std::vector<int32_t> decay_;  // per species: its decay, or -1
};

// E_n of discs i and j meeting along n (unit, i to j).
double line_of_centres_energy(Vec2 n, double mi, double mj, Vec2 vi, Vec2 vj);

// Gives the relative motion of the pair `enthalpy` more kinetic energy, keeping the total
// momentum and the direction of the relative velocity. False (nothing changed) when an
// absorbed enthalpy exceeds the relative kinetic energy.
bool release_enthalpy(double enthalpy, double mi, double mj, Vec2& vi, Vec2& vj);

// A merge of discs i and j (masses, velocities, internal energies) with enthalpy dH: the
// product's velocity (the centre of mass's) and its internal energy
// u = u_i + u_j + mu g^2 / 2 + dH (may be negative: then the merge cannot be paid).
struct Merged {
  Vec2 velocity;
  double internal;
};
Merged merge_motion(double mi, double mj, Vec2 vi, Vec2 vj, double ui, double uj, double dH);

// A split of a disc of mass M at velocity V into masses mi + mj = M with relative kinetic
// energy `energy` (>= 0) along the unit n (i to j): i moves at V - (mj/M) g n, j at
// V + (mi/M) g n, g = sqrt(2 energy / mu). Momentum M V and kinetic energy
// M V^2 / 2 + energy, to rounding.
void split_velocities(double M, Vec2 V, double mi, double energy, Vec2 n, Vec2& vi, Vec2& vj);

}  // namespace mb::gas
