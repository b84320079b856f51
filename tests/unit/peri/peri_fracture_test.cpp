// Peridynamic fracture (critical stretch, off by default): which bonds break is decided by
// the bond's own stretch alone, so the count is known from the lattice geometry.
#include <gtest/gtest.h>

#include <cmath>

#include "physics/peri/system.hpp"
#include "tests/unit/peri/peri_fixture.hpp"

using namespace mb;

namespace {

// A 20 x 10 rectangle, every point pinned (the integrator leaves it in place), mapped by
// F = diag(fx, fy), then one tick with critical stretch 0.05.
PeriSystem stretched(double fx, double fy, double critical) {
  PeriBodySpec s = peri_test::rect_spec(20.0, 10.0, PeriPreset::NeoHookean);
  s.material.critical_stretch = critical;
  PeriSystem sys;
  sys.settings.gravity = {0.0, 0.0};
  sys.add(build_body(s));
  PeriBody& b = sys.bodies[0];
  std::fill(b.pinned.begin(), b.pinned.end(), uint8_t{1});
  peri_test::apply_affine(b, fx, 0.0, 0.0, fy, {0.0, 0.0});
  sys.step({{-1e3, -1e3}, {1e3, 1e3}});
  return sys;
}

}  // namespace

TEST(PeriFracture, OffByDefaultNothingBreaks) {
  PeriBodySpec s = peri_test::rect_spec(20.0, 10.0, PeriPreset::NeoHookean);
  EXPECT_EQ(s.material.critical_stretch, 0.0);
  const PeriSystem sys = stretched(1.5, 1.5, 0.0);
  EXPECT_EQ(sys.stats().broken_bonds, 0);
}

TEST(PeriFracture, BondsPastTheCriticalStretchBreakAndNoOthers) {
  // Uniaxial 10 %: a bond at angle t to x stretches by sqrt(1 + 0.21 cos^2 t) - 1, past 0.05
  // when cos^2 t > 0.1025 / 0.21 = 0.488 (|t| < 45.7 deg). The lattice's bond angles nearest
  // the threshold are 40.9 deg (stretch 0.058) and 60 deg (0.026): no bond is borderline.
  const PeriSystem sys = stretched(1.1, 1.0, 0.05);
  const PeriBody& b = sys.bodies[0];
  int64_t expect = 0, total = 0;
  for (int32_t i = 0; i < b.size(); ++i)
    for (int32_t e = b.model->bond_start[i]; e < b.model->bond_start[i + 1]; ++e) {
      if (b.model->bond_j[e] < i) continue;
      const double c2 =
          b.model->bond_dx[e] * b.model->bond_dx[e] / (b.model->bond_len[e] * b.model->bond_len[e]);
      expect += c2 > 0.1025 / 0.21 ? 1 : 0;
      ++total;
      const bool should = c2 > 0.1025 / 0.21;
      EXPECT_EQ(b.damage->bond_broken[e] != 0, should) << i << " " << b.model->bond_j[e];
    }
  EXPECT_EQ(sys.stats().broken_bonds, expect);
  EXPECT_GT(expect, total / 4);  // about half the directions lie within 45.7 deg of x
  EXPECT_LT(expect, 3 * total / 4);
}

TEST(PeriFracture, AFullyBrokenBodyHasNoInternalForceAndStaysFinite) {
  // Isotropic 20 %: every bond stretches by 0.2 > 0.05, so all break; with no bond left a
  // point has no neighbourhood (no F), no energy and no force.
  PeriSystem sys = stretched(1.2, 1.2, 0.05);
  const PeriBody& b = sys.bodies[0];
  EXPECT_EQ(sys.stats().broken_bonds, b.bond_count());
  EXPECT_EQ(sys.stats().elastic, 0.0);
  PeriPointState st;
  std::vector<double> fx, fy;
  internal_forces(b, st, fx, fy);
  for (int32_t i = 0; i < b.size(); ++i) {
    EXPECT_EQ(fx[static_cast<size_t>(i)], 0.0);
    EXPECT_EQ(fy[static_cast<size_t>(i)], 0.0);
  }
  std::fill(sys.bodies[0].pinned.begin(), sys.bodies[0].pinned.end(), uint8_t{0});
  for (int t = 0; t < 10; ++t) sys.step({{-1e3, -1e3}, {1e3, 1e3}});
  EXPECT_EQ(sys.stats().nan_resets, 0);
  EXPECT_TRUE(std::isfinite(sys.stats().kinetic));
}
