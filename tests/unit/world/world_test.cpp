// World ticks: pushers and heaters with the Spring Simulator's semantics.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>
#include <random>

#include "physics/springs/lattice.hpp"
#include "physics/world/validate.hpp"
#include "physics/world/world.hpp"

namespace {
mb::Actuator square_pusher(mb::Vec2 from, mb::Vec2 to, double side, double speed) {
  mb::Actuator p;
  p.type = mb::ActuatorType::Pusher;
  p.speed = speed;
  p.shape = mb::rectangle_polygon({0.0, 0.0}, {side, side});
  p.path.points = {from, to};
  return p;
}
}  // namespace

TEST(World, ActuatorTickCountFollowsPathAndSpeed) {
  // Length 40 at speed 2: the start tick plus 20 moves. Length 41: 21 moves, the last 1.
  mb::Actuator a = square_pusher({0, 0}, {40, 0}, 10, 2);
  EXPECT_EQ(a.ticks_remaining(), 21);
  a.path.points[1] = {41, 0};
  EXPECT_EQ(a.ticks_remaining(), 22);
}

TEST(World, PathSpeedsMoveEachSegmentAtItsOwnSpeed) {
  // Segments (0,0)-(10,0) at 3 a tick and (10,0)-(20,0) at 1. A move is at the speed of the
  // segment it starts on: 3, 6, 9, then 12 (the move from 9 starts on the first segment),
  // then 13, ..., 20: 4 + 8 moves after the start tick, 13 ticks.
  mb::World world;
  mb::Actuator a = square_pusher({0, 0}, {20, 0}, 1, 1.0);
  a.type = mb::ActuatorType::Heater;
  a.path.points = {{0, 0}, {10, 0}, {20, 0}};
  a.path_speeds = {3.0, 1.0, 7.0};  // the last point's speed: only a cyclic path's closing
  EXPECT_EQ(a.ticks_remaining(), 13);
  EXPECT_EQ(a.speed_at(9.0), 3.0);
  EXPECT_EQ(a.speed_at(10.0), 1.0);  // a segment's end belongs to the next segment
  world.actuators.push_back(a);
  std::vector<double> x;
  while (world.actuators_running()) {
    world.tick();
    x.push_back(world.actuators[0].position().x);
  }
  EXPECT_EQ(x, (std::vector<double>{0, 3, 6, 9, 12, 13, 14, 15, 16, 17, 18, 19, 20}));
  EXPECT_TRUE(mb::validate(world).empty());
  world.actuators[0].path_speeds.pop_back();
  EXPECT_FALSE(mb::validate(world).empty());  // one speed per path point, or none
}

TEST(World, ActuatorTickCountOfAnEndlessPathSaturates) {
  // Found with the world fuzz target (corpus/world/regress-actuator-*): 1e302 or infinite
  // moves were converted to int64 (undefined).
  mb::Actuator a = square_pusher({0, 0}, {1e300, 0}, 10, 1e-4);  // 1e304 moves
  EXPECT_EQ(a.ticks_remaining(), (int64_t{1} << 62) + 1);
  a.speed = 1e300;
  a.path.points[1] = {1e300, 1e300};  // length overflows to infinity
  EXPECT_EQ(a.ticks_remaining(), (int64_t{1} << 62) + 1);
  EXPECT_FALSE(a.finished());
}

TEST(World, PusherMovesAGrippedBlockByExactlyItsPathLength) {
  mb::World world;
  world.net = mb::rectangle_spot({0.0, 0.0}, {21.0, 12.2}, world.settings);  // 4+3+4 particles
  const mb::SpringNetwork start = world.net;
  // A pusher that covers the whole block, moved 10 units right at speed 3 (moves 3,3,3,1).
  world.actuators.push_back(square_pusher({10.5, 6.0}, {20.5, 6.0}, 40.0, 3.0));
  int ticks = 0;
  while (world.actuators_running()) {
    world.tick();
    ++ticks;
  }
  world.finish_run();
  EXPECT_EQ(ticks, 5);
  for (int32_t i = 0; i < world.net.particle_count(); ++i) {
    EXPECT_DOUBLE_EQ(world.net.x[i], start.x[i] + 10.0);
    EXPECT_DOUBLE_EQ(world.net.y[i], start.y[i]);
  }
}

