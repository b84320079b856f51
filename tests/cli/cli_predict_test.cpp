// meltbox-cli's predict, end to end: the single-pass search beats the straight pass and is
// the same on any thread count; the planner (--passes) writes a path and an actuator that runs
// it, the same on any thread count, its nudged runs replay it at a nudge of 0; and every bad
// flag or target gets its exit status and a message naming it, before any file is written.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstddef>
#include <filesystem>
#include <numbers>
#include <regex>
#include <sstream>
#include <string>
#include <vector>

#include "physics/geometry/polygon.hpp"
#include "physics/io/input_files.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/springs/outline.hpp"
#include "physics/world/planner.hpp"
#include "tests/cli/cli_fixture.hpp"

namespace {

using mb::cli_test::kSource;
using mb::cli_test::Result;
using mb::cli_test::slurp;
using Cli = mb::cli_test::CliFixture;
namespace fs = std::filesystem;

TEST_F(Cli, PredictBeatsTheStraightPass) {
  const Result r =
      run({"-c", "predict", "-i", "assets/circle_r50.csv", "-a", "assets/heater_predict.xml", "-t",
           "assets/target_after_vertical_pass.csv", "-s", "configs/pumping.cfg", "-w", "-o",
           path("move.csv"), "--stats", "--candidates", "16", "--threads", "2"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::regex scores(R"("best_score":([0-9.e+-]+),"straight_pass_score":([0-9.e+-]+))");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m, scores)) << r.out;
  EXPECT_LT(std::stod(m[1]), std::stod(m[2]));
  const std::string csv = slurp(path("move.csv"));
  EXPECT_EQ(csv.rfind("X,Y\n", 0), 0u) << csv;
  EXPECT_EQ(std::count(csv.begin(), csv.end(), '\n'), 4);  // header + 3 points
  // Deterministic: the same seed with one thread writes the same file.
  const Result again =
      run({"-c", "predict", "-i", "assets/circle_r50.csv", "-a", "assets/heater_predict.xml", "-t",
           "assets/target_after_vertical_pass.csv", "-s", "configs/pumping.cfg", "-w", "-o",
           path("move1.csv"), "--candidates", "16", "--threads", "1"});
  ASSERT_EQ(again.status, 0) << again.err;
  EXPECT_EQ(slurp(path("move1.csv")), csv);
}

TEST_F(Cli, PredictBadInputs) {
  const std::string two_points = write("two.csv", "X,Y\n0,0\n1,1\n");
  const std::vector<std::string> base = {
      "-c", "predict", "-i", "assets/circle_r50.csv", "-a", "assets/heater_predict.xml"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    return run(args);
  };
  Result r = with({"-t", two_points, "-o", path("m.csv")});
  EXPECT_EQ(r.status, 3);
  EXPECT_NE(r.err.find(two_points), std::string::npos) << r.err;
  r = with({"-o", path("m.csv")});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("-t"), std::string::npos) << r.err;
  r = with({"-t", "assets/circle_r50.csv"});
  EXPECT_EQ(r.status, 2);
  EXPECT_NE(r.err.find("-o"), std::string::npos) << r.err;
  r = run({"-c", "predict", "-i", "assets/circle_r50.csv", "-t", "assets/circle_r50.csv", "-o",
           path("m.csv")});
  EXPECT_EQ(r.status, 3);
  EXPECT_NE(r.err.find("actuator"), std::string::npos) << r.err;
  EXPECT_FALSE(fs::exists(path("m.csv")));
}

