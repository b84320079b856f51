#include <gtest/gtest.h>

#include "engine/camera.hpp"

namespace mb::engine {

TEST(Camera, ScreenAndWorldAreInverse) {
  Camera c;
  c.center = {10.0, -5.0};
  c.zoom = 2.5;
  const Vec2 w{3.0, 7.0};
  const Vec2 back = c.screen_to_world(c.world_to_screen(w));
  EXPECT_NEAR(back.x, w.x, 1e-12);
  EXPECT_NEAR(back.y, w.y, 1e-12);
  EXPECT_EQ(c.world_to_screen(c.center), 0.5 * c.viewport);
}

TEST(Camera, ZoomKeepsThePointUnderTheCursor) {
  Camera c;
  const Vec2 cursor{900.0, 100.0};
  const Vec2 before = c.screen_to_world(cursor);
  c.zoom_about(cursor, 3.0);
  const Vec2 after = c.screen_to_world(cursor);
  EXPECT_NEAR(after.x, before.x, 1e-9);
  EXPECT_NEAR(after.y, before.y, 1e-9);
  EXPECT_DOUBLE_EQ(c.zoom, 3.0);
}

TEST(Camera, FrameFitsTheBoxInTheRegion) {
  Camera c;
  c.frame({{-100.0, -50.0}, {100.0, 50.0}}, {{360.0, 0.0}, {1280.0, 720.0}}, 0.0);
  const Vec2 lo = c.world_to_screen({-100.0, -50.0}), hi = c.world_to_screen({100.0, 50.0});
  EXPECT_NEAR(lo.x, 360.0, 1e-9);
  EXPECT_NEAR(hi.x, 1280.0, 1e-9);
  EXPECT_NEAR(0.5 * (lo.y + hi.y), 360.0, 1e-9);
}

TEST(Camera, NdcTransformMatchesScreen) {
  Camera c;
  c.center = {4.0, 2.0};
  c.zoom = 3.0;
  const auto v = c.ndc_transform();
  const Vec2 w{10.0, -6.0};
  const Vec2 s = c.world_to_screen(w);
  EXPECT_NEAR(w.x * v[0] + v[2], 2.0 * s.x / c.viewport.x - 1.0, 1e-5);
  EXPECT_NEAR(w.y * v[1] + v[3], 1.0 - 2.0 * s.y / c.viewport.y, 1e-5);
}

TEST(Camera, SceneBoundsCoverTheActuatorAllAlongItsPath) {
  Snapshot snap;
  ActuatorView a;
  a.position = {0.0, 0.0};
  a.outline = {{-15.0, -15.0}, {15.0, -15.0}, {15.0, 15.0}, {-15.0, 15.0}};
  a.path = {{0.0, 0.0}, {100.0, 0.0}, {100.0, 80.0}};
  snap.actuators.push_back(a);
  const Box b = scene_bounds(snap);
  EXPECT_DOUBLE_EQ(b.min.x, -15.0);
  EXPECT_DOUBLE_EQ(b.min.y, -15.0);
  EXPECT_DOUBLE_EQ(b.max.x, 115.0);  // the outline at the path's far corner
  EXPECT_DOUBLE_EQ(b.max.y, 95.0);
}

}  // namespace mb::engine
