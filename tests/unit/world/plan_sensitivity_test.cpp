// How much of a plan's score is chance (world/plan_sensitivity.hpp): nudges of 0 replay the
// plan exactly, nudged runs are the same on any thread count and move the outline, bad
// settings are typed errors.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <vector>

#include "physics/world/plan_sensitivity.hpp"
#include "tests/unit/world/plan_test_world.hpp"

namespace {

// A plan of up to two passes of the small world's heater toward a target two known passes make.
struct SmallPlan {
  mb::World world = mbtest::small_world();
  mb::PlanResult plan;
  SmallPlan() {
    const mb::Polygon target =
        mbtest::run_path(world, mbtest::known_path(world, {{0.3, 2.0}, {2.0, -3.0}}));
    mb::PlanSettings s = mbtest::small_settings();
    s.max_passes = 2;
    s.budget_rollouts = 16;
    s.min_gain = -1.0;
    plan = mb::plan(world, target, s);
  }
};

TEST(PlanSensitivity, ANudgeOfZeroReplaysThePlanExactly) {
  const SmallPlan p;
  ASSERT_FALSE(p.plan.passes.empty());
  mb::PlanSensitivitySettings s = mb::default_plan_sensitivity_settings();
  s.runs = 3;
  s.nudge = 0.0;
  const mb::PlanSensitivity r = mb::plan_sensitivity(p.world, p.plan, s);
  EXPECT_FALSE(r.cancelled);
  EXPECT_EQ(r.start_score, p.plan.start_score);
  ASSERT_EQ(r.scores.size(), 3u);
  ASSERT_EQ(r.shares.size(), 3u);
  for (size_t k = 0; k < 3; ++k) {
    EXPECT_EQ(r.scores[k], p.plan.score) << k;
    EXPECT_EQ(r.shares[k], p.plan.share_closed) << k;
  }
  EXPECT_EQ(r.min_share, p.plan.share_closed);
  EXPECT_EQ(r.median_share, p.plan.share_closed);
  EXPECT_EQ(r.max_share, p.plan.share_closed);
}

TEST(PlanSensitivity, RunsTheActuatorThePlanMoved) {
  // The heater second, behind a pusher whose own path would drag through the spot: the plan
  // of actuator 1 replays at a nudge of 0 only if its runs move actuator 1 and hold the
  // pusher still.
  SmallPlan p;
  mb::Actuator pusher = p.world.actuators[0];
  pusher.type = mb::ActuatorType::Pusher;
  pusher.firm_grip = false;
  pusher.path.points = {{-50, 3}, {50, 3}};
  p.world.actuators.insert(p.world.actuators.begin(), pusher);
  p.plan.actuator = 1;
  mb::PlanSensitivitySettings s = mb::default_plan_sensitivity_settings();
  s.runs = 1;
  s.nudge = 0.0;
  const mb::PlanSensitivity r = mb::plan_sensitivity(p.world, p.plan, s);
  ASSERT_EQ(r.scores.size(), 1u);
  EXPECT_EQ(r.start_score, p.plan.start_score);
  EXPECT_EQ(r.scores[0], p.plan.score);
  p.plan.actuator = 2;
  EXPECT_THROW((void)mb::plan_sensitivity(p.world, p.plan, s), mb::PlanError);
}

TEST(PlanSensitivity, NudgedRunsMoveTheOutlineAndAreTheSameOnAnyThreadCount) {
  const SmallPlan p;
  mb::PlanSensitivitySettings s = mb::default_plan_sensitivity_settings();
  s.runs = 4;
  s.nudge = 3.0;  // 0.4 lattice spacings: every draw moves a chord across particles
  s.threads = 1;
  const mb::PlanSensitivity one = mb::plan_sensitivity(p.world, p.plan, s);
  s.threads = 2;
  const mb::PlanSensitivity two = mb::plan_sensitivity(p.world, p.plan, s);
  EXPECT_EQ(one.scores, two.scores);
  const auto [lo, hi] = std::minmax_element(one.scores.begin(), one.scores.end());
  EXPECT_LT(*lo, *hi);  // the runs differ from one another
  // The figures are the runs' own: min, the median of four (the mean of the middle two), max.
  std::vector<double> sorted = one.shares;
  std::sort(sorted.begin(), sorted.end());
  EXPECT_EQ(one.min_share, sorted[0]);
  EXPECT_EQ(one.median_share, 0.5 * (sorted[1] + sorted[2]));
  EXPECT_EQ(one.max_share, sorted[3]);
  for (size_t k = 0; k < one.scores.size(); ++k)
    EXPECT_EQ(one.shares[k], (one.start_score - one.scores[k]) / one.start_score);
  // Another seed, other draws.
  s.seed = 2;
  EXPECT_NE(mb::plan_sensitivity(p.world, p.plan, s).scores, one.scores);
}

TEST(PlanSensitivity, ProgressComesAfterEachBatchOfThreadsRunsAndCancelStopsThem) {
  const SmallPlan p;
  mb::PlanSensitivitySettings s = mb::default_plan_sensitivity_settings();
  s.runs = 5;
  s.threads = 2;
  std::vector<int> heard;
  s.progress = [&](int done) { heard.push_back(done); };
  const mb::PlanSensitivity whole = mb::plan_sensitivity(p.world, p.plan, s);
  EXPECT_FALSE(whole.cancelled);
  EXPECT_EQ(whole.scores.size(), 5u);
  EXPECT_EQ(heard, (std::vector<int>{2, 4, 5}));  // batches of two, the last of one

  // Cancel heard after the first batch (one thread: one run): no figures at all, since a
  // median of the runs that happened to finish is not the plan's.
  std::atomic<bool> cancel{false};
  s.threads = 1;
  s.cancel = &cancel;
  heard.clear();
  s.progress = [&](int done) {
    heard.push_back(done);
    cancel = true;
  };
  const mb::PlanSensitivity stopped = mb::plan_sensitivity(p.world, p.plan, s);
  EXPECT_TRUE(stopped.cancelled);
  EXPECT_TRUE(stopped.scores.empty());
  EXPECT_TRUE(stopped.shares.empty());
  EXPECT_EQ(stopped.start_score, p.plan.start_score);
  EXPECT_EQ(heard, std::vector<int>{1});
  // Cancelled before the first run: none runs.
  heard.clear();
  EXPECT_TRUE(mb::plan_sensitivity(p.world, p.plan, s).cancelled);
  EXPECT_TRUE(heard.empty());
}

TEST(PlanSensitivity, BadSettingsAreTypedErrorsNamingTheMember) {
  const SmallPlan p;
  auto message_of = [&](const mb::PlanSensitivitySettings& s) -> std::string {
    try {
      (void)mb::plan_sensitivity(p.world, p.plan, s);
    } catch (const mb::PlanError& e) {
      EXPECT_EQ(e.code(), mb::PlanErrorCode::BadSettings);
      return e.what();
    }
    return "accepted";
  };
  mb::PlanSensitivitySettings s = mb::default_plan_sensitivity_settings();
  for (int runs : {0, 4097}) {
    s.runs = runs;
    EXPECT_NE(message_of(s).find("runs"), std::string::npos) << runs;
  }
  s = mb::default_plan_sensitivity_settings();
  for (double nudge : {-0.1, std::nan(""), 0.5 * p.plan.travel_radius}) {
    s.nudge = nudge;
    EXPECT_NE(message_of(s).find("nudge"), std::string::npos) << nudge;
  }
  s = mb::default_plan_sensitivity_settings();
  s.threads = 0;
  EXPECT_NE(message_of(s).find("threads"), std::string::npos);
}

}  // namespace
