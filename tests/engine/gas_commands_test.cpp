// Gas commands (engine/gas_commands.hpp): the disc grab never makes an overlap, a
// generator that does not fit adds nothing, walls take only temperatures > 0, and a run
// with gas commands replays bit for bit.
#include <gtest/gtest.h>

#include "engine/command.hpp"
#include "physics/gas/validate.hpp"

namespace mb::engine {

namespace {

World two_discs() {
  World w;
  w.box = {{-50.0, -50.0}, {50.0, 50.0}};
  w.gas.add_disc(-10.0, 0.0, 0.0, 0.0, 1.0, 2.0);
  w.gas.add_disc(10.0, 0.0, 0.0, 0.0, 1.0, 2.0);
  return w;
}

}  // namespace

TEST(GasCommands, MoveDiscPlacesItAndSetsItsVelocity) {
  World w = two_discs();
  apply_command(w, GasMoveDisc{0, {0.0, 20.0}, {3.0, -4.0}});
  EXPECT_EQ(w.gas.x[0], 0.0);
  EXPECT_EQ(w.gas.y[0], 20.0);
  EXPECT_EQ(w.gas.vx[0], 3.0);
  EXPECT_EQ(w.gas.vy[0], -4.0);
}

TEST(GasCommands, MoveDiscOntoAnotherKeepsItsLastPosition) {
  World w = two_discs();
  apply_command(w, GasMoveDisc{0, {8.0, 1.0}, {5.0, 0.0}});  // would overlap disc 1
  EXPECT_EQ(w.gas.x[0], -10.0);
  EXPECT_EQ(w.gas.y[0], 0.0);
  EXPECT_EQ(w.gas.vx[0], 5.0);  // the velocity is still taken
  EXPECT_TRUE(gas::find_overlaps(w.gas).empty());
}

TEST(GasCommands, MoveDiscIsClampedIntoTheBox) {
  World w = two_discs();
  apply_command(w, GasMoveDisc{0, {-500.0, 80.0}, {0.0, 0.0}});
  EXPECT_TRUE(gas::validate(w.gas, w.box).empty());
  EXPECT_NEAR(w.gas.x[0], -48.0, 1e-6);
  EXPECT_NEAR(w.gas.y[0], 48.0, 1e-6);
  apply_command(w, GasMoveDisc{7, {0.0, 0.0}, {1.0, 1.0}});  // no such disc: ignored
  EXPECT_EQ(w.gas.size(), 2);
}

TEST(GasCommands, GeneratorThatDoesNotFitAddsNothing) {
  World w = two_discs();
  gas::GeneratorSpec spec;
  spec.count = 100000;  // far more than fit in 100 x 100
  spec.radius_min = spec.radius_max = 2.0;
  apply_command(w, GasGenerate{spec});
  EXPECT_EQ(w.gas.size(), 2);
  spec.count = 50;
  apply_command(w, GasGenerate{spec});
  EXPECT_EQ(w.gas.size(), 52);
  EXPECT_TRUE(gas::validate(w.gas, w.box).empty());
  apply_command(w, GasClear{});
  EXPECT_TRUE(w.gas.empty());
}

TEST(GasCommands, WallsTakePositiveTemperaturesOnly) {
  World w = two_discs();
  apply_command(w, GasSetWalls{{300.0, -5.0, 0.0, 1e300 * 1e300}});
  EXPECT_EQ(w.gas.settings.wall_temperature[0], 300.0);
  EXPECT_EQ(w.gas.settings.wall_temperature[1], 0.0);
  EXPECT_EQ(w.gas.settings.wall_temperature[2], 0.0);
  EXPECT_EQ(w.gas.settings.wall_temperature[3], 0.0);
}

// The Gas panel's reaction edits: checked against the species table, refused whole with the
// reason, and kept on Reset (they are scene edits).
TEST(GasCommands, SetReactionsTakesOnlyReactionsThatHold) {
  World w = two_discs();
  w.gas.species_table = {{"A", 1.0, 2.0, -1, "A"}, {"B", 1.0, 2.0, -1, "B"}};
  gas::Reaction swap;  // A + B -> B + A
  swap.a = 0, swap.b = 1, swap.c = 1, swap.d = 0, swap.activation = 2.0;
  EXPECT_EQ(apply_command(w, GasSetReactions{{swap}}), "");
  ASSERT_EQ(w.gas.reactions.size(), 1u);
  EXPECT_EQ(w.gas.reactions[0].activation, 2.0);
  gas::Reaction bad = swap;
  bad.probability = 1.5;
  EXPECT_NE(apply_command(w, GasSetReactions{{bad}}).find("probability"), std::string::npos);
  gas::Reaction merge = swap;  // A + B -> A: no C of mass 2 to make
  merge.d = gas::kNoSpecies, merge.c = 0;
  EXPECT_NE(apply_command(w, GasSetReactions{{merge}}).find("mass"), std::string::npos);
  gas::Reaction far = swap;  // a species id no table can hold
  far.a = 1'000'000;
  EXPECT_NE(apply_command(w, GasSetReactions{{far}}).find("outside"), std::string::npos);
  EXPECT_EQ(w.gas.reactions[0], swap);  // unchanged by the refused ones
  World start = two_discs();
  apply_to_start(start, GasSetReactions{{swap}});
  EXPECT_EQ(start.gas.reactions.size(), 1u);
}

TEST(GasCommands, AreRecordedWorldCommandsThatReplay) {
  EXPECT_TRUE(is_world_command(GasMoveDisc{}));
  EXPECT_TRUE(is_world_command(GasGenerate{}));
  World live = two_discs();
  gas::GeneratorSpec spec;
  spec.count = 40;
  spec.temperature = 50.0;
  const std::vector<WorldCommand> commands = {GasGenerate{spec},
                                              GasSetWalls{{100.0, 0.0, 0.0, 0.0}},
                                              GasMoveDisc{0, {0.0, 30.0}, {400.0, -200.0}}};
  World replayed = live;
  for (const WorldCommand& c : commands) apply_command(live, c);
  for (int t = 0; t < 30; ++t) live.tick();
  for (const WorldCommand& c : commands) apply_command(replayed, c);
  for (int t = 0; t < 30; ++t) replayed.tick();
  EXPECT_EQ(live.gas.x, replayed.gas.x);
  EXPECT_EQ(live.gas.vy, replayed.gas.vy);
  EXPECT_TRUE(gas::find_overlaps(live.gas).empty());
}

}  // namespace mb::engine