TEST(World, OnePusherDragsTheRestOfAnElasticBlockAlong) {
  // The pusher grips only the left column; the block has no friction, so at equilibrium
  // the whole block has translated by the path length (a rigid motion costs no energy).
  mb::World world;
  world.settings.convergence_limit = 1e-5;
  world.settings.iteration_limit = 20000;
  world.net = mb::rectangle_spot({0.0, 0.0}, {28.0, 24.3}, world.settings);
  const mb::SpringNetwork start = world.net;
  world.actuators.push_back(square_pusher({0.0, 12.0}, {-8.0, 12.0}, 2.0, 2.0));
  world.actuators[0].shape = mb::rectangle_polygon({0.0, 0.0}, {2.0, 30.0});
  while (world.actuators_running()) world.tick();
  world.finish_run();
  ASSERT_GE(world.actuators[0].gripped.size(), 2u);
  for (int32_t i = 0; i < world.net.particle_count(); ++i) {
    EXPECT_NEAR(world.net.x[i], start.x[i] - 8.0, 0.05) << "particle " << i;
    EXPECT_NEAR(world.net.y[i], start.y[i], 0.05) << "particle " << i;
  }
}

TEST(World, TwoPushersStretchABlock) {
  mb::World world;
  world.net = mb::rectangle_spot({0.0, 0.0}, {35.0, 24.3}, world.settings);
  const double width0 = 35.0;
  mb::Actuator left = square_pusher({0.0, 12.0}, {-6.0, 12.0}, 2.0, 2.0);
  left.shape = mb::rectangle_polygon({0.0, 0.0}, {2.0, 30.0});
  mb::Actuator right = left;
  right.path.points = {{35.0, 12.0}, {41.0, 12.0}};
  world.actuators = {left, right};
  while (world.actuators_running()) world.tick();
  world.finish_run();
  double minx = 1e9, maxx = -1e9;
  for (double x : world.net.x) minx = std::min(minx, x), maxx = std::max(maxx, x);
  EXPECT_NEAR(maxx - minx, width0 + 12.0, 1e-9);  // the gripped columns moved 6 each way
  for (const mb::Actuator& a : world.actuators) EXPECT_FALSE(a.enabled);  // disabled at the end
}

TEST(World, HeaterMeltsWhatItCoversAndItFreezesAfterCooldown) {
  mb::World world;
  world.settings.cooldown_time = 3;
  world.net = mb::rectangle_spot({0.0, 0.0}, {70.0, 36.4}, world.settings);
  mb::Actuator heater;
  heater.type = mb::ActuatorType::Heater;
  heater.speed = 1.0;
  heater.path.points = {{35.0, 18.2}, {35.0, 18.2}};  // stays put: one tick
  world.settings.heater_size = 8.0;                   // a disc of diameter 8 at the centre
  world.actuators.push_back(heater);
  const mb::TickStats first = world.tick();
  EXPECT_GT(first.melted, 0);
  int molten = 0;
  for (int32_t i = 0; i < world.net.particle_count(); ++i) {
    const double d = std::hypot(world.net.x[i] - 35.0, world.net.y[i] - 18.2);
    EXPECT_EQ(world.net.state[i] == mb::ParticleState::Molten, d < 4.0) << "particle " << i;
    if (world.net.state[i] == mb::ParticleState::Molten) {
      ++molten;
      EXPECT_DOUBLE_EQ(world.net.radius[i], world.settings.molten_radius);
      EXPECT_EQ(world.net.freeze_tick[i], 3);  // melted at tick 0, cooldown 3
      EXPECT_TRUE(world.net.movable[i]);
    } else {
      EXPECT_FALSE(world.net.movable[i]);  // frozen wax is rigid while a heater is present
    }
  }
  EXPECT_EQ(molten, first.melted);
  // The heater is done; ticks 1 and 2 keep them molten, tick 3 freezes them.
  world.tick();
  world.tick();
  for (int32_t i = 0; i < world.net.particle_count(); ++i) {
    if (world.net.freeze_tick[i] == 3) {
      EXPECT_EQ(world.net.state[i], mb::ParticleState::Molten);
    }
  }
  world.tick();
  for (int32_t i = 0; i < world.net.particle_count(); ++i) {
    EXPECT_EQ(world.net.state[i], mb::ParticleState::Frozen);
    EXPECT_DOUBLE_EQ(world.net.radius[i], world.settings.default_radius);
  }
}

