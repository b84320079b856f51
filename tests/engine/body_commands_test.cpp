// Body commands (engine/body_commands.hpp): add, remove, clear, a live material change and
// the bodies' settings; refused commands change nothing and say why; edits survive Reset;
// a run with body commands replays bit for bit.
#include <gtest/gtest.h>

#include <chrono>
#include <cmath>
#include <thread>

#include "engine/command.hpp"
#include "engine/replay.hpp"
#include "engine/sim_thread.hpp"
#include "physics/world/state_hash.hpp"

namespace mb::engine {

namespace {

PeriBodySpec disc(Vec2 at, double radius = 6.0) {
  PeriBodySpec s;
  s.shape.kind = PeriShapeKind::Circle;
  s.shape.radius = radius;
  s.spacing = 1.5;
  s.position = at;
  s.material = preset_material(PeriPreset::NeoHookean, 5.0e4, 0.3, 1.0);
  return s;
}

World empty_box() {
  World w;
  w.box = {{-60.0, -60.0}, {60.0, 60.0}};
  return w;
}

}  // namespace

TEST(BodyCommands, AddBuildsTheSpecOrSaysWhyNot) {
  World w = empty_box();
  EXPECT_EQ(apply_command(w, AddBody{disc({-20.0, 0.0})}), "");
  ASSERT_EQ(w.bodies.bodies.size(), 1u);
  EXPECT_EQ(w.bodies.bodies[0].spec(), disc({-20.0, 0.0}));
  EXPECT_GT(w.bodies.stats().points, 0);  // the stats are refreshed at once
  PeriBodySpec bad = disc({20.0, 0.0});
  bad.spacing = 0.0;
  EXPECT_NE(apply_command(w, AddBody{bad}), "");                 // cannot build
  EXPECT_NE(apply_command(w, AddBody{disc({-17.0, 3.0})}), "");  // overlaps body 1
  EXPECT_NE(apply_command(w, AddBody{disc({57.0, 0.0})}), "");   // leaves the box
  EXPECT_EQ(w.bodies.bodies.size(), 1u);
  EXPECT_EQ(apply_command(w, AddBody{disc({20.0, 0.0})}), "");
  EXPECT_EQ(w.bodies.bodies.size(), 2u);
}

TEST(BodyCommands, RemoveTakesTheGivenBodyAndClearTakesAll) {
  World w = empty_box();
  apply_command(w, AddBody{disc({-20.0, 0.0})});
  apply_command(w, AddBody{disc({20.0, 0.0}, 4.0)});
  w.grab_begin({-20.0, 0.0}, 2.0);  // holds body 0: the removal lets go
  EXPECT_NE(apply_command(w, RemoveBody{2}), "");
  EXPECT_EQ(apply_command(w, RemoveBody{0}), "");
  ASSERT_EQ(w.bodies.bodies.size(), 1u);
  EXPECT_EQ(w.bodies.bodies[0].spec().shape.radius, 4.0);
  EXPECT_FALSE(w.bodies.grab_active());
  w.tick();  // no stale index left anywhere
  EXPECT_EQ(w.bodies.stats().points, w.bodies.bodies[0].size());
  EXPECT_EQ(apply_command(w, ClearBodies{}), "");
  EXPECT_TRUE(w.bodies.empty());
}

// The check: doubled E makes the stable step shrink by sqrt(2); the falling,
// deforming body keeps its positions and velocities.
TEST(BodyCommands, MaterialChangeIsLiveAndKeepsTheMotion) {
  World w = empty_box();
  apply_command(w, AddBody{disc({0.0, 30.0})});
  for (int t = 0; t < 40; ++t) w.tick();  // falls and lands on the floor
  const PeriBody before = w.bodies.bodies[0];
  PeriMaterial m = before.spec().material;
  m.youngs *= 2.0;
  EXPECT_EQ(apply_command(w, SetBodyMaterial{0, m}), "");
  const PeriBody& after = w.bodies.bodies[0];
  EXPECT_NEAR(after.model->stable_dt * std::sqrt(2.0) / before.model->stable_dt, 1.0, 1e-9);
  EXPECT_EQ(after.x, before.x);
  EXPECT_EQ(after.y, before.y);
  EXPECT_EQ(after.vx, before.vx);
  EXPECT_EQ(after.vy, before.vy);
  EXPECT_EQ(after.spec().material, m);
  for (int t = 0; t < 20; ++t) w.tick();
  EXPECT_GT(w.bodies.stats().min_det_f, 0.5);
  EXPECT_EQ(w.bodies.stats().nan_resets, 0);
  m.youngs = -1.0;
  EXPECT_NE(apply_command(w, SetBodyMaterial{0, m}), "");
  EXPECT_NE(apply_command(w, SetBodyMaterial{1, m}), "");
  EXPECT_EQ(w.bodies.bodies[0].spec().material.youngs, 1.0e5);
}

TEST(BodyCommands, SettingsTakeValidValuesAndKeepTheTick) {
  World w = empty_box();
  PeriSettings s;
  s.gravity = {0.0, -100.0};
  s.damping = 2.0;
  s.self_contact = false;
  s.threads = 2;
  s.tick_seconds = 1.0;  // not the UI's to change
  EXPECT_EQ(apply_command(w, SetBodySettings{s}), "");
  EXPECT_EQ(w.bodies.settings.gravity, Vec2(0.0, -100.0));
  EXPECT_EQ(w.bodies.settings.damping, 2.0);
  EXPECT_FALSE(w.bodies.settings.self_contact);
  EXPECT_EQ(w.bodies.settings.threads, 2);
  EXPECT_EQ(w.bodies.settings.tick_seconds, 1.0 / 60.0);
  s.damping = -1.0;
  EXPECT_NE(apply_command(w, SetBodySettings{s}), "");
  EXPECT_EQ(w.bodies.settings.damping, 2.0);
}

TEST(BodyCommands, AreRecordedWorldCommands) {
  EXPECT_TRUE(is_world_command(AddBody{}));
  EXPECT_TRUE(is_world_command(RemoveBody{}));
  EXPECT_TRUE(is_world_command(ClearBodies{}));
  EXPECT_TRUE(is_world_command(SetBodyMaterial{}));
  EXPECT_TRUE(is_world_command(SetBodySettings{}));
  EXPECT_FALSE(is_world_command(SetSnapshotOptions{}));
}

// On the physics thread: a refused add reaches the Frame's error; the run replays bit for
// bit; Reset keeps the added body with its new material, at rest where it was built.
TEST(BodyCommands, EditsReplayAndSurviveReset) {
  SimThread sim(empty_box(), /*paused=*/true);
  sim.push(Step{3});
  sim.push(AddBody{disc({0.0, 20.0})});
  sim.push(AddBody{disc({2.0, 20.0})});  // overlaps: refused
  sim.push(Step{10});
  PeriMaterial m = disc({0.0, 0.0}).material;
  m.youngs = 2.0e5;
  m.fibre_ratio = 4.0;
  m.fibre_angle = 1.0;
  sim.push(SetBodyMaterial{0, m});
  sim.push(AddBody{disc({-30.0, -30.0}, 4.0)});
  sim.push(Step{10});
  sim.push(RemoveBody{1});
  sim.push(Step{5});
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
  World live;
  do {  // until every step has run
    live = sim.copy_world().get();
  } while (live.time < 28 && std::chrono::steady_clock::now() < deadline);
  ASSERT_EQ(live.time, 28);
  ASSERT_EQ(live.bodies.bodies.size(), 1u);
  const World again = replay(sim.recording().get());
  ASSERT_EQ(again.bodies.bodies.size(), 1u);
  EXPECT_EQ(state_hash(again), state_hash(live));
  bool refused = false;
  while (!refused && std::chrono::steady_clock::now() < deadline) {
    sim.acquire();
    refused = sim.frame().error_serial == 1 && !sim.frame().command_error.empty();
  }
  EXPECT_TRUE(refused);
  sim.push(Reset{});
  const World reset = sim.copy_world().get();
  EXPECT_EQ(reset.time, 0);
  ASSERT_EQ(reset.bodies.bodies.size(), 1u);
  const PeriBody& b = reset.bodies.bodies[0];
  EXPECT_EQ(b.spec().material, m);
  EXPECT_EQ(b.x, b.model->X);  // at rest in its reference state
  EXPECT_EQ(b.model->stable_dt, build_body(b.spec()).model->stable_dt);
}

}  // namespace mb::engine
