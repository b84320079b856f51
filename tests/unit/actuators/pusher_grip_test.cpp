// A firm grip that may not drag particles through springs: it never lets go, it pushes
// what is in its way, and no two springs ever cross (World::advance_grip, SweepGuard).
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "physics/actuators/edit.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/springs/connectivity.hpp"
#include "physics/springs/lattice.hpp"
#include "physics/world/validate.hpp"
#include "physics/world/world.hpp"
#include "tests/common/original_configs.hpp"

namespace {

const std::string kSource = MELTBOX_SOURCE_DIR;

mb::Vec2 centroid(const mb::SpringNetwork& net) {
  mb::Vec2 sum{0.0, 0.0};
  for (int32_t i = 0; i < net.particle_count(); ++i) sum += mb::Vec2{net.x[i], net.y[i]};
  return sum / static_cast<double>(net.particle_count());
}

struct SeedRun {
  double centroid_dx = 0.0;
  int64_t most_crossings = 0;   // the largest count_crossings at a tick's end
  int64_t final_crossings = 0;  // after finish_run
  bool grip_kept = true;        // every particle caught on the first tick held to the end
  double final_lag = -1.0;
  std::vector<int32_t> caught;  // gripped on the first tick
  mb::SpringNetwork start, end;
};

// The Spring Simulator's pusher file (a 50x10 gripper turned 126 degrees dragging 42 units to the
// left, crossing not allowed) through a radius-100 spot at the origin.
SeedRun run_seed_pusher(const mb::SimulatorSettings& settings, bool crossing_allowed) {
  mb::World world;
  world.settings = settings;
  world.net = mb::circle_spot({0.0, 0.0}, 100.0, settings);
  mb::Warnings warnings;
  world.actuators = mb::load_actuators_xml(kSource + "/assets/pusher.xml", warnings);
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(world.actuators.size(), 1u);
  EXPECT_FALSE(world.actuators[0].spring_crossing_allowed);  // as the Spring Simulator's file says
  EXPECT_TRUE(world.actuators[0].firm_grip);
  world.actuators[0].spring_crossing_allowed = crossing_allowed;
  SeedRun run;
  run.start = world.net;
  while (world.actuators_running()) {
    world.tick();
    if (run.caught.empty()) run.caught = world.actuators[0].gripped;
    run.most_crossings = std::max(run.most_crossings, mb::count_crossings(world.net));
    for (int32_t i : run.caught) run.grip_kept &= world.net.state[i] == mb::ParticleState::Gripped;
    run.grip_kept &= world.actuators[0].gripped == run.caught;
  }
  run.final_lag = world.finish_run().grip_lag;
  run.final_crossings = mb::count_crossings(world.net);
  run.centroid_dx = centroid(world.net).x - centroid(run.start).x;
  run.end = world.net;
  return run;
}

void expect_firm_grip_through_spot(const mb::SimulatorSettings& settings) {
  const SeedRun allowed = run_seed_pusher(settings, true);
  const SeedRun guarded = run_seed_pusher(settings, false);
  ASSERT_GT(guarded.caught.size(), 3u);
  // Both drag the spot to the left; holding on and pushing what is in the way moves it at
  // least nearly as far as tunnelling through the springs does.
  ASSERT_LT(allowed.centroid_dx, 0.0);
  EXPECT_GE(-guarded.centroid_dx, 0.8 * -allowed.centroid_dx)
      << "allowed " << allowed.centroid_dx << " guarded " << guarded.centroid_dx;
  EXPECT_EQ(guarded.most_crossings, 0);
  EXPECT_EQ(guarded.final_crossings, 0);
  EXPECT_TRUE(guarded.grip_kept);
  // Everything in the way may move (no heater), so nothing is owed: every caught particle
  // went the whole path, (-36,-20) -> (-78,-20).
  EXPECT_EQ(guarded.final_lag, 0.0);
  for (int32_t i : guarded.caught) {
    EXPECT_NEAR(guarded.end.x[i] - guarded.start.x[i], -42.0, 1e-9) << "particle " << i;
    EXPECT_NEAR(guarded.end.y[i] - guarded.start.y[i], 0.0, 1e-9) << "particle " << i;
  }
}

}  // namespace

