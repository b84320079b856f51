#include <gtest/gtest.h>

#include <chrono>

#include "engine/replay.hpp"
#include "engine/sim_thread.hpp"
#include "physics/world/state_hash.hpp"
#include "test_scenes.hpp"
#include "tests/common/pinned_runs.hpp"

namespace mb::engine {

namespace {

// The same run: state_hash covers every state array bit for bit (world/state_hash.hpp).
void expect_identical(const World& a, const World& b) {
  EXPECT_EQ(a.time, b.time);
  EXPECT_EQ(state_hash(a), state_hash(b));
  const std::vector<StateHashPart> pa = state_hash_parts(a), pb = state_hash_parts(b);
  for (size_t k = 0; k < pa.size(); ++k) EXPECT_EQ(pa[k].hash, pb[k].hash) << pa[k].name;
}

}  // namespace

TEST(Replay, AppliesCommandsBeforeTheirTick) {
  Recording r;
  r.start = test::strip_world();
  r.commands.push_back({3, AddActuator{test::heater_at({0.0, -10.0})}});
  r.end_tick = 3;
  const World before = replay(r);  // the command is stamped 3: applied after tick 2
  EXPECT_EQ(before.time, 3);
  EXPECT_EQ(before.actuators.size(), 2u);
  r.end_tick = 6;
  const World after = replay(r);
  EXPECT_EQ(after.time, 6);
  bool molten = false;
  for (ParticleState s : after.net.state) molten |= s == ParticleState::Molten;
  EXPECT_TRUE(molten);
}

TEST(Replay, StampsAreTheTickNumberAtWhichCommandsApply) {
  SimThread sim(test::strip_world(), /*paused=*/true);
  sim.push(Step{4});
  sim.push(GrabBegin{{0.0, 0.0}, 4.0});
  sim.push(Step{2});
  sim.push(GrabMove{{0.0, 5.0}});
  const Recording r = sim.recording().get();
  ASSERT_EQ(r.commands.size(), 2u);
  // The steps may or may not have run before the grab was drained, but stamps are the
  // World's time when applied, and never decrease.
  EXPECT_LE(r.commands[0].tick, r.commands[1].tick);
  EXPECT_TRUE(std::holds_alternative<GrabBegin>(r.commands[0].command));
}

// Records a live run with scripted commands on the physics thread, replays it, and
// compares every array bit for bit.
TEST(Replay, LiveRunReplaysBitIdentically) {
  SimThread sim(test::strip_world(), /*paused=*/false);
  sim.push(SetRate{60.0, 1.0, /*fast=*/true});
  const auto wait_ticks = [&](int64_t n) {
    const int64_t start = sim.copy_world().get().time;
    while (sim.copy_world().get().time < start + n) std::this_thread::yield();
  };
  wait_ticks(5);
  sim.push(GrabBegin{{-20.0, 0.0}, 5.0});
  for (int i = 1; i <= 10; ++i) {
    sim.push(GrabMove{{-20.0 - i, 2.0 * i}});
    wait_ticks(1);
  }
  sim.push(GrabEnd{});
  sim.push(AddActuator{test::heater_at({0.0, -10.0})});
  SimulatorSettings s;
  s.cooldown_time = 5.0;
  sim.push(SetSettings{s});
  sim.push(SetInelastic{true});
  wait_ticks(10);
  Actuator edited = test::strip_world().actuators[0];
  edited.speed = 1.5;
  sim.push(EditActuator{0, edited});
  wait_ticks(5);
  sim.push(SetPaused{true});
  const World live = sim.copy_world().get();
  const Recording r = sim.recording().get();
  EXPECT_GE(r.commands.size(), 15u);
  EXPECT_EQ(r.end_tick, live.time);
  expect_identical(replay(r), live);
}

TEST(Replay, ResetReturnsToTheStartKeepingSceneEdits) {
  SimThread sim(test::strip_world(), /*paused=*/true);
  sim.push(Step{5});
  sim.push(AddActuator{test::heater_at({0.0, -10.0})});
  sim.push(Reset{});
  const World w = sim.copy_world().get();
  EXPECT_EQ(w.time, 0);
  EXPECT_EQ(w.actuators.size(), 2u);  // the added heater is a scene edit
  EXPECT_EQ(w.actuators[1].path_advancement, 0.0);
  expect_identical(w, replay(sim.recording().get()));
}

// The recording is bounded (SimThread::kMaxRecordedCommands): past the bound it restarts from
// a checkpoint of the live World, taken here mid-run with a grab held, discs in flight and a
// body falling, and still replays to the live World bit for bit.
TEST(Replay, ARecordingPastItsBoundRestartsFromACheckpointAndStillReplays) {
  World start = test::strip_world();
  start.box = {{-60.0, -60.0}, {60.0, 60.0}};
  start.inelastic = true;
  start.actuators.push_back(test::heater_at({0.0, -10.0}));
  SimThread sim(start, /*paused=*/true);
  sim.push(GasGenerate{{40, 1.0, 1.0, 1.0, 50.0, 7, 0}});
  PeriBodySpec body;
  body.shape.radius = 5.0;
  body.spacing = 1.5;
  body.position = {0.0, 35.0};
  body.material = preset_material(PeriPreset::NeoHookean, 5.0e4, 0.3, 1.0);
  sim.push(AddBody{body});
  sim.push(GrabBegin{{-20.0, 0.0}, 5.0});
  // A step after every 20 moves, each waited for, so the moves land on many ticks and the
  // checkpoint falls mid-run.
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(60);
  const int moves = static_cast<int>(SimThread::kMaxRecordedCommands) * 3 / 2;
  int steps = 0;
  World live;
  for (int i = 1; i <= moves; ++i) {
    sim.push(GrabMove{{-20.0 - 0.01 * i, 0.005 * i}});
    if (i % 20 != 0) continue;
    sim.push(Step{1});
    ++steps;
    do {
      live = sim.copy_world().get();
    } while (live.time < steps && std::chrono::steady_clock::now() < deadline);
  }
  ASSERT_EQ(live.time, steps);
  // The moves after the last step (moves is not a multiple of 20) reach the recording as
  // commands stamped at its end; the live world compared is the one they also reached.
  const Recording r = sim.recording().get();
  live = sim.copy_world().get();
  EXPECT_LE(r.commands.size(), SimThread::kMaxRecordedCommands);
  EXPECT_GT(r.start.time, 0);  // the checkpoint is mid-run, not the scene start
  EXPECT_TRUE(r.start.grab().active());
  ASSERT_EQ(r.start.bodies.bodies.size(), 1u);
  const World again = replay(r);
  ASSERT_EQ(again.bodies.bodies.size(), 1u);
  expect_identical(again, live);  // the gas, the body and the grab included
}

// The sandbox's replay of a pinned run (no commands) ends with the hash the determinism test
// and meltbox-cli's --stats report for it.
TEST(Replay, PinnedRunReplaysToItsPinnedHash) {
  const mb::test::PinnedRun& run = mb::test::kPinnedRuns[0];
  Recording r;
  r.start = mb::test::load_pinned(run, MELTBOX_SOURCE_DIR, 1);
  r.end_tick = run.ticks;
  World direct = r.start;
  for (int64_t t = 0; t < run.ticks; ++t) direct.tick();
  const uint64_t replayed = state_hash(replay(r));
  EXPECT_EQ(replayed, state_hash(direct)) << run.scene;
  EXPECT_EQ(replayed, run.hash) << run.scene;
}

}  // namespace mb::engine
