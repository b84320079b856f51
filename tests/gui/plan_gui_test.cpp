// The Plan tool in the sandbox: opened with --plan-target, the budget lowered with the
// rollouts field's "-" button, Plan pressed. The path it gives the heater (checked through
// --save-scene) is the plan the library computes for the same scene, target and settings in
// this process: the planner is deterministic for any thread count, so the sandbox (all cores)
// and the test (1 thread) must agree to the last bit.
//
// Panel positions: the script collapses Simulation (y 36) and Actuators (y 105); Plan, opened
// by --plan-target, then shows "target: N points" on one line and the rows below at fixed
// places: the rollouts field's "-" at (208, 333), Plan at (26, 425).
#include <gtest/gtest.h>

#include <fstream>
#include <iterator>
#include <string>

#include "physics/io/input_files.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/springs/outline.hpp"
#include "physics/world/planner.hpp"
#include "tests/common/pinned_runs.hpp"
#include "tests/gui/run_meltbox.hpp"

namespace {

using mb::gui_test::kDir;

const std::string kSource = std::string(GUI_TEST_SOURCE_DIR) + "/../..";

std::string click(int frame, int x, int y) {
  return "frame " + std::to_string(frame) + " mousemove " + std::to_string(x) + " " +
         std::to_string(y) + "\nframe " + std::to_string(frame + 1) + " mousedown " +
         std::to_string(x) + " " + std::to_string(y) + "\nframe " + std::to_string(frame + 2) +
         " mouseup " + std::to_string(x) + " " + std::to_string(y) + "\n";
}

}  // namespace

TEST(PlanGui, ThePlanButtonGivesTheHeaterThePlanTheLibraryComputes) {
  // The pumping demo as the sandbox opens it (its .cfg, inelastic: it has a heater), and a
  // target it can reach: the outline its own heater leaves.
  const mb::World start = mb::test::load_pinned(mb::test::kPinnedRuns[1], kSource, 1);
  mb::World pumped = start;
  while (pumped.actuators_running()) pumped.tick();
  pumped.finish_run();
  const std::string target = kDir + "/plan_target.csv";
  mb::save_points_csv(target, mb::network_outline(pumped.net));

  constexpr int kMinusClicks = 21;  // 400 - 21 x 16 = 64 rollouts
  std::string script = click(3, 60, 36) + click(7, 60, 105);
  for (int k = 0; k < kMinusClicks; ++k) script += click(12 + 4 * k, 208, 333);
  const int plan_frame = 12 + 4 * kMinusClicks + 4;
  script += click(plan_frame, 26, 425);
  // However long the search takes here (a sanitizer build is many times slower), the frame
  // count holds until the plan is found and applied.
  script += "frame " + std::to_string(plan_frame + 6) + " wait-plan\n";
  const std::string saved = kDir + "/plan_saved.xml";
  RUN_OR_SKIP(kSource + "/assets/pumping.xml --paused --frames 200 --plan-target " + target +
              " --script " + mb::gui_test::write_script("plan.txt", script) + " --save-scene " +
              saved);

  mb::PlanSettings settings = mb::default_plan_settings();
  settings.budget_rollouts = 400 - 16 * kMinusClicks;
  const mb::PlanResult expected = mb::plan(start, mb::load_outline_csv(target), settings);
  ASSERT_FALSE(expected.path.empty()) << "no pass helps: the test's target is too hard";
  const mb::Scene scene = mb::load_scene_xml(saved);
  ASSERT_FALSE(scene.actuators.empty());
  EXPECT_EQ(scene.actuators[0].path.points, expected.path);
}

TEST(PlanGui, AnUnreadablePlanTargetIsRefusedBeforeTheWindowOpens) {
  const int status =
      mb::gui_test::meltbox("--frames 2 --plan-target " + kDir + "/no_such_target.csv");
  EXPECT_EQ(status, 2);
  std::ifstream log(mb::gui_test::log_path());
  const std::string text((std::istreambuf_iterator<char>(log)), {});
  EXPECT_NE(text.find("--plan-target"), std::string::npos) << text;
  EXPECT_NE(text.find("no_such_target.csv"), std::string::npos) << text;
}
