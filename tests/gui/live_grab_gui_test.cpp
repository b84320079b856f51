// The mouse grab as a person uses it, in the shipped scenes: frozen wax pulled out of the
// default scene tears off as a piece (no stretched spring left), and the bodies demo's soft
// disc swung round fast keeps its shape (det F positive, back in shape after release). The
// simulation is paused and stepped one tick a frame (key .), so each run is the same.
// (A disc thrown in the gas demo: gas_gui_test.cpp.)
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <fstream>
#include <string>
#include <vector>

#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/peri/system.hpp"
#include "physics/peri/view.hpp"
#include "tests/gui/run_meltbox.hpp"

namespace {

using mb::gui_test::kDir;
using mb::gui_test::write_script;
const std::string kAssets = std::string(GUI_TEST_SOURCE_DIR) + "/../../assets/";

std::string event(int frame, const char* kind, int x, int y) {
  return "frame " + std::to_string(frame) + " " + kind + " " + std::to_string(x) + " " +
         std::to_string(y) + "\n";
}
std::string step(int frame) {
  return "frame " + std::to_string(frame) + " key .\n";
}

struct BodyState {
  double min_det_f = 1.0, shape_error = 0.0;
};
// The first body of a saved scene, rebuilt where it was saved (its <motion>).
BodyState body_state(const mb::Scene& scene) {
  mb::PeriSystem sys;
  sys.add(mb::build_body(scene.bodies.at(0)));
  return {sys.stats().min_det_f, mb::shape_error(sys.bodies[0])};
}

}  // namespace

TEST(LiveGrabGui, FrozenWaxPulledOutOfTheDefaultSceneTearsOffAndNoSpringStaysStretched) {
  // The default scene (assets/pumping.xml with configs/pumping.cfg, wax simulator on).
  // After one tick every particle not under the heater is rigid wax.
  const std::string start = kDir + "/wax_start.xml";
  RUN_OR_SKIP("--paused --frames 2 --save-scene " + start);
  const mb::Scene a = mb::load_scene_xml(start);
  mb::Warnings warnings;
  const double threshold =
      mb::load_settings(std::string(GUI_TEST_SOURCE_DIR) + "/../../configs/pumping.cfg", warnings)
          .disconnection_threshold;
  int32_t edge = 0;
  for (int32_t i = 1; i < a.net.particle_count(); ++i)
    if (a.net.x[i] > a.net.x[edge]) edge = i;
  // --view 0,0,2: world (x, y) at screen (640 + 2x, 360 + 2y). 200 units out to the right
  // in six moves of 33 (2,000 units/s at 60 ticks/s), then held for ten ticks.
  const int sx = static_cast<int>(std::lround(640.0 + 2.0 * a.net.x[edge]));
  const int sy = static_cast<int>(std::lround(360.0 + 2.0 * a.net.y[edge]));
  ASSERT_LT(sx + 400, 1280);
  std::string text = step(1) + event(3, "mousemove", sx, sy) + event(4, "mousedown", sx, sy);
  for (int k = 1; k <= 6; ++k) {
    text += event(4 + k, "mousemove", sx + (400 * k) / 6, sy) + step(4 + k);
  }
  for (int f = 11; f <= 20; ++f) text += step(f);
  const std::string held = kDir + "/wax_held.xml", released = kDir + "/wax_released.xml";
  text += "frame 21 save " + held + "\n" + event(22, "mouseup", sx + 400, sy);
  for (int f = 23; f <= 27; ++f) text += step(f);
  text += "frame 28 save " + released + "\n";
  RUN_OR_SKIP("--paused --frames 30 --screenshot " + kDir + "/wax_torn.png --script " +
              write_script("wax_tear.txt", text));

  for (const std::string& path : {held, released}) {
    const mb::Scene b = mb::load_scene_xml(path);
    ASSERT_EQ(b.net.particle_count(), a.net.particle_count());
    EXPECT_LE(b.net.max_stretch(), threshold) << path;
    // The torn piece is out where it was dragged: the particles that were grabbed.
    int out = 0;
    for (int32_t i = 0; i < b.net.particle_count(); ++i) out += b.net.x[i] > a.net.x[edge] + 150.0;
    EXPECT_GE(out, 3) << path;
  }
}

