// Peridynamic bodies in scene XML (physics/io/peri_xml.hpp): exact round trip of every
// spec field, shape sources from files, and InputErrors that name file, line and attribute.
#include <gtest/gtest.h>

#include "io_fixture.hpp"

#include <cmath>
#include <string>
#include <vector>

#include "physics/io/io_error.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/peri/softening.hpp"

// Each test saves into its own fresh folder: ctest runs tests in parallel, and two tests
// sharing one file once read each other's settings.
class PeriXml : public mb::testing::TempDirTest {};

namespace {

// Awkward doubles (not short decimals) so a lossy writer would be caught.
std::vector<mb::PeriBodySpec> awkward_specs() {
  std::vector<mb::PeriBodySpec> out;
  mb::PeriBodySpec a;
  a.shape.kind = mb::PeriShapeKind::Circle;
  a.shape.radius = 1.0 / 3.0 * 50.0;
  a.position = {-123.456789012345678, std::nextafter(77.7, 100.0)};
  a.velocity = {0.1 + 0.2, -1e-300};
  a.angle = M_PI / 7.0;
  a.spacing = 2.0 / 3.0 * 3.0000000001;
  a.horizon = 3.0;
  a.material =
      mb::preset_material(mb::PeriPreset::StVK, 12345.678901234567, 0.3333333333333333, 1.1);
  a.material.fibre_angle = 0.7853981633974483;
  a.material.fibre_ratio = 8.0 / 3.0;
  a.material.critical_stretch = 0.25;
  out.push_back(a);

  mb::PeriBodySpec b;
  b.shape.kind = mb::PeriShapeKind::Rectangle;
  b.shape.width = 60.1;
  b.shape.height = 20.000000000000004;
  b.material = mb::preset_material(mb::PeriPreset::NeoHookean, 2e5, 0.2, 0.5);
  b.material.thickness = 0.1;
  b.material.inversion_threshold = 0.45;
  b.material.inversion_stiffness = 3.5;
  b.material.heated_stiffness = 1.0 / 7.0;
  b.material.viscosity = 0.0123;
  out.push_back(b);

  mb::PeriBodySpec c;
  c.shape.kind = mb::PeriShapeKind::Polygon;
  c.shape.outline = {{0.0, 0.0}, {30.0 / 7.0, 0.1}, {10.0, 20.0 / 3.0}, {-1e-7, 9.0}};
  c.material.preset = mb::PeriPreset::Custom;
  c.material.bond.w = {0.1, 0.2, 0.3, 0.4, -0.5, 1.0 / 3.0};
  c.material.volume.w = {0.0, 0.0, 1.0, 0.0, 0.0, 0.0};
  c.horizon = 2.5;
  out.push_back(c);
  return out;
}

std::string write_state(const std::vector<mb::PeriBodySpec>& specs) {
  mb::Scene scene;
  scene.bodies = specs;
  return mb::write_scene_xml(scene, mb::SceneRoot::State);
}

// The InputError message of parsing `body_xml` inside a <state>.
std::string error_of(const std::string& body_xml) {
  try {
    mb::parse_scene_xml("<state>\n" + body_xml + "\n</state>", "scene.xml");
  } catch (const mb::InputError& e) {
    return e.what();
  }
  return "(no error)";
}

}  // namespace

TEST_F(PeriXml, StateRoundTripIsBitExact) {
  const auto specs = awkward_specs();
  const std::string xml = write_state(specs);
  const mb::Scene scene = mb::parse_scene_xml(xml, "t.xml");
  ASSERT_EQ(scene.bodies.size(), specs.size());
  for (size_t k = 0; k < specs.size(); ++k) EXPECT_TRUE(scene.bodies[k] == specs[k]) << k;
  EXPECT_EQ(write_state(scene.bodies), xml);  // and writing again gives the same text
}

TEST_F(PeriXml, SimulatorRoundTripKeepsBodiesBesideGas) {
  const auto specs = awkward_specs();
  mb::Scene written;
  written.time = 7;
  written.gas = mb::GasScene{mb::Gas{}, mb::Box{{-100.0, -100.0}, {100.0, 100.0}}};
  written.gas->gas.add_disc(0.0, 0.0, 1.0, 0.0, 1.0, 1.0);
  written.bodies = specs;
  const std::string xml = mb::write_scene_xml(written, mb::SceneRoot::Simulator);
  const mb::Scene scene = mb::parse_scene_xml(xml, "t.xml");
  ASSERT_TRUE(scene.gas.has_value());
  ASSERT_EQ(scene.bodies.size(), specs.size());
  for (size_t k = 0; k < specs.size(); ++k) EXPECT_TRUE(scene.bodies[k] == specs[k]) << k;
}

TEST_F(PeriXml, DefaultsAndPresetFromMinimalElement) {
  const mb::Scene s = mb::parse_scene_xml(
      R"(<state><body shape="circle" radius="10" preset="stvk" youngs="500"/></state>)", "t");
  ASSERT_EQ(s.bodies.size(), 1u);
  mb::PeriMaterial expect = mb::preset_material(mb::PeriPreset::StVK, 500.0, 0.35, 1.0);
  EXPECT_TRUE(s.bodies[0].material == expect);
  EXPECT_EQ(s.bodies[0].shape.radius, 10.0);
}

