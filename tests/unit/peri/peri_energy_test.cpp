// Peridynamic bodies: the discrete energy and its gradient (validation items 1, 2, and
// "forces match finite differences").
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "physics/core/contact_view.hpp"
#include "physics/peri/body.hpp"
#include "physics/peri/calibrate.hpp"
#include "physics/peri/energy.hpp"
#include "tests/unit/peri/peri_fixture.hpp"

using namespace mb;
using peri_test::apply_affine;
using peri_test::rect_spec;

namespace {

// Anisotropic, nonlinear custom material: exercises every term.
PeriBodySpec rich_spec() {
  PeriBodySpec s = rect_spec(12.0, 8.0, PeriPreset::Custom, 1000.0, 0.25);
  s.material.bond.w = {0.5, 0.2, 0.0, 0.3, 0.0, 0.1};
  s.material.volume.w = {0.7, 0.0, 0.1, 0.2, 0.0, 0.0};
  s.material.fibre_angle = 0.4;
  s.material.fibre_ratio = 4.0;
  return s;
}

}  // namespace

TEST(PeriBody, HexLatticeHasThirtySixBondsInTheInterior) {
  const PeriBody b = build_body(rect_spec(20.0, 20.0, PeriPreset::NeoHookean));
  const int32_t c = peri_test::nearest_point(b, {0.0, 0.0});
  EXPECT_EQ(b.model->bond_start[c + 1] - b.model->bond_start[c],
            36);  // 6 + 6 + 6 + 12 + 6 within 3 dx
  EXPECT_EQ(hex_stencil(1.0, 3.0).size(), 36u);
  EXPECT_NEAR(b.model->mass[c], std::sqrt(3.0) / 2.0, 1e-12);  // rho * dx^2 sqrt(3)/2 * t
}

TEST(PeriEnergy, RigidMotionsGiveZeroInternalForce) {
  for (double deg : {0.0, 30.0, 90.0, 180.0}) {
    PeriBody b = build_body(rich_spec());
    const double a = deg * std::numbers::pi / 180.0;
    apply_affine(b, std::cos(a), -std::sin(a), std::sin(a), std::cos(a), {3.5, -7.25});
    PeriPointState st;
    std::vector<double> fx, fy;
    const PeriEnergy e = internal_forces(b, st, fx, fy);
    EXPECT_LT(std::abs(e.total()), 1e-9) << deg;
    EXPECT_LT(std::max(max_abs(fx), max_abs(fy)), 1e-8) << deg;
    for (double j : st.detF) EXPECT_NEAR(j, 1.0, 1e-12);
  }
}

TEST(PeriEnergy, FibresRotateWithTheBody) {
  // A body built rotated by 90 deg with fibres along its own x is the same material as an
  // unrotated body with fibres along world y: same energy under the same body-frame strain.
  PeriBodySpec s = rich_spec();
  s.shape.width = s.shape.height = 10.0;
  s.material.fibre_angle = 0.0;
  PeriBody a = build_body(s);
  s.angle = std::numbers::pi / 2.0;
  PeriBody b = build_body(s);
  // Stretch 2% along each body's fibre: a along world x, b along world y.
  apply_affine(a, 1.02, 0.0, 0.0, 1.0, {0.0, 0.0});
  apply_affine(b, 1.0, 0.0, 0.0, 1.02, {0.0, 0.0});
  EXPECT_NEAR(internal_energy(a).total(), internal_energy(b).total(),
              1e-9 * internal_energy(a).total());
}

TEST(PeriEnergy, ForcesMatchFiniteDifferencesOfTheEnergy) {
  PeriBody b = build_body(rich_spec());
  // A smooth but strongly nonlinear deformation, plus noise, with one folded region so the
  // anti-inversion term is active.
  for (int32_t i = 0; i < b.size(); ++i) {
    const double X = b.model->X[i], Y = b.model->Y[i];
    b.x[i] = X * (1.0 + 0.2 * std::sin(0.3 * Y)) + 0.05 * std::cos(7.0 * i);
    b.y[i] = Y + 0.1 * X * X / 6.0 + 0.05 * std::sin(3.0 * i);
    if (X > 3.0) b.x[i] = 3.0 + 0.05 * (X - 3.0);  // squashed: det F < threshold
  }
  PeriPointState st;
  std::vector<double> fx, fy;
  const PeriEnergy e0 = internal_forces(b, st, fx, fy);
  ASSERT_GT(e0.inversion, 0.0);
  ASSERT_GT(e0.volume != 0.0, 0);
  const double scale = std::max(max_abs(fx), max_abs(fy));
  const double worst = peri_test::worst_gap_to_energy_gradient(b, fx, fy, 3);
  EXPECT_LT(worst, 1e-5 * scale) << "largest force " << scale;
}

