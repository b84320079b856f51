// The lattice in the files (issue 38): [Lattice] Type and Seed in a .cfg, <spot> in scene XML;
// the original's files keep the hexagonal lattice.
#include <gtest/gtest.h>

#include <string>

#include "physics/io/input_files.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/springs/connectivity.hpp"
#include "physics/springs/lattice.hpp"
#include "tests/common/original_configs.hpp"
#include "tests/common/temp_dir_test.hpp"

namespace {
using mb::testing::error_of;

mb::SimulatorSettings parse(const std::string& text) {
  mb::Warnings warnings;
  mb::SimulatorSettings s = mb::parse_settings(text, "test.cfg", {}, warnings);
  EXPECT_TRUE(warnings.empty()) << warnings.front();
  return s;
}

}  // namespace

class LatticeFiles : public mb::testing::TempDirTest {};

TEST(LatticeSettings, CfgReadsTheAmorphousLatticeAndItsSeed) {
  const mb::SimulatorSettings s = parse("[Lattice]\nType=Amorphous\nSeed=42\n");
  EXPECT_EQ(s.lattice, mb::LatticeType::Amorphous);
  EXPECT_EQ(s.lattice_seed, 42);
  EXPECT_EQ(parse("[Lattice]\nType=hex\n").lattice, mb::LatticeType::Hexagonal);
  // Defaults: the Spring Simulator's lattice, seed 1.
  EXPECT_EQ(parse("").lattice, mb::LatticeType::Hexagonal);
  EXPECT_EQ(parse("").lattice_seed, 1);
}

TEST(LatticeSettings, BadLatticeOrSeedNamesTheFileAndLine) {
  const std::string type = error_of([] { parse("[Lattice]\n\nType=triangular\n"); });
  EXPECT_NE(type.find("test.cfg: line 3: [Lattice] Type = 'triangular'"), std::string::npos)
      << type;
  EXPECT_NE(type.find("hexagonal, square or amorphous"), std::string::npos) << type;
  const std::string seed = error_of([] { parse("[Lattice]\nSeed=-1\n"); });
  EXPECT_NE(seed.find("test.cfg: line 2: [Lattice] Seed = -1"), std::string::npos) << seed;
  const std::string half = error_of([] { parse("[Lattice]\nSeed=2.5\n"); });
  EXPECT_NE(half.find("whole number"), std::string::npos) << half;
}

TEST_F(LatticeFiles, SavedSettingsKeepTheLatticeAndSeed) {
  mb::SimulatorSettings s;
  s.lattice = mb::LatticeType::Amorphous;
  s.lattice_seed = 123456789012345;
  mb::save_settings(path("s.cfg"), s);
  mb::Warnings warnings;
  const mb::SimulatorSettings back = mb::load_settings(path("s.cfg"), warnings);
  EXPECT_TRUE(warnings.empty());
  EXPECT_EQ(back.lattice, mb::LatticeType::Amorphous);
  EXPECT_EQ(back.lattice_seed, 123456789012345);
}

TEST(LatticeSettings, TheOriginalsFilesKeepTheHexagonalLattice) {
  ASSERT_TRUE(mb::testing::original_configs_present());
  for (const char* name : {"default.cfg", "original.cfg", "spring5.5_ticks20_spot20.cfg",
                           "stretching.cfg", "ticks20_conv2000x0.001.cfg"}) {
    mb::Warnings warnings;
    const mb::SimulatorSettings s = mb::load_settings(mb::testing::original_config(name), warnings);
    EXPECT_EQ(s.lattice, mb::LatticeType::Hexagonal) << name;
  }
}

TEST(SpotXml, ACircleSpotIsTheLatticeItNames) {
  const mb::Scene scene = mb::parse_scene_xml(
      "<state><spot shape=\"circle\" x=\"5\" y=\"-3\" radius=\"30\" lattice=\"amorphous\" "
      "lattice-seed=\"6\"/></state>",
      "t.xml");
  ASSERT_EQ(scene.spots.size(), 1u);
  mb::SimulatorSettings settings;
  const mb::World w = mb::world_from_scene(scene, settings, "t.xml");
  settings.lattice = mb::LatticeType::Amorphous;
  settings.lattice_seed = 6;
  const mb::SpringNetwork expected = mb::circle_spot({5, -3}, 30.0, settings);
  EXPECT_EQ(w.net.x, expected.x);
  EXPECT_EQ(w.net.a, expected.a);
  EXPECT_EQ(w.net.rest_length, expected.rest_length);
}

