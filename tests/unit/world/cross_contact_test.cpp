// The kinds of matter in one World meet one another (contact_views.hpp, world.hpp steps
// 4, 6, 7). Expected values from geometry and conservation: a disc never ends a tick inside
// a particle's or a point's contact circle; gas + bodies keep their total momentum with
// the walls out of reach; a body dropped on frozen wax rests on its top surface; molten wax
// yields under it; a body thrown at the largest speed the UI gives does not pass through a
// wall of frozen particles; the same world run twice is the same bit for bit, also when one
// run's cross contacts are timed.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

#include "physics/gas/generator.hpp"
#include "physics/peri/body.hpp"
#include "physics/springs/lattice.hpp"
#include "physics/world/contact_views.hpp"
#include "physics/world/world.hpp"

namespace mb {
namespace {

PeriBodySpec soft_body(PeriShapeKind kind, Vec2 at, Vec2 velocity) {
  PeriBodySpec s;
  s.shape.kind = kind;
  s.shape.radius = 10.0;
  s.shape.width = 30.0, s.shape.height = 10.0;
  s.spacing = 2.0;
  s.position = at;
  s.velocity = velocity;
  s.material = preset_material(PeriPreset::NeoHookean, 5.0e4, 0.3, 1.0);
  return s;
}

// A heater far off: every particle that is not molten is immovable (World step 5).
void add_far_heater(World& world) {
  Actuator heater;
  heater.type = ActuatorType::Heater;
  heater.path.points = {{900.0, 900.0}};
  world.actuators.push_back(heater);
}

// The smallest gap between a disc's circle and any particle's or body point's contact
// circle (negative: an overlap).
double smallest_gap(const World& w) {
  double gap = INFINITY;
  for (int32_t d = 0; d < w.gas.size(); ++d) {
    const Vec2 c{w.gas.x[d], w.gas.y[d]};
    for (int32_t i = 0; i < w.net.particle_count(); ++i)
      gap = std::min(gap, glm::length(c - Vec2{w.net.x[i], w.net.y[i]}) - w.gas.radius[d] -
                              particle_contact_radius(w.net, w.settings, i));
    for (const PeriBody& b : w.bodies.bodies)
      for (int32_t i = 0; i < b.size(); ++i)
        gap = std::min(gap,
                       glm::length(c - Vec2{b.x[i], b.y[i]}) - w.gas.radius[d] - b.point_radius());
  }
  return gap;
}

TEST(CrossContacts, ADiscNeverEndsATickInsideAParticleOrABodyPoint) {
  World world;
  world.box = {{-150.0, -150.0}, {150.0, 150.0}};
  world.net = circle_spot({0.0, 0.0}, 30.0, world.settings);
  world.bodies.settings.gravity = {0.0, 0.0};
  world.bodies.add(build_body(soft_body(PeriShapeKind::Circle, {90.0, 0.0}, {-150.0, 0.0})));
  // Hot discs above and below the matter (kT 2000: about 45 units/s), none overlapping it.
  gas::GeneratorSpec g;
  g.count = 150, g.radius_min = 1.5, g.radius_max = 2.5, g.temperature = 2000.0, g.seed = 7;
  gas::generate(world.gas, {{-150.0, 50.0}, {150.0, 150.0}}, g);
  g.seed = 8;
  gas::generate(world.gas, {{-150.0, -150.0}, {150.0, -50.0}}, g);
  ASSERT_GT(smallest_gap(world), 0.0);
  int64_t disc_particle = 0, disc_point = 0, point_particle = 0;
  for (int t = 0; t < 180; ++t) {
    const TickStats s = world.tick();
    disc_particle += s.disc_particle, disc_point += s.disc_point;
    point_particle += s.point_particle;
    ASSERT_EQ(world.gas.last_step().squeezed, 0) << "tick " << t;
    ASSERT_GT(smallest_gap(world), -1e-9) << "tick " << t;
  }
  EXPECT_GT(disc_particle, 0);
  EXPECT_GT(disc_point, 0);
  EXPECT_GT(point_particle, 0);  // the body ran into the spot
}

Vec2 momentum_of_bodies(const World& w) {
  Vec2 p{0.0, 0.0};
  for (const PeriBody& b : w.bodies.bodies)
    for (int32_t i = 0; i < b.size(); ++i) p += b.model->mass[i] * Vec2{b.vx[i], b.vy[i]};
  return p;
}

Vec2 momentum(const World& w) {
  Vec2 p = momentum_of_bodies(w);
  for (int32_t d = 0; d < w.gas.size(); ++d) p += w.gas.mass[d] * Vec2{w.gas.vx[d], w.gas.vy[d]};
  return p;
}

// Velocity of the body's centre of mass.
Vec2 mean_velocity(const PeriBody& b) {
  Vec2 p{0.0, 0.0};
  double m = 0.0;
  for (int32_t i = 0; i < b.size(); ++i)
    p += b.model->mass[i] * Vec2{b.vx[i], b.vy[i]}, m += b.model->mass[i];
  return p / m;
}

TEST(CrossContacts, GasAndBodiesKeepTheirTotalMomentumWithTheWallsOutOfReach) {
  World world;  // the box is 2000 wide: nothing reaches a wall in this run
  world.bodies.settings.gravity = {0.0, 0.0};
  world.bodies.settings.damping = 0.0;
  world.bodies.add(build_body(soft_body(PeriShapeKind::Circle, {-40.0, 0.0}, {60.0, 0.0})));
  gas::GeneratorSpec g;
  g.count = 250, g.radius_min = 1.5, g.radius_max = 2.5, g.mass = 3.0, g.temperature = 3000.0;
  gas::generate(world.gas, {{-25.0, -60.0}, {125.0, 60.0}}, g);
  const Vec2 before = momentum(world);
  const Vec2 body_before = momentum_of_bodies(world);
  int64_t hits = 0;
  for (int t = 0; t < 90; ++t) hits += world.tick().disc_point;
  ASSERT_GT(hits, 10);  // the body ploughed through the gas
  ASSERT_EQ(world.gas.total_wall_hits(), 0);
  const Vec2 after = momentum(world);
  const double scale = glm::length(body_before);  // about 1.9e4
  // The exchange is far above the tolerance: the test would see a lost impulse.
  ASSERT_GT(glm::length(momentum_of_bodies(world) - body_before), 1e-4 * scale);
  EXPECT_NEAR(after.x, before.x, 1e-10 * scale);
  EXPECT_NEAR(after.y, before.y, 1e-10 * scale);
}

double lowest_point(const PeriBody& b) {  // largest y, plus the point radius
  return *std::max_element(b.y.begin(), b.y.end()) + b.point_radius();
}

// Drops a 30 x 10 body from 30 units above the top of a flat spot (y-down: the top is
// min y) and lets it settle for three seconds.
struct Drop {
  World world;
  double surface = 0.0;  // the spot's top contact surface before the drop
  // The least and the most the body's lowest point sank below that surface over the last
  // second (it still rocks and rings a little after landing).
  double least_sunk = INFINITY, most_sunk = -INFINITY;
};
Drop drop_on_spot(bool molten_top) {
  Drop d;
  World& w = d.world;
  w.inelastic = true;
  if (molten_top) {
    // A heater over the top centre melts a patch once; it stays molten for good.
    w.settings.cooldown_time = 1e9;
    w.settings.heater_size = 40.0;
    Actuator heater;
    heater.type = ActuatorType::Heater;
    heater.path.points = {{0.0, -20.0}};
    w.actuators.push_back(heater);
  } else {
    add_far_heater(w);
  }
  w.net = rectangle_spot({-60.0, -20.0}, {60.0, 20.0}, w.settings);
  double top = INFINITY;
  for (int32_t i = 0; i < w.net.particle_count(); ++i) top = std::min(top, w.net.y[i]);
  d.surface = top - (w.settings.default_radius + 0.5 * w.settings.default_length);
  w.bodies.add(build_body(soft_body(PeriShapeKind::Rectangle, {0.0, d.surface - 35.0}, {})));
  for (int t = 0; t < 180; ++t) {
    w.tick();
    if (t < 120) continue;
    const double sunk = lowest_point(w.bodies.bodies[0]) - d.surface;
    d.least_sunk = std::min(d.least_sunk, sunk), d.most_sunk = std::max(d.most_sunk, sunk);
  }
  return d;
}

TEST(CrossContacts, ABodyDroppedOnFrozenWaxComesToRestOnItsTop) {
  const Drop d = drop_on_spot(false);
  const PeriBody& b = d.world.bodies.bodies[0];
  // Its lowest point sinks at most 1.7 into the dips between the top particles' contact
  // circles (radius 1 between circles of 3.5 seven apart: 4.5 - sqrt(4.5^2 - 3.5^2)).
  EXPECT_NEAR(lowest_point(b), d.surface, b.spec().spacing);
  // At rest as a whole (it landed at about 110 units/s; it still rings inside, lightly
  // damped).
  EXPECT_LT(glm::length(mean_velocity(b)), 2.0);
}

TEST(CrossContacts, MoltenWaxIsDentedByABodyWhereFrozenWaxHoldsIt) {
  const Drop frozen = drop_on_spot(false), molten = drop_on_spot(true);
  // The molten top (radius 2: its surface is one unit higher) gives way by more than a
  // spring's rest gap under the body all through the last second; the frozen one does not
  // give at all: the body's lowest point never sinks deeper than the dips between the top
  // particles' contact circles (radius 1 between circles of 3.5 seven apart:
  // 4.5 - sqrt(4.5^2 - 3.5^2) = 1.67). At one instant it may sit anywhere in [least, most]:
  // the body still rocks by about a spacing (0.6 to 1.4 here), so no single instant is
  // checked against a tighter bound.
  std::printf("frozen: sank %.3f to %.3f over the last second; molten: %.3f to %.3f\n",
              frozen.least_sunk, frozen.most_sunk, molten.least_sunk, molten.most_sunk);
  EXPECT_GT(molten.least_sunk, molten.world.settings.default_length);
  EXPECT_LT(frozen.most_sunk, 4.5 - std::sqrt(4.5 * 4.5 - 3.5 * 3.5));
  EXPECT_GT(molten.least_sunk, frozen.most_sunk);
}

TEST(CrossContacts, ABodyThrownAtTwoThousandUnitsASecondDoesNotPassThroughFrozenWax) {
  World world;
  add_far_heater(world);
  world.bodies.settings.gravity = {0.0, 0.0};
  world.net = rectangle_spot({-60.0, 0.0}, {60.0, 8.0}, world.settings);  // a thin wall
  world.bodies.add(build_body(soft_body(PeriShapeKind::Circle, {0.0, -60.0}, {0.0, 2000.0})));
  double wall_top = INFINITY;
  for (int32_t i = 0; i < world.net.particle_count(); ++i)
    wall_top = std::min(wall_top, world.net.y[i]);
  for (int t = 0; t < 30; ++t) {
    world.tick();
    const PeriBody& b = world.bodies.bodies[0];
    ASSERT_LT(lowest_point(b), wall_top) << "tick " << t;
  }
}

// Throws the one-world body (radius 24, spacing 3, E 3e5) straight down at a frozen
// radius-50 spot at 500 and 1,000 units/s, on the spot's top and 30 to either side: the
// throws that inverted a surface point before the contact skin (det F down to -0.135;
// docs/bodies.md, "Contact skin"). No point may invert.
TEST(CrossContacts, AHardThrowAtFrozenWaxInvertsNoPoint) {
  double lowest = INFINITY;
  for (double aim : {-30.0, 0.0, 30.0})
    for (double speed : {500.0, 1000.0}) {
      World w;
      w.inelastic = true;
      add_far_heater(w);
      w.box = {{-200.0, -200.0}, {200.0, 200.0}};
      w.net = circle_spot({0.0, 60.0}, 50.0, w.settings);
      PeriBodySpec s;
      s.shape.radius = 24.0;
      s.spacing = 3.0;
      s.material = preset_material(PeriPreset::NeoHookean, 3.0e5, 0.35, 1.0);
      s.material.viscosity = 0.005;
      s.position = {aim, -76.0};  // 60 above the aim point, one radius over the spot's top
      s.velocity = {0.0, speed};
      w.bodies.add(build_body(s));
      for (int t = 0; t < 60; ++t) {
        w.tick();
        lowest = std::min(lowest, w.bodies.stats().min_det_f);
      }
    }
  std::printf("lowest det F over the throws %.3f\n", lowest);
  EXPECT_GT(lowest, 0.0);
}

TEST(CrossContacts, AMixedWorldRunsTheSameBitForBitTwiceAndTimingItChangesNothing) {
  World a;
  a.box = {{-120.0, -120.0}, {120.0, 120.0}};
  a.inelastic = true;
  a.net = circle_spot({0.0, 30.0}, 25.0, a.settings);
  Actuator heater;
  heater.type = ActuatorType::Heater;
  heater.path.points = {{-40.0, 30.0}, {40.0, 30.0}};
  a.actuators.push_back(heater);
  a.bodies.add(build_body(soft_body(PeriShapeKind::Circle, {0.0, -40.0}, {0.0, 50.0})));
  gas::GeneratorSpec g;
  g.count = 200, g.radius_min = 1.5, g.radius_max = 2.0, g.temperature = 2000.0;
  gas::generate(a.gas, {{-120.0, -120.0}, {120.0, -60.0}}, g);
  World b = a;
  // b also times its cross contacts (the benchmark's clocks): that must change nothing.
  b.debug.time_cross_contacts = true;
  double timed = 0.0;
  for (int t = 0; t < 60; ++t) {
    a.tick();
    EXPECT_EQ(a.profile().cross, 0.0);
    b.tick();
    timed += b.profile().cross;
    // The parts lie within the whole tick (the profile is always collected).
    const TickProfile& p = b.profile();
    EXPECT_GT(p.network, 0.0);
    EXPECT_GT(p.bodies, 0.0);
    EXPECT_GT(p.gas, 0.0);
    EXPECT_LE(p.network + p.bodies + p.gas, p.tick);
    EXPECT_LE(p.cross, p.tick);
  }
  EXPECT_GT(timed, 0.0);
  EXPECT_EQ(a.net.x, b.net.x);
  EXPECT_EQ(a.gas.x, b.gas.x);
  EXPECT_EQ(a.gas.vy, b.gas.vy);
  EXPECT_EQ(a.bodies.bodies[0].x, b.bodies.bodies[0].x);
  EXPECT_EQ(a.bodies.bodies[0].vy, b.bodies.bodies[0].vy);
}

}  // namespace
}  // namespace mb
