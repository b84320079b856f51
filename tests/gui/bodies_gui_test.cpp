// Peridynamic bodies in the sandbox: the demo scene's points are drawn as coloured discs
// inside the box. The helper's fixed camera (--view 0,0,2) does not reach the bodies, so
// the script presses Home to frame the scene: the box, world -1000..1000 on both axes,
// then fills the canvas height above the hint, at about screen 560..1080 x 50..570.
//
// The Bodies panel (checked through --save-scene): with the fixed camera, world (x, y) is
// at screen (640 + 2x, 360 + 2y); the canvas (right of the 360-pixel panel) is centred on
// world (90, 0). Panel positions: the scripts collapse Simulation (y 36) and Actuators
// (y 105) and open Bodies (then at y 151); the rows below follow from that.
#include <gtest/gtest.h>
#include <stb_image.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>

#include "physics/io/scene_io.hpp"
#include "physics/peri/view.hpp"
#include "tests/gui/run_meltbox.hpp"

namespace {

using mb::gui_test::click;
using mb::gui_test::kDir;

const std::string kBodies = std::string(GUI_TEST_SOURCE_DIR) + "/../../assets/bodies.xml ";

// A saturated colour from the body colour scale (not the dark background, not the grey
// box outline or text).
bool body_colored(const unsigned char* p) {
  const int hi = std::max({p[0], p[1], p[2]}), lo = std::min({p[0], p[1], p[2]});
  return hi > 120 && hi - lo > 60;
}

// Opens the Bodies panel: collapses Simulation and Actuators, opens Bodies.
const char* kOpenBodiesPanel =
    "frame 3 mousemove 60 36\nframe 4 mousedown 60 36\nframe 5 mouseup 60 36\n"
    "frame 7 mousemove 60 105\nframe 8 mousedown 60 105\nframe 9 mouseup 60 105\n"
    "frame 11 mousemove 60 151\nframe 12 mousedown 60 151\nframe 13 mouseup 60 151\n";

// The panel's "Add a body" form as it opens: a neo-Hookean circle, radius 60, spacing 6.
void expect_default_form_body(const mb::PeriBodySpec& b, mb::Vec2 at) {
  EXPECT_EQ(b.shape.kind, mb::PeriShapeKind::Circle);
  EXPECT_EQ(b.shape.radius, 60.0);
  EXPECT_EQ(b.spacing, 6.0);
  EXPECT_EQ(b.horizon, 3.0);
  EXPECT_EQ(b.material.preset, mb::PeriPreset::NeoHookean);
  EXPECT_EQ(b.material.youngs, 8.0e5);
  EXPECT_NEAR(b.position.x, at.x, 1e-9);
  EXPECT_NEAR(b.position.y, at.y, 1e-9);
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

TEST(BodiesGui, AddAtViewCentreAddsTheFormsBody) {
  const std::string script = kDir + "/bodies_add.txt", saved = kDir + "/bodies_add.xml";
  std::ofstream(script) << kOpenBodiesPanel << click(15, 95, 335);  // "Add at view centre"
  RUN_OR_SKIP(kBodies + "--paused --frames 30 --script " + script + " --save-scene " + saved);
  const mb::Scene scene = mb::load_scene_xml(saved);
  ASSERT_EQ(scene.bodies.size(), 3u);  // the demo's two and the new one
  expect_default_form_body(scene.bodies[2], {90.0, 0.0});
  EXPECT_EQ(scene.bodies[0].material.youngs, 8.0e5);  // the demo's bodies as they were
  EXPECT_EQ(scene.bodies[1].material.fibre_ratio, 5.0);
}

TEST(BodiesGui, KeyBThenAClickPlacesABodyThere) {
  const std::string script = kDir + "/bodies_place.txt", saved = kDir + "/bodies_place.xml";
  std::ofstream(script) << "frame 3 mousemove 1000 200\nframe 4 key b\n" << click(6, 1000, 200);
  RUN_OR_SKIP(kBodies + "--paused --frames 20 --script " + script + " --save-scene " + saved);
  const mb::Scene scene = mb::load_scene_xml(saved);
  ASSERT_EQ(scene.bodies.size(), 3u);
  expect_default_form_body(scene.bodies[2], {180.0, -80.0});
}

// A press on a body selects it; dragging its fibre handle turns the fibres; a click at the
// right end of the "fibre ratio" slider makes the fibres 20 times stiffer. Both apply live.
TEST(BodiesGui, TheFibreHandleAndTheSlidersEditTheSelectedBodyLive) {
  const std::string scene_file = kDir + "/one_body.xml", script = kDir + "/bodies_edit.txt",
                    saved = kDir + "/bodies_edit.xml";
  std::ofstream(scene_file) << R"(<state id="0"><particles/><springs/>
  <body shape="circle" radius="60" x="90" y="0" spacing="6" horizon="3" preset="neo-hookean"
        youngs="800000" poisson="0.35" density="1"/></state>)";
  // Where the handle's tip is: past the farthest point along the fibres (angle 0, +x).
  const mb::PeriBody body = mb::build_body(mb::load_scene_xml(scene_file).bodies.at(0));
  const mb::Vec2 c = mb::body_centroid(body);
  double reach = 0.0;
  for (int32_t i = 0; i < body.size(); ++i)
    reach = std::max(reach, std::hypot(body.x[i] - c.x, body.y[i] - c.y));
  const int cx = static_cast<int>(std::lround(640.0 + 2.0 * c.x));
  const int cy = static_cast<int>(std::lround(360.0 + 2.0 * c.y));
  const int tip = static_cast<int>(std::lround(cx + 2.0 * reach + 28.0));
  std::string text = std::string(kOpenBodiesPanel) + click(15, cx, cy);  // selects the body
  text += "frame 20 mousemove " + std::to_string(tip) + " " + std::to_string(cy) + "\n";
  text += "frame 21 mousedown " + std::to_string(tip) + " " + std::to_string(cy) + "\n";
  for (int k = 1; k <= 5; ++k)  // swing the handle down to straight below the centre
    text += "frame " + std::to_string(21 + k) + " mousemove " +
            std::to_string(tip + (cx - tip) * k / 5) + " " + std::to_string(cy + 30 * k) + "\n";
  text += "frame 27 mouseup " + std::to_string(cx) + " " + std::to_string(cy + 150) + "\n";
  text += click(30, 196, 457);  // the right end of "fibre ratio"
  std::ofstream(script) << text;
  RUN_OR_SKIP(scene_file + " --paused --frames 40 --script " + script + " --save-scene " + saved);
  const mb::Scene scene = mb::load_scene_xml(saved);
  ASSERT_EQ(scene.bodies.size(), 1u);
  const mb::PeriMaterial& m = scene.bodies[0].material;
  // Straight down on screen is +y, +90 degrees; fibres are an axis, so -90 is the same.
  EXPECT_NEAR(std::abs(m.fibre_angle), 1.5707963267948966, 5e-3);  // half a pixel in 75
  EXPECT_GT(m.fibre_ratio, 15.0);
  EXPECT_LE(m.fibre_ratio, 20.0);
  EXPECT_EQ(m.youngs, 8.0e5);  // the rest as it was
}
