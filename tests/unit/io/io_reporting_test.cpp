// Nothing is lost without a word: every element the readers know is read wherever it may
// stand, what they do not know is a warning naming the file and line, and sizes that would
// turn a typo into a hang are errors that name the limit.
#include <gtest/gtest.h>

#include <cmath>
#include <string>
#include <vector>

#include "io_fixture.hpp"
#include "physics/gas/generator.hpp"
#include "physics/io/input_files.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/peri_xml.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/xml_schema.hpp"
#include "physics/peri/system.hpp"

namespace mb {
namespace {

using io_test::error_of;

using io_test::first;
using io_test::warned;

TEST(XmlReporting, MatterInsideTheStateOfASimulatorIsRead) {
  // The README lets <gas>, <body> and <body-settings> stand in <state> or in <simulator>.
  const std::string xml = R"(<simulator>
  <state>
    <particles><particle x="0" y="0" radius="1" id="0"/></particles>
    <springs/>
    <gas><disc x="100" y="0" mass="1" radius="1"/><disc x="110" y="0" mass="1" radius="1"/></gas>
    <body shape="circle" radius="10" x="0" y="300" spacing="2"/>
    <body-settings damping="0.5"/>
  </state>
  <actuators/>
  <body shape="rectangle" width="20" height="10" x="200" y="300" spacing="2"/>
</simulator>)";
  const Scene s = parse_scene_xml(xml, "t.xml");
  EXPECT_TRUE(s.warnings.empty()) << first(s.warnings);
  ASSERT_TRUE(s.gas.has_value());
  EXPECT_EQ(s.gas->gas.size(), 2);
  ASSERT_EQ(s.bodies.size(), 2u);  // the state's first, then the simulator's
  EXPECT_EQ(s.bodies[0].shape.kind, PeriShapeKind::Circle);
  EXPECT_EQ(s.bodies[1].shape.kind, PeriShapeKind::Rectangle);
  ASSERT_TRUE(s.body_settings.has_value());
  EXPECT_EQ(s.body_settings->damping, 0.5);
}

TEST(XmlReporting, TwoGasesInOneSceneAreAnError) {
  const std::string xml = R"(<simulator><state><particles/><springs/>
    <gas><disc x="0" y="0" mass="1" radius="1"/></gas></state>
  <gas><disc x="9" y="0" mass="1" radius="1"/></gas></simulator>)";
  const std::string msg = error_of([&] { parse_scene_xml(xml, "two.xml"); });
  EXPECT_NE(msg.find("two.xml: line 3"), std::string::npos) << msg;
  EXPECT_NE(msg.find("more than one <gas>"), std::string::npos) << msg;
}

TEST(XmlReporting, UnknownAttributesAndElementsAreWarningsWithFileAndLine) {
  const std::string xml = R"(<simulator type="Simulator" time="3" scale="1">
  <state id="0">
    <particles>
      <particle x="0" y="0" raduis="2" radius="1" id="0"/>
      <particle x="7" y="0" radius="1" id="1" colour="red"/>
    </particles>
    <springs><spring particle1id="0" particle2id="1" equilibrium_length="5"
       force_constant="0.01"/></springs>
    <gas min-x="-50" min-y="-50" max-x="50" max-y="50">
      <disk x="0" y="20" mass="1" radius="1"/>
      <disc x="0" y="30" mass="1" radius="1" spin="3"/>
    </gas>
  </state>
  <actuators>
    <actuator type="Heater" speed="2" sped="3"><path><point x="0" y="0" z="1"/></path></actuator>
  </actuators>
  <notes>a thing the readers know nothing of</notes>
</simulator>)";
  const Scene s = parse_scene_xml(xml, "w.xml");
  const Warnings& w = s.warnings;
  EXPECT_TRUE(warned(w, {"w.xml: line 4", "<particle>", "'raduis'", "did you mean 'radius'"}))
      << first(w);
  EXPECT_TRUE(warned(w, {"w.xml: line 5", "'colour'", "ignored"})) << first(w);
  EXPECT_TRUE(warned(w, {"w.xml: line 10", "<disk>", "did you mean 'disc'"})) << first(w);
  EXPECT_TRUE(warned(w, {"w.xml: line 11", "'spin'"})) << first(w);
  EXPECT_TRUE(warned(w, {"w.xml: line 15", "'sped'", "did you mean 'speed'"})) << first(w);
  EXPECT_TRUE(warned(w, {"w.xml: line 15", "<point>", "'z'"})) << first(w);
  EXPECT_TRUE(warned(w, {"w.xml: line 17", "<notes>", "inside <simulator>"})) << first(w);
  EXPECT_EQ(w.size(), 7u);
  // What is known is still read; what is not is not.
  EXPECT_EQ(s.net.radius[0], 1.0);
  ASSERT_TRUE(s.gas.has_value());
  EXPECT_EQ(s.gas->gas.size(), 1);  // the <disk> is not a disc
  EXPECT_EQ(s.actuators.at(0).speed, 2.0);
}

