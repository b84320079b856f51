// Gas inside the World: ticks, snapshots, the demo scene and the stats line.
#include <gtest/gtest.h>

#include <string>

#include "app/cli/gas_report.hpp"
#include "physics/gas/thermo.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/world/snapshot.hpp"

TEST(GasWorld, TickAdvancesTheGasBySimulatedTimeAndSnapshotShowsIt) {
  mb::World world;
  world.box = {{-10.0, -10.0}, {10.0, 10.0}};
  world.gas.settings.tick_seconds = 0.5;
  world.gas.add_disc(0.0, 0.0, 2.0, 0.0, 1.0, 1.0);  // 1 unit per tick to the right
  world.tick();
  world.tick();
  EXPECT_DOUBLE_EQ(world.gas.x[0], 2.0);
  mb::Snapshot snap;
  snap.fill_from(world);
  ASSERT_EQ(snap.gas.x.size(), 1u);
  EXPECT_FLOAT_EQ(snap.gas.x[0], 2.0f);
  EXPECT_FLOAT_EQ(snap.gas.speed[0], 2.0f);
  EXPECT_DOUBLE_EQ(snap.gas.kinetic_energy, 2.0);
  EXPECT_DOUBLE_EQ(snap.gas.temperature, 2.0);
}

TEST(GasWorld, DefaultGasBoxIsTheWorldsBox) {
  const mb::World world;
  EXPECT_EQ(world.box.min, mb::kDefaultGasBox.min);
  EXPECT_EQ(world.box.max, mb::kDefaultGasBox.max);
}

TEST(GasWorld, DemoSceneLoadsAndRuns) {
  const mb::Scene scene =
      mb::load_scene_xml(std::string(MELTBOX_SOURCE_DIR) + "/assets/gas_box.xml");
  mb::World world;
  mb::Scene s = scene;
  mb::install_gas(world, std::move(s.gas));
  ASSERT_EQ(world.gas.size(), 1500);
  EXPECT_EQ(world.box.max.x, 200.0);
  EXPECT_NEAR(mb::gas::temperature(world.gas, 1), 800.0, 1e-9);
  const mb::gas::GasTotals before = mb::gas::totals(world.gas);
  for (int t = 0; t < 30; ++t) world.tick();
  const mb::gas::GasTotals after = mb::gas::totals(world.gas);
  EXPECT_GT(after.collisions, 0);
  EXPECT_GT(after.wall_hits, 0);
  const std::string json = mb::gas::gas_stats_json(before, after);
  EXPECT_NE(json.find("\"gas_discs\":1500,\"collisions\":"), std::string::npos) << json;
  EXPECT_NE(json.find("\"kinetic_energy_before\":"), std::string::npos);
  EXPECT_NE(json.find("\"momentum_after\":["), std::string::npos);
}
