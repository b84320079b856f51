// The gas in the sandbox: the demo scene's discs are drawn, and a disc can be grabbed,
// dragged and thrown with the mouse (checked through --save-scene).
// Camera: --view 0,0,2 in a 1280x720 window puts world (x, y) at screen
// (640 + 2x, 360 + 2y); the side panel covers x < 360.
#include <gtest/gtest.h>
#include <stb_image.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <fstream>
#include <string>

#include "physics/gas/validate.hpp"
#include "physics/io/scene_io.hpp"
#include "tests/gui/run_meltbox.hpp"

namespace {

using mb::gui_test::kDir;

const std::string kGasBox = std::string(GUI_TEST_SOURCE_DIR) + "/../../assets/gas_box.xml ";

// A saturated colour from the speed scale or the species palette (not the dark
// background, not the grey box outline or text).
bool disc_colored(const unsigned char* p) {
  const int hi = std::max({p[0], p[1], p[2]}), lo = std::min({p[0], p[1], p[2]});
  return hi > 120 && hi - lo > 60;
}

const mb::Gas& gas_of(const mb::Scene& scene) {
  EXPECT_TRUE(scene.gas.has_value());
  return scene.gas->gas;
}

}  // namespace

TEST(GasGui, TheDemoBoxShowsColouredDiscs) {
  const std::string shot = kDir + "/gas_box.png";
  RUN_OR_SKIP(kGasBox + "--screenshot " + shot + " --frames 30");
  int w = 0, h = 0, n = 0;
  unsigned char* img = stbi_load(shot.c_str(), &w, &h, &n, 3);
  ASSERT_NE(img, nullptr);
  ASSERT_EQ(w, 1280);
  ASSERT_EQ(h, 720);
  // The box is world -200..200 x -120..120: screen 240..1040 x 120..600 (its left part
  // under the panel). At area fraction 0.3 about a third of it is discs.
  int coloured = 0, total = 0;
  for (int y = 140; y < 580; y += 3)
    for (int x = 400; x < 1020; x += 3, ++total)
      coloured += disc_colored(&img[(static_cast<size_t>(y) * w + x) * 3]);
  // Outside the box (above it, left of the legend): none.
  int outside = 0;
  for (int y = 20; y < 100; y += 3)
    for (int x = 400; x < 1000; x += 3)
      outside += disc_colored(&img[(static_cast<size_t>(y) * w + x) * 3]);
  stbi_image_free(img);
  EXPECT_GT(coloured, total / 6) << coloured << " disc pixels of " << total;
  EXPECT_EQ(outside, 0);
}

TEST(GasGui, GrabbingADiscDragsItAndReleasingThrowsIt) {
  // Paused and stepped one tick a frame (key .), so the run is the same every time. Disc 0
  // of the demo is picked at its centre (the matter grab: the disc there is held fully by
  // the grab spring, gas/grab.hpp), dragged 2 pixels left and 5 up a frame (zoom 2, the
  // script's clock 1/60 s a frame: (-60, -150) units/s) for 9 frames and let go while
  // moving: it leaves at the mouse's velocity.
  const std::string start = kDir + "/gas_start.xml", after = kDir + "/gas_thrown.xml";
  RUN_OR_SKIP(kGasBox + "--paused --frames 2 --save-scene " + start);
  const mb::Scene a = mb::load_scene_xml(start);
  const mb::Gas& ga = gas_of(a);
  ASSERT_GT(ga.size(), 0);
  const int sx = static_cast<int>(std::lround(640.0 + 2.0 * ga.x[0]));
  const int sy = static_cast<int>(std::lround(360.0 + 2.0 * ga.y[0]));
  ASSERT_GT(sx, 400);  // on the canvas, clear of the panel
  const auto event = [](int frame, const char* kind, int x, int y) {
    return "frame " + std::to_string(frame) + " " + kind + " " + std::to_string(x) + " " +
           std::to_string(y) + "\n";
  };
  const auto step = [](int frame) { return "frame " + std::to_string(frame) + " key .\n"; };
  std::string text = event(2, "mousemove", sx, sy) + event(3, "mousedown", sx, sy);
  int x = sx, y = sy;
  for (int f = 4; f <= 12; ++f) x -= 2, y -= 5, text += event(f, "mousemove", x, y) + step(f);
  text += event(12, "mouseup", x, y) + step(13) + "frame 14 save " + after + "\n";
  const std::string script = kDir + "/gas_throw.txt";
  std::ofstream(script) << text;
  RUN_OR_SKIP(kGasBox + "--paused --frames 16 --script " + script);

  const mb::Scene b = mb::load_scene_xml(after);
  const mb::Gas& gb = gas_of(b);
  ASSERT_EQ(gb.size(), ga.size());
  // Pulled up and left after the cursor: the hand went 9 and 22.5 units (the spring lags).
  EXPECT_LT(gb.y[0], ga.y[0] - 5.0);
  EXPECT_LT(gb.x[0], ga.x[0]);
  // Thrown with the mouse's velocity, unless a collision in the tick after turned it: the
  // gas's discs move at about 100 units/s, so it still heads up more than sideways.
  EXPECT_LT(gb.vy[0], 0.0);
  EXPECT_GT(std::abs(gb.vy[0]), std::abs(gb.vx[0]));
  // The gas still valid for the event-driven step.
  EXPECT_TRUE(mb::gas::find_overlaps(gb).empty());
}
