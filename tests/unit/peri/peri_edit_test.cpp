// Live edits of a peridynamic body (physics/peri/edit.hpp) and what the sandbox reads of it
// (physics/peri/view.hpp, the Snapshot's bodies section).
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>

#include "physics/peri/edit.hpp"
#include "physics/peri/view.hpp"
#include "physics/world/snapshot.hpp"

using namespace mb;

namespace {

PeriBodySpec disc_spec(Vec2 at = {0.0, 0.0}) {
  PeriBodySpec s;
  s.shape.kind = PeriShapeKind::Circle;
  s.shape.radius = 5.0;
  s.spacing = 1.0;
  s.position = at;
  s.material = preset_material(PeriPreset::NeoHookean, 5.0e4, 0.3, 1.0);
  s.material.fibre_ratio = 3.0;
  return s;
}

}  // namespace

// At rest, a new material gives exactly the body that material would have been built as.
TEST(PeriEdit, NewMaterialOnABodyAtRestEqualsBuildingWithIt) {
  PeriBody body = build_body(disc_spec());
  PeriBodySpec changed = disc_spec();
  changed.material.youngs = 1.3e5;
  changed.material.density = 2.5;
  changed.material.thickness = 0.5;
  changed.material.fibre_angle = 0.7;
  apply_preset(changed.material, PeriPreset::StVK);
  set_material(body, changed.material);
  const PeriBody built = build_body(changed);
  EXPECT_EQ(body.spec(), built.spec());
  EXPECT_EQ(body.stiffness->bond_c, built.stiffness->bond_c);
  EXPECT_EQ(body.stiffness->kappa, built.stiffness->kappa);
  EXPECT_EQ(body.model->mass, built.model->mass);
  EXPECT_EQ(body.damage->kinv, built.damage->kinv);
  EXPECT_EQ(body.model->stable_dt, built.model->stable_dt);
}

// A moving, deformed body keeps its positions, velocities, pins and broken bonds; the
// shape tensors still leave out the broken bonds.
TEST(PeriEdit, NewMaterialKeepsTheMotionAndTheBrokenBonds) {
  PeriBody body = build_body(disc_spec());
  for (int32_t i = 0; i < body.size(); ++i) {
    body.x[i] += 0.01 * std::sin(3.0 * i), body.y[i] -= 0.02 * std::cos(i);
    body.vx[i] = 0.5 * i, body.vy[i] = -1.0;
  }
  body.pinned[3] = 1;
  // Break every bond of point 0, both halves.
  std::vector<int32_t> halves;
  for (int32_t e = body.model->bond_start[0]; e < body.model->bond_start[1]; ++e)
    halves.push_back(e), halves.push_back(body.model->bond_rev[e]);
  std::vector<int32_t> all(body.x.size());
  for (size_t i = 0; i < all.size(); ++i) all[i] = static_cast<int32_t>(i);
  break_bonds(body, halves, all);
  const PeriBody before = body;
  PeriMaterial m = body.spec().material;
  m.youngs *= 2.0;
  set_material(body, m);
  EXPECT_EQ(body.x, before.x);
  EXPECT_EQ(body.y, before.y);
  EXPECT_EQ(body.vx, before.vx);
  EXPECT_EQ(body.vy, before.vy);
  EXPECT_EQ(body.pinned, before.pinned);
  EXPECT_EQ(body.damage->bond_broken, before.damage->bond_broken);
  EXPECT_EQ(body.broken_bonds(), before.broken_bonds());
  EXPECT_EQ(body.damage->kinv, before.damage->kinv);  // same thickness: same volumes, same tensors
  EXPECT_EQ(body.spec().material.youngs, 2.0 * before.spec().material.youngs);
  // Twice as stiff, same mass: omega_max grows by sqrt(2), the stable step shrinks by it.
  EXPECT_NEAR(body.model->stable_dt * std::sqrt(2.0) / before.model->stable_dt, 1.0, 1e-9);
}

