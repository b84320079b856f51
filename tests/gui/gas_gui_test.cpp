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
  // Paused: only the mouse moves the disc. Disc 0 of the demo is picked at its centre,
  // dragged 40 pixels up (20 world units) and left, and let go while still moving.
  const std::string start = kDir + "/gas_start.xml", after = kDir + "/gas_thrown.xml";
  RUN_OR_SKIP(kGasBox + "--paused --frames 2 --save-scene " + start);
  const mb::Scene a = mb::load_scene_xml(start);
  const mb::Gas& ga = gas_of(a);
  ASSERT_GT(ga.size(), 0);
  const int sx = static_cast<int>(std::lround(640.0 + 2.0 * ga.x[0]));
  const int sy = static_cast<int>(std::lround(360.0 + 2.0 * ga.y[0]));
  ASSERT_GT(sx, 400);  // on the canvas, clear of the panel
  std::string text = "frame 2 mousemove " + std::to_string(sx) + " " + std::to_string(sy) +
                     "\nframe 3 mousedown " + std::to_string(sx) + " " + std::to_string(sy) + "\n";
  int x = sx, y = sy;
  for (int f = 4; f < 12; ++f) {
    x -= 2, y -= 5;
    text += "frame " + std::to_string(f) + " mousemove " + std::to_string(x) + " " +
            std::to_string(y) + "\n";
  }
  // The last move and the release in one frame: the mouse is still moving when it lets go,
  // however long a frame takes (the throw velocity is the motion over the last 0.1 s, so a
  // release after a slow frame at a standstill would rightly throw at speed 0).
  x -= 2, y -= 5;
  text += "frame 12 mousemove " + std::to_string(x) + " " + std::to_string(y) + "\n";
  text += "frame 12 mouseup " + std::to_string(x) + " " + std::to_string(y) + "\n";
  const std::string script = kDir + "/gas_throw.txt";
  std::ofstream(script) << text;
  RUN_OR_SKIP(kGasBox + "--paused --frames 16 --script " + script + " --save-scene " + after);

  const mb::Scene b = mb::load_scene_xml(after);
  const mb::Gas& gb = gas_of(b);
  ASSERT_EQ(gb.size(), ga.size());
  // Moved up and left, toward the cursor (a spot where it would overlap is skipped).
  EXPECT_LT(gb.y[0], ga.y[0] - 5.0);
  EXPECT_LT(gb.x[0], ga.x[0]);
  // Thrown with the mouse's velocity: upward (y is down on screen and in the world).
  EXPECT_LT(gb.vy[0], 0.0);
  EXPECT_GT(std::abs(gb.vy[0]), std::abs(gb.vx[0]));
  // Every other disc untouched, and the gas still valid for the event-driven step.
  for (int i = 1; i < gb.size(); ++i) {
    ASSERT_EQ(gb.x[i], ga.x[i]);
    ASSERT_EQ(gb.vx[i], ga.vx[i]);
  }
  EXPECT_TRUE(mb::gas::find_overlaps(gb).empty());
}