TEST(PeriEnergy, PatchTestAffineMapGivesExactFAndNoInteriorForce) {
  PeriBody b = build_body(rich_spec());
  const double f00 = 1.1, f01 = 0.15, f10 = -0.05, f11 = 0.92;
  apply_affine(b, f00, f01, f10, f11, {1.0, 2.0});
  PeriPointState st;
  std::vector<double> fx, fy;
  internal_forces(b, st, fx, fy);
  const double delta = b.spec().horizon * b.spec().spacing;
  double worst_f = 0.0, worst_F = 0.0, sx = 0.0, sy = 0.0, torque = 0.0, fmax = 0.0;
  for (int32_t i = 0; i < b.size(); ++i) {
    // F_i = F0 at every point (the shape tensor makes it exact for affine maps).
    worst_F = std::max({worst_F, std::abs(st.F[4 * i] - f00), std::abs(st.F[4 * i + 1] - f01),
                        std::abs(st.F[4 * i + 2] - f10), std::abs(st.F[4 * i + 3] - f11)});
    sx += fx[i], sy += fy[i];
    torque += b.x[i] * fy[i] - b.y[i] * fx[i];
    fmax = std::max({fmax, std::abs(fx[i]), std::abs(fy[i])});
    // Interior: more than two horizons from the edge (its neighbours are interior too).
    if (std::abs(b.model->X[i]) < 6.0 - 2.0 * delta && std::abs(b.model->Y[i]) < 4.0 - 2.0 * delta)
      worst_f = std::max({worst_f, std::abs(fx[i]), std::abs(fy[i])});
  }
  EXPECT_LT(worst_F, 1e-12);
  ASSERT_GT(fmax, 1.0);  // the boundary does carry force
  EXPECT_LT(worst_f, 1e-9 * fmax);
  // Internal forces sum to zero and exert no torque (angular momentum is conserved).
  EXPECT_LT(std::abs(sx) + std::abs(sy), 1e-9 * fmax);
  EXPECT_LT(std::abs(torque), 1e-8 * fmax * 10.0);
}

TEST(PeriEnergy, CalibrationMatchesLinearElasticityAtAnInteriorPoint) {
  // Energy density at an interior point under small strains vs W = mu e:e + lambda2/2 tr(e)^2.
  for (double nu : {0.2, 0.33, 0.45}) {
    PeriBodySpec s = rect_spec(16.0, 16.0, PeriPreset::NeoHookean, 1000.0, nu);
    const PeriBody b = build_body(s);
    const int32_t c = peri_test::nearest_point(b, {0.0, 0.0});
    const double mu = s.material.mu(), lam = s.material.lambda2(), e = 1e-4;
    struct Case {
      double exx, eyy, exy;
    };
    for (Case k : {Case{e, 0.0, 0.0}, Case{0.0, e, 0.0}, Case{e, -e, 0.0}, Case{0.0, 0.0, e},
                   Case{e, 0.5 * e, 0.3 * e}}) {
      const double w =
          peri_test::interior_energy_density(b, c, 1.0 + k.exx, k.exy, k.exy, 1.0 + k.eyy);
      const double tr = k.exx + k.eyy;
      const double target =
          mu * (k.exx * k.exx + k.eyy * k.eyy + 2.0 * k.exy * k.exy) + 0.5 * lam * tr * tr;
      EXPECT_NEAR(w / target, 1.0, 2e-3)
          << "nu " << nu << " case " << k.exx << "," << k.eyy << "," << k.exy;
    }
  }
}
