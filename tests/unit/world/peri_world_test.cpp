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
  s.position = {0.0, 70.0};  // y-down world: the floor is box.max.y = 100
  s.material = preset_material(PeriPreset::NeoHookean, 5.0e4, 0.3, 1.0);
  world.bodies.add(build_body(s));
  for (int t = 0; t < 120; ++t) world.tick();
  Snapshot snap;
  snap.fill_from(world);
  ASSERT_EQ(snap.bodies.x.size(), static_cast<size_t>(world.bodies.bodies[0].size()));
  ASSERT_EQ(snap.bodies.body_first, std::vector<int32_t>{0});
  float lowest = -1e9f;  // largest y: nearest the floor
  for (float y : snap.bodies.y) lowest = std::max(lowest, y);
  EXPECT_LE(lowest, 99.5f + 1e-4f);  // never below the floor (point radius dx/2)
  EXPECT_GT(lowest, 98.0f);          // landed (it fell from 25 units above)
  EXPECT_GT(snap.bodies.stats.bonds, 0);
  EXPECT_GT(snap.bodies.stats.min_det_f, 0.5);
}

TEST(PeriWorld, AStiffMaterialNeedingBillionsOfSubstepsGetsTheMostAndMassScaling) {
  // Found by the world fuzz target (corpus/world/regress-body-substeps-int-overflow.xml):
  // youngs="1e30" asked for ~6.5e12 substeps, converted to int (undefined). The material
  // table now stops E at 1e12; the stable step goes as sqrt(density / E), so the same
  // ratio E / density = 1e30 comes from the lightest density instead.
  PeriSystem bodies;
  PeriBodySpec s;
  s.shape.radius = 4.0;
  s.spacing = 2.0;
  s.material.youngs = 1e12;
  s.material.density = 1e-18;
  bodies.add(build_body(s));
  int substeps = 0;
  double mass_scale = 0.0;
  bodies.substep_plan(substeps, mass_scale);
  EXPECT_EQ(substeps, bodies.settings.max_substeps);
  EXPECT_GT(mass_scale, 1e18);
}

TEST(PeriWorld, MouseGrabHoldsABodyWhenNoSpringMaterialIsUnderTheCursor) {
  World world;
  world.box = {{-50.0, -50.0}, {50.0, 50.0}};
  PeriBodySpec s;
  s.shape.kind = PeriShapeKind::Circle;
  s.shape.radius = 4.0;
  s.spacing = 1.0;
  s.material = preset_material(PeriPreset::NeoHookean, 5.0e4, 0.3, 1.0);
  world.bodies.add(build_body(s));
  world.bodies.settings.gravity = {0.0, 0.0};
  EXPECT_GT(world.grab_begin({0.0, 0.0}, 1.5), 0);
  EXPECT_TRUE(world.bodies.grab_active());
  EXPECT_FALSE(world.grab().active());  // no spring particle held
  world.grab_move({10.0, 0.0});
  for (int t = 0; t < 60; ++t) world.tick();
  double cx = 0.0;
  for (double x : world.bodies.bodies[0].x) cx += x;
  cx /= world.bodies.bodies[0].size();
  EXPECT_GT(cx, 5.0);  // dragged towards the cursor
  world.grab_end();
  EXPECT_FALSE(world.bodies.grab_active());

  // Spring material under the cursor wins: the body is not grabbed.
  world.net.add_particle(cx, 0.0, 0.5);
  EXPECT_EQ(world.grab_begin({cx, 0.0}, 1.0), 1);
  EXPECT_TRUE(world.grab().active());
  EXPECT_FALSE(world.bodies.grab_active());
  world.grab_end();
}

TEST(PeriWorld, OneAndTwoThreadsGiveBitwiseTheSameMotion) {
  // The force passes write results by index and sum each point's bonds in CSR order
  // (energy.hpp), so the thread count cannot change a single bit.
  PeriBodySpec s;
  s.shape.kind = PeriShapeKind::Rectangle;
  s.shape.width = 60.0;  // ~830 points: more than one chunk of the pool (256)
  s.shape.height = 12.0;
  s.spacing = 1.0;
  s.angle = 0.3;
  s.material = preset_material(PeriPreset::StVK, 2.0e4, 0.3, 1.0);
  s.material.fibre_ratio = 3.0;
  const Box box{{-40.0, -40.0}, {40.0, 12.0}};
  std::vector<double> x[2];
  for (int threads : {1, 2}) {
    PeriSystem sys;
    sys.settings.threads = threads;
    sys.add(build_body(s));
    for (int t = 0; t < 20; ++t) sys.step(box);
    x[threads - 1] = sys.bodies[0].x;
    x[threads - 1].insert(x[threads - 1].end(), sys.bodies[0].y.begin(), sys.bodies[0].y.end());
  }
  EXPECT_TRUE(x[0] == x[1]);
}