TEST_F(Cli, PlanWritesItsPathAndAnActuatorThatRunsIt) {
  const std::vector<std::string> base = {"-c",       "predict",
                                         "-i",       "assets/circle_r50.csv",
                                         "-a",       "assets/heater_predict.xml",
                                         "-t",       "assets/target_after_vertical_pass.csv",
                                         "-s",       "configs/pumping.cfg",
                                         "-w",       "--passes",
                                         "2",        "--budget",
                                         "24",       "--target-placement",
                                         "centroid", "--metric",
                                         "iou"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    return run(args);
  };
  const Result r =
      with({"-o", path("plan.csv"), "--plan-out", path("plan.xml"), "--stats", "--threads", "2"});
  ASSERT_EQ(r.status, 0) << r.err;
  const std::regex stats(
      R"(\{"metric":"iou","target_placement":"centroid","start_score":([0-9.e+-]+),"score":([0-9.e+-]+),.*"rollouts":([0-9]+),"budget":24,)");
  std::smatch m;
  ASSERT_TRUE(std::regex_search(r.out, m, stats)) << r.out;
  EXPECT_LE(std::stod(m[2]), std::stod(m[1]));  // the plan is never worse than no move
  EXPECT_LE(std::stoi(m[3]), 24);
  const std::string csv = slurp(path("plan.csv"));
  EXPECT_EQ(csv.rfind("X,Y\n", 0), 0u) << csv;
  // The actuator file runs as -a.
  const Result sim = run({"-c", "simulate", "-i", "assets/circle_r50.csv", "-a", path("plan.xml"),
                          "-s", "configs/pumping.cfg", "-w", "-o", path("after.xml")});
  EXPECT_EQ(sim.status, 0) << sim.err;
  // One thread: the same plan.
  const Result one = with({"-o", path("plan1.csv"), "--threads", "1"});
  ASSERT_EQ(one.status, 0) << one.err;
  EXPECT_EQ(slurp(path("plan1.csv")), csv);
  // The heater given second, behind a pusher, and chosen with --plan-actuator 2: the others
  // are switched off while it plans, so the plan is the heater's alone, to the bit.
  std::vector<std::string> behind = base;
  behind.insert(behind.begin() + 4, {"-a", "assets/pusher.xml"});
  behind.insert(behind.end(), {"--plan-actuator", "2", "--threads", "1", "-o", path("plan3.csv")});
  const Result second = run(behind);
  ASSERT_EQ(second.status, 0) << second.err;
  EXPECT_EQ(slurp(path("plan3.csv")), csv);
  // Its sensitivity nudged by nothing: every run is the plan, so every share is its own.
  const Result same = with({"-o", path("plan2.csv"), "--stats", "--threads", "2", "--sensitivity",
                            "3", "--sensitivity-nudge", "0"});
  ASSERT_EQ(same.status, 0) << same.err;
  const std::regex nudged(
      R"("share_closed":([-0-9.]+),.*"sensitivity":\{"runs":3,"nudge":0,"min_share":([-0-9.]+),"median_share":([-0-9.]+),"max_share":([-0-9.]+),"shares":\[([-0-9.]+),([-0-9.]+),([-0-9.]+)\]\})");
  ASSERT_TRUE(std::regex_search(same.out, m, nudged)) << same.out;
  for (int k = 2; k <= 7; ++k) EXPECT_EQ(m[k].str(), m[1].str()) << k << " " << same.out;
  // Passes at their own speeds: the actuator file carries one speed per path point, each in
  // the range, and the CSV the same points.
  const Result fast = with({"-o", path("plan_s.csv"), "--plan-out", path("plan_s.xml"),
                            "--pass-speeds", "0.5:2", "--stats", "--threads", "2"});
  ASSERT_EQ(fast.status, 0) << fast.err;
  EXPECT_NE(fast.out.find("\"pass_speeds\":["), std::string::npos) << fast.out;
  mb::Warnings warnings;
  const std::vector<mb::Actuator> planned = mb::load_actuators_xml(path("plan_s.xml"), warnings);
  ASSERT_EQ(planned.size(), 1u);
  const mb::Actuator& mover = planned[0];
  if (mover.path.points.size() > 1) {  // a pass helped
    ASSERT_EQ(mover.path_speeds.size(), mover.path.points.size());
    for (double v : mover.path_speeds) {
      EXPECT_GE(v, 0.5);
      EXPECT_LE(v, 2.0);
    }
    const std::string points = slurp(path("plan_s.csv"));  // a header line, then X,Y a line
    EXPECT_EQ(std::count(points.begin(), points.end(), '\n'),
              static_cast<std::ptrdiff_t>(mover.path.points.size() + 1));
  }
}

