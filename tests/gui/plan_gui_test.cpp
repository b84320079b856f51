// The Plan tool in the sandbox: opened with --plan-target, the budget lowered with the
// rollouts field's "-" button, Plan pressed. The path it gives the heater (checked through
// --save-scene) is the plan the library computes for the same scene, target and settings in
// this process: the planner is deterministic for any thread count, so the sandbox (all cores)
// and the test (1 thread) must agree to the last bit.
//
// Panel positions: the script collapses Simulation (y 36) and Actuators (y 105); Plan, opened
// by --plan-target, then shows "target: N points" on one line and the rows below at fixed
// places: the rollouts field's "-" at (208, 333), the repeats slider (1 to 8) at y 426, its
// value 2 at x 51, the pokes slider (0 to 16) at y 449, its 0 at its left end (x 14), the
// "passes at their own speeds" box at (18, 472), Plan at (26, 494), or at (26, 517) below
// the speed range the box shows; "Current
// shape" at (102, 237), Save (beside the file field) at (308, 260). In a
// scene of several actuators the "moves" combo comes first, at y 310 (its second item at
// y 356 when open), and every row below it is 23 pixels lower.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <iterator>
#include <string>

#include "physics/io/input_files.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/springs/outline.hpp"
#include "physics/world/plan_sensitivity.hpp"
#include "physics/world/planner.hpp"
#include "tests/common/pinned_runs.hpp"
#include "tests/gui/run_meltbox.hpp"

namespace {

using mb::gui_test::click;
using mb::gui_test::kDir;

const std::string kSource = std::string(GUI_TEST_SOURCE_DIR) + "/../..";

// Opens the pumping demo with a target it can reach (the outline its own heater leaves),
// lowers the budget by `minus_clicks` x 16 rollouts, sets repeats to 2 when `twice`, sets
// the pokes to 0 and ticks "passes at their own speeds" when `speeds`, presses Plan and saves
// the scene: the sandbox's
// arguments, where it saves, and the plan the library computes for the same start, target and
// settings.
struct PlanGuiCase {
  std::string args, saved;
  mb::PlanResult expected;
  mb::World start;
  mb::PlanSettings settings;  // what `expected` was planned with
  mb::Polygon target;
};

// With `behind_a_pusher` the scene is the demo with a pusher put before its heater, and the
// "moves" combo picks the heater, its second actuator.
PlanGuiCase plan_in_the_sandbox(int minus_clicks, bool twice, bool speeds,
                                bool behind_a_pusher = false) {
  mb::World start = mb::test::load_pinned(mb::test::kPinnedRuns[1], kSource, 1);
  mb::World pumped = start;
  while (pumped.actuators_running()) pumped.tick();
  pumped.finish_run();
  // Files of their own: ctest runs the tests that use this at once.
  const std::string tag = speeds ? "_speeds" : behind_a_pusher ? "_behind" : "";
  const std::string target = kDir + "/plan_target" + tag + ".csv";
  mb::save_points_csv(target, mb::network_outline(pumped.net));
  std::string scene = kSource + "/assets/pumping.xml";
  if (behind_a_pusher) {
    mb::Actuator pusher = start.actuators[0];
    pusher.type = mb::ActuatorType::Pusher;
    pusher.name = "Pusher-aside";
    pusher.path.points = {{300, 300}};  // standing far from the wax
    start.actuators.insert(start.actuators.begin(), pusher);
    scene = kDir + "/plan_behind_a_pusher.xml";
    mb::save_simulator_xml(scene, start);
    scene += " -s " + kSource + "/configs/pumping.cfg";
  }

  const int dy = behind_a_pusher ? 23 : 0;
  std::string script = click(3, 60, 36) + click(7, 60, 105);
  // (the combo's list opens a frame after the click on it)
  if (behind_a_pusher) script += click(11, 120, 310) + click(16, 120, 356);
  const int first = behind_a_pusher ? 20 : 12;
  for (int k = 0; k < minus_clicks; ++k) script += click(first + 4 * k, 208, 333 + dy);
  int frame = first + 4 * minus_clicks + 4;
  if (twice) {
    script += click(frame, 51, 426 + dy);
    frame += 4;
  }
  if (speeds) {
    script += click(frame, 14, 449 + dy);  // the pokes' slider at 0
    // "passes at their own speeds": a "speeds" row appears
    script += click(frame + 4, 18, 472 + dy);
    frame += 8;
  }
  script += click(frame, 26, (speeds ? 517 : 494) + dy);
  // However long the search takes here (a sanitizer build is many times slower), the frame
  // count holds until the plan is found and applied.
  script += "frame " + std::to_string(frame + 6) + " wait-plan\n";
  const std::string saved = kDir + "/plan_saved" + tag + ".xml";
  std::remove(saved.c_str());
  const std::string args =
      scene + " --paused --frames 200 --plan-target " + target +
      // Nudged runs cost as much as the search under the sanitizers: 4 where they are checked.
      " --plan-nudged-runs " + (speeds || behind_a_pusher ? "0" : "4") + " --script " +
      mb::gui_test::write_script("plan" + tag + ".txt", script) + " --save-scene " + saved;

  mb::PlanSettings settings = mb::default_plan_settings();
  settings.actuator = behind_a_pusher ? 1 : 0;  // the heater
  settings.budget_rollouts = 400 - 16 * minus_clicks;
  settings.repeats = twice ? 2 : 1;
  if (speeds) {  // no pokes; the checkbox's range: half to twice the heater's speed
    settings.finish_pokes = 0;
    settings.min_speed = 0.5 * start.actuators[0].speed;
    settings.max_speed = 2.0 * start.actuators[0].speed;
  }
  const mb::Polygon outline = mb::load_outline_csv(target);
  return {args, saved, mb::plan(start, outline, settings), start, settings, outline};
}

}  // namespace

