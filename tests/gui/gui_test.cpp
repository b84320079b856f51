// Runs build/meltbox headless and checks what it drew and what it saved.
// Camera: --view 0,0,2 in a 1280x720 window puts world (x, y) at screen
// (640 + 2x, 360 + 2y); the side panel covers x < 360.
#include <gtest/gtest.h>
#include <stb_image.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "physics/io/scene_io.hpp"
#include "tests/gui/run_meltbox.hpp"

namespace {

using mb::gui_test::kDir;
using mb::gui_test::kStrip;
using mb::gui_test::write_script;

// kStrip's scene: world x -100..100, y -30..30, two pushers at x = -96 and 96; its
// strip.cfg lies beside it.

mb::Vec2 world_of(double sx, double sy) {
  return {(sx - 640.0) / 2.0, (sy - 360.0) / 2.0};
}

struct Image {
  int w = 0, h = 0;
  std::vector<unsigned char> rgb;
  const unsigned char* at(int x, int y) const { return &rgb[(static_cast<size_t>(y) * w + x) * 3]; }
};

Image load_png(const std::string& path) {
  Image img;
  int n = 0;
  unsigned char* data = stbi_load(path.c_str(), &img.w, &img.h, &n, 3);
  if (data) {
    img.rgb.assign(data, data + static_cast<size_t>(img.w) * img.h * 3);
    stbi_image_free(data);
  }
  return img;
}

// Frozen particles are grey-blue; springs at rest are light grey.
bool material(const unsigned char* p) {
  return p[2] > 120 && p[2] >= p[0] + 20;
}
bool background(const unsigned char* p) {
  return p[0] < 40 && p[1] < 40 && p[2] < 45;
}

}  // namespace

TEST(Gui, ScreenshotShowsTheSpotAndBackground) {
  const std::string shot = kDir + "/shot.png";
  RUN_OR_SKIP(kStrip + "--paused --screenshot " + shot + " --frames 5");
  const Image img = load_png(shot);
  ASSERT_EQ(img.w, 1280);
  ASSERT_EQ(img.h, 720);
  // The strip spans world x -100..100, y -30..30: screen 440..840, 300..420.
  int inside = 0, total = 0;
  for (int y = 310; y < 410; y += 2)
    for (int x = 460; x < 820; x += 2, ++total) inside += material(img.at(x, y));
  EXPECT_GT(inside, total / 20) << inside << " material pixels of " << total;
  // Away from the strip, its pushers and their paths: background.
  int outside = 0, bg = 0;
  for (int y = 80; y < 200; y += 4)
    for (int x = 900; x < 1200; x += 4, ++outside) bg += background(img.at(x, y));
  EXPECT_EQ(bg, outside);
}

TEST(Gui, PlacingAPusherByDragPutsItWhereTheMouseIsReleased) {
  const std::string out = kDir + "/placed.xml";
  const std::string script = write_script("place.txt",
                                          "frame 2 key p\n"
                                          "frame 3 mousemove 1000 200\n"
                                          "frame 4 mousedown 1000 200\n"
                                          "frame 5 mousemove 1040 160\n"
                                          "frame 6 mousemove 1050 150\n"
                                          "frame 7 mouseup 1050 150\n");
  RUN_OR_SKIP(kStrip + "--paused --frames 12 --script " + script + " --save-scene " + out);
  const mb::Scene scene = mb::load_scene_xml(out);
  ASSERT_EQ(scene.actuators.size(), 3u);
  const mb::Actuator& a = scene.actuators.back();
  EXPECT_EQ(a.type, mb::ActuatorType::Pusher);
  ASSERT_FALSE(a.path.points.empty());
  const mb::Vec2 want = world_of(1050, 150);
  EXPECT_NEAR(a.path.points[0].x, want.x, 1e-9);
  EXPECT_NEAR(a.path.points[0].y, want.y, 1e-9);
  // Its default path: a straight line 100 units to the right (D redraws it).
  ASSERT_EQ(a.path.points.size(), 2u);
  EXPECT_NEAR(a.path.points[1].x, want.x + 100.0, 1e-9);
  EXPECT_NEAR(a.path.points[1].y, want.y, 1e-9);
}

TEST(Gui, DraggingTheRotateHandleTurnsThePusher) {
  // A 12x40 pusher dropped at world (80, -30): its handle's circle sits straight up,
  // just past its outline (reach 20.9 + 14 units at zoom 2), at screen (800, 230).
  // Dragging it to the pusher's right turns it by 90 degrees.
  const std::string out = kDir + "/rotated.xml";
  const std::string script = write_script("rotate.txt",
                                          "frame 2 key p\n"
                                          "frame 3 mousemove 800 300\n"
                                          "frame 4 mousedown 800 300\n"
                                          "frame 5 mouseup 800 300\n"
                                          "frame 7 mousemove 800 231\n"
                                          "frame 8 mousedown 800 231\n"
                                          "frame 9 mousemove 850 280\n"
                                          "frame 10 mousemove 870 300\n"
                                          "frame 11 mouseup 870 300\n");
  RUN_OR_SKIP(kStrip + "--paused --frames 14 --script " + script + " --save-scene " + out);
  const mb::Scene scene = mb::load_scene_xml(out);
  ASSERT_EQ(scene.actuators.size(), 3u);
  EXPECT_NEAR(scene.actuators.back().orientation_deg, 90.0, 1e-6);
  EXPECT_NEAR(scene.actuators.back().path.points[0].x, 80.0, 1e-9);  // turned, not moved
}

