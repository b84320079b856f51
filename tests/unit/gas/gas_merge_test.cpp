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
#include "physics/gas/heater_region.hpp"
#include "physics/gas/reaction.hpp"
#include "physics/gas/rng.hpp"
#include "physics/gas/thermo.hpp"
#include "physics/gas/validate.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/scene_io.hpp"
#include "tests/unit/gas/gas_fixture.hpp"
#include "tests/unit/gas/xml_errors.hpp"

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

// A merge removes a disc and moves the later ones down: Gas::removed_in_last_step says which,
// and per-disc marks follow their discs (gas::follow_removals, for the heater thermostat).
TEST(GasMerge, MarksPerDiscFollowTheirDiscsThroughARemoval) {
  Gas g;
  add_species(g);
  g.add_disc(-15.0, 10.0, 0.0, 0.0, 1.0, 1.0, B);  // 0: still, far away
  g.add_disc(-5.0, 0.0, 2.0, 0.0, 1.0, 1.0, A);    // 1 and 2 merge
  g.add_disc(5.0, 0.0, -1.0, 0.0, 3.0, 1.0, B);
  g.add_disc(15.0, 10.0, 0.0, 0.0, 1.0, 1.0, A);  // 3: still, far away
  ASSERT_NO_THROW(gas::set_reactions(g, {merge(0.0, 0.0)}));
  std::vector<uint8_t> marks{0, 0, 0, 1};
  g.step(Box{{-20.0, -20.0}, {20.0, 20.0}}, 4.0);
  ASSERT_EQ(g.size(), 3);
  ASSERT_EQ(g.removed_in_last_step().size(), 1u);
  const int32_t gone = g.removed_in_last_step()[0];
  EXPECT_TRUE(gone == 1 || gone == 2);
  gas::follow_removals(g, marks);
  EXPECT_EQ(marks, (std::vector<uint8_t>{0, 0, 1}));
  EXPECT_EQ(g.x[2], 15.0);  // the marked disc, now at index 2
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
  ASSERT_NO_THROW(gas::set_reactions(g, {merge(0.0, 0.5)}));
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
    ASSERT_NO_THROW(gas::set_reactions(g, {merge(0.0, dH)}));
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
  ASSERT_NO_THROW(gas::set_reactions(g, {split(1e6, -1.0)}));
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
    ASSERT_NO_THROW(gas::set_reactions(g, {split(k, 0.0)}));
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
  ASSERT_NO_THROW(gas::set_reactions(g, {merge(1.0, 0.8), split(0.2, -0.8)}));
  const double mass0 = 700.0 * 4.0;
  const auto atoms0 = gas::atom_counts(g);
  const double e0 = gas::kinetic_energy(g);
  int64_t collisions = 0, merges = 0, splits = 0;
  // 10^6 collisions; 10^5 under AddressSanitizer (19 s there otherwise).
  const int64_t target = gas_test::kSanitized ? 100'000 : 1'000'000;
  while (collisions < target) {
    const GasTickStats s = g.step(box, 0.5);
    collisions += s.collisions, splits += s.decays, merges += s.reactions - s.decays;
  }
  EXPECT_GT(merges, target / 300);
  EXPECT_GT(splits, target / 300);
  EXPECT_EQ(gas::atom_counts(g), atoms0);
  double mass = 0.0;
  for (const double m : g.mass) mass += m;
  EXPECT_NEAR(mass, mass0, 1e-12 * mass0);
  const double e = gas::kinetic_energy(g) + gas::internal_energy(g) - g.total_enthalpy_released();
  EXPECT_NEAR(e, e0, 1e-9 * e0);
  EXPECT_TRUE(gas::validate(g, box).empty());
}