TEST(SpotXml, SpotsFollowTheParticlesAndTakeTheSettingsLattice) {
  // Two explicit particles and a spring, then a 28 x 14 square-lattice rectangle (spacing 7:
  // 5 x 3 = 15 particles, 4*3 + 5*2 = 22 springs, as Lattice.SquareRectangleCountsByHand)
  // and a polygon given by points.
  const mb::Scene scene = mb::parse_scene_xml(
      "<state><particles><particle x=\"0\" y=\"0\" radius=\"1\" id=\"0\"/>"
      "<particle x=\"7\" y=\"0\" radius=\"1\" id=\"1\"/></particles>"
      "<springs><spring particle1id=\"0\" particle2id=\"1\" equilibrium-length=\"5\" "
      "force-constant=\"0.01\"/></springs>"
      "<spot shape=\"rectangle\" x=\"114\" y=\"7\" width=\"28\" height=\"14\"/>"
      "<spot shape=\"polygon\" x=\"-100\"><point x=\"0\" y=\"0\"/><point x=\"40\" y=\"0\"/>"
      "<point x=\"0\" y=\"40\"/></spot></state>",
      "t.xml");
  mb::SimulatorSettings settings;
  settings.lattice = mb::LatticeType::Square;
  const mb::World w = mb::world_from_scene(scene, settings, "t.xml");
  const mb::SpringNetwork tri = mb::polygon_spot({{-100, 0}, {-60, 0}, {-100, 40}}, settings);
  EXPECT_EQ(w.net.particle_count(), 2 + 15 + tri.particle_count());
  EXPECT_EQ(w.net.spring_count(), 1 + 22 + tri.spring_count());
  EXPECT_DOUBLE_EQ(w.net.x[2], 100.0);  // the rectangle's lower left corner
  EXPECT_DOUBLE_EQ(w.net.y[2], 0.0);
  // The rectangle's springs join its own particles (indices shifted past the first two).
  for (int32_t s = 1; s < 23; ++s) {
    EXPECT_GE(std::min(w.net.a[s], w.net.b[s]), 2);
    EXPECT_LT(std::max(w.net.a[s], w.net.b[s]), 17);
  }
}

TEST_F(LatticeFiles, AMaskSpotReadsItsSourceBesideTheScene) {
  std::filesystem::copy_file(std::string(MELTBOX_SOURCE_DIR) + "/assets/blob_mask.png",
                             path("blob.png"));
  const std::string xml =
      write("scene.xml",
            "<simulator><state><spot shape=\"mask\" source=\"blob.png\" x=\"10\" y=\"20\" "
            "lattice=\"amorphous\"/></state></simulator>");
  const mb::World w = mb::world_from_scene(mb::load_scene_xml(xml), {}, xml);
  mb::SimulatorSettings settings;
  settings.lattice = mb::LatticeType::Amorphous;
  const mb::SpringNetwork expected = mb::mask_spot(mb::load_png_mask(path("blob.png")), settings);
  ASSERT_EQ(w.net.particle_count(), expected.particle_count());
  EXPECT_DOUBLE_EQ(w.net.x[0], expected.x[0] + 10.0);
  EXPECT_DOUBLE_EQ(w.net.y[0], expected.y[0] + 20.0);
  EXPECT_EQ(mb::count_crossings(w.net), 0);
}

TEST(SpotXml, BadSpotsNameTheLine) {
  const auto error = [](const std::string& spot) {
    return error_of([&] { mb::parse_scene_xml("<state>\n" + spot + "\n</state>", "t.xml"); });
  };
  EXPECT_NE(error("<spot shape=\"circle\" lattice=\"triangular\"/>")
                .find("t.xml: line 2: <spot>: attribute 'lattice' = 'triangular'"),
            std::string::npos);
  EXPECT_NE(error("<spot shape=\"circle\" lattice-seed=\"-2\"/>").find("'lattice-seed'"),
            std::string::npos);
  EXPECT_NE(error("<spot shape=\"star\"/>").find("must be circle, rectangle, polygon or mask"),
            std::string::npos);
  EXPECT_NE(error("<spot shape=\"circle\" radius=\"0\"/>").find("'radius' must be above 0"),
            std::string::npos);
  EXPECT_NE(error("<spot shape=\"circle\" x=\"1e300\"/>").find("'x' must be within"),
            std::string::npos);
  EXPECT_NE(error("<spot shape=\"mask\"/>").find("needs attribute 'source'"), std::string::npos);
}