TEST(PlanGui, ThePlanButtonGivesTheHeaterThePlanTheLibraryComputes) {
  // 400 - 23 x 16 = 32 rollouts, each candidate run up to twice.
  const PlanGuiCase c = plan_in_the_sandbox(23, true, false);
  RUN_OR_SKIP(c.args);
  ASSERT_FALSE(c.expected.path.empty()) << "no pass helps: the test's target is too hard";
  const mb::Scene saved = mb::load_scene_xml(c.saved);
  ASSERT_FALSE(saved.actuators.empty());
  EXPECT_EQ(saved.actuators[0].path.points, c.expected.path);
  EXPECT_TRUE(saved.actuators[0].path_speeds.empty());
  // The plan's 4 nudged runs, as the library gives them, in the message (on stderr too).
  mb::PlanSensitivitySettings n = mb::default_plan_sensitivity_settings();
  n.runs = 4;
  const mb::PlanSensitivity nudged = mb::plan_sensitivity(c.start, c.expected, n);
  char line[128];
  std::snprintf(line, sizeof line, "nudged by 0.1, 4 runs close %.1f to %.1f %% (median %.1f %%)",
                100.0 * nudged.min_share, 100.0 * nudged.max_share, 100.0 * nudged.median_share);
  std::ifstream log(mb::gui_test::log_path());
  const std::string text((std::istreambuf_iterator<char>(log)), {});
  EXPECT_NE(text.find(line), std::string::npos) << line << "\n" << text;
  // A plan that closes less than a tenth of the gap says what to change; this one closes more.
  ASSERT_GE(c.expected.share_closed, 0.1);
  EXPECT_EQ(text.find("needs more passes and rollouts"), std::string::npos) << text;
}

TEST(PlanGui, APlanThatClosesLittleSaysWhatToChange) {
  // The spot moved 40 units sideways, which no pumping reaches (the bench's
  // r50_unreachable): 16 rollouts find no pass that brings the wax closer, and the message
  // (on stderr too) says what would close more.
  const mb::World start = mb::test::load_pinned(mb::test::kPinnedRuns[1], kSource, 1);
  mb::Polygon target = mb::network_outline(start.net);
  for (mb::Vec2& p : target) p.x += 40.0;
  const std::string file = kDir + "/plan_far_target.csv";
  mb::save_points_csv(file, target);
  mb::PlanSettings settings = mb::default_plan_settings();
  settings.budget_rollouts = 400 - 24 * 16;
  const mb::PlanResult expected = mb::plan(start, target, settings);
  ASSERT_TRUE(expected.path.empty());
  std::string script = click(3, 60, 36) + click(7, 60, 105);
  for (int k = 0; k < 24; ++k) script += click(12 + 3 * k, 208, 333);  // a click takes 3 frames
  const int frame = 12 + 3 * 24 + 3;
  script += click(frame, 26, 494) + "frame " + std::to_string(frame + 6) + " wait-plan\n";
  RUN_OR_SKIP(kSource + "/assets/pumping.xml --paused --frames 100 --plan-nudged-runs 0" +
              " --plan-target " + file + " --script " +
              mb::gui_test::write_script("plan_far.txt", script));
  std::ifstream log(mb::gui_test::log_path());
  const std::string text((std::istreambuf_iterator<char>(log)), {});
  char none[128];
  std::snprintf(none, sizeof none,
                "Plan: no pass brings the wax closer (hausdorff %.3g, %lld rollouts)",
                expected.start_score, static_cast<long long>(expected.rollouts));
  EXPECT_NE(text.find(none), std::string::npos) << text;
  EXPECT_NE(text.find("needs more passes and rollouts"), std::string::npos) << text;
}