TEST(PusherGrip, SeedPusherKeepsItsGripWithDefaultSettings) {
  expect_firm_grip_through_spot(mb::SimulatorSettings{});
}

// The original's "best" preset, read from shared/original-configs beside the checkout.
TEST(PusherGrip, SeedPusherKeepsItsGripWithTheBestSettings) {
  ASSERT_TRUE(mb::testing::original_configs_present());
  mb::Warnings warnings;
  expect_firm_grip_through_spot(
      mb::load_settings(mb::testing::original_config("spring5.5_ticks20_spot20.cfg"), warnings));
}

TEST(PusherGrip, SameInputsGiveTheSameBits) {
  const SeedRun a = run_seed_pusher(mb::SimulatorSettings{}, false);
  const SeedRun b = run_seed_pusher(mb::SimulatorSettings{}, false);
  EXPECT_EQ(a.end.x, b.end.x);
  EXPECT_EQ(a.end.y, b.end.y);
}

namespace {

// G (gripped) at the origin, joined to a free particle H 7 to its right; a free spring
// A-B stands across G's way 5 to its left (A and B 7 apart: at rest, so nothing in the
// spring network pushes them). The pusher drags G 10 to the left at 2 a tick.
struct Crossroads {
  mb::World world;
  int32_t g = 0, h = 0, a = 0, b = 0;
};

Crossroads crossroads() {
  Crossroads c;
  mb::SpringNetwork& net = c.world.net;
  const mb::SimulatorSettings& s = c.world.settings;
  c.g = net.add_particle(0.0, 0.0, s.default_radius);
  c.h = net.add_particle(7.0, 0.0, s.default_radius);
  c.a = net.add_particle(-5.0, -3.5, s.default_radius);
  c.b = net.add_particle(-5.0, 3.5, s.default_radius);
  net.add_spring(c.g, c.h, s.default_length, s.default_stiffness);
  net.add_spring(c.a, c.b, s.default_length, s.default_stiffness);
  mb::Actuator pusher;
  pusher.type = mb::ActuatorType::Pusher;
  pusher.speed = 2.0;
  pusher.shape = mb::rectangle_polygon({0.0, 0.0}, {2.0, 2.0});  // covers G only
  pusher.path.points = {{0.0, 0.0}, {-10.0, 0.0}};
  c.world.actuators.push_back(pusher);
  return c;
}

}  // namespace

TEST(PusherGrip, GripPushesAFreeSpringOutOfItsWay) {
  Crossroads c = crossroads();
  mb::World& world = c.world;
  int pushed = 0;
  while (world.actuators_running()) {
    pushed += world.tick().pushed;
    EXPECT_EQ(mb::count_crossings(world.net), 0) << "tick " << world.time;
    EXPECT_EQ(world.net.state[c.g], mb::ParticleState::Gripped);
  }
  EXPECT_EQ(world.finish_run().grip_lag, 0.0);
  EXPECT_GT(pushed, 0);
  // G reached x = -5 after 5 units and pushed A-B along the step for the other 5: G ends
  // where the path does, with A-B just ahead of it (within the 2^-20 of a step at which
  // the contact is found), upright as it was.
  const mb::SpringNetwork& net = world.net;
  EXPECT_NEAR(net.x[c.g], -10.0, 1e-9);
  EXPECT_NEAR(net.y[c.g], 0.0, 1e-12);
  for (int32_t p : {c.a, c.b}) {
    EXPECT_LE(net.x[p], net.x[c.g]);
    EXPECT_NEAR(net.x[p], -10.0, 1e-5);
  }
  EXPECT_NEAR(net.y[c.a], -3.5, 1e-9);
  EXPECT_NEAR(net.y[c.b], 3.5, 1e-9);
  EXPECT_EQ(mb::count_crossings(net), 0);
}