TEST(World, GrabCarriesPickedParticlesSoftlyToTheCursor) {
  mb::World world;
  world.net = mb::rectangle_spot({0.0, 0.0}, {28.0, 24.3}, world.settings);
  ASSERT_EQ(world.grab_begin({14.0, 12.12}, 1.0), 1);
  const int32_t picked = world.grab().particles[0];
  const mb::Vec2 at{world.net.x[picked], world.net.y[picked]};
  world.grab_move({20.0, 12.12});
  world.tick();
  // The first tick is one implicit step of the grab spring (grab_spring.hpp) from rest, the
  // cursor 6 away and moving at 6 / h: v = h (k 6 + c 6 / h) / (1 + c h + k h^2), then h v.
  const double h = world.bodies.settings.tick_seconds, omega = 2.0 * std::numbers::pi * 4.0;
  const double k = omega * omega, c = 2.0 * omega;
  const double v = h * (k * 6.0 + c * 6.0 / h) / (1.0 + c * h + k * h * h);
  ASSERT_LT(v, h * world.grab_settings.max_acceleration);  // the force limit does not bite
  EXPECT_NEAR(world.net.x[picked], at.x + h * v, 1e-12);
  EXPECT_EQ(world.net.y[picked], at.y);
  // Held a second at a still cursor, it has landed there exactly and stays.
  for (int t = 0; t < 60; ++t) world.tick();
  EXPECT_NEAR(world.net.x[picked], at.x + 6.0, 1e-12);
  EXPECT_EQ(world.grab().patch.x, (mb::Vec2{20.0, 12.12}));
  world.grab_end();
  EXPECT_EQ(world.net.state[picked], mb::ParticleState::Frozen);
}

// A copy of a World that has been running goes on exactly as the original would: the engine's
// bounded recording restarts from such a copy and must replay bit for bit. Wild drags make
// several spring pairs cross in one step, where the crossing guard's pair order decides
// which particles roll back: a copy that did not carry the guard's list comes out differently.
TEST(World, ACopyOfARunningWorldGoesOnBitForBitLikeTheOriginal) {
  const auto drag_wildly = [](mb::World& w, uint32_t seed, int ticks) {
    std::mt19937 rng(seed);
    std::uniform_real_distribution<double> pos(-30.0, 30.0);
    for (int t = 0; t < ticks; ++t) {
      switch (rng() % 4) {
        case 0:
          w.grab_begin({pos(rng), pos(rng) / 3.0}, 4.0);
          break;
        case 1:
          w.grab_move({pos(rng), pos(rng)});
          break;
        case 2:
          w.grab_end();
          break;
        default:
          break;
      }
      w.tick();
    }
  };
  mb::World world;
  world.net = mb::rectangle_spot({-30.0, -10.0}, {30.0, 10.0}, world.settings);
  drag_wildly(world, 7, 60);
  for (uint32_t trial = 0; trial < 5; ++trial) {
    mb::World copy = world;
    drag_wildly(world, 100 + trial, 30);
    drag_wildly(copy, 100 + trial, 30);
    ASSERT_EQ(copy.net.x, world.net.x) << "trial " << trial;
    ASSERT_EQ(copy.net.y, world.net.y) << "trial " << trial;
  }
}