TEST(Gui, CtrlZUndoesAPlacement) {
  const std::string out = kDir + "/undone.xml";
  const std::string script = write_script("undo.txt",
                                          "frame 2 key h\n"
                                          "frame 3 mousemove 1000 200\n"
                                          "frame 4 mousedown 1000 200\n"
                                          "frame 5 mouseup 1000 200\n"
                                          "frame 7 save " +
                                              kDir +
                                              "/before_undo.xml\n"
                                              "frame 8 key ctrl+z\n");
  RUN_OR_SKIP(kStrip + "--paused --frames 12 --script " + script + " --save-scene " + out);
  EXPECT_EQ(mb::load_scene_xml(kDir + "/before_undo.xml").actuators.size(), 3u);
  EXPECT_EQ(mb::load_scene_xml(out).actuators.size(), 2u);
}

TEST(Gui, GrabDragMovesTheMaterialTowardTheMouse) {
  const std::string before = kDir + "/grab_before.xml", after = kDir + "/grab_after.xml";
  // Grab the strip's centre (world 0, 0) and drag it up to world (0, -50), stepping
  // the paused simulation one tick a frame.
  std::string text = "frame 1 save " + before + "\n" +
                     "frame 2 mousemove 640 360\nframe 3 mousedown 640 360\n"
                     "frame 4 mousemove 640 320\nframe 5 mousemove 640 260\n";
  for (int f = 6; f < 16; ++f) text += "frame " + std::to_string(f) + " key .\n";
  text += "frame 17 save " + after + "\nframe 18 mouseup 640 260\n";
  RUN_OR_SKIP(kStrip + "--paused --frames 20 --script " + write_script("grab.txt", text));
  const mb::Scene a = mb::load_scene_xml(before), b = mb::load_scene_xml(after);
  ASSERT_EQ(a.net.particle_count(), b.net.particle_count());
  // The particle nearest the grab point moved most of the way to the mouse.
  int nearest = 0;
  for (int i = 0; i < a.net.particle_count(); ++i)
    if (std::hypot(a.net.x[i], a.net.y[i]) < std::hypot(a.net.x[nearest], a.net.y[nearest]))
      nearest = i;
  EXPECT_LT(b.net.y[nearest], a.net.y[nearest] - 30.0);
  double top_before = 0, top_after = 0;
  for (int i = 0; i < a.net.particle_count(); ++i) {
    top_before = std::min(top_before, a.net.y[i]);
    top_after = std::min(top_after, b.net.y[i]);
  }
  EXPECT_LT(top_after, top_before - 15.0);  // the strip is pulled upward
}

TEST(Gui, SpacePausesTheTickCount) {
  const std::string a = kDir + "/pause_a.xml", b = kDir + "/pause_b.xml";
  const std::string script = write_script("pause.txt",
                                          "frame 3 key space\n"
                                          "frame 6 save " +
                                              a +
                                              "\n"
                                              "frame 30 save " +
                                              b + "\n");
  RUN_OR_SKIP(kStrip + "--tick-rate 500 --frames 32 --script " + script);
  const int64_t ta = mb::load_scene_xml(a).time, tb = mb::load_scene_xml(b).time;
  EXPECT_EQ(ta, tb);

  // Without Space the count goes on.
  const std::string script2 = write_script("nopause.txt", "frame 6 save " + a +
                                                              "\n"
                                                              "frame 30 save " +
                                                              b + "\n");
  RUN_OR_SKIP(kStrip + "--tick-rate 500 --frames 32 --script " + script2);
  EXPECT_GT(mb::load_scene_xml(b).time, mb::load_scene_xml(a).time);
}

TEST(Gui, StartsOnPhaseChangePumpingWithoutArguments) {
  const std::string out = kDir + "/default.xml", shot = kDir + "/default.png";
  RUN_OR_SKIP("--paused --screenshot " + shot + " --frames 3 --save-scene " + out);
  const mb::Scene scene = mb::load_scene_xml(out);
  ASSERT_EQ(scene.actuators.size(), 1u);
  EXPECT_EQ(scene.actuators[0].type, mb::ActuatorType::Heater);
  EXPECT_GT(scene.net.particle_count(), 100);
}

TEST(Gui, ATickRateThatIsNotANumberIsRefusedNamingTheFlag) {
  // Exit status 2 (a bad input, docs/sandbox.md) and the flag named before any window opens
  // (CLI11's own range check lets NaN through: no comparison with it is true).
  EXPECT_EQ(mb::gui_test::meltbox("--tick-rate nan --frames 1"), 2);
  std::ifstream log(mb::gui_test::log_path());
  const std::string text{std::istreambuf_iterator<char>(log), {}};
  EXPECT_NE(text.find("--tick-rate: 'nan' is not a number in [1, 10000]"), std::string::npos)
      << text;
}

TEST(Gui, AnOpenedFileGoesFirstInTheRecentList) {
  const std::string list = mb::gui_test::config_dir() + "/meltbox/recent.txt";
  std::filesystem::remove(list);
  const std::string csv = std::string(GUI_TEST_SOURCE_DIR) + "/../../assets/circle_r50.csv";
  RUN_OR_SKIP("--paused --frames 2 " + csv);
  RUN_OR_SKIP(kStrip + "--paused --frames 2");
  RUN_OR_SKIP(kStrip + "--paused --frames 2");  // once in the list, moved to the front
  std::ifstream in(list);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(std::filesystem::path(lines[0]).filename(), "strip.xml");
  EXPECT_EQ(std::filesystem::path(lines[1]).filename(), "circle_r50.csv");
  EXPECT_TRUE(std::filesystem::path(lines[0]).is_absolute());
}
