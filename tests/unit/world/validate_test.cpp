// validate(World) finds each broken rule it documents, and passes the shipped scenes;
// MB_ASSERT runs only in the builds that validate (Debug, sanitizers).
#include <gtest/gtest.h>

#include <functional>
#include <limits>
#include <memory>

#include "physics/core/assert.hpp"
#include "physics/world/validate.hpp"
#include "tests/common/pinned_runs.hpp"

namespace {

const std::string kSource = MELTBOX_SOURCE_DIR;

// A world with every kind of matter, a few ticks in (so grips, discs and bodies have moved).
const mb::World& ticked_world() {
  static const mb::World world = [] {
    mb::World w = mb::test::load_pinned(mb::test::kPinnedRuns[0], kSource, 1);
    for (int t = 0; t < 20; ++t) w.tick();
    return w;
  }();
  return world;
}

// validate() of the ticked world after `change`: its messages, one a line.
std::string problems(const std::function<void(mb::World&)>& change) {
  mb::World w = ticked_world();
  change(w);
  std::string out;
  for (const std::string& p : mb::validate(w)) out += p + "\n";
  return out;
}

TEST(Validate, ShippedScenesPassAfterTicks) {
  EXPECT_EQ(mb::validate(ticked_world()), std::vector<std::string>{});
  mb::World pumping = mb::test::load_pinned(mb::test::kPinnedRuns[1], kSource, 1);
  for (int t = 0; t < 20; ++t) pumping.tick();
  EXPECT_EQ(mb::validate(pumping), std::vector<std::string>{});
}

TEST(Validate, FindsEachBrokenRule) {
  using mb::World;
  EXPECT_NE(problems([](World& w) { w.net.add_spring(0, 0, 1.0, 1.0); }).find("joins"),
            std::string::npos);
  EXPECT_NE(problems([](World& w) {
              w.net.add_spring(w.net.a[0], w.net.b[0], 1.0, 1.0);
            }).find("two join"),
            std::string::npos);
  EXPECT_NE(problems([](World& w) { w.net.b[3] = w.net.particle_count(); }).find("spring 3"),
            std::string::npos);
  EXPECT_NE(problems([](World& w) {
              w.net.y[5] = std::numeric_limits<double>::quiet_NaN();
            }).find("particle 5"),
            std::string::npos);
  EXPECT_NE(problems([](World& w) {
              w.actuators[0].gripped.push_back(0);
              w.net.state[0] = mb::ParticleState::Frozen;
            }).find("not in the Gripped state"),
            std::string::npos);
  EXPECT_NE(problems([](World& w) {
              w.net.state[0] = mb::ParticleState::Gripped;
              w.actuators[0].gripped.push_back(0);
              w.actuators.push_back(w.actuators[0]);
            }).find("held by another grip too"),
            std::string::npos);
  EXPECT_NE(problems([](World& w) { w.gas.x[2] = w.box.max.x; }).find("disc 2"), std::string::npos);
  // Disc 1 moved onto disc 0, half a radius apart.
  EXPECT_NE(problems([](World& w) {
              w.gas.x[1] = w.gas.x[0] + 0.5 * w.gas.radius[0];
              w.gas.y[1] = w.gas.y[0];
            }).find("overlap"),
            std::string::npos);
  EXPECT_NE(problems([](World& w) {
              mb::PeriBody& b = w.bodies.bodies[0];
              auto damage = std::make_shared<mb::PeriDamage>(*b.damage);
              damage->bond_broken[b.model->bond_rev[7]] = !damage->bond_broken[7];
              b.damage = damage;
            }).find("reverse"),
            std::string::npos);
  EXPECT_NE(problems([](World& w) {
              mb::PeriBody& b = w.bodies.bodies[0];
              auto model = std::make_shared<mb::PeriBodyModel>(*b.model);
              model->bond_start[1] += 1;
              b.model = model;
            }).find("body 0"),
            std::string::npos);
  EXPECT_NE(problems([](World& w) { w.gas.reactions.emplace_back(); }).find("reaction"),
            std::string::npos);
}

TEST(Assert, RunsOnlyInBuildsThatValidate) {
  int evaluated = 0;
  MB_ASSERT(++evaluated == 1);
  EXPECT_EQ(evaluated, MELTBOX_VALIDATE ? 1 : 0);
#if MELTBOX_VALIDATE
  EXPECT_DEATH(MB_ASSERT(evaluated == 2), "MB_ASSERT\\(evaluated == 2\\) failed");
#endif
}

}  // namespace
