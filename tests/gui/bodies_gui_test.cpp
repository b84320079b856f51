// Peridynamic bodies in the sandbox: the demo scene's points are drawn as coloured discs
// inside the box. The helper's fixed camera (--view 0,0,2) does not reach the bodies, so
// the script presses Home to frame the scene: the box, world -1000..1000 on both axes,
// then fills the canvas height above the hint, at about screen 560..1080 x 50..570.
#include <gtest/gtest.h>
#include <stb_image.h>

#include <algorithm>
#include <fstream>
#include <string>

#include "tests/gui/run_meltbox.hpp"

namespace {

using mb::gui_test::kDir;

const std::string kBodies = std::string(GUI_TEST_SOURCE_DIR) + "/../../assets/bodies.xml ";

// A saturated colour from the body colour scale (not the dark background, not the grey
// box outline or text).
bool body_colored(const unsigned char* p) {
  const int hi = std::max({p[0], p[1], p[2]}), lo = std::min({p[0], p[1], p[2]});
  return hi > 120 && hi - lo > 60;
}

}  // namespace

TEST(BodiesGui, TheDemoShowsColouredBodiesInTheBox) {
  const std::string shot = kDir + "/bodies.png", script = kDir + "/bodies_home.txt";
  std::ofstream(script) << "frame 1 key Home\n";
  RUN_OR_SKIP(kBodies + "--script " + script + " --screenshot " + shot + " --frames 60");
  int w = 0, h = 0, n = 0;
  unsigned char* img = stbi_load(shot.c_str(), &w, &h, &n, 3);
  ASSERT_NE(img, nullptr);
  ASSERT_EQ(w, 1280);
  ASSERT_EQ(h, 720);
  const auto count = [&](int x0, int x1, int y0, int y1) {
    int c = 0;
    for (int y = y0; y < y1; ++y)
      for (int x = x0; x < x1; ++x) c += body_colored(&img[(static_cast<size_t>(y) * w + x) * 3]);
    return c;
  };
  // Both bodies start in the box's lower part (world y 700 and 780, screen ~ 490..510)
  // and fall towards the floor: thousands of coloured pixels there, none in the upper
  // part of the box (below the legend) or left of the box.
  const int lower = count(570, 1070, 380, 565);
  const int upper = count(570, 960, 100, 300);
  const int left = count(380, 540, 100, 560);
  stbi_image_free(img);
  EXPECT_GT(lower, 1500) << "body pixels in the lower part of the box";
  EXPECT_EQ(upper, 0);
  EXPECT_EQ(left, 0);
}