TEST(XmlReporting, AnElementOutOfPlaceIsAWarning) {
  const Scene s = parse_scene_xml(
      R"(<state><particles><spring particle1id="0" particle2id="1"/></particles></state>)",
      "p.xml");
  EXPECT_TRUE(warned(s.warnings, {"p.xml: line 1", "<spring>", "may not stand inside <particles>"}))
      << first(s.warnings);
  EXPECT_EQ(s.net.spring_count(), 0);
}

TEST(XmlReporting, ActuatorFilesReportTheirUnknownsToo) {
  Warnings w;
  const Actuator a = parse_actuator_xml(
      R"(<actuator type="Pusher" firm_grip="true" grip="hard">
  <shape><point x="0" y="0"/><point x="9" y="0"/><point x="9" y="9"/></shape>
  <path><point x="0" y="0"/></path><speed>3</speed></actuator>)",
      "a.xml", w);
  EXPECT_TRUE(a.firm_grip);
  EXPECT_TRUE(warned(w, {"a.xml: line 1", "'grip'"})) << first(w);
  EXPECT_TRUE(warned(w, {"a.xml: line 3", "<speed>", "inside <actuator>"})) << first(w);
  EXPECT_EQ(w.size(), 2u);
}

TEST(XmlReporting, WhatTheWritersWriteReadsBackWithoutAWarning) {
  // A scene with every kind of element: the schema must know all that the writers write.
  World world;
  world.net.add_particle(0.0, 0.0, 1.0);
  world.net.add_particle(7.0, 0.0, 1.0);
  world.net.add_spring(0, 1, 5.0, 0.01);
  Actuator pusher;
  pusher.shape = {{0, 0}, {9, 0}, {9, 9}};
  pusher.path.points = {{0, 0}, {10, 0}};
  pusher.path.cyclic = true;
  world.actuators.push_back(pusher);
  world.gas.add_disc(100.0, 0.0, 1.0, 2.0, 1.0, 1.5, 2);
  world.gas.settings.wall_temperature[0] = 3.0;
  PeriBodySpec body;
  body.shape.kind = PeriShapeKind::Polygon;
  body.shape.outline = {{-10, -10}, {10, -10}, {0, 10}};
  body.spacing = 2.0;
  body.position = {0.0, 300.0};
  install_bodies(world.bodies, {body}, "test");
  world.bodies.bodies[0].x[0] += 0.5;  // moved: written with its <motion>
  const std::string text = write_scene_xml(scene_of(world), SceneRoot::Simulator);
  const Scene back = parse_scene_xml(text, "saved.xml");
  EXPECT_TRUE(back.warnings.empty()) << first(back.warnings);
  EXPECT_EQ(back.bodies.size(), 1u);
  EXPECT_FALSE(back.bodies[0].motion.empty());
}

class Limits : public io_test::IoTest {};