// 400 A and 400 B discs (A mass 1, B mass 3, radius 1) at kT 2 in a 200 x 200 box with walls
// at kT 2: A + B -> C above E_a 1, C -> A + B at k_r 0.05. Mass action: at the steady state
// k_f <N_A N_B> / area = k_r <N_C>, with k_f the A-B collision rate constant (measured: the
// A-B collisions per unit time per N_A N_B / area) times the reacting fraction exp(-E_a / kT)
// (docs/reactions.md). So <N_C> area / <N_A N_B> = k_f / k_r (about 150 C discs here).
TEST(GasMerge, AMergingReactionSettlesAtTheRatioOfItsRateConstants) {
  const double kT = 2.0, Ea = 1.0, k_r = 0.05, dt = 0.5;
  Gas g;
  add_species(g);
  const Box box{{-100.0, -100.0}, {100.0, 100.0}};
  const double area = 200.0 * 200.0;
  for (const auto& [sp, mass] : {std::pair{A, 1.0}, std::pair{B, 3.0}}) {
    gas::GeneratorSpec spec;
    spec.count = 400, spec.radius_min = spec.radius_max = 1.0, spec.mass = mass;
    spec.temperature = kT, spec.species = sp, spec.seed = 31 + static_cast<uint64_t>(sp);
    gas::generate(g, box, spec);
  }
  g.settings.wall_temperature = {kT, kT, kT, kT};
  ASSERT_NO_THROW(gas::set_reactions(g, {merge(Ea, 0.0), split(k_r, 0.0)}));
  for (int k = 0; k < 800; ++k) g.step(box, dt);  // settling: 8 relaxation times
  const int64_t collisions0 = g.reaction_counts[0].collisions;
  double sum_ab = 0.0, sum_c = 0.0, sum_kT = 0.0;
  const int ticks = 4000;
  for (int k = 0; k < ticks; ++k) {
    // The tick's collisions happen between these counts: take the mean of before and after.
    const std::vector<int64_t> n0 = gas::species_counts(g);
    g.step(box, dt);
    const std::vector<int64_t> n1 = gas::species_counts(g);
    sum_ab += 0.5 * static_cast<double>(n0[A] * n0[B] + n1[A] * n1[B]);
    sum_c += static_cast<double>(n1[C]);
    sum_kT += gas::temperature(g);
  }
  const double collisions = static_cast<double>(g.reaction_counts[0].collisions - collisions0);
  const double k_collide = collisions / (sum_ab / area * dt);  // area / time
  const double kT_mean = sum_kT / ticks;
  const double K_theory = k_collide * std::exp(-Ea / kT_mean) / k_r;
  const double K_measured = sum_c / ticks * area / (sum_ab / ticks);
  EXPECT_NEAR(kT_mean / kT, 1.0, 0.05);
  EXPECT_GT(sum_c / ticks, 100.0);
  EXPECT_NEAR(K_measured / K_theory, 1.0, 0.05) << "K " << K_measured << " vs " << K_theory;
  // The collision rate constant of dilute 2D discs, 2 sigma <g>, <g> = sqrt(pi kT / 2 mu),
  // is this within the contact correlation of a 6%-filled box (about 1.1).
  const double dilute = 2.0 * 2.0 * std::sqrt(std::numbers::pi * kT / (2.0 * 0.75));
  EXPECT_GT(k_collide / dilute, 1.0);
  EXPECT_LT(k_collide / dilute, 1.2);
}

TEST(GasMerge, TheSameSeedGivesTheSameHistoryOnAnyThreadCountAndBroadPhase) {
  Gas one;
  add_species(one);
  const Box box{{-50.0, -50.0}, {50.0, 50.0}};
  for (const int32_t sp : {A, B}) {
    gas::GeneratorSpec spec;
    spec.count = 600, spec.radius_min = spec.radius_max = 1.0, spec.mass = sp == A ? 1.0 : 3.0;
    spec.temperature = 2.0, spec.species = sp, spec.seed = 40 + static_cast<uint64_t>(sp);
    gas::generate(one, box, spec);
  }
  ASSERT_NO_THROW(gas::set_reactions(one, {merge(0.5, 0.3), split(0.5, -0.3)}));
  Gas two = one, three = one;
  one.settings.broad_phase = GasBroadPhase::SweepPrune;
  two.settings.broad_phase = GasBroadPhase::Grid;
  three.settings.broad_phase = GasBroadPhase::Grid, three.settings.threads = 2;
  for (int k = 0; k < 200; ++k)
    for (Gas* g : {&one, &two, &three}) g->step(box, 0.5);
  EXPECT_GT(one.total_reactions(), 500);
  for (const Gas* g : {&two, &three}) {
    EXPECT_EQ(g->species, one.species);
    EXPECT_EQ(g->x, one.x);
    EXPECT_EQ(g->vy, one.vy);
    EXPECT_EQ(g->internal, one.internal);
    EXPECT_EQ(g->rng_state, one.rng_state);
  }
  EXPECT_TRUE(gas::validate(one, box).empty());
}

