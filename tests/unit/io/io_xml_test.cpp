// XML state / simulator / actuator formats: exact round trips, both attribute spellings,
// and errors that name the file and element.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cmath>
#include <filesystem>
#include <fstream>
#include <limits>
#include <string>

#include "io_fixture.hpp"
#include "physics/io/atomic_file.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/scene_io.hpp"

namespace mb {
namespace {

namespace fs = std::filesystem;

class XmlIo : public io_test::IoTest {};

using io_test::error_of;

// The actuator readers, checking that they skipped nothing (every input here is one the
// readers know whole).
std::vector<Actuator> actuators_in(const std::string& file) {
  Warnings warnings;
  std::vector<Actuator> out = load_actuators_xml(file, warnings);
  EXPECT_TRUE(warnings.empty()) << file << ": " << warnings.front();
  return out;
}
Actuator actuator_from(const std::string& text, const std::string& origin) {
  Warnings warnings;
  Actuator a = parse_actuator_xml(text, origin, warnings);
  EXPECT_TRUE(warnings.empty()) << origin << ": " << warnings.front();
  return a;
}

SpringNetwork awkward_network() {
  SpringNetwork net;
  net.add_particle(0.1 + 0.2, 1e-300, 1.0);
  net.add_particle(-1.0 / 3.0, std::nextafter(1.0, 2.0), 0.7);
  net.add_particle(std::nextafter(kMaxCoordinate, 0.0), -5e-324, 2.5);  // just within range
  net.add_particle(123456789.123456789, std::numeric_limits<double>::min(), 0.0);
  net.add_spring(0, 1, 5.5, 0.01);
  net.add_spring(1, 2, 0.1 * 3.0, 1.0 / 7.0);
  net.add_spring(3, 0, std::nextafter(kMaxCoordinate, 0.0), 0.0);  // the longest allowed
  return net;
}

void expect_same(const SpringNetwork& a, const SpringNetwork& b) {
  ASSERT_EQ(a.particle_count(), b.particle_count());
  ASSERT_EQ(a.spring_count(), b.spring_count());
  for (int32_t i = 0; i < a.particle_count(); ++i) {
    EXPECT_EQ(a.x[i], b.x[i]) << i;
    EXPECT_EQ(a.y[i], b.y[i]) << i;
    EXPECT_EQ(a.radius[i], b.radius[i]) << i;
    // The conduction model's heat content: NaN (never heated) stays NaN.
    EXPECT_TRUE(a.enthalpy[i] == b.enthalpy[i] ||
                (std::isnan(a.enthalpy[i]) && std::isnan(b.enthalpy[i])))
        << i;
  }
  for (int32_t s = 0; s < a.spring_count(); ++s) {
    EXPECT_EQ(a.a[s], b.a[s]);
    EXPECT_EQ(a.b[s], b.b[s]);
    EXPECT_EQ(a.rest_length[s], b.rest_length[s]);
    EXPECT_EQ(a.stiffness[s], b.stiffness[s]);
  }
}

Actuator sample_pusher() {
  Actuator a;
  a.type = ActuatorType::Pusher;
  a.name = "Pusher \"one\" <&>";
  a.enabled = false;
  a.speed = 0.1 + 0.2;
  a.path_advancement = 1.0 / 3.0;
  a.orientation_deg = 126.00000000000001;
  a.spring_crossing_allowed = true;
  a.firm_grip = false;
  a.final_release = true;
  a.shape = {{0, 0}, {50, 0}, {50, 10}, {0, 1e-300}};
  a.path.points = {{-36, -20}, {-78.1, -20.2}};
  a.path.cyclic = true;
  return a;
}

void expect_same(const Actuator& a, const Actuator& b) {
  EXPECT_EQ(a.type, b.type);
  EXPECT_EQ(a.name, b.name);
  EXPECT_EQ(a.enabled, b.enabled);
  EXPECT_EQ(a.speed, b.speed);
  EXPECT_EQ(a.path_advancement, b.path_advancement);
  EXPECT_EQ(a.orientation_deg, b.orientation_deg);
  EXPECT_EQ(a.spring_crossing_allowed, b.spring_crossing_allowed);
  EXPECT_EQ(a.firm_grip, b.firm_grip);
  EXPECT_EQ(a.final_release, b.final_release);
  EXPECT_EQ(a.shape, b.shape);
  EXPECT_EQ(a.path.points, b.path.points);
  EXPECT_EQ(a.path.cyclic, b.path.cyclic);
  EXPECT_EQ(a.path_speeds, b.path_speeds);
  const auto same = [](double x, double y) { return x == y || (std::isnan(x) && std::isnan(y)); };
  EXPECT_TRUE(same(a.heat_power, b.heat_power)) << a.heat_power << " " << b.heat_power;
  EXPECT_TRUE(same(a.heat_temperature, b.heat_temperature)) << a.heat_temperature;
}

TEST_F(XmlIo, StateRoundTripIsBitExact) {
  Scene scene;
  scene.net = awkward_network();
  const SpringNetwork& net = scene.net;
  save_scene_xml(path("s.xml"), scene, SceneRoot::State);
  const Scene back = load_scene_xml(path("s.xml"));
  expect_same(net, back.net);
  EXPECT_TRUE(back.actuators.empty());
  // Writing again gives the same text.
  EXPECT_EQ(write_scene_xml(back, SceneRoot::State), write_scene_xml(scene, SceneRoot::State));
}

TEST_F(XmlIo, SimulatorRoundTripIsBitExact) {
  World world;
  world.net = awkward_network();
  Actuator heater;
  heater.type = ActuatorType::Heater;
  heater.name = "H";
  heater.path.points = {{1, 2}};
  heater.heat_power = 1.0 / 3.0;
  heater.heat_temperature = 351.25;
  world.actuators = {sample_pusher(), heater};
  world.time = 17;
  world.net.enthalpy[0] = 333.0 + 1.0 / 7.0;  // one heated particle; the rest never were
  save_simulator_xml(path("sim.xml"), world);
  const Scene back = load_scene_xml(path("sim.xml"));
  expect_same(world.net, back.net);
  EXPECT_EQ(back.time, 17);
  ASSERT_EQ(back.actuators.size(), 2u);
  expect_same(world.actuators[0], back.actuators[0]);
  expect_same(world.actuators[1], back.actuators[1]);
  EXPECT_TRUE(back.actuators[1].shape.empty());
}

TEST_F(XmlIo, ActuatorRoundTripWritesDashes) {
  const Actuator a = sample_pusher();
  const std::string text = actuator_to_xml(a);
  EXPECT_NE(text.find("path-advancement="), std::string::npos);
  EXPECT_NE(text.find("spring-crossing-allowed="), std::string::npos);
  EXPECT_NE(text.find("firm-grip="), std::string::npos);
  EXPECT_NE(text.find("final-release="), std::string::npos);
  EXPECT_EQ(text.find("path_advancement"), std::string::npos);
  expect_same(a, actuator_from(text, "text"));
  save_actuator_xml(path("a.xml"), a);
  const auto list = actuators_in(path("a.xml"));
  ASSERT_EQ(list.size(), 1u);
  expect_same(a, list[0]);
}

TEST_F(XmlIo, PathPointSpeedsRoundTripAndDefaultToTheActuators) {
  // A point's speed is the speed from it on; a point without one takes the actuator's; a
  // path with none has no per-point speeds (the original's files).
  const std::string head = "<actuator type='Heater' speed='1.5'><path>";
  Actuator a = actuator_from(head +
                                 "<point x='0' y='0' speed='0.25'/><point x='10' y='0'/>"
                                 "<point x='20' y='0' speed='3'/></path></actuator>",
                             "speeds");
  EXPECT_EQ(a.path_speeds, (std::vector<double>{0.25, 1.5, 3.0}));
  expect_same(a, actuator_from(actuator_to_xml(a), "again"));
  // A still actuator's points without a speed take 1e-5, so what is written reads back
  // (found by the actuator-xml fuzz target).
  a = actuator_from(
      "<actuator type='Heater' speed='0'><path><point x='0' y='0' speed='2'/>"
      "<point x='10' y='0'/></path></actuator>",
      "still");
  EXPECT_EQ(a.path_speeds, (std::vector<double>{2.0, kStillSpeed}));
  expect_same(a, actuator_from(actuator_to_xml(a), "still again"));
  a = actuator_from(head + "<point x='0' y='0'/><point x='10' y='0'/></path></actuator>", "none");
  EXPECT_TRUE(a.path_speeds.empty());
  EXPECT_EQ(actuator_to_xml(a).find("speed=\"1.5\"/>"), std::string::npos);
  for (const char* bad : {"0", "-1", "nan", "fast"}) {
    const std::string file = write(
        "bad_point_speed.xml", head + "<point x='0' y='0' speed='" + bad + "'/></path></actuator>");
    const std::string msg = error_of([&] { actuators_in(file); });
    EXPECT_NE(msg.find(file), std::string::npos) << bad << ": " << msg;
    EXPECT_NE(msg.find("speed"), std::string::npos) << bad << ": " << msg;
  }
}

TEST_F(XmlIo, ReadsDashedAndUnderscoreNames) {
  const std::string shape =
      "<shape><point x='0' y='0'/><point x='2' y='0'/><point x='2' y='1'/></shape>"
      "<path><point x='1' y='1'/><point x='5' y='1'/></path></actuator>";
  const Actuator dashed = actuator_from(
      "<actuator type='Pusher' path-advancement='3' spring-crossing-allowed='true' "
      "firm-grip='false' final-release='true' orientation='90'>" +
          shape,
      "d");
  const Actuator under = actuator_from(
      "<actuator type='pusher' path_advancement='3' spring_crossing_allowed='true' "
      "firm_grip='false' final_release='true' orientation='90'>" +
          shape,
      "u");
  for (const Actuator* a : {&dashed, &under}) {
    EXPECT_EQ(a->path_advancement, 3.0);
    EXPECT_TRUE(a->spring_crossing_allowed);
    EXPECT_FALSE(a->firm_grip);
    EXPECT_TRUE(a->final_release);
    EXPECT_EQ(a->orientation_deg, 90.0);  // degrees, as in the file
  }
  // Defaults when absent.
  const Actuator plain =
      actuator_from("<actuator type='Heater'><path><point x='0' y='0'/></path></actuator>", "p");
  EXPECT_EQ(plain.type, ActuatorType::Heater);
  EXPECT_TRUE(plain.enabled);
  EXPECT_TRUE(plain.firm_grip);
  EXPECT_FALSE(plain.final_release);
  EXPECT_FALSE(plain.spring_crossing_allowed);
}

TEST_F(XmlIo, MapsArbitraryParticleIds) {
  const Scene s = parse_scene_xml(
      "<state><particles>"
      "<particle x='1' y='2' radius='1' id='-7'/>"
      "<particle x='3' y='4' radius='2' id='1000000'/>"
      "<particle x='5' y='6' radius='1' id='3'/>"
      "</particles><springs>"
      "<spring particle1id='1000000' particle2id='-7' equilibrium_length='2.5' "
      "force_constant='0.1'/>"
      "<spring particle1id='3' particle2id='1000000' equilibrium-length='1' force-constant='0.2'/>"
      "</springs></state>",
      "ids");
  ASSERT_EQ(s.net.particle_count(), 3);
  ASSERT_EQ(s.net.spring_count(), 2);
  EXPECT_EQ(s.net.a[0], 1);
  EXPECT_EQ(s.net.b[0], 0);
  EXPECT_EQ(s.net.a[1], 2);
  EXPECT_EQ(s.net.b[1], 1);
  EXPECT_EQ(s.net.rest_length[1], 1.0);
  EXPECT_EQ(s.net.stiffness[1], 0.2);
}

TEST_F(XmlIo, LoadsTheSeedAssets) {
  const std::string& assets = io_test::kAssets;
  const Scene four = load_scene_xml(assets + "four_particles_state.xml");
  EXPECT_EQ(four.net.particle_count(), 4);
  // Its spring 1-2 is listed twice: one spring of twice the constant (parallel springs of
  // one rest length), and a warning naming the second one's line (line 15 of the file).
  EXPECT_EQ(four.net.spring_count(), 4);
  EXPECT_EQ(four.net.stiffness[1], 0.02);
  ASSERT_EQ(four.warnings.size(), 1u);
  EXPECT_NE(four.warnings[0].find("line 15"), std::string::npos) << four.warnings[0];
  EXPECT_EQ(four.net.x[2], 4.4);
  const Scene nine = load_scene_xml(assets + "nine_particles_simulator.xml");
  EXPECT_EQ(nine.net.particle_count(), 9);
  EXPECT_EQ(nine.net.spring_count(), 12);
  EXPECT_EQ(nine.time, 17);
  ASSERT_EQ(nine.actuators.size(), 2u);
  EXPECT_EQ(nine.actuators[0].name, "Pusher-1");
  EXPECT_FALSE(nine.actuators[0].enabled);
  EXPECT_EQ(nine.actuators[0].path_advancement, 7.0);
  EXPECT_EQ(nine.actuators[0].orientation_deg, 90.0);
  EXPECT_EQ(nine.actuators[1].shape.size(), 4u);
  const auto pusher = actuators_in(assets + "pusher.xml");
  ASSERT_EQ(pusher.size(), 1u);
  EXPECT_TRUE(pusher[0].enabled);
  EXPECT_EQ(pusher[0].orientation_deg, 126.0);
  // A simulator file can supply actuators too.
  EXPECT_EQ(actuators_in(assets + "nine_particles_stretch.xml").size(), 2u);
}

TEST_F(XmlIo, StateFileIsNotAnActuatorFile) {
  const std::string& assets = io_test::kAssets;
  EXPECT_NE(error_of([&] { actuators_in(assets + "four_particles_state.xml"); }), "");
  const std::string msg = error_of([&] { load_scene_xml(assets + "pusher.xml"); });
  EXPECT_NE(msg.find("pusher.xml"), std::string::npos) << msg;
  EXPECT_NE(msg.find("-a"), std::string::npos) << msg;
}

struct BadXml {
  const char* name;
  const char* text;
  const char* expect;  // a piece of the message
};

const char* const kGoodShape =
    "<shape><point x='0' y='0'/><point x='2' y='0'/><point x='2' y='1'/></shape>";

TEST_F(XmlIo, BadStatesNameFileLineAndProblem) {
  const BadXml cases[] = {
      {"malformed", "<state><particles></state>", "line"},
      {"root", "<foo/>", "<foo>"},
      {"unknown_id",
       "<state><particles><particle x='0' y='0' radius='1' id='0'/></particles><springs>"
       "<spring particle1id='0' particle2id='9' equilibrium_length='1' force_constant='1'/>"
       "</springs></state>",
       "particle2id = 9"},
      {"nan", "<state><particles><particle x='nan' y='0' radius='1' id='0'/></particles></state>",
       "'x'"},
      {"inf", "<state><particles><particle x='0' y='inf' radius='1' id='0'/></particles></state>",
       "'y'"},
      {"text",
       "<state><particles><particle x='1.5cm' y='0' radius='1' id='0'/></particles></state>",
       "'x'"},
      {"negative_radius",
       "<state><particles><particle x='0' y='0' radius='-1' id='0'/></particles></state>",
       "radius"},
      {"missing_y", "<state><particles><particle x='0' radius='1' id='0'/></particles></state>",
       "'y'"},
      {"duplicate_id",
       "<state><particles><particle x='0' y='0' radius='1' id='4'/>"
       "<particle x='1' y='0' radius='1' id='4'/></particles></state>",
       "id 4"},
      {"self_spring",
       "<state><particles><particle x='0' y='0' radius='1' id='0'/></particles><springs>"
       "<spring particle1id='0' particle2id='0' equilibrium_length='1' force_constant='1'/>"
       "</springs></state>",
       "two different"},
      {"empty", "", "empty"},
      // The tick counter would overflow (found with the world fuzz target).
      {"time_too_big", "<simulator time='9223372036854775807'><state/></simulator>", "time"},
  };
  for (const BadXml& c : cases) {
    const std::string file = write(std::string(c.name) + ".xml", c.text);
    const std::string msg = error_of([&] { load_scene_xml(file); });
    EXPECT_NE(msg.find(file), std::string::npos) << c.name << ": " << msg;
    EXPECT_NE(msg.find(c.expect), std::string::npos) << c.name << ": " << msg;
  }
}

TEST_F(XmlIo, BadActuatorsNameFileAndProblem) {
  const std::string path = "<path><point x='0' y='0'/></path>";
  const BadXml cases[] = {
      {"no_type", "<actuator>", "type"},
      {"bad_type", "<actuator type='Laser'>", "Laser"},
      {"negative_speed", "<actuator type='Pusher' speed='-2'>", "speed"},
      {"nan_speed", "<actuator type='Pusher' speed='nan'>", "speed"},
      {"bad_bool", "<actuator type='Pusher' enabled='maybe'>", "enabled"},
      {"negative_advancement", "<actuator type='Pusher' path-advancement='-1'>",
       "path-advancement"},
      {"negative_power", "<actuator type='Heater' power='-1'>", "power"},
      {"bad_temperature", "<actuator type='Heater' temperature='hot'>", "temperature"},
      {"pusher_power", "<actuator type='Pusher' power='5'>", "a heater's"},
  };
  for (const BadXml& c : cases) {
    const std::string file = write(std::string(c.name) + ".xml",
                                   std::string(c.text) + kGoodShape + path + "</actuator>");
    const std::string msg = error_of([&] { actuators_in(file); });
    EXPECT_NE(msg.find(file), std::string::npos) << c.name << ": " << msg;
    EXPECT_NE(msg.find(c.expect), std::string::npos) << c.name << ": " << msg;
  }
  const BadXml shapes[] = {
      {"pusher_no_shape", "<actuator type='Pusher'><path><point x='0' y='0'/></path></actuator>",
       "at least 3"},
      {"pusher_two_points",
       "<actuator type='Pusher'><shape><point x='0' y='0'/><point x='1' y='0'/></shape>"
       "<path><point x='0' y='0'/></path></actuator>",
       "at least 3"},
      {"pusher_flat",
       "<actuator type='Pusher'><shape><point x='0' y='0'/><point x='1' y='0'/>"
       "<point x='2' y='0'/></shape><path><point x='0' y='0'/></path></actuator>",
       "zero area"},
      {"heater_two_points",
       "<actuator type='Heater'><shape><point x='0' y='0'/><point x='1' y='0'/></shape>"
       "<path><point x='0' y='0'/></path></actuator>",
       "at least 3"},
      {"no_path", "<actuator type='Heater'></actuator>", "<path>"},
      {"empty_path", "<actuator type='Heater'><path></path></actuator>", "at least one point"},
      {"nan_path", "<actuator type='Heater'><path><point x='0' y='nan'/></path></actuator>", "'y'"},
  };
  for (const BadXml& c : shapes) {
    const std::string file = write(std::string(c.name) + ".xml", c.text);
    const std::string msg = error_of([&] { actuators_in(file); });
    EXPECT_NE(msg.find(file), std::string::npos) << c.name << ": " << msg;
    EXPECT_NE(msg.find(c.expect), std::string::npos) << c.name << ": " << msg;
  }
  // A heater without a shape is fine: it melts a disc of [Heater] Size.
  const Actuator h =
      actuator_from("<actuator type='Heater'><path><point x='0' y='0'/></path></actuator>", "h");
  EXPECT_TRUE(h.shape.empty());
}

TEST_F(XmlIo, MissingFileSaysCannotOpen) {
  const std::string file = path("nope.xml");
  const std::string msg = error_of([&] { load_scene_xml(file); });
  EXPECT_EQ(msg, file + ": cannot open");
  EXPECT_EQ(error_of([&] { actuators_in(file); }), file + ": cannot open");
}

TEST_F(XmlIo, ADeviceIsNotReadAsAFile) {
  // <body source="/dev/zero"> read until the memory ran out (scene fuzz target).
  EXPECT_EQ(error_of([&] { load_scene_xml("/dev/zero"); }),
            "/dev/zero: cannot open (a device, not a file)");
  const std::string msg = error_of(
      [&] { parse_scene_xml(R"(<state><body shape="mask" source="/dev/zero"/></state>)", "t"); });
  EXPECT_NE(msg.find("a device"), std::string::npos) << msg;
}

TEST_F(XmlIo, AtomicWriteReplacesAndLeavesNoTemporary) {
  const std::string file = path("out.txt");
  write_file_atomic(file, "first");
  write_file_atomic(file, "second");
  EXPECT_EQ(read_text_file(file), "second");
  int entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir_)) ++entries;
  EXPECT_EQ(entries, 1);
  // Unwritable target: an error naming it, nothing left behind.
  const std::string bad = path("no_such_dir/out.txt");
  EXPECT_NE(error_of([&] { write_file_atomic(bad, "x"); }).find(bad), std::string::npos);
  const std::string folder = path("a_folder");
  fs::create_directory(folder);
  EXPECT_NE(error_of([&] { write_file_atomic(folder, "x"); }).find(folder), std::string::npos);
  entries = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator(dir_)) ++entries;
  EXPECT_EQ(entries, 2);  // out.txt and a_folder
}

}  // namespace
}  // namespace mb
