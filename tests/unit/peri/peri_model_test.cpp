// A body's model apart from its state (body.hpp): a copy shares the model and the constants
// objects and copies only the state; fracture and softening in one copy replace its own
// objects and leave the other's as they were; and a copy runs on bit for bit as the body it
// was copied from, as does a body that never was copied.
#include <gtest/gtest.h>

#include <cmath>
#include <memory>
#include <vector>

#include "physics/peri/softening.hpp"
#include "physics/peri/system.hpp"
#include "tests/unit/peri/peri_fixture.hpp"

using namespace mb;

namespace {

// A brittle slab thrown at the floor: it lands in a few ticks and breaks bonds as it does.
PeriSystem thrown_slab() {
  PeriBodySpec s = peri_test::rect_spec(PERI_SMALL ? 12.0 : 24.0, 6.0, PeriPreset::NeoHookean);
  s.position = {0.0, 20.0};
  s.velocity = {10.0, 150.0};
  s.material = preset_material(PeriPreset::NeoHookean, 2.0e4, 0.3, 1.0);
  s.material.critical_stretch = 0.02;
  PeriSystem sys;
  sys.add(build_body(s));
  return sys;
}

const Box kModelBox{{-100.0, -100.0}, {100.0, 30.0}};

// Positions and velocities, bit for bit.
void expect_same_motion(const PeriBody& a, const PeriBody& b, int tick) {
  ASSERT_EQ(a.x, b.x) << "tick " << tick;
  ASSERT_EQ(a.y, b.y) << "tick " << tick;
  ASSERT_EQ(a.vx, b.vx) << "tick " << tick;
  ASSERT_EQ(a.vy, b.vy) << "tick " << tick;
  ASSERT_EQ(a.damage->bond_broken, b.damage->bond_broken) << "tick " << tick;
}

}  // namespace

TEST(PeriModel, ACopySharesTheModelAndCopiesOnlyTheState) {
  const PeriBody b = build_body(peri_test::rect_spec(10.0, 6.0, PeriPreset::NeoHookean));
  ASSERT_TRUE(b.model && b.stiffness && b.damage);
  EXPECT_EQ(b.stiffness, b.model->cold);  // as built: cold and whole
  EXPECT_EQ(b.damage, b.model->intact);
  const long held = b.model.use_count();
  const PeriBody c = b;
  // The model and the constants: the same objects, so none of their arrays was copied.
  EXPECT_EQ(c.model.get(), b.model.get());
  EXPECT_EQ(c.stiffness.get(), b.stiffness.get());
  EXPECT_EQ(c.damage.get(), b.damage.get());
  EXPECT_EQ(b.model.use_count(), held + 1);
  // The state: equal values in arrays of its own.
  EXPECT_EQ(c.x, b.x);
  EXPECT_NE(c.x.data(), b.x.data());
  EXPECT_NE(c.vy.data(), b.vy.data());
  EXPECT_NE(c.pinned.data(), b.pinned.data());
  // The same through a system: its bodies share their models with the copy's.
  PeriSystem sys;
  sys.add(b);
  sys.step(kModelBox);
  ASSERT_FALSE(sys.states()[0].g.empty());  // the force passes' scratch, made
  const PeriSystem copy = sys;
  EXPECT_EQ(copy.bodies[0].model.get(), b.model.get());
  EXPECT_EQ(copy.bodies[0].damage.get(), b.damage.get());
  // The last pass's results travel (the next substep plan reads the stiffness); the
  // passes' scratch does not.
  EXPECT_EQ(copy.states()[0].stiff, sys.states()[0].stiff);
  EXPECT_EQ(copy.states()[0].detF, sys.states()[0].detF);
  EXPECT_TRUE(copy.states()[0].g.empty());
  EXPECT_TRUE(copy.states()[0].bond_a.empty());
  EXPECT_TRUE(copy.states()[0].lattice.c.empty());
}