TEST(GasMerge, TheSpeciesTableDecaysAndInternalEnergyRoundTripInXmlAndBadOnesAreErrors) {
  const std::string xml = R"(<state><gas min-x="-20" min-y="-20" max-x="20" max-y="20">
    <species id="0" name="A" mass="1" radius="1" colour="#4aa3ff" composition="A"/>
    <species id="1" name="B" mass="3" radius="1" composition="B"/>
    <species id="2" name="C" mass="4" radius="1.2" colour="#5FE35A" composition="AB"/>
    <disc x="0" y="0" mass="4" radius="1.2" species="C" internal="2.5"/>
    <generator count="3" species="B" seed="2"/>
    <reaction a="A" b="B" products="C" activation="1.5" enthalpy="0.25"/>
    <reaction a="C" products="A B" rate="0.5" enthalpy="-0.25"/>
  </gas></state>)";
  const Scene a = parse_scene_xml(xml, "m.xml");
  ASSERT_TRUE(a.gas);
  const Gas& g = a.gas->gas;
  ASSERT_EQ(g.species_table.size(), 3u);
  EXPECT_EQ(g.species_table[0], (gas::Species{"A", 1.0, 1.0, 0x4aa3ff, "A"}));
  EXPECT_EQ(g.species_table[1].colour, -1);
  EXPECT_EQ(g.species_table[2].colour, 0x5fe35a);
  ASSERT_EQ(g.size(), 4);
  EXPECT_EQ(g.species[0], C);
  EXPECT_EQ(g.internal[0], 2.5);
  // A generator of B without mass or radius makes B's discs.
  EXPECT_EQ(g.mass[3], 3.0);
  EXPECT_EQ(g.radius[3], 1.0);
  ASSERT_EQ(g.reactions.size(), 2u);
  EXPECT_TRUE(g.reactions[0].merge());
  EXPECT_TRUE(g.reactions[1].split());
  EXPECT_EQ(g.reactions[1].rate, 0.5);
  const Scene b = parse_scene_xml(write_scene_xml(a, SceneRoot::State), "b.xml");
  EXPECT_EQ(b.gas->gas.species_table, g.species_table);
  EXPECT_EQ(b.gas->gas.reactions, g.reactions);
  EXPECT_EQ(b.gas->gas.internal, g.internal);
  gas_test::expect_gas_xml_errors(
      R"(<species id="0" name="A" mass="1" radius="1" composition="A"/>)"
      R"(<species id="1" name="B" mass="3" radius="1" composition="B"/>)",
      {
          {R"(<species id="2" name="C" colour="blue"/>)", "#rrggbb"},
          {R"(<species id="2" name="C" composition="2A"/>)", "composition"},
          {R"(<species id="2" name="C" mass="0"/>)", "mass must be greater than 0"},
          // Beyond int32: refused by its range before any conversion (found by fuzzing).
          {R"(<species id="3e47" name="C"/>)", "id must be a whole number"},
          {R"(<reaction a="A" products="B"/>)", "needs a rate"},
          {R"(<reaction a="A" b="B" products="A B" rate="1"/>)", "rate is for a decay"},
          {R"(<reaction a="A" products="B" rate="1" activation="2"/>)", "takes a rate"},
          {R"(<species id="2" name="C" mass="5" radius="1"/><reaction a="A" b="B" products="C"/>)",
           "must be the mass of A + B"},
          {R"(<species id="2" name="C" mass="4" radius="1" composition="A2"/>)"
           R"(<reaction a="A" b="B" products="C"/>)",
           "atoms of"},
          {R"(<reaction a="B" products="B" rate="1"/><reaction a="B" products="B" rate="2"/>)",
           "already have a reaction"},
          {R"(<disc x="0" y="0" mass="1" radius="1" internal="-1"/>)", "internal"},
      });
}

}  // namespace
}  // namespace mb