// The numbers of a JSON list `"key":[a,b,...]` in `json`.
std::vector<double> json_list(const std::string& json, const std::string& key) {
  std::vector<double> out;
  const size_t at = json.find("\"" + key + "\":[");
  if (at == std::string::npos) return out;
  std::istringstream list(
      json.substr(at + key.size() + 4, json.find(']', at) - at - key.size() - 4));
  for (std::string x; std::getline(list, x, ',');) out.push_back(std::stod(x));
  return out;
}

// The points of a path CSV (header "X,Y", one "x,y" a line), as predict writes them.
std::vector<mb::Vec2> path_points(const std::string& file) {
  std::istringstream text(slurp(file));
  std::vector<mb::Vec2> points;
  std::string line;
  std::getline(text, line);  // the header
  while (std::getline(text, line)) {
    const size_t comma = line.find(',');
    points.push_back({std::stod(line.substr(0, comma)), std::stod(line.substr(comma + 1))});
  }
  return points;
}

// The world the CLI builds from these files (-i, -s, -a, -w), built here with the library.
mb::World pumping_spot() {
  mb::Warnings warnings;
  const mb::SimulatorSettings settings =
      mb::load_settings(kSource + "/configs/pumping.cfg", warnings);
  const std::string input = kSource + "/assets/circle_r50.csv";
  mb::World world = mb::world_from_scene(mb::load_any_input(input, settings), settings, input);
  world.actuators = mb::load_actuators_xml(kSource + "/assets/heater_predict.xml", warnings);
  world.inelastic = true;
  return world;
}

