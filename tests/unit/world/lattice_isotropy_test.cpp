// The amorphous lattice has no grain (issue 38), on small cases: a heater pumps as far along
// 0 as along 90 degrees, and a strip is as stiff along either, where the hexagonal lattice
// differs by several times (pumping) and by a fifth (stiffness). tests/common/isotropy.hpp
// says what is measured; meltbox-bench --lattice gives the full figures (docs/springs.md).
#include <gtest/gtest.h>

#include <string>

#include "physics/io/settings_io.hpp"
#include "physics/springs/connectivity.hpp"
#include "tests/common/isotropy.hpp"

namespace {
mb::SimulatorSettings pumping_settings(mb::LatticeType lattice, int64_t seed = 1) {
  mb::Warnings warnings;
  mb::SimulatorSettings s =
      mb::load_settings(std::string(MELTBOX_SOURCE_DIR) + "/configs/pumping.cfg", warnings);
  s.lattice = lattice;
  s.lattice_seed = seed;
  return s;
}
}  // namespace

TEST(LatticeIsotropy, HeaterPumpsAlikeAlongAndAcrossOnAmorphousWax) {
  // The hexagonal lattice's rows run along 0 degrees: three passes along a row pump several
  // times as far as across the rows (90 degrees), which lie in no row.
  const double hex_along =
      mb::testing::pumping_run(pumping_settings(mb::LatticeType::Hexagonal), 0.0).shift;
  const double hex_across =
      mb::testing::pumping_run(pumping_settings(mb::LatticeType::Hexagonal), 90.0).shift;
  EXPECT_GT(hex_along, 3.0 * hex_across);
  // One amorphous spot pumps differently in different directions by chance (its particles
  // lie differently under each path; about 18 % from run to run); the mean over eight
  // seeds has no preferred direction. Mass still moves against the heater.
  double along = 0.0, across = 0.0;
  for (int64_t seed = 1; seed <= 8; ++seed) {
    const mb::testing::PumpingRun a =
        mb::testing::pumping_run(pumping_settings(mb::LatticeType::Amorphous, seed), 0.0);
    const mb::testing::PumpingRun b =
        mb::testing::pumping_run(pumping_settings(mb::LatticeType::Amorphous, seed), 90.0);
    EXPECT_GT(a.shift, 0.0) << seed;
    EXPECT_GT(b.shift, 0.0) << seed;
    // The inelastic update keeps the irregular network a network: no crossings, every
    // particle with two springs or more.
    for (const mb::World* w : {&a.world, &b.world}) {
      EXPECT_EQ(mb::count_crossings(w->net), 0) << seed;
      mb::Adjacency adjacency;
      adjacency.build(w->net);
      for (int32_t i = 0; i < w->net.particle_count(); ++i) EXPECT_GE(adjacency.degree(i), 2);
    }
    along += a.shift / 8.0;
    across += b.shift / 8.0;
  }
  EXPECT_LT(std::max(along, across) / std::min(along, across), 1.3);
}

TEST(LatticeIsotropy, AmorphousStripIsAsStiffAlongXAsAlongY) {
  // The force law is stiffer in tension (k) than in compression (k/2 at the rest gap), so a
  // hexagonal strip pulled along a row (springs in pure tension) is stiffer than one pulled
  // across the rows (whose in-row springs the Poisson contraction compresses).
  const auto hex = pumping_settings(mb::LatticeType::Hexagonal);
  const double hex_ratio = mb::testing::strip_modulus(hex, 0.0, 240.0, 60.0) /
                           mb::testing::strip_modulus(hex, 90.0, 240.0, 60.0);
  EXPECT_GT(hex_ratio, 1.15);
  double e0 = 0.0, e90 = 0.0;
  for (int64_t seed = 1; seed <= 4; ++seed) {
    const auto s = pumping_settings(mb::LatticeType::Amorphous, seed);
    e0 += mb::testing::strip_modulus(s, 0.0, 240.0, 60.0);
    e90 += mb::testing::strip_modulus(s, 90.0, 240.0, 60.0);
  }
  EXPECT_NEAR(e0 / e90, 1.0, 0.06);
}
