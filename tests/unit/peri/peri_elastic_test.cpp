// Peridynamic bodies: elastic constants and the nonlinear law (validation items 3, 4 and
// "small-strain E and nu within 2 %").
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>

#include "physics/peri/body.hpp"
#include "tests/unit/peri/peri_fixture.hpp"

using namespace mb;

namespace {

struct StripResult {
  double E, nu;
};

// A strip L x H (spacing 1) pulled by `strain` in x: the points within one horizon of each end
// are held in x (free in y), the middle point of the left grip also in y. Strain and
// Poisson contraction are fitted on the middle half; stress = reaction / (H t).
StripResult pull_strip(double E, double nu, double L, double H, double strain) {
  PeriBodySpec s = peri_test::rect_spec(L, H, PeriPreset::NeoHookean, E, nu);
  PeriBody b = build_body_from_points(s, peri_lattice_points(s), false);
  const size_t n = static_cast<size_t>(b.size());
  const double grip = s.horizon * s.spacing;
  std::vector<uint8_t> fx(n, 1), fy(n, 1);
  for (size_t i = 0; i < n; ++i) {
    b.x[i] = b.model->X[i] * (1.0 + strain);
    b.y[i] = b.model->Y[i] * (1.0 - nu * strain);
    if (std::abs(b.model->X[i]) > 0.5 * L - grip) fx[i] = 0;
  }
  const int32_t pin = peri_test::nearest_point(b, {-0.5 * L, 0.0});
  fy[static_cast<size_t>(pin)] = 0;
  peri_test::solve_static(b, fx, fy, 1, 400);
  PeriPointState st;
  std::vector<double> gx, gy;
  internal_forces(b, st, gx, gy);
  double reaction = 0.0;
  for (size_t i = 0; i < n; ++i)
    if (b.model->X[i] > 0.5 * L - grip) reaction -= gx[i];
  // Least-squares slopes of u_x(X) and u_y(Y) over the middle half.
  double sxx = 0, sxu = 0, syy = 0, syv = 0, mx = 0, my = 0, mu = 0, mv = 0, cnt = 0;
  for (size_t i = 0; i < n; ++i)
    if (std::abs(b.model->X[i]) < 0.25 * L)
      mx += b.model->X[i], my += b.model->Y[i], mu += b.x[i], mv += b.y[i], ++cnt;
  mx /= cnt, my /= cnt, mu /= cnt, mv /= cnt;
  for (size_t i = 0; i < n; ++i)
    if (std::abs(b.model->X[i]) < 0.25 * L) {
      sxx += (b.model->X[i] - mx) * (b.model->X[i] - mx),
          sxu += (b.model->X[i] - mx) * (b.x[i] - mu);
      syy += (b.model->Y[i] - my) * (b.model->Y[i] - my),
          syv += (b.model->Y[i] - my) * (b.y[i] - mv);
    }
  const double ex = sxu / sxx - 1.0, ey = syv / syy - 1.0;
  // Cross-section: rows * row height (each row of points spans dx sqrt(3)/2 of height).
  int rows = 0;
  for (size_t i = 0; i < n; ++i)
    if (b.model->X[i] == b.model->X[static_cast<size_t>(peri_test::nearest_point(b, {0.0, 0.0}))] ||
        std::abs(b.model->X[i] -
                 (b.model->X[static_cast<size_t>(peri_test::nearest_point(b, {0.0, 0.0}))] + 0.5)) <
            1e-9)
      ++rows;
  const double height = rows * std::sqrt(3.0) / 2.0;
  return {reaction / (height * s.material.thickness) / ex, -ey / ex};
}

// Uniaxial stress at stretch a, interior point: lateral stretch minimises the energy
// density (free lateral faces), P = dW/da.
double lateral(const PeriBody& b, int32_t c, double a) {
  double lo = 0.3, hi = 1.3;
  auto w = [&](double y) { return peri_test::interior_energy_density(b, c, a, 0, 0, y); };
  for (int k = 0; k < 60; ++k) {
    const double m1 = lo + (hi - lo) / 3, m2 = hi - (hi - lo) / 3;
    (w(m1) < w(m2) ? hi : lo) = (w(m1) < w(m2) ? m2 : m1);
  }
  return 0.5 * (lo + hi);
}
double model_P(const PeriBody& b, int32_t c, double a) {
  const double y = lateral(b, c, a), h = 1e-5;
  return (peri_test::interior_energy_density(b, c, a + h, 0, 0, y) -
          peri_test::interior_energy_density(b, c, a - h, 0, 0, y)) /
         (2 * h);
}
// 2D neo-Hookean, W = mu/2 (I1 - 2 - 2 ln J) + lambda/2 (ln J)^2, uniaxial stress.
double neo_hookean_P(double mu, double lam, double a) {
  double lo = 0.2, hi = 1.5;
  for (int k = 0; k < 100; ++k) {
    const double y = 0.5 * (lo + hi);
    (mu * (y - 1 / y) + lam * std::log(a * y) / y > 0 ? hi : lo) = y;
  }
  const double y = 0.5 * (lo + hi);
  return mu * (a - 1 / a) + lam * std::log(a * y) / a;
}
// 2D St. Venant-Kirchhoff, S = 2 mu E + lambda tr(E) I, P = F S, S_yy = 0.
double stvk_P(double mu, double lam, double a) {
  const double exx = (a * a - 1) / 2, eyy = -lam * exx / (2 * mu + lam);
  return a * (2 * mu * exx + lam * (exx + eyy));
}

}  // namespace

