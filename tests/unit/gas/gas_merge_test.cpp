// Reactions that merge and split discs (gas/reaction.hpp): a merge and a split against their
// hand-worked results; decays at an exponential waiting time whatever the tick length; the
// conservation of mass, atoms, momentum and energy (the enthalpy and the discs' internal
// energy included); and A + B <-> C settling at the ratio of its rate constants.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "physics/gas/edit.hpp"
#include "physics/gas/gas.hpp"
#include "physics/gas/generator.hpp"
#include "physics/gas/reaction.hpp"
#include "physics/gas/rng.hpp"
#include "physics/gas/thermo.hpp"
#include "physics/gas/validate.hpp"

namespace mb {
namespace {

constexpr int32_t A = 0, B = 1, C = 2;

// A (mass 1, radius 1), B (3, 1) and C = AB (4, 1.2).
void add_species(Gas& g) {
  g.species_table = {{"A", 1.0, 1.0, -1, "A"}, {"B", 3.0, 1.0, -1, "B"}, {"C", 4.0, 1.2, -1, "AB"}};
}

gas::Reaction merge(double activation, double enthalpy, double probability = 1.0) {
  gas::Reaction r;
  r.a = A, r.b = B, r.c = C, r.activation = activation, r.probability = probability;
  r.enthalpy = enthalpy;
  return r;
}

gas::Reaction split(double rate, double enthalpy) {
  gas::Reaction r;
  r.a = C, r.c = A, r.d = B, r.rate = rate, r.enthalpy = enthalpy;
  return r;
}

// A at (-5, 0) moving +2, B at (5, 0) moving -1: they touch when the gap of 8 closes at 3,
// t = 8/3, A at 1/3 and B at 7/3. C appears at their centre of mass (1/3 + 3 * 7/3) / 4 = 11/6
// with its velocity (2 - 3) / 4 = -1/4 and internal energy mu g^2 / 2 + dH =
// (3/4) 9 / 2 + 1/2 = 31/8; by t = 4 it is at 11/6 - (4 - 8/3) / 4 = 3/2.
TEST(GasMerge, TwoDiscsBecomeOneAtTheirCentreOfMassWithTheirMomentum) {
  Gas g;
  add_species(g);
  g.add_disc(-5.0, 0.0, 2.0, 0.0, 1.0, 1.0, A);
  g.add_disc(5.0, 0.0, -1.0, 0.0, 3.0, 1.0, B);
  ASSERT_TRUE(gas::set_reactions(g, {merge(0.0, 0.5)}));
  const GasTickStats s = g.step(Box{{-20.0, -20.0}, {20.0, 20.0}}, 4.0);
  ASSERT_EQ(g.size(), 1);
  EXPECT_EQ(s.reactions, 1);
  EXPECT_EQ(g.species[0], C);
  EXPECT_DOUBLE_EQ(g.mass[0], 4.0);
  EXPECT_DOUBLE_EQ(g.radius[0], 1.2);
  EXPECT_NEAR(g.x[0], 1.5, 1e-12);
  EXPECT_NEAR(g.y[0], 0.0, 1e-12);
  EXPECT_NEAR(g.vx[0], -0.25, 1e-15);
  EXPECT_NEAR(g.internal[0], 31.0 / 8.0, 1e-12);
  // Kinetic 2 + 3/2 before; after 4/32 + 31/8 - 1/2 released: the same 7/2.
  EXPECT_NEAR(gas::kinetic_energy(g) + gas::internal_energy(g) - g.total_enthalpy_released(), 3.5,
              1e-12);
}

TEST(GasMerge, AMergeThatCannotBePaidOrHasNoRoomIsAnElasticCollision) {
  for (const bool crowded : {false, true}) {
    Gas g;
    add_species(g);
    g.add_disc(-5.0, 0.0, 2.0, 0.0, 1.0, 1.0, A);
    g.add_disc(5.0, 0.0, -1.0, 0.0, 3.0, 1.0, B);
    // mu g^2 / 2 = 27/8: an absorbed 4 cannot be paid. Crowded: a third disc sits in the
    // waist at x = 11/6, y = 1.1 where C (radius 1.2) would appear.
    double dH = -4.0;
    if (crowded) {
      g.add_disc(11.0 / 6.0, 2.0, 0.0, 0.0, 1.0, 0.85, B), dH = 0.0;
      g.species[2] = 5;  // of no reaction
    }
    ASSERT_TRUE(gas::set_reactions(g, {merge(0.0, dH)}));
    const GasTickStats s = g.step(Box{{-20.0, -20.0}, {20.0, 20.0}}, 3.0);
    EXPECT_EQ(s.reactions, 0) << crowded;
    EXPECT_EQ(s.blocked, crowded ? 1 : 0);
    ASSERT_EQ(g.size(), crowded ? 3 : 2);
    // The elastic result for masses 1 and 3 meeting at 2 and -1: A leaves at -2.5, B at 0.5.
    EXPECT_NEAR(g.vx[0], -2.5, 1e-12);
    EXPECT_NEAR(g.vx[1], 0.5, 1e-12);
  }
}

// C (mass 4) at rest with internal energy 3 splits absorbing 1: A (1) and B (3) leave in
// contact along one line with relative energy 2, g = sqrt(2 * 2 / (3/4)), A at 3g/4, B at g/4,
// their centre of mass staying at the origin.
TEST(GasMerge, ASplitSharesTheInternalEnergyLessTheEnthalpyBetweenItsProducts) {
  Gas g;
  add_species(g);
  g.add_disc(0.0, 0.0, 0.0, 0.0, 4.0, 1.2, C);
  g.internal[0] = 3.0;
  ASSERT_TRUE(gas::set_reactions(g, {split(1e6, -1.0)}));
  const double T = 0.01;
  const GasTickStats s = g.step(Box{{-20.0, -20.0}, {20.0, 20.0}}, T);
  EXPECT_EQ(s.decays, 1);
  ASSERT_EQ(g.size(), 2);
  const int32_t a = g.species[0] == A ? 0 : 1, b = 1 - a;
  EXPECT_EQ(g.species[b], B);
  EXPECT_DOUBLE_EQ(g.mass[a], 1.0);
  EXPECT_DOUBLE_EQ(g.mass[b], 3.0);
  const double gr = std::sqrt(16.0 / 3.0);
  EXPECT_NEAR(std::hypot(g.vx[a], g.vy[a]), 0.75 * gr, 1e-12);
  EXPECT_NEAR(std::hypot(g.vx[b], g.vy[b]), 0.25 * gr, 1e-12);
  EXPECT_NEAR(g.vx[a] + 3.0 * g.vx[b], 0.0, 1e-12);
  EXPECT_NEAR(g.x[a] + 3.0 * g.x[b], 0.0, 1e-12);  // the centre of mass stays
  // They split within the first ~1e-6 and separate at g: 2 apart then, 2 + g T at most.
  const double d = std::hypot(g.x[a] - g.x[b], g.y[a] - g.y[b]);
  EXPECT_GT(d, 2.0 + gr * (T - 1e-4));
  EXPECT_LE(d, 2.0 + gr * T + 1e-12);
  EXPECT_NEAR(gas::kinetic_energy(g), 2.0, 1e-12);
  EXPECT_EQ(gas::internal_energy(g), 0.0);
}

// N0 C discs decaying at k (no reverse reaction): after time t the survivors are binomial
// with p = exp(-k t), whatever the tick length (decays are events at their exact times).
TEST(GasMerge, DecaysFollowTheExponentialLawForAnyTickLength) {
  const double k = 0.5, t_end = 2.0;
  for (const double dt : {0.05, 1.0}) {
    Gas g;
    add_species(g);
    gas::GeneratorSpec spec;
    spec.count = 3000, spec.radius_min = spec.radius_max = 1.2, spec.mass = 4.0;
    spec.temperature = 1.0, spec.species = C, spec.seed = 3;
    const Box box{{-400.0, -400.0}, {400.0, 400.0}};  // dilute: room for every split
    gas::generate(g, box, spec);
    ASSERT_TRUE(gas::set_reactions(g, {split(k, 0.0)}));
    int64_t blocked = 0;
    for (int step = 0; step < static_cast<int>(t_end / dt + 0.5); ++step)
      blocked += g.step(box, dt).blocked;
    const auto survivors = static_cast<double>(gas::species_counts(g)[C]);
    const double p = std::exp(-k * t_end), N0 = 3000.0;
    EXPECT_NEAR(survivors, N0 * p, 4.0 * std::sqrt(N0 * p * (1.0 - p))) << "dt " << dt;
    // Near a wall a product may not fit: that split waits a new exponential time (few here).
    EXPECT_LT(blocked, 30);
    EXPECT_EQ(g.size(), static_cast<int32_t>(2.0 * N0 - survivors));  // each split adds one
    EXPECT_TRUE(gas::validate(g, box).empty());
  }
}

// 10^6 random merges and splits as the event loop computes them: momentum to rounding, and
// kinetic + internal energy changing by exactly the enthalpy.
TEST(GasMerge, EachMergeAndSplitConservesMomentumAndEnergy) {
  SplitMix64 rng{5};
  double worst_p = 0.0, worst_e = 0.0;
  for (int k = 0; k < 1'000'000; ++k) {
    const double mi = 0.5 + 2.0 * rng.uniform(), mj = 0.5 + 2.0 * rng.uniform();
    const Vec2 vi{rng.normal(), rng.normal()}, vj{rng.normal(), rng.normal()};
    const double ui = rng.uniform(), uj = rng.uniform(), dH = rng.uniform() - 0.5;
    const gas::Merged m = gas::merge_motion(mi, mj, vi, vj, ui, uj, dH);
    if (m.internal < 0.0) continue;  // cannot be paid: not taken
    const Vec2 p0 = mi * vi + mj * vj, p1 = (mi + mj) * m.velocity;
    const double scale = mi * glm::length(vi) + mj * glm::length(vj);
    const double e0 = 0.5 * mi * glm::dot(vi, vi) + 0.5 * mj * glm::dot(vj, vj) + ui + uj;
    const double e1 = 0.5 * (mi + mj) * glm::dot(m.velocity, m.velocity) + m.internal;
    worst_p = std::max(worst_p, glm::length(p1 - p0) / scale);
    worst_e = std::max(worst_e, std::fabs(e1 - (e0 + dH)) / e0);
    // And back: the split of the product, its energy less a second enthalpy.
    const double dH2 = -0.5 * rng.uniform() * m.internal;
    const double angle = 2.0 * std::numbers::pi * rng.uniform();
    Vec2 wi, wj;
    gas::split_velocities(mi + mj, m.velocity, mi, m.internal + dH2,
                          {std::cos(angle), std::sin(angle)}, wi, wj);
    const Vec2 p2 = mi * wi + mj * wj;
    const double e2 = 0.5 * mi * glm::dot(wi, wi) + 0.5 * mj * glm::dot(wj, wj);
    worst_p = std::max(worst_p, glm::length(p2 - p0) / scale);
    worst_e = std::max(worst_e, std::fabs(e2 - (e1 + dH2)) / e1);
  }
  EXPECT_LT(worst_p, 1e-12);
  EXPECT_LT(worst_e, 1e-12);
}

// A + B <-> C in a box with mirror walls, over more than 10^6 collisions: the atoms of A and
// B and the mass are conserved, and so is kinetic + internal energy less the enthalpy the
// reactions released (to 1e-9).
TEST(GasMerge, AGasThatMergesAndSplitsConservesAtomsMassAndEnergy) {
  Gas g;
  add_species(g);
  const Box box{{-60.0, -60.0}, {60.0, 60.0}};
  for (const auto& [sp, mass] : {std::pair{A, 1.0}, std::pair{B, 3.0}}) {
    gas::GeneratorSpec spec;
    spec.count = 700, spec.radius_min = spec.radius_max = 1.0, spec.mass = mass;
    spec.temperature = 2.0, spec.species = sp, spec.seed = 7 + static_cast<uint64_t>(sp);
    gas::generate(g, box, spec);
  }
  ASSERT_TRUE(gas::set_reactions(g, {merge(1.0, 0.8), split(0.2, -0.8)}));
  const double mass0 = 700.0 * 4.0;
  const auto atoms0 = gas::atom_counts(g);
  const double e0 = gas::kinetic_energy(g);
  int64_t collisions = 0, merges = 0, splits = 0;
  while (collisions < 1'000'000) {
    const GasTickStats s = g.step(box, 0.5);
    collisions += s.collisions, splits += s.decays, merges += s.reactions - s.decays;
  }
  EXPECT_GT(merges, 3000);
  EXPECT_GT(splits, 3000);
  EXPECT_EQ(gas::atom_counts(g), atoms0);
  double mass = 0.0;
  for (const double m : g.mass) mass += m;
  EXPECT_NEAR(mass, mass0, 1e-12 * mass0);
  const double e = gas::kinetic_energy(g) + gas::internal_energy(g) - g.total_enthalpy_released();
  EXPECT_NEAR(e, e0, 1e-9 * e0);
  EXPECT_TRUE(gas::validate(g, box).empty());
}

}  // namespace
}  // namespace mb
