// The stencil force pass (lattice.hpp, lattice_forces.hpp): a body built on its hexagonal
// lattice runs its force passes as a stencil over the lattice's cells. The tests check the
// lattice itself against the hexagonal geometry, the stencil pass against the closed forms
// the CSR pass is held to (affine patch test, Newton's third law, the energy's gradient),
// and against the CSR pass itself after every change of the bond constants.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <vector>

#include "peri_fixture.hpp"
#include "physics/peri/edit.hpp"
#include "physics/peri/lattice.hpp"
#include "physics/peri/softening.hpp"
#include "physics/peri/system.hpp"

using namespace mb;
using peri_test::apply_affine;

namespace {

// Large enough that points fill more than half of the padded grid (smaller bodies keep
// the CSR pass: lattice.hpp).
PeriBodySpec block_spec(double angle = 0.0) {
  PeriBodySpec s = peri_test::rect_spec(30.0, 20.0, PeriPreset::NeoHookean, 2000.0, 0.35);
  s.position = {412.25, -37.5};  // away from the origin: positions carry rounding
  s.angle = angle;
  s.material.fibre_ratio = 2.0;  // anisotropic: the bond constants differ by direction
  s.material.fibre_angle = 0.4;
  return s;
}

PeriBody csr_copy(const PeriBody& b) {
  PeriBody c = b;
  drop_lattice(c);
  return c;
}

// A smooth, strongly nonlinear deformation with noise; points with X > 8 (body frame
// offset) are squashed so det F falls below the anti-inversion threshold there.
void deform(PeriBody& b) {
  const Vec2 o = b.spec().position;
  for (int32_t i = 0; i < b.size(); ++i) {
    const double X = b.model->X[i] - o.x, Y = b.model->Y[i] - o.y;
    double x = X * (1.0 + 0.2 * std::sin(0.3 * Y)) + 0.05 * std::cos(7.0 * i);
    const double y = Y + 0.1 * X * X / 6.0 + 0.05 * std::sin(3.0 * i);
    if (X > 8.0) x = 8.0 + 0.05 * (X - 8.0);
    b.x[i] = o.x + x, b.y[i] = o.y + y;
  }
}

struct Forces {
  std::vector<double> fx, fy;
  PeriPointState st;
  PeriEnergy e;
};
Forces forces_of(const PeriBody& b, int threads = 1) {
  Forces f;
  WorkerPool pool(threads);
  f.e = internal_forces(b, f.st, f.fx, f.fy, pool, true);
  return f;
}

// The largest difference between two passes' forces, relative to the largest force.
double force_gap(const Forces& a, const Forces& b) {
  double gap = 0.0;
  for (size_t i = 0; i < a.fx.size(); ++i)
    gap = std::max({gap, std::abs(a.fx[i] - b.fx[i]), std::abs(a.fy[i] - b.fy[i])});
  return gap / std::max(max_abs(a.fx), max_abs(a.fy));
}

}  // namespace

TEST(PeriLattice, EveryPointOfABuiltBodyIsACellAndEveryBondADirection) {
  for (double angle : {0.0, 0.3, std::numbers::pi / 2.0}) {
    const PeriBody b = build_body(block_spec(angle));
    const PeriLattice& L = b.model->lattice;
    ASSERT_FALSE(L.empty()) << angle;
    // Within 3 dx of a hexagonal lattice point: 6 at dx, 6 at sqrt(3) dx, 6 at 2 dx, 12 at
    // sqrt(7) dx, 6 at 3 dx. The farthest rows are 3 away (3 sqrt(3)/2 dx = 2.6 dx), and the
    // farthest columns too: padding 3.
    EXPECT_EQ(L.directions.size(), 36u);
    EXPECT_EQ(L.pad, 3);
    for (int32_t i = 0; i < b.size(); ++i)
      ASSERT_EQ(L.point_of[static_cast<size_t>(L.cell_of[static_cast<size_t>(i)])], i);
    // Each bond leaves its cell in its direction, and the direction's vector is the bond's.
    const size_t cells = static_cast<size_t>(L.cells());
    int64_t mapped = 0;
    for (size_t k = 0; k < L.directions.size(); ++k)
      for (size_t cell = 0; cell < cells; ++cell) {
        const int32_t e = L.bond_of[k * cells + cell];
        if (e < 0) continue;
        ++mapped;
        const int32_t row = static_cast<int32_t>(cell) / L.width;
        const int32_t i = L.point_of[cell];
        ASSERT_EQ(L.point_of[cell + static_cast<size_t>(L.offset(k, row))], b.model->bond_j[e]);
        ASSERT_GE(e, b.model->bond_start[i]);
        ASSERT_LT(e, b.model->bond_start[i + 1]);
        EXPECT_NEAR(L.directions[k].dx, b.model->bond_dx[e], 1e-9);
        EXPECT_NEAR(L.directions[k].dy, b.model->bond_dy[e], 1e-9);
      }
    EXPECT_EQ(mapped, static_cast<int64_t>(b.model->bond_j.size()));
  }
}