TEST(PusherGrip, GripStopsShortOfWhatMayNotMoveAndOwesTheRest) {
  Crossroads c = crossroads();
  mb::World& world = c.world;
  world.net.movable[c.a] = world.net.movable[c.b] = 0;  // A-B is fixed
  double lag = 0.0;
  while (world.actuators_running()) {
    lag = world.tick().grip_lag;
    EXPECT_EQ(mb::count_crossings(world.net), 0) << "tick " << world.time;
    EXPECT_EQ(world.net.state[c.g], mb::ParticleState::Gripped);  // held, not let go
  }
  // G stopped just short of A-B at x = -5 and owes the other 5.
  EXPECT_GT(world.net.x[c.g], -5.0);
  EXPECT_NEAR(world.net.x[c.g], -5.0, 1e-5);
  EXPECT_NEAR(lag, 5.0, 1e-5);
  EXPECT_DOUBLE_EQ(world.actuators[0].grip_lag.x, -lag);
  // When the way opens, the grip catches up: the end of the run settles what is owed.
  world.net.movable[c.a] = world.net.movable[c.b] = 1;
  EXPECT_EQ(world.finish_run().grip_lag, 0.0);
  EXPECT_NEAR(world.net.x[c.g], -10.0, 1e-9);
  EXPECT_LE(world.net.x[c.a], world.net.x[c.g]);
  EXPECT_EQ(mb::count_crossings(world.net), 0);
}

TEST(PusherGrip, GripBlockedByAnotherGripTriesAgainWhenThatOneMovesOn) {
  // A second pusher holds A-B and, acting after the first, carries it 10 to the left on
  // tick 1, while the first wants G 6 to the left: G stops short of the held A-B at
  // x = -5 (a grip may not be pushed), then the retry after the relaxation finds the way
  // clear and takes G the rest of the way within the same tick.
  Crossroads c = crossroads();
  mb::World& world = c.world;
  world.actuators[0].speed = 6.0;
  world.actuators[0].path.points = {{0.0, 0.0}, {-12.0, 0.0}};
  mb::Actuator carrier = world.actuators[0];
  carrier.speed = 10.0;
  carrier.shape = mb::rectangle_polygon({0.0, 0.0}, {2.0, 10.0});  // covers A and B only
  carrier.path.points = {{-5.0, 0.0}, {-25.0, 0.0}};
  world.actuators.push_back(carrier);
  world.tick();  // both catch what they cover
  ASSERT_EQ(world.actuators[1].gripped.size(), 2u);
  const mb::TickStats first_move = world.tick();
  EXPECT_EQ(first_move.pushed, 0);
  EXPECT_EQ(first_move.grip_lag, 0.0);
  EXPECT_NEAR(world.net.x[c.g], -6.0, 1e-9);
  EXPECT_EQ(world.net.x[c.a], -15.0);
  EXPECT_EQ(mb::count_crossings(world.net), 0);
}

TEST(PusherGrip, WhatCannotBeSettledIsReportedAtTheEnd) {
  Crossroads c = crossroads();
  mb::World& world = c.world;
  world.net.movable[c.a] = world.net.movable[c.b] = 0;
  while (world.actuators_running()) world.tick();
  EXPECT_NEAR(world.finish_run().grip_lag, 5.0, 1e-5);
  EXPECT_EQ(world.actuators[0].grip_lag, (mb::Vec2{0.0, 0.0}));  // given up: the run is over
  EXPECT_NEAR(world.net.x[c.g], -5.0, 1e-5);
  EXPECT_EQ(mb::count_crossings(world.net), 0);
}

TEST(PusherGrip, LooseGripOwesNothingAndLetsGoOfWhatItLeavesBehind) {
  Crossroads c = crossroads();
  mb::World& world = c.world;
  world.net.movable[c.a] = world.net.movable[c.b] = 0;
  world.actuators[0].firm_grip = false;
  world.actuators[0].path.points = {{0.0, 0.0}, {-20.0, 0.0}};
  while (world.actuators_running()) {
    EXPECT_EQ(world.tick().grip_lag, 0.0);  // a loose grip catches afresh each tick
    EXPECT_EQ(mb::count_crossings(world.net), 0);
  }
  // G is stuck at A-B; the 2x2 shape went on to x = -20 and no longer covers it.
  EXPECT_NEAR(world.net.x[c.g], -5.0, 1e-5);
  EXPECT_TRUE(world.actuators[0].gripped.empty());
  EXPECT_EQ(world.net.state[c.g], mb::ParticleState::Frozen);
}