TEST_F(Limits, AHugeBodyIsRefusedBeforeAnyWork) {
  // radius 1e6 at spacing 1 is 3.6e12 points: refused from its area alone.
  const Scene s = parse_scene_xml(
      R"(<state><body shape="circle" radius="1000000" spacing="1"/></state>)", "big.xml");
  PeriSystem bodies;
  const std::string msg = error_of([&] { install_bodies(bodies, s.bodies, "big.xml"); });
  EXPECT_NE(msg.find("big.xml"), std::string::npos) << msg;
  EXPECT_NE(msg.find(std::to_string(kMaxBodyPoints)), std::string::npos) << msg;
  EXPECT_TRUE(bodies.empty());
  // Points = area / (dx^2 sqrt(3)/2); bonds a point = pi h^2 / (sqrt(3)/2) = 363 at h = 10.
  PeriBodySpec wide;
  wide.shape.radius = 250.0;
  wide.horizon = 10.0;
  wide.spacing = 1.0;  // 226,700 points: over the point limit
  EXPECT_NE(error_of([&] { install_bodies(bodies, {wide}, "w"); }).find("points"),
            std::string::npos);
  wide.spacing = 1.2;  // 157,400 points, but 157,400 x 363 bonds x 44 bytes = 2.5 GB
  EXPECT_NE(error_of([&] { install_bodies(bodies, {wide}, "w"); }).find("MB"), std::string::npos);
}

TEST_F(Limits, AHugeSpotIsRefusedNamingTheLimit) {
  // A radius-1e6 circle outline at spacing 7: 2.3e10 particles.
  std::string csv = "X,Y\n";
  for (int k = 0; k < 16; ++k) {
    const double a = 2.0 * M_PI * k / 16.0;
    csv += std::to_string(1e6 * std::cos(a)) + "," + std::to_string(1e6 * std::sin(a)) + "\n";
  }
  const std::string file = write("huge.csv", csv);
  const std::string msg = error_of([&] { load_any_input(file, SimulatorSettings{}); });
  EXPECT_NE(msg.find(file), std::string::npos) << msg;
  EXPECT_NE(msg.find(std::to_string(kMaxSpotParticles)), std::string::npos) << msg;
}

TEST_F(Limits, CoordinatesThatOverflowAreNamedAsSuch) {
  const std::string file = write("far.csv", "X,Y\n0,0\n1e300,0\n0,1e300\n");
  const std::string msg = error_of([&] { load_any_input(file, SimulatorSettings{}); });
  EXPECT_NE(msg.find(file + ": line 3"), std::string::npos) << msg;
  EXPECT_NE(msg.find("out of range"), std::string::npos) << msg;
  EXPECT_EQ(msg.find("too small"), std::string::npos) << msg;
}

TEST_F(Limits, AGasTooLargeOrTooDenseIsRefusedAtOnce) {
  Gas g;
  gas::GeneratorSpec spec;
  spec.count = gas::kMaxDiscs + 1;
  const Box box{{-1e6, -1e6}, {1e6, 1e6}};
  EXPECT_THROW(gas::generate(g, box, spec), std::runtime_error);
  // 0.6 of a 100 x 100 box in unit discs: 1910 discs; random placement cannot reach it.
  spec.count = static_cast<int32_t>(0.6 * 100.0 * 100.0 / M_PI);
  try {
    gas::generate(g, {{0, 0}, {100, 100}}, spec);
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_NE(std::string(e.what()).find("cover"), std::string::npos) << e.what();
  }
  EXPECT_EQ(g.size(), 0);
}

TEST(XmlSchema, KnowsWhatTheReadersRead) {
  EXPECT_TRUE(xml::knows_attribute("actuator", "firm_grip"));
  EXPECT_TRUE(xml::knows_attribute("actuator", "firm-grip"));
  EXPECT_TRUE(xml::knows_attribute("body", "volume-weights"));
  EXPECT_FALSE(xml::knows_attribute("particle", "colour"));
  EXPECT_FALSE(xml::knows_attribute("nothing", "x"));
}

}  // namespace
}  // namespace mb
