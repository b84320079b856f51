// Gas commands (engine/gas_commands.hpp) and the grab on discs: a held disc follows the
// hand and is thrown, a generator that does not fit adds nothing, walls take only
// temperatures > 0, reactions only valid ones, and a run with gas commands replays bit for
// bit.
#include <gtest/gtest.h>

#include "engine/command.hpp"
#include "physics/gas/validate.hpp"
#include "physics/world/state_hash.hpp"

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

// The matter grab holds gas discs when no spring particle or body is under the cursor
// (gas/grab.hpp): a drag pulls the disc along, release throws it, and the gas stays valid.
TEST(GasCommands, TheMatterGrabHoldsDragsAndThrowsADisc) {
  World w = two_discs();
  EXPECT_EQ(apply_command(w, GrabBegin{{-10.0, 0.0}, 1.0}), "");
  ASSERT_TRUE(w.gas_grab().active());
  ASSERT_EQ(w.gas_grab().held().size(), 1u);
  EXPECT_EQ(w.gas_grab().held()[0].disc, 0);
  for (int k = 1; k <= 60; ++k) {  // one second dragging up at 30 units/s
    apply_command(w, GrabMove{{-10.0, 0.5 * k}});
    w.tick();
  }
  EXPECT_NEAR(w.gas.y[0], 30.0, 3.0);  // a 4 Hz spring lags the hand a little
  apply_command(w, GrabEnd{Vec2{0.0, -40.0}});
  EXPECT_FALSE(w.gas_grab().active());
  EXPECT_EQ(w.gas.vy[0], -40.0);  // fully held: it leaves with the throw's velocity
  EXPECT_EQ(w.gas.vx[0], 0.0);
  EXPECT_TRUE(gas::validate(w.gas, w.box).empty());
}

TEST(GasCommands, GeneratorThatDoesNotFitAddsNothing) {
  World w = two_discs();
  gas::GeneratorSpec spec;
  spec.count = 100000;  // far more than fit in 100 x 100
  spec.radius_min = spec.radius_max = 2.0;
  // Refused, and the refusal says why (the sandbox's status line shows it): 100000 discs of
  // radius 2 cover 100000 * pi * 4 = 1.26e6 of the box's 1e4.
  const std::string why = apply_command(w, GasGenerate{spec});
  EXPECT_EQ(why.rfind("gas not added: ", 0), 0u) << why;
  EXPECT_NE(why.find("the discs would cover 125.66"), std::string::npos) << why;
  EXPECT_EQ(w.gas.size(), 2);
  spec.count = 50;
  EXPECT_EQ(apply_command(w, GasGenerate{spec}), "");
  EXPECT_EQ(w.gas.size(), 52);
  EXPECT_TRUE(gas::validate(w.gas, w.box).empty());
  EXPECT_EQ(apply_command(w, GasClear{}), "");
  EXPECT_TRUE(w.gas.empty());
}

TEST(Commands, EditingAnActuatorThatIsNotThereSaysSo) {
  World w = two_discs();
  EXPECT_EQ(apply_command(w, RemoveActuator{0}), "no actuator 0 to remove (there are 0)");
  EXPECT_EQ(apply_command(w, EditActuator{3, Actuator{}}), "no actuator 3 to edit (there are 0)");
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
  EXPECT_TRUE(is_world_command(GasGenerate{}));
  World live = two_discs();
  gas::GeneratorSpec spec;
  spec.count = 40;
  spec.temperature = 50.0;
  const std::vector<WorldCommand> commands = {GasGenerate{spec},
                                              GasSetWalls{{100.0, 0.0, 0.0, 0.0}},
                                              GrabBegin{{10.0, 0.0}, 1.0}, GrabMove{{0.0, 30.0}}};
  World replayed = live;
  for (const WorldCommand& c : commands) apply_command(live, c);
  for (int t = 0; t < 30; ++t) live.tick();
  for (const WorldCommand& c : commands) apply_command(replayed, c);
  for (int t = 0; t < 30; ++t) replayed.tick();
  EXPECT_EQ(state_hash(live), state_hash(replayed));
  EXPECT_TRUE(gas::find_overlaps(live.gas).empty());
}

}  // namespace mb::engine