TEST(PusherGrip, FinalReleaseLetsGoOnlyAtTheEnd) {
  for (bool release : {false, true}) {
    Crossroads c = crossroads();
    mb::World& world = c.world;
    world.actuators[0].final_release = release;
    while (world.actuators_running()) world.tick();
    EXPECT_EQ(world.net.state[c.g], mb::ParticleState::Gripped);
    EXPECT_NEAR(world.net.x[c.g], -10.0, 1e-9);
    world.finish_run();
    EXPECT_EQ(world.net.state[c.g],
              release ? mb::ParticleState::Frozen : mb::ParticleState::Gripped);
    EXPECT_EQ(world.actuators[0].gripped.empty(), release);
    // Held, it stays at the end of the path; let go, the final relaxation lets H pull it.
    if (release) {
      EXPECT_GT(world.net.x[c.g], -10.0);
    } else {
      EXPECT_NEAR(world.net.x[c.g], -10.0, 1e-9);
    }
  }
}

TEST(PusherGrip, CrossingAllowedDragsStraightThrough) {
  Crossroads c = crossroads();
  mb::World& world = c.world;
  world.actuators[0].spring_crossing_allowed = true;
  int pushed = 0;
  while (world.actuators_running()) pushed += world.tick().pushed;
  world.finish_run();
  EXPECT_EQ(pushed, 0);
  EXPECT_EQ(world.net.x[c.g], -10.0);
  EXPECT_EQ(world.net.x[c.a], -5.0);  // A-B never moved: G went through it
  EXPECT_EQ(mb::count_crossings(world.net), 1);
}

TEST(PusherGrip, NothingInTheWayMovesAsCrossingAllowedDoes) {
  // Two grips pull a block apart: their springs only stretch, so nothing is ever in the
  // way and both rules give the same bits, firm grip or not.
  for (bool firm : {true, false}) {
    mb::World worlds[2];
    for (int k = 0; k < 2; ++k) {
      mb::World& world = worlds[k];
      world.net = mb::rectangle_spot({0.0, 0.0}, {35.0, 24.3}, world.settings);
      mb::Actuator left;
      left.type = mb::ActuatorType::Pusher;
      left.firm_grip = firm;
      left.spring_crossing_allowed = k == 1;
      left.shape = mb::rectangle_polygon({0.0, 0.0}, {2.0, 30.0});
      left.path.points = {{0.0, 12.0}, {-6.0, 12.0}};
      mb::Actuator right = left;
      right.path.points = {{35.0, 12.0}, {41.0, 12.0}};
      world.actuators = {left, right};
      int pushed = 0;
      while (world.actuators_running()) pushed += world.tick().pushed;
      world.finish_run();
      EXPECT_EQ(pushed, 0);
    }
    EXPECT_EQ(worlds[0].net.x, worlds[1].net.x) << "firm " << firm;
    EXPECT_EQ(worlds[0].net.y, worlds[1].net.y) << "firm " << firm;
    EXPECT_EQ(mb::count_crossings(worlds[0].net), 0);
  }
}

TEST(PusherGrip, StillPusherHoldsWhatItCaughtForTheWholeRun) {
  // The original's rule, which its users' scripts rely on: an actuator slower than 1e-5
  // stands at its path's first point; it grips on its first tick and keeps the grip until
  // the run ends, however long another actuator runs.
  mb::World world;
  world.net = mb::rectangle_spot({0.0, 0.0}, {35.0, 24.3}, world.settings);
  const mb::SpringNetwork start = world.net;
  mb::Actuator still;
  still.type = mb::ActuatorType::Pusher;
  still.speed = 0.0;
  still.shape = mb::rectangle_polygon({0.0, 0.0}, {2.0, 30.0});
  still.path.points = {{0.0, 12.0}, {-60.0, 12.0}};  // never travelled
  mb::Actuator puller = still;
  puller.speed = 1.0;
  puller.path.points = {{35.0, 12.0}, {45.0, 12.0}};
  mb::Actuator crawler = still;
  crawler.speed = 0.9e-5;  // below kStillSpeed: as still as speed 0
  EXPECT_EQ(still.ticks_remaining(), 1);
  EXPECT_EQ(crawler.ticks_remaining(), 1);
  EXPECT_EQ(puller.ticks_remaining(), 11);  // one at the start, then 10 moves of 1
  world.actuators = {still, puller};
  int ticks = 0;
  while (world.actuators_running()) {
    world.tick();
    ++ticks;
  }
  world.finish_run();
  EXPECT_EQ(ticks, 11);
  const std::vector<int32_t>& held = world.actuators[0].gripped;
  ASSERT_GE(held.size(), 3u);
  for (int32_t i : held) {
    EXPECT_EQ(world.net.x[i], start.x[i]) << i;
    EXPECT_EQ(world.net.y[i], start.y[i]) << i;
  }
  EXPECT_EQ(world.actuators[0].position(), (mb::Vec2{0.0, 12.0}));
  // The puller's grip went the whole path: 10 units to the right.
  ASSERT_FALSE(world.actuators[1].gripped.empty());
  for (int32_t i : world.actuators[1].gripped)
    EXPECT_NEAR(world.net.x[i] - start.x[i], 10.0, 1e-9) << i;
}