TEST_F(PeriXml, OutlineSourceIsReadFromFileAndWrittenAsSource) {
  const std::string& dir = mb::io_test::kAssets;
  const std::string xml = R"(<state><body shape="polygon" source="circle_r50.csv"/></state>)";
  // Sources resolve next to the scene file (origin must be an existing file for that).
  const mb::Scene s = mb::parse_scene_xml(xml, dir + "gas_box.xml");
  ASSERT_EQ(s.bodies.size(), 1u);
  EXPECT_GE(s.bodies[0].shape.outline.size(), 3u);
  const std::string again = write_state(s.bodies);
  EXPECT_NE(again.find("source=\"circle_r50.csv\""), std::string::npos);
  EXPECT_EQ(again.find("<point"), std::string::npos);
}

TEST_F(PeriXml, BadValuesNameFileLineAndAttribute) {
  struct Case {
    const char* xml;
    const char* needle;
  };
  const Case cases[] = {
      {R"(<body shape="circle" radius="-1"/>)", "'radius' = '-1'"},
      {R"(<body shape="circle" youngs="abc"/>)", "'youngs' = 'abc'"},
      {R"(<body shape="circle" poisson="0.7"/>)", "'poisson' = '0.7'"},
      {R"(<body shape="circle" x="nan"/>)", "'x' = 'nan'"},
      {R"(<body shape="triangle"/>)", "'shape' = 'triangle'"},
      {R"(<body radius="3"/>)", "missing attribute 'shape'"},
      {R"(<body shape="circle" preset="rubber"/>)", "'preset' = 'rubber'"},
      {R"(<body shape="circle" bond-weights="1 2 3"/>)", "'bond-weights' = '1 2 3'"},
      {R"(<body shape="circle" horizon="0.5"/>)", "'horizon' = '0.5'"},
      {R"(<body shape="circle" heated-stiffness="0"/>)", "'heated-stiffness' = '0'"},
      {R"(<body shape="circle" viscosity="-0.01"/>)", "'viscosity' = '-0.01'"},
      {R"(<body shape="polygon"><point x="0" y="0"/></body>)", "at least 3"},
      {R"(<body shape="mask"/>)", "'source'"},
      {R"(<body shape="polygon" source="no_such_file.csv"/>)", "no_such_file.csv"},
  };
  for (const Case& c : cases) {
    const std::string msg = error_of(c.xml);
    EXPECT_NE(msg.find("scene.xml: line 2: <body>"), std::string::npos) << c.xml << "\n" << msg;
    EXPECT_NE(msg.find(c.needle), std::string::npos) << c.xml << "\n" << msg;
  }
}

namespace {

// A world with one falling, fracturing slab, run `ticks` ticks.
mb::World running_world(int ticks) {
  mb::World w;
  w.box = {{-100.0, -100.0}, {100.0, 30.0}};
  mb::PeriBodySpec s;
  s.shape.kind = mb::PeriShapeKind::Rectangle;
  s.shape.width = 30.0;
  s.shape.height = 10.0;
  s.spacing = 1.0;
  s.velocity = {0.0, 150.0};  // y-down: towards the floor
  s.material = mb::preset_material(mb::PeriPreset::NeoHookean, 2e4, 0.3, 1.0);
  s.material.critical_stretch = 0.02;  // the landing breaks bonds
  w.bodies.add(mb::build_body(s));
  for (int t = 0; t < ticks; ++t) w.tick();
  return w;
}

// Saves `w` to `path` and builds a world from what was saved.
mb::World reload(const mb::World& w, const std::string& path) {
  mb::save_state_xml(path, w);
  const mb::Scene scene = mb::load_scene_xml(path);
  mb::World back;
  back.box = w.box;
  mb::install_bodies(back.bodies, scene.bodies, path);
  return back;
}

}  // namespace

TEST_F(PeriXml, ARunningBodyIsSavedWhereItIsAndLoadsBackBitForBit) {
  mb::World w = running_world(40);
  const mb::PeriBody& a = w.bodies.bodies[0];
  ASSERT_GT(a.broken_bonds(), 0);  // the test needs broken bonds to mean anything
  mb::World back = reload(w, path("running.xml"));
  ASSERT_EQ(back.bodies.bodies.size(), 1u);
  const mb::PeriBody& b = back.bodies.bodies[0];
  EXPECT_EQ(b.x, a.x);
  EXPECT_EQ(b.y, a.y);
  EXPECT_EQ(b.vx, a.vx);
  EXPECT_EQ(b.vy, a.vy);
  EXPECT_EQ(b.damage->bond_broken, a.damage->bond_broken);
  EXPECT_EQ(b.broken_bonds(), a.broken_bonds());
  EXPECT_EQ(b.damage->kinv,
            a.damage->kinv);  // shape tensors of the points that lost bonds, recomputed
  // The reloaded world carries on exactly as the original does.
  for (int t = 0; t < 5; ++t) w.tick(), back.tick();
  EXPECT_EQ(back.bodies.bodies[0].x, w.bodies.bodies[0].x);
  EXPECT_EQ(back.bodies.bodies[0].vy, w.bodies.bodies[0].vy);
}

