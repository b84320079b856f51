#include <gtest/gtest.h>

#include <random>

#include "engine/replay.hpp"
#include "engine/sim_thread.hpp"
#include "test_scenes.hpp"

namespace mb::engine {

TEST(SimThread, PausedDoesNotTickAndStepRunsExactly) {
  SimThread sim(test::strip_world(), /*paused=*/true);
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(sim.copy_world().get().time, 0);
  sim.push(Step{3});
  for (int i = 0; i < 200 && sim.copy_world().get().time < 3; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(5));
  std::this_thread::sleep_for(std::chrono::milliseconds(50));
  EXPECT_EQ(sim.copy_world().get().time, 3);
  sim.acquire();
  EXPECT_TRUE(sim.frame().paused);
  EXPECT_EQ(sim.frame().snapshot.tick, 3);
}

TEST(SimThread, RunsAtTheTickRate) {
  SimThread sim(test::strip_world(), /*paused=*/false);
  sim.push(SetRate{100.0, 1.0, false});
  std::this_thread::sleep_for(std::chrono::milliseconds(300));
  const int64_t ticks = sim.copy_world().get().time;
  EXPECT_GE(ticks, 10);  // generous: CI machines are busy
  EXPECT_LE(ticks, 40);  // never catches up beyond the rate
}

TEST(SimThread, LoadSceneReplacesTheWorld) {
  SimThread sim(test::strip_world(), /*paused=*/true);
  World empty;
  sim.push(LoadScene{std::make_shared<const World>(empty)});
  EXPECT_EQ(sim.copy_world().get().net.particle_count(), 0);
  // The first frame taken may still be the one published before the load.
  for (int i = 0; i < 500 && (sim.acquire(), sim.frame().scene_serial) != 1; ++i)
    std::this_thread::sleep_for(std::chrono::milliseconds(2));
  EXPECT_EQ(sim.frame().scene_serial, 1);
}

// A storm of commands from one thread while this one reads frames as fast as it can:
// every frame must be self-consistent, and the run must still replay exactly.
TEST(SimThread, CommandStormWithConcurrentReads) {
  SimThread sim(test::strip_world(), /*paused=*/false);
  sim.push(SetRate{60.0, 1.0, /*fast=*/true});
  std::atomic<bool> done{false};
  std::thread storm([&] {
    std::mt19937 rng(7);
    std::uniform_real_distribution<double> pos(-30.0, 30.0);
    for (int i = 0; i < 3000; ++i) {
      switch (rng() % 9) {
        case 0:
          sim.push(GrabBegin{{pos(rng), pos(rng) / 3}, 4.0});
          break;
        case 1:
          sim.push(GrabMove{{pos(rng), pos(rng)}});
          break;
        case 2:
          sim.push(GrabEnd{});
          break;
        case 3:
          sim.push(AddActuator{test::heater_at({pos(rng), -10.0})});
          break;
        case 4:
          sim.push(RemoveActuator{static_cast<int>(rng() % 3)});
          break;
        case 5:
          sim.push(EditActuator{0, test::strip_world().actuators[0]});
          break;
        case 6:
          sim.push(TogglePause{});
          break;
        case 7:
          sim.push(Step{1});
          break;
        default:
          sim.push(SetPaused{false});
          break;
      }
      if (i % 16 == 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
    }
    done = true;
  });
  long frames = 0;
  while (!done) {
    if (!sim.acquire()) continue;
    const Snapshot& s = sim.frame().snapshot;
    const size_t n = s.springs.x.size();
    ASSERT_EQ(s.springs.y.size(), n);
    ASSERT_EQ(s.springs.radius.size(), n);
    ASSERT_EQ(s.springs.state.size(), n);
    ASSERT_EQ(s.springs.spring_a.size(), s.springs.strain.size());
    for (size_t k = 0; k < s.springs.spring_a.size(); ++k) {
      ASSERT_LT(static_cast<size_t>(s.springs.spring_a[k]), n);
      ASSERT_LT(static_cast<size_t>(s.springs.spring_b[k]), n);
    }
    ASSERT_EQ(sim.frame().actuators.size(), s.actuators.size());
    ++frames;
  }
  storm.join();
  EXPECT_GT(frames, 0);
  sim.push(SetPaused{true});
  const World live = sim.copy_world().get();
  const World replayed = replay(sim.recording().get());
  EXPECT_EQ(replayed.time, live.time);
  EXPECT_EQ(replayed.net.x, live.net.x);
  EXPECT_EQ(replayed.net.y, live.net.y);
  EXPECT_EQ(replayed.net.state, live.net.state);
}

}  // namespace mb::engine
