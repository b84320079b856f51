// The one-world demo (assets/one_world.xml with configs/one_world.cfg): generated gas never
// starts inside the wax or the body (gas::move_out_of), and in its first seconds every pair
// of kinds meets: discs with particles and with body points, the body with the spot.
#include <gtest/gtest.h>

#include <cmath>

#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/world/contact_views.hpp"
#include "physics/world/world.hpp"

namespace mb {
namespace {

const std::string kRoot = std::string(MELTBOX_SOURCE_DIR) + "/";

World one_world() {
  Warnings warnings;
  const SpringSettings settings = load_settings(kRoot + "configs/one_world.cfg", warnings);
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

}  // namespace
}  // namespace mb
