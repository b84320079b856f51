#include <gtest/gtest.h>

#include <thread>

#include "engine/command_queue.hpp"

namespace mb::engine {

TEST(CommandQueue, DrainsInPushOrder) {
  CommandQueue q;
  for (int i = 0; i < 5; ++i) q.push(RemoveActuator{i});
  std::vector<Command> out;
  q.drain(out);
  ASSERT_EQ(out.size(), 5u);
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(command_if<RemoveActuator>(out[static_cast<size_t>(i)])->index, i);
  out.clear();
  q.drain(out);
  EXPECT_TRUE(out.empty());
}

TEST(CommandQueue, KeepsEachProducersOrder) {
  CommandQueue q;
  constexpr int kPerThread = 2000;
  std::vector<std::thread> producers;
  for (int t = 0; t < 4; ++t)
    producers.emplace_back([&, t] {
      for (int i = 0; i < kPerThread; ++i) q.push(AddActuator{Actuator{}, t * kPerThread + i});
    });
  std::vector<Command> out;
  while (out.size() < 4u * kPerThread) q.drain(out);
  for (auto& p : producers) p.join();
  std::vector<int> last(4, -1);
  for (const Command& c : out) {
    const int v = command_if<AddActuator>(c)->index;
    EXPECT_GT(v % kPerThread, last[static_cast<size_t>(v / kPerThread)]);
    last[static_cast<size_t>(v / kPerThread)] = v % kPerThread;
  }
}

TEST(CommandQueue, WaitReturnsAtDeadlineOrOnPush) {
  CommandQueue q;
  const auto t0 = CommandQueue::Clock::now();
  q.wait(true, t0 + std::chrono::milliseconds(20));
  EXPECT_GE(CommandQueue::Clock::now() - t0, std::chrono::milliseconds(19));
  std::thread pusher([&] { q.push(Reset{}); });
  q.wait(false, {});  // returns because of the push
  pusher.join();
  std::vector<Command> out;
  q.drain(out);
  EXPECT_EQ(out.size(), 1u);
}

TEST(Commands, WorldCommandsAreTheRecordedOnes) {
  EXPECT_TRUE(is_world_command(GrabMove{}));
  EXPECT_TRUE(is_world_command(SetSettings{}));
  EXPECT_FALSE(is_world_command(Step{}));
  EXPECT_FALSE(is_world_command(Reset{}));
  EXPECT_FALSE(is_world_command(LoadScene{}));
}

TEST(Commands, AddInsertsAndRemoveReleasesTheGrip) {
  World w;
  w.net.add_particle(0.0, 0.0, 1.0);
  // Built whole rather than renamed: GCC 12 warns falsely (-Wrestrict) on assigning a
  // literal to a std::string here.
  const auto pusher = [](std::string name) {
    Actuator p;
    p.name = std::move(name);
    p.shape = rectangle_polygon({-2.0, -2.0}, {2.0, 2.0});
    p.path.points = {{0.0, 0.0}};
    return p;
  };
  apply_command(w, AddActuator{pusher("a")});
  apply_command(w, AddActuator{pusher("b"), 0});
  ASSERT_EQ(w.actuators.size(), 2u);
  EXPECT_EQ(w.actuators[0].name, "b");
  w.tick();  // the first to tick grips the particle (a particle has one holder)
  EXPECT_EQ(w.net.state[0], ParticleState::Gripped);
  apply_command(w, RemoveActuator{0});
  apply_command(w, RemoveActuator{0});
  EXPECT_TRUE(w.actuators.empty());
  EXPECT_EQ(w.net.state[0], ParticleState::Frozen);
}

TEST(Commands, GrabSettingsApplyWithinTheirRangesAndStayOnReset) {
  World w;
  GrabSettings firm;
  firm.hertz = 10.0;
  firm.max_acceleration = 1e5;
  EXPECT_EQ(apply_command(w, SetGrabSettings{firm}), "");
  EXPECT_EQ(w.grab_settings, firm);
  GrabSettings bad = firm;
  bad.max_acceleration = 0.0;  // the table's range is (0, 1e7]
  const std::string why = apply_command(w, SetGrabSettings{bad});
  EXPECT_NE(why.find("grab-max-acceleration"), std::string::npos) << why;
  EXPECT_EQ(w.grab_settings, firm);  // refused whole
  World start;
  apply_to_start(start, SetGrabSettings{firm});  // the user's hand, kept by Reset
  EXPECT_EQ(start.grab_settings, firm);
  EXPECT_TRUE(is_world_command(SetGrabSettings{}));
}

TEST(Commands, CrossContactsOffLetsADiscPassThroughAParticle) {
  // A disc flying at a lone particle: with the kinds colliding it bounces back, with the
  // command's off it passes straight through, as before meltbox made them collide.
  const auto world = [] {
    World w;
    w.net.add_particle(10.0, 0.0, 1.0);
    w.gas.add_disc(0.0, 0.0, 600.0, 0.0, 1.0, 1.0);  // 10 units a 1/60 s tick
    return w;
  };
  World on = world(), off = world();
  EXPECT_EQ(apply_command(off, SetCrossContacts{false}), "");
  EXPECT_FALSE(off.cross_contacts);
  for (int t = 0; t < 3; ++t) on.tick(), off.tick();
  EXPECT_LT(on.gas.vx[0], 0.0);            // reflected
  EXPECT_DOUBLE_EQ(off.gas.vx[0], 600.0);  // untouched
  EXPECT_NEAR(off.gas.x[0], 30.0, 1e-9);   // through the particle
  World start;
  apply_to_start(start, SetCrossContacts{false});
  EXPECT_FALSE(start.cross_contacts);
  EXPECT_TRUE(is_world_command(SetCrossContacts{}));
}

}  // namespace mb::engine
