// The contact skin (physics/peri/contact_skin.hpp) against its rule by hand: a point at
// distance d from the nearest surface point (d <= delta) touches walls and spring particles
// at dx/2 + (1 - kSkinSqueeze) d, deeper points and the outermost row at dx/2; a crack's
// faces become surface; and a body at rest on the floor touches it with its outermost row
// only, as it did before the skin.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <vector>

#include "physics/peri/contact_skin.hpp"
#include "physics/peri/system.hpp"

namespace mb {
namespace {

// A 40 x 20 rectangle, spacing 1, horizon 3, centred on the origin (y-down).
PeriBodySpec slab_spec() {
  PeriBodySpec s;
  s.shape.kind = PeriShapeKind::Rectangle;
  s.shape.width = 40.0;
  s.shape.height = 20.0;
  s.spacing = 1.0;
  s.horizon = 3.0;
  return s;
}
PeriBody slab() {
  return build_body(slab_spec());
}

// The points nearest x = at in each lattice row, from the bottom row (largest y) up.
std::vector<int32_t> column(const PeriBody& b, double at) {
  std::vector<int32_t> rows;
  double bottom = -1e9;
  for (int32_t i = 0; i < b.size(); ++i) bottom = std::max(bottom, b.model->Y[i]);
  const double pitch = std::sqrt(3.0) / 2.0;  // the hexagonal lattice's row spacing
  for (int r = 0; r < 8; ++r) {
    int32_t best = -1;
    for (int32_t i = 0; i < b.size(); ++i)
      if (std::abs(b.model->Y[i] - (bottom - r * pitch)) < 0.1 &&
          (best < 0 || std::abs(b.model->X[i] - at) < std::abs(b.model->X[best] - at)))
        best = i;
    rows.push_back(best);
  }
  return rows;
}

TEST(ContactSkin, TheRadiusGrowsWithTheDistanceToTheSurfaceWithinTheHorizon) {
  const PeriBody b = slab();
  const std::vector<int32_t> col = column(b, 0.0);
  const double k = 1.0 - kSkinSqueeze;
  // Distances from row r's point to the nearest bottom-row point: row 1 is on the surface;
  // row 2 has two bottom neighbours at dx; row 3 one straight below at sqrt(3) dx; row 4 one
  // at sqrt((3 sqrt(3)/2)^2 + (1/2)^2) = sqrt(7) dx; row 5 is 2 sqrt(3) = 3.46 dx up, past
  // the horizon (and more than a horizon from the sides and the top).
  const double expected[] = {0.5, 0.5 + k, 0.5 + k * std::sqrt(3.0), 0.5 + k * std::sqrt(7.0),
                             0.5, 0.5};
  for (int r = 0; r < 6; ++r) {
    ASSERT_GE(col[r], 0);
    EXPECT_NEAR(b.damage->skin_radius[col[r]], expected[r], 1e-9) << "row " << r + 1;
  }
  EXPECT_NEAR(b.damage->max_skin_radius, 0.5 + k * 3.0, 0.5 * k);  // the deepest layer points
}

TEST(ContactSkin, ACracksFacesAreSurface) {
  PeriBody b = slab();
  // Break every bond across x = 0.25 (the column at x = 0 and the one at x = 0.5 lie on
  // either side of it in alternate rows).
  const PeriBodyModel& m = *b.model;
  auto cracked = std::make_shared<PeriDamage>(*b.damage);
  for (int32_t i = 0; i < b.size(); ++i)
    for (int32_t e = m.bond_start[i]; e < m.bond_start[i + 1]; ++e)
      if ((m.X[i] < 0.25) != (m.X[m.bond_j[e]] < 0.25)) cracked->bond_broken[e] = 1;
  refresh_contact_skin(m, *cracked);
  b.damage = cracked;
  // In a middle row, the points next to the crack lost their neighbours across it: surface.
  // A point one spacing further from the crack is at distance dx from a face point.
  const std::vector<int32_t> rows = column(b, 0.0);
  const int32_t mid = rows[7];  // eight rows up: deeper than the horizon from the bottom
  int32_t face = -1, inner = -1;
  for (int32_t i = 0; i < b.size(); ++i) {
    if (std::abs(b.model->Y[i] - b.model->Y[mid]) > 0.1) continue;
    if (b.model->X[i] < 0.25 && b.model->X[i] > -0.75) face = i;
    if (b.model->X[i] < -0.75 && b.model->X[i] > -1.75) inner = i;
  }
  ASSERT_GE(face, 0);
  ASSERT_GE(inner, 0);
  EXPECT_DOUBLE_EQ(b.damage->skin_radius[face], 0.5);
  EXPECT_NEAR(b.damage->skin_radius[inner], 0.5 + (1.0 - kSkinSqueeze) * 1.0, 1e-9);
}

TEST(ContactSkin, AfterFractureTheRadiiAreThoseOfAFullRefresh) {
  // A brittle slab thrown at the floor breaks bonds tick after tick; the system updates the
  // radii from the broken bonds' ends only (contact_skin_after_breaks). They must equal a
  // refresh from scratch, bit for bit, every tick (a saved body is rebuilt that way).
  PeriSystem sys;
  PeriBodySpec s = slab_spec();
  s.velocity = {0.0, 150.0};
  s.material = preset_material(PeriPreset::NeoHookean, 2.0e4, 0.3, 1.0);
  s.material.critical_stretch = 0.02;
  sys.add(build_body(s));
  const Box box{{-100.0, -100.0}, {100.0, 30.0}};
  int64_t broken_before = 0;
  int ticks_with_breaks = 0;
  for (int t = 0; t < 20; ++t) {
    sys.step(box);
    const PeriBody& b = sys.bodies[0];
    ticks_with_breaks += b.broken_bonds() > broken_before;
    broken_before = b.broken_bonds();
    PeriDamage fresh = *b.damage;
    refresh_contact_skin(*b.model, fresh);
    ASSERT_EQ(b.damage->skin_radius, fresh.skin_radius) << "tick " << t;
    ASSERT_GE(b.damage->max_skin_radius, fresh.max_skin_radius);
  }
  EXPECT_GT(ticks_with_breaks, 2);  // the test needs breaks in several ticks to mean anything
}

TEST(ContactSkin, ABodyAtRestOnTheFloorTouchesItWithItsOutermostRowOnly) {
  // Resting under its own weight (rho g H / E = 400 * 20 / 2e5 = 4 % strain at the bottom),
  // the surface layer is squeezed far less than kSkinSqueeze: no inner point reaches the
  // floor, so the skin changes nothing there.
  PeriSystem sys;
  sys.settings.damping = 5.0;
  PeriBodySpec s = slab_spec();
  s.material = preset_material(PeriPreset::NeoHookean, 2.0e5, 0.35, 1.0);
  sys.add(build_body(s));
  const Box box{{-100.0, -100.0}, {100.0, 10.6}};  // the floor 0.5 below the bottom row
  for (int t = 0; t < 120; ++t) sys.step(box);
  const PeriBody& b = sys.bodies[0];
  int touching = 0, inner_touching = 0;
  double inner_gap = 1e9;  // how far the inner points stay from touching
  for (int32_t i = 0; i < b.size(); ++i) {
    const double gap = box.max.y - (b.y[i] + b.damage->skin_radius[i]);
    if (b.damage->skin_radius[i] > b.point_radius()) inner_gap = std::min(inner_gap, gap);
    touching += gap < 1e-9;
    inner_touching += gap < 1e-9 && b.damage->skin_radius[i] > b.point_radius();
  }
  std::printf("points on the floor %d, inner points nearest to touching %.3f away\n", touching,
              inner_gap);
  EXPECT_GT(touching, 20);  // the bottom row, 40 wide
  EXPECT_EQ(inner_touching, 0);
}

}  // namespace
}  // namespace mb
