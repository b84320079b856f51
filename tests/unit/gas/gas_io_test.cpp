// Gas: load-time checks, the generator and the <gas> XML round trip.
#include <gtest/gtest.h>

#include <cmath>
#include <string>

#include "physics/gas/thermo.hpp"
#include "physics/gas/validate.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/scene_io.hpp"
#include "tests/unit/gas/gas_fixture.hpp"

TEST(GasLoad, OverlappingDiscsAreReportedNotMoved) {
  mb::Gas g;
  g.add_disc(0.0, 0.0, 0.0, 0.0, 1.0, 1.0);
  g.add_disc(1.5, 0.0, 0.0, 0.0, 1.0, 1.0);  // overlaps disc 0 by 0.5
  g.add_disc(5.0, 0.0, 0.0, 0.0, 1.0, 1.0);
  g.add_disc(7.0, 0.0, 0.0, 0.0, 1.0, 1.0);  // exactly touching disc 2: allowed
  const auto pairs = mb::gas::find_overlaps(g);
  ASSERT_EQ(pairs.size(), 1u);
  EXPECT_EQ(pairs[0].i, 0);
  EXPECT_EQ(pairs[0].j, 1);
  EXPECT_DOUBLE_EQ(pairs[0].depth, 0.5);
  const auto problems = mb::gas::validate(g, {{-10, -10}, {10, 10}});
  ASSERT_EQ(problems.size(), 1u);
  EXPECT_NE(problems[0].find("disc 0 and disc 1 overlap"), std::string::npos);
}

TEST(GasLoad, XmlWithOverlapIsAnInputErrorNamingThePair) {
  const std::string xml = R"(<simulator><state><particles/><springs/></state>
<gas min-x="-10" min-y="-10" max-x="10" max-y="10">
  <disc x="0" y="0" vx="1" vy="0" mass="1" radius="1"/>
  <disc x="1" y="1" vx="0" vy="0" mass="1" radius="1"/>
</gas></simulator>)";
  try {
    mb::parse_scene_xml(xml, "t.xml");
    FAIL() << "expected InputError";
  } catch (const mb::InputError& e) {
    const std::string msg = e.what();
    EXPECT_NE(msg.find("disc 0 and disc 1 overlap"), std::string::npos) << msg;
    EXPECT_NE(msg.find("0@3 1@4"), std::string::npos) << msg;  // their lines
  }
}

TEST(GasLoad, DiscOutsideTheBoxIsReported) {
  const std::string xml = R"(<state><gas min-x="0" min-y="0" max-x="10" max-y="10">
  <disc x="9.5" y="5" mass="1" radius="1"/></gas></state>)";
  EXPECT_THROW(mb::parse_scene_xml(xml, "t.xml"), mb::InputError);
}

TEST(GasLoad, ADiscTouchingAWallWithinRoundingIsInside) {
  // 1000 - 1 + 1e-13 is 999.0000000000001: a disc that a tick left at its wall contact.
  mb::Gas g;
  g.add_disc(999.0000000000001, 0.0, 0.0, 0.0, 1.0, 1.0);
  EXPECT_TRUE(mb::gas::validate(g, mb::kDefaultGasBox).empty());
  g.x[0] = 999.000001;
  EXPECT_EQ(mb::gas::validate(g, mb::kDefaultGasBox).size(), 1u);
}

TEST(GasGenerator, PlacesWithoutOverlapAtTheExactTemperature) {
  const mb::Box box = gas_test::box_for(3000, 1.0, 0.35);
  mb::Gas g;
  mb::gas::generate(g, box,
                    {.count = 3000,
                     .radius_min = 0.5,
                     .radius_max = 1.5,
                     .mass = 2.0,
                     .temperature = 4.0,
                     .seed = 9});
  ASSERT_EQ(g.size(), 3000);
  EXPECT_TRUE(mb::gas::validate(g, box).empty());
  EXPECT_NEAR(mb::gas::temperature(g), 4.0, 1e-12);
  EXPECT_NEAR(mb::gas::momentum(g).x, 0.0, 1e-10);
  EXPECT_NEAR(mb::gas::momentum(g).y, 0.0, 1e-10);
  for (double r : g.radius) EXPECT_TRUE(r >= 0.5 && r <= 1.5);
  mb::Gas again;
  mb::gas::generate(again, box,
                    {.count = 3000,
                     .radius_min = 0.5,
                     .radius_max = 1.5,
                     .mass = 2.0,
                     .temperature = 4.0,
                     .seed = 9});
  EXPECT_EQ(g.x, again.x);  // deterministic for its seed
}