// The interior constants are exact (peri_energy_test); what is left is the surface layer
// (one horizon deep), which the directional correction does not make exactly neutral, so
// the error scales with delta / H. Measured on 48 x 32 (delta / H = 0.094), 0.1 % strain:
// E -0.3 / +0.8 / +1.8 %, nu -1.3 / -0.5 / -0.05 % at nu = 0.2 / 0.33 / 0.45; on 48 x 16 the
// errors double (E +3.5 %, nu -2.9 % at worst). docs/bodies.md, "Tolerances reached".
// One test per nu, so that ctest runs them side by side (each is the slowest test under
// the sanitizers).
class PeriElasticStrip : public ::testing::TestWithParam<double> {};

TEST_P(PeriElasticStrip, SmallStrainYoungsModulusAndPoissonRatio) {
  const double L = 48.0, H = 32.0, nu = GetParam();
  const StripResult r = pull_strip(1000.0, nu, L, H, 1e-3);
  std::printf("strip %gx%g nu %.2f: E %.2f (%.2f%%), nu %.4f (%.2f%%)\n", L, H, nu, r.E,
              100 * (r.E / 1000.0 - 1), r.nu, 100 * (r.nu / nu - 1));
  EXPECT_NEAR(r.E / 1000.0, 1.0, 0.02) << nu;
  // Plane stress: the strip contracts laterally by nu (plane strain would give nu/(1-nu)).
  EXPECT_NEAR(r.nu / nu, 1.0, 0.02) << nu;
}

INSTANTIATE_TEST_SUITE_P(Nu, PeriElasticStrip, ::testing::Values(0.2, 0.33, 0.45));

TEST(PeriElastic, UniaxialStretchFollowsThePresetsClosedFormLaw) {
  // The presets are fitted at each material's nu (preset_fit.hpp); the closed forms here are
  // this test's own. Measured: within 1.1 % (StVK) and 3.3 % (neo-Hookean, nu 0.45).
  const double E = 1000.0;
  for (double nu : {0.2, 0.35, 0.45})
    for (PeriPreset p : {PeriPreset::StVK, PeriPreset::NeoHookean}) {
      PeriBodySpec s = peri_test::rect_spec(16.0, 16.0, p, E, nu);
      const PeriBody b = build_body_from_points(s, peri_lattice_points(s), false);
      const int32_t c = peri_test::nearest_point(b, {0.0, 0.0});
      for (double a : {1.1, 1.3, 1.5}) {
        const double mu = s.material.mu(), lam = s.material.lambda2();
        const double want = p == PeriPreset::StVK ? stvk_P(mu, lam, a) : neo_hookean_P(mu, lam, a);
        const double got = model_P(b, c, a);
        std::printf("nu %.2f %s stretch %.1f: P %.2f closed form %.2f (%+.2f%%)\n", nu,
                    preset_name(p), a, got, want, 100 * (got / want - 1));
        EXPECT_NEAR(got / want, 1.0, 0.05) << preset_name(p) << " " << a;
      }
    }
}