TEST(PeriLattice, PointsOffTheLatticeOrAThinlyFilledGridKeepTheBondList) {
  PeriBodySpec s = block_spec();
  std::vector<Vec2> pts = peri_lattice_points(s);
  const PeriBody on = build_body_from_points(s, pts, false);
  EXPECT_FALSE(on.model->lattice.empty());
  for (size_t i = 0; i < pts.size(); ++i) pts[i].x += 0.01 * std::sin(static_cast<double>(i));
  EXPECT_TRUE(build_body_from_points(s, pts, false).model->lattice.empty());
  // A 4 x 3 block: 15 points in a grid of 11 x 10 cells with its padding.
  s.shape.width = 4.0, s.shape.height = 3.0;
  const PeriBody small = build_body(s);
  EXPECT_TRUE(build_lattice(*small.model).empty());
  EXPECT_FALSE(build_lattice(*small.model, 0.0).empty());
}

TEST(PeriLatticeForces, AnAffineMapGivesExactFNoInteriorForceNoNetForceOrTorque) {
  PeriBody b = build_body(block_spec(0.3));
  ASSERT_FALSE(b.model->lattice.empty());
  const double f00 = 1.1, f01 = 0.15, f10 = -0.05, f11 = 0.92;
  apply_affine(b, f00, f01, f10, f11, {1.0, 2.0});
  const Forces f = forces_of(b);
  double worst_F = 0.0, worst_interior = 0.0, sx = 0.0, sy = 0.0, torque = 0.0, fmax = 0.0;
  for (int32_t i = 0; i < b.size(); ++i) {
    const double* F = &f.st.F[4 * static_cast<size_t>(i)];
    worst_F = std::max({worst_F, std::abs(F[0] - f00), std::abs(F[1] - f01), std::abs(F[2] - f10),
                        std::abs(F[3] - f11)});
    sx += f.fx[i], sy += f.fy[i];
    torque += b.x[i] * f.fy[i] - b.y[i] * f.fx[i];
    fmax = std::max({fmax, std::abs(f.fx[i]), std::abs(f.fy[i])});
    // Interior: every neighbour within the horizon has all 36 bonds too.
    bool deep = true;
    for (int32_t e = b.model->bond_start[i]; e < b.model->bond_start[i + 1]; ++e) {
      const int32_t j = b.model->bond_j[e];
      deep = deep && b.model->bond_start[j + 1] - b.model->bond_start[j] == 36;
    }
    if (deep && b.model->bond_start[i + 1] - b.model->bond_start[i] == 36)
      worst_interior = std::max({worst_interior, std::abs(f.fx[i]), std::abs(f.fy[i])});
  }
  EXPECT_LT(worst_F, 1e-12);
  ASSERT_GT(fmax, 1.0);
  EXPECT_LT(worst_interior, 1e-9 * fmax);
  EXPECT_LT(std::abs(sx) + std::abs(sy), 1e-9 * fmax);
  EXPECT_LT(std::abs(torque), 1e-9 * fmax * 1e3);  // lever arms up to ~500
}

TEST(PeriLatticeForces, AreMinusTheGradientOfTheEnergy) {
  PeriBody b = build_body(block_spec());
  deform(b);
  const Forces f = forces_of(b);
  ASSERT_GT(f.e.inversion, 0.0);  // the squashed end is held by the anti-inversion term
  const double scale = std::max(max_abs(f.fx), max_abs(f.fy));
  const double worst = peri_test::worst_gap_to_energy_gradient(b, f.fx, f.fy, 13);
  EXPECT_LT(worst, 1e-5 * scale) << "largest force " << scale;
}

TEST(PeriLatticeForces, MatchTheBondListPassIncludingBondsOutsideTheBand) {
  PeriBody b = build_body(block_spec(0.3));
  deform(b);
  // Two bonds far outside the polynomial's band [0.2, 4]: a point pulled 5 spacings away
  // and one pushed onto its neighbour.
  const int32_t p = peri_test::nearest_point(b, b.spec().position);
  b.x[p] += 5.0;
  const int32_t q = b.model->bond_j[b.model->bond_start[p + 20]];
  b.x[q] = b.x[b.model->bond_j[b.model->bond_start[q]]] + 0.05,
  b.y[q] = b.y[b.model->bond_j[b.model->bond_start[q]]];
  const Forces lat = forces_of(b), csr = forces_of(csr_copy(b));
  EXPECT_LT(force_gap(lat, csr), 1e-12);
  EXPECT_NEAR(lat.e.bond, csr.e.bond, 1e-12 * csr.e.bond);
  EXPECT_NEAR(lat.e.volume, csr.e.volume, 1e-12 * std::abs(csr.e.volume));
  EXPECT_NEAR(lat.e.inversion, csr.e.inversion, 1e-12 * csr.e.inversion);
  for (size_t i = 0; i < lat.st.theta.size(); ++i) {
    ASSERT_NEAR(lat.st.theta[i], csr.st.theta[i], 1e-12);
    ASSERT_NEAR(lat.st.detF[i], csr.st.detF[i], 1e-12);
    ASSERT_EQ(lat.st.has_h[i], csr.st.has_h[i]);
    ASSERT_NEAR(lat.st.stiff[i], csr.st.stiff[i], 1e-12 * csr.st.stiff[i]);
  }
}