TEST_F(Cli, PlanStatsGiveEachPassAndRepeatsReachThePlanner) {
  const std::vector<std::string> base = {"-c",        "predict",
                                         "-i",        "assets/circle_r50.csv",
                                         "-a",        "assets/heater_predict.xml",
                                         "-t",        "assets/target_after_vertical_pass.csv",
                                         "-s",        "configs/pumping.cfg",
                                         "-w",        "--stats",
                                         "--threads", "2"};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    return run(args);
  };
  // One pass: its path is the chord from entry to exit, so the direction is the angle of
  // exit - entry, and the offset the distance of the entry from the start's area centroid
  // along the chord's left normal (-sin, cos).
  const Result one = with({"--passes", "1", "--budget", "48", "-o", path("one.csv")});
  ASSERT_EQ(one.status, 0) << one.err;
  const std::vector<double> direction = json_list(one.out, "pass_directions_deg");
  const std::vector<double> offset = json_list(one.out, "pass_offsets");
  ASSERT_EQ(direction.size(), 1u) << one.out;
  ASSERT_EQ(offset.size(), 1u) << one.out;
  const std::vector<mb::Vec2> chord = path_points(path("one.csv"));
  ASSERT_EQ(chord.size(), 2u);
  const double pi = std::numbers::pi;
  double angle = std::atan2(chord[1].y - chord[0].y, chord[1].x - chord[0].x) * 180.0 / pi;
  if (angle < 0.0) angle += 360.0;
  EXPECT_NEAR(direction[0], angle, 1e-3);  // the JSON's 6 digits
  const mb::World start = pumping_spot();
  const mb::Vec2 c = mb::area_centroid(mb::network_outline(start.net));
  const double th = direction[0] * pi / 180.0;
  EXPECT_NEAR(offset[0], (chord[0].x - c.x) * -std::sin(th) + (chord[0].y - c.y) * std::cos(th),
              1e-3 * std::max(1.0, std::abs(offset[0])));

  // --repeats 2: the plan the library makes with repeats = 2, to the last bit.
  const Result twice =
      with({"--passes", "2", "--budget", "48", "--repeats", "2", "-o", path("twice.csv")});
  ASSERT_EQ(twice.status, 0) << twice.err;
  mb::PlanSettings s = mb::default_plan_settings();
  s.max_passes = 2;
  s.budget_rollouts = 48;
  s.repeats = 2;
  s.threads = 2;  // the same plan on any thread count
  const mb::PlanResult expected =
      mb::plan(start, mb::load_outline_csv(kSource + "/assets/target_after_vertical_pass.csv"), s);
  ASSERT_FALSE(expected.path.empty()) << "no pass helps: the test's target is too hard";
  EXPECT_EQ(path_points(path("twice.csv")), expected.path);
  EXPECT_EQ(json_list(twice.out, "pass_offsets").size(), expected.passes.size());

  // --finish-pokes 2: the library's plan with two finishing pokes, to the last bit; the depths
  // are -1 for its chords and the pokes' depths from their entry.
  const Result poked = with({"--passes", "2", "--budget", "48", "--finish-pokes", "2",
                             "--poke-share", "0.2", "-o", path("poked.csv")});
  ASSERT_EQ(poked.status, 0) << poked.err;
  s.repeats = 1;
  s.finish_pokes = 2;
  s.finish_share = 0.2;
  const mb::PlanResult with_pokes =
      mb::plan(start, mb::load_outline_csv(kSource + "/assets/target_after_vertical_pass.csv"), s);
  EXPECT_EQ(path_points(path("poked.csv")), with_pokes.path);
  const std::vector<double> depths = json_list(poked.out, "pass_depths");
  ASSERT_EQ(depths.size(), with_pokes.passes.size()) << poked.out;
  for (size_t k = 0; k < depths.size(); ++k)
    EXPECT_NEAR(depths[k], with_pokes.passes[k].depth,
                1e-5 * std::max(1.0, std::abs(depths[k])));  // the JSON's 6 digits

  // A plan that closes less than a tenth of the gap says on stderr what to change; one that
  // closes more says nothing of it. 8 rollouts toward the spot moved 40 units sideways, which
  // no pumping reaches, against the plans above.
  const std::string far = path("far.csv");
  std::vector<mb::Vec2> moved = mb::network_outline(start.net);
  for (mb::Vec2& p : moved) p.x += 40.0;
  mb::save_points_csv(far, moved);
  std::vector<std::string> far_args = base;
  far_args[7] = far;  // the -t file
  far_args.insert(far_args.end(), {"--passes", "1", "--budget", "8", "-o", path("far_move.csv")});
  const Result little = run(far_args);
  ASSERT_EQ(little.status, 0) << little.err;
  for (const Result* r : {&one, &twice, &poked, &little}) {
    const double share = std::stod(r->out.substr(r->out.find("\"share_closed\":") + 15));
    EXPECT_EQ(
        r->err.find("needs more passes and rollouts (--passes, --budget)") != std::string::npos,
        share < 0.1)
        << share << "\n"
        << r->err;
  }
  EXPECT_LT(std::stod(little.out.substr(little.out.find("\"share_closed\":") + 15)), 0.1);
}

