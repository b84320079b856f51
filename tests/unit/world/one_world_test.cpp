// The one-world demo (assets/one_world.xml with configs/one_world.cfg): generated gas never
// starts inside the wax or the body (gas::move_out_of), and in its first seconds every pair
// of kinds meets: discs with particles and with body points, the body with the spot.
#include <gtest/gtest.h>

#include <cmath>

#include "physics/gas/generator.hpp"
#include "physics/io/input_files.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/world/contact_views.hpp"
#include "physics/world/world.hpp"

namespace mb {
namespace {

const std::string kRoot = std::string(MELTBOX_SOURCE_DIR) + "/";

World one_world() {
  Warnings warnings;
  const SimulatorSettings settings = load_settings(kRoot + "configs/one_world.cfg", warnings);
  const std::string path = kRoot + "assets/one_world.xml";
  World w = world_from_scene(load_scene_xml(path), settings, path);
  w.inelastic = true;  // as the sandbox and meltbox-cli -w run it
  return w;
}

TEST(OneWorld, NoGeneratedDiscStartsInsideTheWaxOrTheBody) {
  const World w = one_world();
  ASSERT_EQ(w.gas.size(), 700);
  ASSERT_GT(w.net.particle_count(), 100);
  ASSERT_EQ(w.bodies.bodies.size(), 1u);
  // The generator fills the whole box, matter included; none may be left inside it.
  for (int32_t d = 0; d < w.gas.size(); ++d) {
    const Vec2 c{w.gas.x[d], w.gas.y[d]};
    for (int32_t i = 0; i < w.net.particle_count(); ++i)
      ASSERT_GE(glm::length(c - Vec2{w.net.x[i], w.net.y[i]}),
                w.gas.radius[d] + particle_contact_radius(w.net, w.settings, i))
          << "disc " << d;
    const PeriBody& b = w.bodies.bodies[0];
    for (int32_t i = 0; i < b.size(); ++i)
      ASSERT_GE(glm::length(c - Vec2{b.x[i], b.y[i]}), w.gas.radius[d] + b.point_radius())
          << "disc " << d;
  }
}

TEST(OneWorld, EveryPairOfKindsMeetsInTheFirstThreeSeconds) {
  World w = one_world();
  int64_t disc_particle = 0, disc_point = 0, point_particle = 0;
  for (int t = 0; t < 180; ++t) {
    const TickStats s = w.tick();
    disc_particle += s.disc_particle, disc_point += s.disc_point;
    point_particle += s.point_particle;
  }
  EXPECT_GT(disc_particle, 0);
  EXPECT_GT(disc_point, 0);
  EXPECT_GT(point_particle, 0);  // the body landed on the spot (it starts 100 units above)
  double lowest = -INFINITY, top = INFINITY;
  for (double y : w.bodies.bodies[0].y) lowest = std::max(lowest, y);
  for (double y : w.net.y) top = std::min(top, y);
  EXPECT_LT(lowest, top);  // resting on it, not through it
}

// The gas's fast discs (gas/fast_discs.cpp) change which pairs its broad phase reads, never
// what meets: with the wax, the body and the heater in the box as well, the world runs the
// same bit for bit with one velocity bound for all discs. The demo's gas is grown to 2,100
// discs (the split needs 2,048) and 30 of them are thrown at 3,000 units/s.
TEST(OneWorld, TheGasFindingItsFastDiscsApartChangesNoBitOfTheWorld) {
  World split = one_world();
  gas::GeneratorSpec more;
  more.count = 1400, more.radius_min = more.radius_max = 1.5, more.temperature = 300.0;
  more.seed = 31;
  gas::generate(split.gas, split.box, more);
  ContactView matter;
  add_particles(matter, split.net, split.settings, {}, {}, 0.0);
  std::vector<double> bx, by;
  body_positions(split.bodies, bx, by);
  add_body_points(matter, split.bodies, bx, by, 1.0);
  gas::move_out_of(split.gas, split.box, 700, matter, 6);
  for (int i = 0; i < 30; ++i) {
    const size_t k = 700 + static_cast<size_t>(i) * 43;
    split.gas.vx[k] = 3000.0 * std::cos(2.1 * i), split.gas.vy[k] = 3000.0 * std::sin(2.1 * i);
  }
  World one = split;
  one.gas.settings.split_fast_discs = false;
  int64_t pairs_split = 0, pairs_one = 0, disc_point = 0, disc_particle = 0;
#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
  const int ticks = 20;
#else
  const int ticks = 90;
#endif
  for (int t = 0; t < ticks; ++t) {
    const TickStats a = split.tick(), b = one.tick();
    pairs_split += split.gas.last_step().candidate_pairs;
    pairs_one += one.gas.last_step().candidate_pairs;
    EXPECT_EQ(a.disc_point, b.disc_point) << "tick " << t;
    EXPECT_EQ(a.disc_particle, b.disc_particle) << "tick " << t;
    disc_point += a.disc_point, disc_particle += a.disc_particle;
  }
  EXPECT_EQ(split.gas.x, one.gas.x);
  EXPECT_EQ(split.gas.y, one.gas.y);
  EXPECT_EQ(split.gas.vx, one.gas.vx);
  EXPECT_EQ(split.gas.vy, one.gas.vy);
  EXPECT_EQ(split.bodies.bodies[0].x, one.bodies.bodies[0].x);
  EXPECT_EQ(split.bodies.bodies[0].vy, one.bodies.bodies[0].vy);
  EXPECT_EQ(split.net.x, one.net.x);
  EXPECT_GT(disc_point, 0);           // the discs met the body
  EXPECT_GT(disc_particle, 0);        // and the wax
  EXPECT_LT(pairs_split, pairs_one);  // and the split was made
}

}  // namespace
}  // namespace mb