TEST(PeriLatticeForces, FollowBrokenBondsSofteningAndMaterialEdits) {
  PeriBody b = build_body(block_spec());
  deform(b);
  auto agree = [&](const char* after) {
    EXPECT_LT(force_gap(forces_of(b), forces_of(csr_copy(b))), 1e-12) << after;
  };
  agree("build");
  // The pass copies the constants into its own layout once, then reuses the copy: the
  // state (and its copy) lives on between the changes below, as in PeriSystem.
  PeriPointState st;
  std::vector<double> fx, fy;
  WorkerPool pool(1);
  internal_forces(b, st, fx, fy, pool, false);
  PeriMotion m = current_motion(b);
  m.broken = {{b.model->bond_j[b.model->bond_start[40]], 40},
              {40, b.model->bond_j[b.model->bond_start[40] + 5]}};
  apply_motion(b, m);
  const Forces fresh = forces_of(b);
  internal_forces(b, st, fx, fy, pool, false);
  for (size_t i = 0; i < fx.size(); ++i) ASSERT_EQ(fx[i], fresh.fx[i]) << "kept copy, broken";
  agree("broken bonds");
  heat_points(b, {1, 2, 3, 40, 41}), apply_softening(b);
  internal_forces(b, st, fx, fy, pool, false);
  EXPECT_EQ(fx, forces_of(b).fx) << "kept copy, softened";
  agree("softened");
  PeriMaterial stiffer = b.spec().material;
  stiffer.youngs *= 3.0;
  set_material(b, stiffer);
  internal_forces(b, st, fx, fy, pool, false);
  EXPECT_EQ(fx, forces_of(b).fx) << "kept copy, edited";
  agree("edited");
  cool(b, 1.0);
  internal_forces(b, st, fx, fy, pool, false);
  EXPECT_EQ(fx, forces_of(b).fx) << "kept copy, cooled";
  agree("cooled");
}

TEST(PeriLatticeForces, BreakingBondsInASystemStepChangesTheForcesAsTheBondListDoes) {
  PeriBodySpec s = block_spec();
  s.material.critical_stretch = 0.02;
  PeriSystem sys;
  sys.settings.gravity = {0.0, 0.0};
  PeriBody b = build_body(s);
  for (int32_t i = 0; i < b.size(); ++i)  // pulled apart, fastest across the middle
    b.vx[i] = 20.0 * std::tanh((b.model->X[i] - s.position.x) / 3.0);
  sys.add(b);
  const Box box{{0.0, -500.0}, {1000.0, 500.0}};
  for (int t = 0; t < 60 && sys.bodies[0].broken_bonds() == 0; ++t) sys.step(box);
  const PeriBody& now = sys.bodies[0];
  ASSERT_GT(now.broken_bonds(), 0);
  // The forces from the system's own state (its copy of the constants, kept across the
  // steps) are those of the bond list with the broken bonds.
  Forces kept;
  kept.st = sys.states()[0];
  WorkerPool pool(1);
  internal_forces(now, kept.st, kept.fx, kept.fy, pool, false);
  const Forces list = forces_of(csr_copy(now));
  ASSERT_GT(std::max(max_abs(list.fx), max_abs(list.fy)), 1.0);  // still stretched
  EXPECT_LT(force_gap(kept, list), 1e-12);
}

TEST(PeriLatticeForces, AnyNumberOfThreadsGivesBitwiseTheSameResult) {
  PeriBodySpec s = block_spec(0.3);
  s.shape.height = 45.0;  // about 50 rows: room for five bands of three horizons
  PeriBody b = build_body(s);
  ASSERT_GE(b.model->lattice.height - 2 * b.model->lattice.pad, 5 * 3 * b.model->lattice.pad);
  deform(b);
  const Forces one = forces_of(b, 1);
  for (int threads : {2, 3, 5}) {
    const Forces many = forces_of(b, threads);
    EXPECT_EQ(one.fx, many.fx) << threads;
    EXPECT_EQ(one.fy, many.fy) << threads;
    EXPECT_EQ(one.st.theta, many.st.theta) << threads;
    EXPECT_EQ(one.st.energy, many.st.energy) << threads;
    EXPECT_EQ(one.e.total(), many.e.total()) << threads;
  }
  // One state kept across thread counts (its bands change size) and across a body moved in
  // between, as PeriSystem keeps it: nothing of an earlier pass leaks into a later one.
  PeriPointState kept;
  std::vector<double> fx, fy;
  for (int threads : {3, 1, 2, 5, 1}) {
    WorkerPool pool(threads);
    for (int32_t i = 0; i < b.size(); ++i) b.y[i] += threads == 1 ? 0.0 : 0.01;
    internal_forces(b, kept, fx, fy, pool, false);
    const Forces fresh = forces_of(b, 1);
    EXPECT_EQ(fx, fresh.fx) << threads;
    EXPECT_EQ(fy, fresh.fy) << threads;
  }
}
