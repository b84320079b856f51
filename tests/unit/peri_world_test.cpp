// Peridynamic bodies inside the World: advanced by World::tick, shown in the Snapshot.
#include <gtest/gtest.h>

#include "physics/peri/body.hpp"
#include "physics/world/snapshot.hpp"
#include "physics/world/world.hpp"

using namespace mb;

TEST(PeriWorld, ABodyFallsOntoTheFloorAndAppearsInTheSnapshot) {
  World world;
  world.box = {{-50.0, 0.0}, {50.0, 100.0}};
  PeriBodySpec s;
  s.shape.kind = PeriShapeKind::Circle;
  s.shape.radius = 5.0;
  s.spacing = 1.0;
  s.position = {0.0, 30.0};
  s.material = preset_material(PeriPreset::NeoHookean, 5.0e4, 0.3, 1.0);
  world.bodies.add(build_body(s));
  for (int t = 0; t < 120; ++t) world.tick();
  Snapshot snap;
  snap.fill_from(world);
  ASSERT_EQ(snap.peri_x.size(), static_cast<size_t>(world.bodies.bodies[0].size()));
  ASSERT_EQ(snap.peri_body_first, std::vector<int32_t>{0});
  float lowest = 1e9f;
  for (float y : snap.peri_y) lowest = std::min(lowest, y);
  EXPECT_GE(lowest, 0.5f - 1e-4f);  // never below the floor (point radius dx/2)
  EXPECT_LT(lowest, 2.0f);          // landed (it fell from 25 units above)
  EXPECT_GT(snap.peri_stats.bonds, 0);
  EXPECT_GT(snap.peri_stats.min_det_f, 0.5);
}
