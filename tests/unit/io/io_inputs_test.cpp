// CSV outlines, PNG masks and load_any_input's dispatch.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "io_fixture.hpp"
#include "physics/io/input_files.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/scene_io.hpp"

namespace mb {
namespace {

namespace fs = std::filesystem;

using io_test::error_of;
using io_test::kAssets;

class InputsIo : public io_test::IoTest {};

TEST_F(InputsIo, CircleCsvBuildsALattice) {
  const Polygon outline = load_outline_csv(kAssets + "circle_r50.csv");
  ASSERT_EQ(outline.size(), 64u);
  EXPECT_EQ(outline[0], Vec2(50, 0));
  EXPECT_NEAR(area(outline), 3.14159 * 2500, 60.0);
  const SimulatorSettings s;
  const Scene scene = load_any_input(kAssets + "circle_r50.csv", s);
  // Hexagonal lattice at spacing 7: about area / (s^2 sqrt(3)/2) = 185 particles.
  EXPECT_GT(scene.net.particle_count(), 150);
  EXPECT_LT(scene.net.particle_count(), 220);
  for (int32_t i = 0; i < scene.net.particle_count(); ++i)
    EXPECT_LE(std::hypot(scene.net.x[i], scene.net.y[i]), 50.0 + 1e-9);
  // Settings are used: a longer spring gives fewer particles.
  SimulatorSettings coarse;
  coarse.default_length = 12.0;
  EXPECT_LT(load_any_input(kAssets + "circle_r50.csv", coarse).net.particle_count(),
            scene.net.particle_count() / 2);
}

TEST_F(InputsIo, CsvVariants) {
  // No header, CRLF line ends, blanks: accepted.
  const Polygon p = load_outline_csv(write("a.csv", "0,0\r\n10, 0\r\n\r\n10,10\r\n0,10\r\n"));
  EXPECT_EQ(p.size(), 4u);
  const Polygon q = load_outline_csv(write("b.csv", "X,Y\n0,0\n1e1,0\n10,10\n"));
  EXPECT_EQ(q[1], Vec2(10, 0));
}

TEST_F(InputsIo, BadCsv) {
  struct Case {
    const char* name;
    const char* text;
    const char* expect;
  };
  const Case cases[] = {
      {"words", "X,Y\n0,0\n1,zero\n1,1\n", "line 3"},
      {"one_column", "X,Y\n0\n1\n2\n", "line 2"},
      {"two_points", "X,Y\n0,0\n1,1\n", "at least 3"},
      {"flat", "X,Y\n0,0\n1,1\n2,2\n", "zero area"},
      {"nan", "X,Y\n0,0\nnan,1\n2,2\n", "line 3"},
      {"empty", "", "at least 3"},
  };
  for (const Case& c : cases) {
    const std::string file = write(std::string(c.name) + ".csv", c.text);
    const std::string msg = error_of([&] { load_outline_csv(file); });
    EXPECT_NE(msg.find(file), std::string::npos) << c.name << ": " << msg;
    EXPECT_NE(msg.find(c.expect), std::string::npos) << c.name << ": " << msg;
  }
  // An outline too small for one lattice point.
  const std::string tiny = write("tiny.csv", "X,Y\n0.2,0.1\n0.3,0.3\n0.1,0.3\n");
  EXPECT_NE(error_of([&] { load_any_input(tiny, SimulatorSettings{}); }).find(tiny),
            std::string::npos);
}

TEST_F(InputsIo, PngMask) {
  const GreyMask mask = load_png_mask(kAssets + "blob_mask.png");
  EXPECT_EQ(mask.width, 120);
  EXPECT_EQ(mask.height, 80);
  EXPECT_TRUE(mask.material(60, 40));
  EXPECT_FALSE(mask.material(0, 0));
  const Scene scene = load_any_input(kAssets + "blob_mask.png", SimulatorSettings{});
  EXPECT_GT(scene.net.particle_count(), 50);
  for (int32_t i = 0; i < scene.net.particle_count(); ++i) {
    EXPECT_GE(scene.net.x[i], 0.0);
    EXPECT_LE(scene.net.x[i], 119.0);
  }
}

TEST_F(InputsIo, BadPng) {
  const std::string fake = write("fake.png", "this is not a png");
  EXPECT_NE(error_of([&] { load_png_mask(fake); }).find(fake + ": not a PNG"), std::string::npos);
  // A PNG signature followed by garbage.
  const std::string broken = write("broken.png", std::string("\x89PNG\r\n\x1a\n", 8) + "garbage");
  const std::string msg = error_of([&] { load_png_mask(broken); });
  EXPECT_NE(msg.find(broken), std::string::npos) << msg;
  const std::string missing = path("missing.png");
  EXPECT_EQ(error_of([&] { load_any_input(missing, SimulatorSettings{}); }),
            missing + ": cannot open");
}

TEST_F(InputsIo, APngChunkLongerThanTheFileIsRefusedBeforeDecoding) {
  // The shipped mask with its first chunk (IHDR, 13 bytes, right after the 8-byte
  // signature) claiming 0x7fffff00 bytes: the decoder would reserve that much first.
  std::ifstream in(kAssets + "blob_mask.png", std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_GT(bytes.size(), 33u);
  ASSERT_EQ(bytes.substr(12, 4), "IHDR");
  bytes[8] = '\x7f', bytes[9] = '\xff', bytes[10] = '\xff', bytes[11] = '\x00';
  const std::string file = write("long_chunk.png", bytes);
  const std::string left = std::to_string(bytes.size() - 16);
  EXPECT_EQ(error_of([&] { load_png_mask(file); }),
            file + ": PNG chunk 'IHDR' at byte 8 claims " + std::to_string(0x7fffff00) +
                " bytes, but the file has " + left + " left (truncated or corrupt)");
  EXPECT_GT(load_png_mask(kAssets + "blob_mask.png").width, 0);  // the real one still reads
}

TEST_F(InputsIo, AnyInputDispatch) {
  const SimulatorSettings s;
  EXPECT_EQ(load_any_input(kAssets + "four_particles_state.xml", s).net.particle_count(), 4);
  EXPECT_EQ(load_any_input(kAssets + "nine_particles_simulator.xml", s).actuators.size(), 2u);
  const Scene fromString = load_any_input(
      "<state><particles><particle x=\"1\" y=\"2\" radius=\"1\" id=\"5\"/></particles></state>", s);
  EXPECT_EQ(fromString.net.particle_count(), 1);
  const std::string bad_string = error_of([&] { load_any_input("<state><oops></state>", s); });
  EXPECT_NE(bad_string.find("XML string"), std::string::npos) << bad_string;

  const std::string txt = write("shape.txt", "hello");
  EXPECT_NE(error_of([&] { load_any_input(txt, s); }).find(txt + ": unknown input type"),
            std::string::npos);
  const std::string missing = path("nothing.xml");
  EXPECT_EQ(error_of([&] { load_any_input(missing, s); }), missing + ": cannot open");
  EXPECT_EQ(error_of([&] { load_any_input(path("nothing.csv"), s); }),
            path("nothing.csv") + ": cannot open");
  EXPECT_EQ(error_of([&] { load_any_input(path("nothing"), s); }),
            path("nothing") + ": cannot open");
  EXPECT_NE(error_of([&] { load_any_input(path(""), s); }), "");
}

TEST_F(InputsIo, PointsCsvRoundTrip) {
  const std::vector<Vec2> pts = {{0.1 + 0.2, -1e-300}, {1.0 / 3.0, 2}};
  save_points_csv(path("p.csv"), pts);
  std::ifstream in(path("p.csv"));
  std::string header;
  std::getline(in, header);
  EXPECT_EQ(header, "X,Y");
  // Two points are too few for an outline, so read it back line by line.
  std::string line;
  std::getline(in, line);
  EXPECT_EQ(line, "0.30000000000000004,-1e-300");
}

}  // namespace
}  // namespace mb