TEST(PeriModel, FractureInOneCopyLeavesTheOthersConstantsAndBothRunAsIfNeverCopied) {
  PeriSystem original = thrown_slab(), never_copied = thrown_slab();
  for (int t = 0; t < 2; ++t) original.step(kModelBox), never_copied.step(kModelBox);
  ASSERT_EQ(original.stats().broken_bonds, 0);  // still in the air
  PeriSystem copy = original;
  const std::shared_ptr<const PeriDamage> shared = copy.bodies[0].damage;
  const PeriDamage before = *shared;
  // The original lands and breaks; the copy has not moved yet.
  int ticks = 0;
  while (original.bodies[0].broken_bonds() == 0 && ticks < 40)
    original.step(kModelBox), never_copied.step(kModelBox), ++ticks;
  ASSERT_GT(original.bodies[0].broken_bonds(), 0) << "the test needs a fracture";
  EXPECT_NE(original.bodies[0].damage, shared);  // the original's damage is a new object
  EXPECT_EQ(original.bodies[0].model, copy.bodies[0].model);  // the model stays shared
  EXPECT_EQ(copy.bodies[0].damage, shared);  // the copy's is the one it had, unchanged
  EXPECT_EQ(shared->bond_broken, before.bond_broken);
  EXPECT_EQ(shared->broken_bonds, 0);
  EXPECT_EQ(shared->kinv, before.kinv);
  EXPECT_EQ(shared->skin_radius, before.skin_radius);
  EXPECT_EQ(shared->max_skin_radius, before.max_skin_radius);
  expect_same_motion(original.bodies[0], never_copied.bodies[0], ticks);
  // The copy, started with none of the original's scratch (kept forces, contact lists),
  // runs the same ticks to the same bits, and on past them.
  for (int t = 0; t < ticks; ++t) copy.step(kModelBox);
  expect_same_motion(copy.bodies[0], never_copied.bodies[0], ticks);
  for (int t = 0; t < 10; ++t) {
    copy.step(kModelBox), original.step(kModelBox), never_copied.step(kModelBox);
    expect_same_motion(copy.bodies[0], never_copied.bodies[0], t);
    expect_same_motion(original.bodies[0], never_copied.bodies[0], t);
  }
  EXPECT_GT(copy.bodies[0].broken_bonds(), 0);
}

TEST(PeriModel, SofteningOneCopyLeavesTheOthersStiffness) {
  PeriBody a = build_body(peri_test::rect_spec(10.0, 6.0, PeriPreset::NeoHookean));
  ASSERT_LT(a.spec().material.heated_stiffness, 1.0);
  const PeriBody b = a;
  heat_points(a, {0, 1, 2});
  apply_softening(a);
  EXPECT_NE(a.stiffness, a.model->cold);
  EXPECT_EQ(b.stiffness, b.model->cold);  // the copy is still cold
  EXPECT_NE(a.stiffness->bond_c, b.stiffness->bond_c);
  EXPECT_LT(std::abs(a.stiffness->kappa[0]), std::abs(b.stiffness->kappa[0]));  // softer
  EXPECT_TRUE(b.heat.empty());
  cool(a, 1.0);  // all cold: the very object the model holds comes back
  EXPECT_EQ(a.stiffness, a.model->cold);
}

TEST(PeriModel, ACopyAssignedOverAnotherSystemRunsAsTheSource) {
  // A restore: the target has run on (its scratch made for other positions) and takes the
  // source's state back; both then run the same.
  PeriSystem source = thrown_slab();
  for (int t = 0; t < 3; ++t) source.step(kModelBox);
  PeriSystem target = source;
  for (int t = 0; t < 6; ++t) target.step(kModelBox);
  target = source;
  for (int t = 0; t < 8; ++t) {
    source.step(kModelBox), target.step(kModelBox);
    expect_same_motion(target.bodies[0], source.bodies[0], t);
  }
}
