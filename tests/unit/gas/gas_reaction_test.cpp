// Reactions on collision (gas/reaction.hpp) against 2D collision theory and the conservation
// laws: the fraction of A-B collisions that react is exp(-E_a / kT) (docs/reactions.md), so
// the rate constant is the measured A-B collision rate times it at every temperature and the
// Arrhenius plot has slope -E_a; momentum and energy (the reaction enthalpy included) are
// conserved; the history does not depend on the thread count; the XML round-trips.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>

#include "physics/gas/gas.hpp"
#include "physics/gas/generator.hpp"
#include "physics/gas/reaction.hpp"
#include "physics/gas/rng.hpp"
#include "physics/gas/thermo.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/scene_io.hpp"
#include "tests/unit/gas/xml_errors.hpp"

namespace mb {
namespace {

const Box kReactionBox{{-100.0, -100.0}, {100.0, 100.0}};

// 1,000 discs of radius 1 and mass 1 at kT (area fraction 0.08), every other one of species 1.
Gas reacting_gas(double kT, uint64_t seed) {
  Gas gas;
  gas::GeneratorSpec spec;
  spec.count = 1000, spec.radius_min = spec.radius_max = 1.0, spec.mass = 1.0;
  spec.temperature = kT, spec.seed = seed;
  gas::generate(gas, kReactionBox, spec);
  for (int32_t i = 1; i < gas.size(); i += 2) gas.species[i] = 1;
  return gas;
}

struct Measured {
  int64_t collisions = 0, reactions = 0;  // of the A-B pairs
  double kT = 0.0;                        // mean over the run
};

// A + B -> A + B above E_a: the reaction changes nothing, so the gas stays at kT and the
// counts are those of one equilibrium state.
Measured measure(double kT, double activation, double time) {
  Gas gas = reacting_gas(kT, 11);
  gas.reactions.push_back({0, 1, 0, 1, activation, 1.0, 0.0});
  Measured m;
  const int ticks = static_cast<int>(time);
  for (int k = 0; k < ticks; ++k) {
    const GasTickStats s = gas.step(kReactionBox, 1.0);
    m.collisions += s.reactive_collisions;
    m.reactions += s.reactions;
    m.kT += gas::temperature(gas) / ticks;
  }
  return m;
}

TEST(GasReactions, TheRateIsTheCollisionRateTimesTheBoltzmannFactorOfTheActivation) {
  const double Ea = 3.0;
  double sx = 0.0, sy = 0.0, sxx = 0.0, sxy = 0.0;
  const double temperatures[] = {1.0, 2.0, 4.0};
  for (const double kT : temperatures) {
    const Measured m = measure(kT, Ea, 1500.0 / std::sqrt(kT));  // ~ the same collision count
    ASSERT_GT(m.reactions, 2000) << kT;                          // counting noise under about 2.5%
    // k = Z_AB exp(-E_a / kT) / (n_A n_B): per A-B collision, the fraction exp(-E_a / kT).
    const double fraction = static_cast<double>(m.reactions) / static_cast<double>(m.collisions);
    EXPECT_NEAR(fraction / std::exp(-Ea / m.kT), 1.0, 0.05) << "kT " << kT;
    EXPECT_NEAR(m.kT / kT, 1.0, 1e-9) << "an identity reaction keeps the temperature";
    const double x = 1.0 / m.kT, y = std::log(fraction);
    sx += x, sy += y, sxx += x * x, sxy += x * y;
  }
  // The Arrhenius plot of the rate per collision: ln k = ln Z - E_a / kT.
  const double n = 3.0, slope = (n * sxy - sx * sy) / (n * sxx - sx * sx);
  EXPECT_NEAR(slope / -Ea, 1.0, 0.05) << "slope " << slope;
}

TEST(GasReactions, AProbabilityScalesTheRate) {
  Gas gas = reacting_gas(2.0, 5);
  gas.reactions.push_back({0, 1, 0, 1, 0.0, 0.25, 0.0});
  int64_t collisions = 0, reactions = 0;
  for (int k = 0; k < 300; ++k) {
    const GasTickStats s = gas.step(kReactionBox, 1.0);
    collisions += s.reactive_collisions, reactions += s.reactions;
  }
  ASSERT_GT(collisions, 20000);
  const double f = static_cast<double>(reactions) / static_cast<double>(collisions);
  EXPECT_NEAR(f, 0.25, 4.0 * std::sqrt(0.25 * 0.75 / static_cast<double>(collisions)));
}

// A reaction's velocities (release_enthalpy after the elastic collision) over 10^6 random
// collisions: each conserves momentum to rounding, and the kinetic energies add up to the
// start plus every enthalpy released (to 1e-9 of the total turned over).
TEST(GasReactions, EachReactionConservesMomentumAndEnergyWithItsEnthalpy) {
  SplitMix64 rng{17};
  double released = 0.0, turned_over = 0.0, drift = 0.0, worst_p = 0.0;
  for (int k = 0; k < 1'000'000; ++k) {
    const double mi = 0.5 + 2.0 * rng.uniform(), mj = 0.5 + 2.0 * rng.uniform();
    Vec2 vi{rng.normal(), rng.normal()}, vj{rng.normal(), rng.normal()};
    const double dH = 2.0 * rng.uniform() - 1.0;
    const Vec2 p0 = mi * vi + mj * vj;
    const double e0 = 0.5 * mi * glm::dot(vi, vi) + 0.5 * mj * glm::dot(vj, vj);
    if (!gas::release_enthalpy(dH, mi, mj, vi, vj)) continue;  // could not pay dH < 0
    const Vec2 p = mi * vi + mj * vj;
    worst_p =
        std::max(worst_p, glm::length(p - p0) / (mi * glm::length(vi) + mj * glm::length(vj)));
    const double e = 0.5 * mi * glm::dot(vi, vi) + 0.5 * mj * glm::dot(vj, vj);
    drift += e - (e0 + dH);
    released += dH;
    turned_over += e0;
  }
  EXPECT_LT(worst_p, 1e-12);
  EXPECT_LT(std::abs(drift), 1e-9 * turned_over);
  EXPECT_GT(std::abs(released), 0.0);
}

// In the gas, A + B -> C + D releasing dH and its reverse absorbing it: the (elastic) walls
// keep the energy, so it changes by exactly dH per forward reaction net of the reverse ones,
// and each disc keeps its place in the pairs (A or C, B or D: the atoms are conserved).
TEST(GasReactions, TheGasGainsTheEnthalpyOfTheReactionsItTook) {
  Gas gas = reacting_gas(2.0, 8);
  const double dH = 0.7;
  gas.reactions.push_back({0, 1, 2, 3, 1.0, 1.0, dH});
  gas.reactions.push_back({2, 3, 0, 1, 1.0 + dH, 1.0, -dH});
  const auto count = [&](int32_t s) {
    return std::count(gas.species.begin(), gas.species.end(), s);
  };
  const double e0 = gas::kinetic_energy(gas);
  int64_t collisions = 0, reactions = 0;
  for (int k = 0; k < 2000; ++k) {
    const GasTickStats s = gas.step(kReactionBox, 1.0);
    collisions += s.collisions, reactions += s.reactions;
  }
  EXPECT_GT(collisions, 100000);
  EXPECT_GT(reactions, 5000);
  const double released = dH * static_cast<double>(count(2));  // forward minus reverse
  EXPECT_NEAR(gas::kinetic_energy(gas), e0 + released, 1e-9 * e0);
  EXPECT_GT(count(2), 0);
  EXPECT_EQ(count(2), count(3));
  EXPECT_EQ(count(0) + count(2), 500);
}

// A + B <-> C + D with activations E_f and E_r (no enthalpy: the temperature stays): at the
// steady state k_f n_A n_B = k_r n_C n_D, and with equal discs the collision rates per pair
// are equal, so n_C n_D / (n_A n_B) = exp(-(E_f - E_r) / kT) = K; here n_A = n_B and
// n_C = n_D, so n_C / n_A = sqrt(K). (Measured: 2.5% below it, also over three times as
// long: a pair that has just reacted can meet again at once, its energy still above the
// reverse activation, which mass-action kinetics leaves out; docs/reactions.md.)
TEST(GasReactions, AReversibleReactionSettlesAtTheRatioOfItsRateConstants) {
  const double kT = 2.0, Ef = 2.0, Er = 1.0;
  Gas gas = reacting_gas(kT, 21);
  gas.reactions.push_back({0, 1, 2, 3, Ef, 1.0, 0.0});
  gas.reactions.push_back({2, 3, 0, 1, Er, 1.0, 0.0});
  const auto count = [&](int32_t sp) {
    return static_cast<double>(std::count(gas.species.begin(), gas.species.end(), sp));
  };
  double ratio = 0.0, kT_mean = 0.0;
  int samples = 0;
  for (int k = 0; k < 3000; ++k) {
    gas.step(kReactionBox, 1.0);
    if (k < 1000) continue;  // settling: about 30 reactions per disc by then
    ratio += count(2) / count(0), kT_mean += gas::temperature(gas), ++samples;
  }
  ratio /= samples, kT_mean /= samples;
  EXPECT_NEAR(ratio / std::exp(-(Ef - Er) / (2.0 * kT_mean)), 1.0, 0.05) << "n_C / n_A " << ratio;
  EXPECT_EQ(count(0), count(1));  // each reaction moves one A and one B together
}

TEST(GasReactions, TheSameSeedGivesTheSameHistoryOnAnyThreadCount) {
  Gas one = reacting_gas(2.0, 3), two = one;
  for (Gas* g : {&one, &two}) g->reactions.push_back({0, 1, 2, 3, 0.5, 0.6, 0.2});
  two.settings.threads = 2;
  for (int k = 0; k < 100; ++k) one.step(kReactionBox, 1.0), two.step(kReactionBox, 1.0);
  EXPECT_EQ(one.species, two.species);
  EXPECT_EQ(one.x, two.x);
  EXPECT_EQ(one.vx, two.vx);
  EXPECT_EQ(one.rng_state, two.rng_state);
  EXPECT_GT(one.total_reactions(), 100);
}

TEST(GasReactions, SpeciesAndReactionsRoundTripInXmlAndBadOnesAreErrors) {
  const std::string xml = R"(<state><gas min-x="-20" min-y="-20" max-x="20" max-y="20">
    <species id="0" name="A"/><species id="1" name="B"/><species id="2" name="C"/>
    <disc x="0" y="0" mass="1" radius="1" species="1"/>
    <reaction a="A" b="B" products="C 3" activation="1.5" probability="0.25" enthalpy="-0.5"/>
  </gas></state>)";
  const Scene a = parse_scene_xml(xml, "r.xml");
  ASSERT_TRUE(a.gas);
  const Gas& g = a.gas->gas;
  ASSERT_EQ(g.reactions.size(), 1u);
  EXPECT_EQ(g.reactions[0], (gas::Reaction{0, 1, 2, 3, 1.5, 0.25, -0.5}));
  ASSERT_EQ(g.species_table.size(), 3u);
  EXPECT_EQ(g.species_table[2].name, "C");
  const Scene b = parse_scene_xml(write_scene_xml(a, SceneRoot::State), "b.xml");
  EXPECT_EQ(b.gas->gas.reactions, g.reactions);
  EXPECT_EQ(b.gas->gas.species_table, g.species_table);
  gas_test::expect_gas_xml_errors(
      R"(<species id="0" name="A"/><species id="1" name="B"/>)",
      {
          {R"(<reaction a="A" b="Q" products="A B"/>)", "'Q'"},
          {R"(<reaction a="A" b="B" products="B"/>)", "needs a mass and a radius"},
          {R"(<reaction a="A" b="B" products="A B A"/>)", "one or two species"},
          {R"(<reaction a="A" b="B" products="A B" probability="2"/>)", "probability"},
          {R"(<reaction a="A" b="B" products="A B" activation="-1"/>)", "activation"},
          {R"(<reaction b="B" products="A B"/>)", "'a'"},
          {R"(<reaction a="A" b="B" products="A B"/><reaction a="B" b="A" products="A B"/>)",
           "already have a reaction"},
          {R"(<species id="1" name="Q"/>)", "given twice"},
      });
}

}  // namespace
}  // namespace mb