TEST(PeriEdit, AMaterialOutOfRangeChangesNothing) {
  PeriBody body = build_body(disc_spec());
  const PeriBody before = body;
  PeriMaterial m = body.spec().material;
  m.poisson = 1.5;
  EXPECT_THROW(set_material(body, m), mb::Error);
  EXPECT_EQ(body.spec(), before.spec());
  EXPECT_EQ(body.stiffness->bond_c, before.stiffness->bond_c);
  EXPECT_EQ(body.x, before.x);
}

TEST(PeriEdit, PlacementNeedsTheBoxAndNoOverlap) {
  const Box box{{-20.0, -20.0}, {20.0, 20.0}};
  const std::vector<PeriBody> others{build_body(disc_spec({-10.0, 0.0}))};
  EXPECT_EQ(placement_problem(build_body(disc_spec({10.0, 0.0})), others, box), "");
  EXPECT_NE(placement_problem(build_body(disc_spec({-2.0, 0.0})), others, box), "");
  EXPECT_NE(placement_problem(build_body(disc_spec({17.0, 0.0})), others, box), "");
}

TEST(PeriView, CentroidAndRotationFollowARigidTurn) {
  PeriBody body = build_body(disc_spec({3.0, -4.0}));
  EXPECT_EQ(body_rotation(body), 0.0);
  const double a = 0.8, c = std::cos(a), s = std::sin(a);
  const Vec2 move{7.0, 2.0};
  for (int32_t i = 0; i < body.size(); ++i) {
    const double dx = body.model->X[i] - 3.0, dy = body.model->Y[i] + 4.0;
    body.x[i] = 3.0 + move.x + c * dx - s * dy;
    body.y[i] = -4.0 + move.y + s * dx + c * dy;
  }
  EXPECT_NEAR(body_rotation(body), a, 1e-12);
  const Vec2 at = body_centroid(body);
  EXPECT_NEAR(at.x, 10.0, 1e-9);  // the lattice disc is symmetric about its centre
  EXPECT_NEAR(at.y, -2.0, 1e-9);
}

TEST(PeriView, SnapshotHasEachBodyAndItsBondsOnlyWhenAsked) {
  World world;
  world.box = {{-50.0, -50.0}, {50.0, 50.0}};
  PeriBodySpec spec = disc_spec({10.0, 5.0});
  spec.angle = 0.3;
  spec.material.fibre_angle = 0.2;
  world.bodies.add(build_body(spec));
  PeriBody& b = world.bodies.bodies[0];
  const int32_t e = b.model->bond_start[0];
  std::vector<int32_t> ends{0, b.model->bond_j[e]};
  std::sort(ends.begin(), ends.end());
  break_bonds(b, {e, b.model->bond_rev[e]}, ends);
  Snapshot snap;
  snap.fill_from(world);
  ASSERT_EQ(snap.bodies.bodies.size(), 1u);
  const PeriBodyView& v = snap.bodies.bodies[0];
  EXPECT_EQ(v.points, b.size());
  EXPECT_EQ(v.bonds, b.bond_count());
  EXPECT_EQ(v.broken_bonds, 1);
  EXPECT_EQ(v.material, spec.material);
  EXPECT_NEAR(v.fibre_world_angle(), 0.5, 1e-12);  // fibre 0.2 in a body built turned by 0.3
  EXPECT_NEAR(v.reach, 5.0, 0.5);
  EXPECT_TRUE(snap.bodies.bond_a.empty());
  snap.fill_from(world, SnapshotOptions{true});
  EXPECT_EQ(static_cast<int64_t>(snap.bodies.bond_a.size()), b.bond_count() - 1);
  ASSERT_EQ(snap.bodies.bond_stretch.size(), snap.bodies.bond_a.size());
  for (size_t k = 0; k < snap.bodies.bond_a.size(); ++k) {
    EXPECT_LT(snap.bodies.bond_a[k], snap.bodies.bond_b[k]);
    EXPECT_NEAR(snap.bodies.bond_stretch[k], 0.0f, 1e-6f);  // at rest
  }
  snap.fill_from(world);  // off again: the bonds go
  EXPECT_TRUE(snap.bodies.bond_a.empty());
}