TEST_F(PeriXml, ABodyStillAsBuiltIsWrittenWithoutMotion) {
  const mb::World w = running_world(0);
  const std::vector<mb::PeriBodySpec> specs = mb::body_specs(w.bodies);
  ASSERT_EQ(specs.size(), 1u);
  EXPECT_TRUE(specs[0].motion.empty());
  EXPECT_EQ(write_state(specs).find("<motion"), std::string::npos);
}

TEST_F(PeriXml, AMotionThatDoesNotFitTheBodyIsAnErrorNamingIt) {
  const std::string body =
      "<body shape=\"rectangle\" width=\"4\" height=\"2\" spacing=\"1\">"
      "<motion>0 0 0 0  1 1 0 0</motion></body>";
  const std::string file =
      write("bad_motion.xml", "<state><particles/><springs/>" + body + "</state>");
  const mb::Scene scene = mb::load_scene_xml(file);
  mb::World w;
  try {
    mb::install_bodies(w.bodies, scene.bodies, file);
    FAIL() << "expected an InputError";
  } catch (const mb::InputError& e) {
    const std::string what = e.what();
    EXPECT_NE(what.find(file), std::string::npos) << what;
    EXPECT_NE(what.find("motion has 2 points"), std::string::npos) << what;
  }
  EXPECT_TRUE(w.bodies.empty());
  EXPECT_NE(error_of("<body shape=\"circle\"><motion>1 2 3</motion></body>").find("four numbers"),
            std::string::npos);
  EXPECT_NE(error_of("<body shape=\"circle\"><broken>3 1</broken></body>").find("i < j"),
            std::string::npos);
  EXPECT_NE(error_of("<body shape=\"circle\"><motion>1 2 x 4</motion></body>").find("x is not"),
            std::string::npos);
  EXPECT_NE(error_of("<body shape=\"circle\"><heated>0.5 1.5</heated></body>")
                .find("heat of point 1 must be in 0..1"),
            std::string::npos);
}

TEST_F(PeriXml, AHeatedBodyIsSavedSoftAndCoolsOnAsTheOriginalDoes) {
  mb::World w = running_world(10);
  w.settings.cooldown_time = 8.0;
  mb::PeriBody& a = w.bodies.bodies[0];
  std::vector<int32_t> half;
  for (int32_t i = 0; i < a.size(); ++i)
    if (a.model->X[i] < 0.0) half.push_back(i);
  mb::heat_points(a, half);
  w.tick(), w.tick();  // heat 1 - 2/8 on the left half, softened
  ASSERT_TRUE(mb::softened(a));
  mb::World back = reload(w, path("running.xml"));
  back.settings.cooldown_time = 8.0;
  const mb::PeriBody& b = back.bodies.bodies[0];
  EXPECT_EQ(b.heat, a.heat);
  EXPECT_EQ(b.stiffness->bond_c, a.stiffness->bond_c);  // the same softened constants
  for (int t = 0; t < 8; ++t) w.tick(), back.tick();
  EXPECT_FALSE(mb::softened(b));
  EXPECT_EQ(back.bodies.bodies[0].x, w.bodies.bodies[0].x);
  EXPECT_EQ(back.bodies.bodies[0].vy, w.bodies.bodies[0].vy);
}

TEST_F(PeriXml, BodySettingsRoundTripAndAreCheckedByName) {
  mb::World w = running_world(0);
  w.bodies.settings.gravity = {1.0 / 3.0, -9.81};
  w.bodies.settings.damping = 0.125;
  w.bodies.settings.wall_friction = 0.0;
  w.bodies.settings.contact_friction = 0.7;
  w.bodies.settings.self_contact = false;
  w.bodies.settings.threads = 2;
  reload(w, path("running.xml"));  // saves the world; the settings are read back from the file
                                   // itself below
  const mb::Scene scene = mb::load_scene_xml(path("running.xml"));
  ASSERT_TRUE(scene.body_settings.has_value());
  EXPECT_EQ(*scene.body_settings, w.bodies.settings);
  // Absent: the defaults. Bad values name the attribute.
  EXPECT_FALSE(mb::parse_scene_xml("<state/>", "s.xml").body_settings.has_value());
  EXPECT_NE(error_of("<body-settings damping=\"-1\"/>").find("'damping' = '-1'"),
            std::string::npos);
  EXPECT_NE(error_of("<body-settings self-contact=\"maybe\"/>").find("true or false"),
            std::string::npos);
  EXPECT_NE(error_of("<body-settings threads=\"1.5\"/>").find("1..64"), std::string::npos);
}