TEST(LiveGrabGui, TheSoftDiscSwungRoundFastKeepsItsShape) {
  // The bodies demo's soft disc (radius 120 at world (-350, 700), in the air at tick 0),
  // grabbed at its centre and swung round a circle of radius 200 at 2,000 units/s (10 rad/s)
  // for one second, held still for 4 frames (longer than the 50 ms a throw averages, so
  // the release throws nothing), then let go for one second. --view -450,650,1: world (x, y) at
  // screen (640 + x + 450, 360 + y - 650); the disc's centre at (740, 410).
  const int cx = 740, cy = 410;
  std::string text = event(2, "mousemove", cx, cy) + event(3, "mousedown", cx, cy);
  int x = cx, y = cy;
  for (int k = 1; k <= 60; ++k) {
    const double a = 10.0 * k / 60.0;
    x = cx + static_cast<int>(std::lround(200.0 * std::sin(a)));
    y = cy - 200 + static_cast<int>(std::lround(200.0 * std::cos(a)));
    text += event(3 + k, "mousemove", x, y) + step(3 + k);
  }
  const std::string held = kDir + "/body_swung.xml";
  text += "frame 64 save " + held + "\n";
  for (int f = 65; f <= 68; ++f) text += event(f, "mousemove", x, y) + step(f);
  text += event(69, "mouseup", x, y);
  // Saved every 10 ticks of the second after release.
  std::vector<std::string> after;
  for (int f = 70; f <= 129; ++f) {
    text += step(f);
    if ((f - 69) % 10 == 0) {
      after.push_back(kDir + "/body_after_" + std::to_string(f - 69) + ".xml");
      text += "frame " + std::to_string(f) + " save " + after.back() + "\n";
    }
  }
  RUN_OR_SKIP(kAssets + "bodies.xml --paused --frames 132 --screenshot " + kDir +
                  "/body_after.png --script " + write_script("body_swing.txt", text),
              "-450,650,1");

  const mb::Scene swung = mb::load_scene_xml(held);
  ASSERT_EQ(swung.time, 60);
  // The hand held it up: falling freely from y 700 for one second (g = 400) it would be on
  // the floor (centre at 1000 - 120 = 880).
  mb::PeriSystem moved;
  moved.add(mb::build_body(swung.bodies.at(0)));
  EXPECT_LT(mb::body_centroid(moved.bodies[0]).y, 820.0);
  EXPECT_GT(body_state(swung).min_det_f, 0.2) << "while held";
  // Whole through the second after release: never inverted, and never farther from its own
  // shape than a uniform 20% stretch would put it (shape_error 0.2 * RMS radius / spacing,
  // RMS radius 120 / sqrt 2). A torn body, a cloud of points, is tens of spacings off.
  const double stretch_20 = 0.2 * (120.0 / std::sqrt(2.0)) / 6.0;
  for (const std::string& path : after) {
    const mb::Scene later = mb::load_scene_xml(path);
    const BodyState l = body_state(later);
    EXPECT_GT(l.min_det_f, 0.2) << path;
    EXPECT_LT(l.shape_error, stretch_20) << path;
  }
}

TEST(LiveGrabGui, ABodyLetGoWhileTheMouseMovesIsThrownAtTheMouseVelocity) {
  // The soft disc grabbed at its centre, pulled right 2 pixels a frame for 20 frames (zoom 1,
  // the script's clock 1/60 s a frame: 120 units/s), then 20 pixels a frame (1,200 units/s)
  // for the last 4 frames and released while moving. The grab spring (4 Hz, critically
  // damped) has had 50 ms to follow the jump: v = 120 + 1080 (1 - (1 + w t) e^(-w t)),
  // w t = 1.26, about 500 units/s. The throw gives the body's centre of mass the mouse's
  // velocity over the last 50 ms instead: 1,200 units/s, less one tick of body damping
  // (0.5/s: a factor exp(-0.5/60)) by the time it is saved.
  const int cx = 740, cy = 410;
  std::string text = event(2, "mousemove", cx, cy) + event(3, "mousedown", cx, cy);
  int x = cx;
  for (int f = 4; f <= 23; ++f) x += 2, text += event(f, "mousemove", x, cy) + step(f);
  for (int f = 24; f <= 27; ++f) x += 20, text += event(f, "mousemove", x, cy) + step(f);
  text += event(27, "mouseup", x, cy);
  const std::string thrown = kDir + "/body_thrown.xml";
  text += step(28) + "frame 29 save " + thrown + "\n";
  RUN_OR_SKIP(
      kAssets + "bodies.xml --paused --frames 31 --script " + write_script("body_throw.txt", text),
      "-450,650,1");
  const mb::Scene scene = mb::load_scene_xml(thrown);
  const mb::PeriMotion& m = scene.bodies.at(0).motion;
  ASSERT_FALSE(m.vx.empty());
  double vx = 0.0;
  for (double v : m.vx) vx += v;
  vx /= static_cast<double>(m.vx.size());  // equal point masses
  EXPECT_NEAR(vx, 1200.0 * std::exp(-0.5 / 60.0), 0.03 * 1200.0);
}
