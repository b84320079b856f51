// A copied World runs on as the original (physics/peri/body.hpp: the copy shares the bodies'
// models and copies their state; scratch starts empty): the bodies demo and the one-world
// demo, copied after some ticks, then both ticked on and compared bit for bit.
#include <gtest/gtest.h>

#include <string>

#include "physics/io/input_files.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/world/world.hpp"

namespace mb {
namespace {

const std::string kRoot = std::string(MELTBOX_SOURCE_DIR) + "/";

World load(const std::string& scene, const std::string& cfg) {
  Warnings warnings;
  const SimulatorSettings settings =
      cfg.empty() ? SimulatorSettings{} : load_settings(kRoot + cfg, warnings);
  const std::string path = kRoot + scene;
  World w = world_from_scene(load_scene_xml(path), settings, path);
  w.inelastic = w.has_heater();  // as the sandbox opens a scene
  return w;
}

void expect_same(const World& a, const World& b, int tick) {
  ASSERT_EQ(a.bodies.bodies.size(), b.bodies.bodies.size());
  for (size_t k = 0; k < a.bodies.bodies.size(); ++k) {
    const PeriBody &p = a.bodies.bodies[k], &q = b.bodies.bodies[k];
    ASSERT_EQ(p.x, q.x) << "body " << k << " tick " << tick;
    ASSERT_EQ(p.y, q.y) << "body " << k << " tick " << tick;
    ASSERT_EQ(p.vx, q.vx) << "body " << k << " tick " << tick;
    ASSERT_EQ(p.vy, q.vy) << "body " << k << " tick " << tick;
    ASSERT_EQ(p.heat, q.heat) << "body " << k << " tick " << tick;
  }
  ASSERT_EQ(a.net.x, b.net.x) << "tick " << tick;
  ASSERT_EQ(a.net.y, b.net.y) << "tick " << tick;
  ASSERT_EQ(a.gas.x, b.gas.x) << "tick " << tick;
  ASSERT_EQ(a.gas.y, b.gas.y) << "tick " << tick;
}

void copy_and_run(World original, int before, int after) {
  for (int t = 0; t < before; ++t) original.tick();
  World copy = original;
  for (size_t k = 0; k < copy.bodies.bodies.size(); ++k)
    EXPECT_EQ(copy.bodies.bodies[k].model, original.bodies.bodies[k].model);
  for (int t = 0; t < after; ++t) {
    original.tick(), copy.tick();
    expect_same(original, copy, t);
  }
}

// Fewer ticks of the 2,216-point demo in the unoptimised sanitizer build.
#ifdef __OPTIMIZE__
constexpr int kBodiesTicks = 30;
#else
constexpr int kBodiesTicks = 5;
#endif

TEST(WorldCopy, TheBodiesDemoCopiedRunsOnAsTheOriginal) {
  copy_and_run(load("assets/bodies.xml", ""), kBodiesTicks, kBodiesTicks);
}

TEST(WorldCopy, TheOneWorldDemoCopiedRunsOnAsTheOriginal) {
  copy_and_run(load("assets/one_world.xml", "configs/one_world.cfg"), 30, 60);
}

}  // namespace
}  // namespace mb