TEST_F(Cli, PlanBadFlagsAndTargetsFailCleanly) {
  const std::string crossed = write("crossed.csv", "X,Y\n-40,-40\n40,-40\n-40,40\n40,40\n60,0\n");
  const std::string big = write("big.csv", "X,Y\n-90,-90\n90,-90\n90,90\n-90,90\n");
  const std::vector<std::string> base = {
      "-c", "predict",    "-i", "assets/circle_r50.csv", "-a", "assets/heater_predict.xml",
      "-o", path("m.csv")};
  auto with = [&](std::vector<std::string> extra) {
    std::vector<std::string> args = base;
    args.insert(args.end(), extra.begin(), extra.end());
    return run(args);
  };
  const std::string t = "assets/target_after_vertical_pass.csv";
  struct Case {
    std::vector<std::string> args;
    int status;
    std::string names;
  };
  const std::vector<Case> cases = {
      {{"-t", t, "--passes", "0"}, 2, "--passes"},
      {{"-t", t, "--passes", "x"}, 2, "--passes: 'x' is not a whole number (1 to 64)"},
      {{"-t", t, "--passes", "1.5"}, 2, "--passes: '1.5' is not a whole number (1 to 64)"},
      {{"-t", t, "--passes", "65"}, 2, "--passes: '65' is not in 1 to 64"},
      {{"-t", t, "--budget", "0"}, 2, "--budget: '0' is not in 1 to 100000000"},
      {{"-t", t, "--budget", "1e3"}, 2, "--budget: '1e3' is not a whole number"},
      {{"-t", t, "--passes", "2", "--metric", "energy"}, 2, "--metric"},
      {{"-t", t, "--metric", "iou"}, 2, "--metric"},
      {{"-t", t, "--metric", "chamfer"}, 2, "--metric"},
      {{"-t", t, "--target-placement", "middle"}, 2, "--target-placement"},
      {{"-t", t, "--pass-speeds", "2:1"}, 2, "--pass-speeds"},
      {{"-t", t, "--pass-speeds", "0:1"}, 2, "--pass-speeds"},
      {{"-t", t, "--pass-speeds", "fast"}, 2, "--pass-speeds"},
      {{"-t", t, "--repeats", "0"}, 2, "--repeats"},
      {{"-t", t, "--repeats", "9"}, 2, "--repeats"},
      {{"-t", t, "--finish-pokes", "17"}, 2, "--finish-pokes"},
      {{"-t", t, "--poke-share", "0.95"}, 2, "--poke-share"},
      {{"-t", t, "--poke-share", "-0.1"}, 2, "--poke-share"},
      {{"-t", t, "--stats", "--sensitivity", "0"}, 2, "--sensitivity"},
      {{"-t", t, "--sensitivity", "4"}, 2, "--stats"},
      {{"-t", t, "--stats", "--sensitivity-nudge", "1"}, 2, "--sensitivity N"},
      {{"-t", t, "--stats", "--budget", "8", "--sensitivity", "2", "--sensitivity-nudge", "500"},
       3,
       "travel radius"},
      {{"-t", crossed, "--passes", "2"}, 3, crossed},
      {{"-t", big, "--passes", "2"}, 3, "area"},
  };
  for (const Case& c : cases) {
    const Result r = with(c.args);
    EXPECT_EQ(r.status, c.status) << c.args[2] << " " << r.err;
    EXPECT_NE(r.err.find(c.names), std::string::npos) << r.err;
    EXPECT_FALSE(fs::exists(path("m.csv"))) << c.args[2];
  }
  // --plan-actuator beyond the actuators given, and one that is a firm-grip pusher.
  Result r = with({"-t", t, "--plan-actuator", "2"});
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_NE(r.err.find("--plan-actuator: there is no actuator 2 (there are 1)"), std::string::npos)
      << r.err;
  r = with({"-t", t, "-a", "assets/pusher.xml", "--plan-actuator", "2"});
  EXPECT_EQ(r.status, 3) << r.err;
  EXPECT_NE(r.err.find("--plan-actuator 2: the actuator to plan is a pusher with a firm grip"),
            std::string::npos)
      << r.err;
  EXPECT_FALSE(fs::exists(path("m.csv")));
  // assets/pusher.xml grips firmly: refused, naming the actuator's file.
  const Result firm = run({"-c", "predict", "-i", "assets/circle_r50.csv", "-a",
                           "assets/pusher.xml", "-t", t, "--passes", "2", "-o", path("m.csv")});
  EXPECT_EQ(firm.status, 3) << firm.err;
  EXPECT_NE(firm.err.find("assets/pusher.xml: the actuator to plan is a pusher with a firm grip"),
            std::string::npos)
      << firm.err;
  EXPECT_FALSE(fs::exists(path("m.csv")));
}

}  // namespace