namespace {

// A still pusher that re-catches every tick (firm grip off): a 40x40 square about the origin
// over a radius-60 spot.
mb::Actuator still_square_pusher() {
  mb::Actuator pusher;
  pusher.type = mb::ActuatorType::Pusher;
  pusher.speed = 0.0;
  pusher.firm_grip = false;
  pusher.spring_crossing_allowed = true;
  pusher.shape = {{-20.0, -20.0}, {20.0, -20.0}, {20.0, 20.0}, {-20.0, 20.0}};
  pusher.path.points = {{0.0, 0.0}};
  return pusher;
}

// Every particle listed by two grips (actuators and the mouse), and the count of grips.
int grips_sharing_a_particle(const mb::World& world) {
  std::vector<int> holders(static_cast<size_t>(world.net.particle_count()), 0);
  int shared = 0;
  const auto count = [&](const std::vector<int32_t>& held) {
    for (int32_t i : held) shared += ++holders[static_cast<size_t>(i)] == 2;
  };
  for (const mb::Actuator& a : world.actuators) count(a.gripped);
  count(world.grab().particles);
  return shared;
}

}  // namespace

// The mouse holds particles inside a pusher's shape before the pusher's tick: the pusher
// catches the rest of what it covers, and when the mouse lets go, no grip still lists a
// particle that is no longer Gripped (the relaxation would move it under the pusher).
TEST(PusherGrip, AParticleHasOneHolderSoLettingGoStrandsNoOtherGrip) {
  mb::World world;
  world.net = mb::circle_spot({0.0, 0.0}, 60.0, world.settings);
  world.actuators.push_back(still_square_pusher());
  const std::vector<int32_t> covered =
      mb::particles_inside(world.net, world.actuators[0].placed_shape(world.settings.heater_size));
  ASSERT_GT(covered.size(), 10u);
  const int mouse = world.grab_begin({0.0, 0.0}, 8.0);
  ASSERT_GT(mouse, 0);
  world.tick();
  EXPECT_EQ(grips_sharing_a_particle(world), 0);
  // What the pusher covers is held by the pusher or the mouse, nothing twice.
  EXPECT_EQ(world.actuators[0].gripped.size() + world.grab().particles.size(), covered.size());
  world.grab_end();
  EXPECT_EQ(mb::validate(world), std::vector<std::string>{});
  // Its next tick the pusher (firm grip off) catches what the mouse let go of.
  world.tick();
  EXPECT_EQ(world.actuators[0].gripped.size(), covered.size());

  // Two pushers over the same square: the first catches it all, the second nothing; taking
  // the first away leaves a valid world, and the second catches the square on its next tick.
  mb::World two;
  two.net = mb::circle_spot({0.0, 0.0}, 60.0, two.settings);
  two.actuators = {still_square_pusher(), still_square_pusher()};
  two.tick();
  EXPECT_EQ(two.actuators[0].gripped.size(), covered.size());
  EXPECT_TRUE(two.actuators[1].gripped.empty());
  ASSERT_NO_THROW(mb::remove_actuator(two.net, two.actuators, 0));
  EXPECT_EQ(mb::validate(two), std::vector<std::string>{});
  two.tick();
  EXPECT_EQ(two.actuators[0].gripped.size(), covered.size());
}