TEST(GasXml, RoundTripIsExact) {
  const std::string xml = R"(<simulator time="3">
  <state><particles/><springs/></state>
  <actuators/>
  <gas min-x="-50" min-y="-40" max-x="50" max-y="40" tick-seconds="0.01" broad-phase="grid"
       rng-state="abcdef0123456789">
    <wall side="left" temperature="2.5"/>
    <disc x="0.1" y="-0.30000000000000004" vx="1e-300" vy="-7.25" mass="3" radius="0.75"
          species="2"/>
    <generator count="200" radius-min="0.5" radius-max="1" mass="1.5" temperature="2" seed="4"/>
  </gas></simulator>)";
  const mb::Scene a = mb::parse_scene_xml(xml, "a.xml");
  ASSERT_TRUE(a.gas);
  const mb::Gas& g = a.gas->gas;
  ASSERT_EQ(g.size(), 201);
  EXPECT_EQ(g.y[0], -0.30000000000000004);
  EXPECT_EQ(g.vx[0], 1e-300);
  EXPECT_EQ(g.species[0], 2);
  EXPECT_EQ(g.settings.wall_temperature[0], 2.5);
  EXPECT_EQ(g.settings.broad_phase, mb::GasBroadPhase::Grid);
  EXPECT_EQ(g.rng_state, 0xabcdef0123456789ull);
  ASSERT_TRUE(a.gas->box);
  EXPECT_EQ(a.gas->box->min.y, -40.0);

  const std::string out = mb::write_scene_xml(a, mb::SceneRoot::Simulator);
  const mb::Scene b = mb::parse_scene_xml(out, "b.xml");
  ASSERT_TRUE(b.gas);
  const mb::Gas& h = b.gas->gas;
  EXPECT_EQ(h.x, g.x);
  EXPECT_EQ(h.y, g.y);
  EXPECT_EQ(h.vx, g.vx);
  EXPECT_EQ(h.vy, g.vy);
  EXPECT_EQ(h.mass, g.mass);
  EXPECT_EQ(h.radius, g.radius);
  EXPECT_EQ(h.species, g.species);
  EXPECT_EQ(h.settings.wall_temperature, g.settings.wall_temperature);
  EXPECT_EQ(h.settings.tick_seconds, g.settings.tick_seconds);
  EXPECT_EQ(h.rng_state, g.rng_state);
  EXPECT_EQ(mb::write_scene_xml(b, mb::SceneRoot::Simulator), out);
  // A <state> carries a gas too (meltbox-cli -o writes one).
  const mb::Scene c = mb::parse_scene_xml(mb::write_scene_xml(a, mb::SceneRoot::State), "c.xml");
  ASSERT_TRUE(c.gas);
  EXPECT_EQ(c.gas->gas.vy, g.vy);
}

TEST(GasXml, BadAttributesAreInputErrors) {
  const char* bad[] = {
      R"(<state><gas><disc x="0" y="0" mass="0" radius="1"/></gas></state>)",
      // Lighter than kMinDiscMass: a thermal wall sent such a disc off at an infinite speed.
      R"(<state><gas><disc x="0" y="0" mass="1e-300" radius="1"/></gas></state>)",
      R"(<state><gas><species id="1" name="A" mass="1e-300"/></gas></state>)",
      R"(<state><gas><disc x="0" y="0" mass="1"/></gas></state>)",
      R"(<state><gas><wall side="middle" temperature="1"/></gas></state>)",
      R"(<state><gas><wall side="top" temperature="1e90"/></gas></state>)",  // wall-top's range
      R"(<state><gas min-x="0"><disc x="0" y="0" mass="1" radius="1"/></gas></state>)",
      R"(<state><gas broad-phase="fast"/></state>)",
      R"(<state><gas><generator count="-1"/></gas></state>)",
      R"(<state><gas min-x="0" min-y="0" max-x="10" max-y="10"><generator count="1000"/></gas></state>)",
      R"(<state><gas><generator count="2000000"/></gas></state>)",  // more than kMaxDiscs
      // kT / m = 50 / 1.5e-323 overflows: speeds of inf, kinetic energy NaN (found by fuzzing).
      R"(<state><gas><generator count="4" mass="14.9e-324" temperature="50"/></gas></state>)",
      R"(<state><gas><generator count="4" mass="1" temperature="1e301"/></gas></state>)",
  };
  for (const char* xml : bad)
    EXPECT_THROW(mb::parse_scene_xml(xml, "t.xml"), mb::InputError) << xml;
}