TEST(PlanGui, PassesAtTheirOwnSpeedsGiveThePathItsSpeeds) {
  // 64 rollouts, speeds, no pokes: a budget at which the chords stop with rollouts left
  const PlanGuiCase c = plan_in_the_sandbox(21, false, true);
  RUN_OR_SKIP(c.args);
  ASSERT_FALSE(c.expected.path.empty()) << "no pass helps: the test's target is too hard";
  const mb::Scene saved = mb::load_scene_xml(c.saved);
  ASSERT_FALSE(saved.actuators.empty());
  EXPECT_EQ(saved.actuators[0].path.points, c.expected.path);
  EXPECT_EQ(saved.actuators[0].path_speeds, c.expected.path_speeds);
  ASSERT_EQ(c.expected.path_speeds.size(), c.expected.path.size());
  for (const mb::PlanPass& p : c.expected.passes) {
    EXPECT_GE(p.speed, 0.5 * saved.actuators[0].speed);
    EXPECT_LE(p.speed, 2.0 * saved.actuators[0].speed);
  }
  // The pokes' slider at 0 took: the plan's message gives the rollouts of the plan without
  // pokes, and with the default pokes they would be more (the chords stop with some left).
  mb::PlanSettings poked = c.settings;
  poked.finish_pokes = mb::default_plan_settings().finish_pokes;
  ASSERT_GT(mb::plan(c.start, c.target, poked).rollouts, c.expected.rollouts)
      << "the pokes spend nothing here: the slider goes unchecked";
  const std::string rollouts = ", " + std::to_string(c.expected.rollouts) + " rollouts, ";
  std::ifstream log(mb::gui_test::log_path());
  const std::string text((std::istreambuf_iterator<char>(log)), {});
  EXPECT_NE(text.find(rollouts), std::string::npos) << rollouts << "\n" << text;
}

TEST(PlanGui, TheMovesComboPlansTheActuatorItNames) {
  // The heater is the scene's second actuator: the plan is the library's for actuator 1 and
  // goes to the heater's path; the pusher before it keeps its own.
  const PlanGuiCase c = plan_in_the_sandbox(24, false, false, true);  // 16 rollouts
  RUN_OR_SKIP(c.args);
  ASSERT_FALSE(c.expected.path.empty()) << "no pass helps: the test's target is too hard";
  const mb::Scene saved = mb::load_scene_xml(c.saved);
  ASSERT_EQ(saved.actuators.size(), 2u);
  EXPECT_EQ(saved.actuators[0].type, mb::ActuatorType::Pusher);
  EXPECT_EQ(saved.actuators[0].path.points, std::vector<mb::Vec2>{mb::Vec2(300, 300)});
  EXPECT_EQ(saved.actuators[1].type, mb::ActuatorType::Heater);
  EXPECT_EQ(saved.actuators[1].path.points, c.expected.path);
}

TEST(PlanGui, SaveWritesTheTargetOverTheFileItsFieldNames) {
  // Opened with a square as the target file, "Current shape" (102, 237) makes the wax's
  // outline the target and Save (308, 260) writes it over that file, which the field names:
  // the file then holds the paused scene's outline at its start, point for point (the CSV
  // writes each number to the digits that read back the same double).
  const std::string file = kDir + "/plan_save_target.csv";
  mb::save_points_csv(file, {{-60, -60}, {60, -60}, {60, 60}, {-60, 60}});
  const std::string script =
      click(3, 60, 36) + click(7, 60, 105) + click(11, 102, 237) + click(15, 308, 260);
  RUN_OR_SKIP(kSource + "/assets/pumping.xml --paused --frames 30 --plan-target " + file +
              " --script " + mb::gui_test::write_script("plan_save.txt", script));
  const mb::World start = mb::test::load_pinned(mb::test::kPinnedRuns[1], kSource, 1);
  EXPECT_EQ(mb::load_outline_csv(file), mb::network_outline(start.net));
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
