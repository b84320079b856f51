// The planner (world/planner.hpp): the score of the exact move, a one-pass target found again,
// determinism across thread counts, the rollout budget, refused targets, cancel.
#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <cmath>
#include <numbers>
#include <optional>
#include <string>
#include <utility>

#include "physics/core/assert.hpp"
#include "physics/geometry/polygon.hpp"
#include "physics/geometry/segment.hpp"
#include "physics/geometry/shape_distance.hpp"
#include "physics/geometry/shape_score.hpp"
#include "physics/io/settings_io.hpp"
#include "physics/springs/lattice.hpp"
#include "physics/springs/outline.hpp"
#include "physics/world/plan_path.hpp"
#include "physics/world/planner.hpp"
#include "tests/unit/world/plan_test_world.hpp"

using mbtest::known_path;
using mbtest::run_path;
using mbtest::small_settings;
using mbtest::small_world;

TEST(PlanPath, ChordByHand) {
  // Radius 10, offset 6: the half chord is sqrt(100 - 36) = 8.
  const mb::TravelCircle circle{{1, 2}, 10.0};
  const mb::Chord along_x = mb::pass_chord(circle, 0.0, 6.0);
  EXPECT_NEAR(along_x.entry.x, -7.0, 1e-12);
  EXPECT_NEAR(along_x.entry.y, 8.0, 1e-12);
  EXPECT_NEAR(along_x.exit.x, 9.0, 1e-12);
  EXPECT_NEAR(along_x.exit.y, 8.0, 1e-12);
  // Upward (+y): the offset's side is +90 degrees from it, -x.
  const mb::Chord up = mb::pass_chord(circle, std::numbers::pi / 2.0, 6.0);
  EXPECT_NEAR(up.entry.x, -5.0, 1e-12);
  EXPECT_NEAR(up.entry.y, -6.0, 1e-12);
  EXPECT_NEAR(up.exit.x, -5.0, 1e-12);
  EXPECT_NEAR(up.exit.y, 10.0, 1e-12);
}

TEST(PlanPath, TravelStaysOutsideTheCircleAndAPassEndsOnATick) {
  const mb::TravelCircle circle{{0, 0}, 30.0};
  const mb::Chord first = mb::pass_chord(circle, 0.3, 5.0);
  const mb::Chord second = mb::pass_chord(circle, 2.9, -12.0);
  const std::vector<mb::Vec2> travel = mb::travel_points(circle, first.exit, second.entry);
  EXPECT_EQ(travel.back(), second.entry);
  mb::Vec2 at = first.exit;
  for (mb::Vec2 p : travel) {
    EXPECT_GE(mb::point_segment_distance(circle.centre, at, p), circle.radius - 1e-9);
    at = p;
  }
  // The pass's points run a whole number of steps of 1.7 from the previous point.
  const std::vector<mb::Vec2> points = mb::pass_points(circle, first.exit, second, 1.7);
  double length = 0.0;
  at = first.exit;
  for (mb::Vec2 p : points) length += glm::length(p - at), at = p;
  EXPECT_NEAR(length / 1.7, std::round(length / 1.7), 1e-9);
  EXPECT_GE(length, glm::length(second.exit - second.entry));
}

TEST(Planner, TheExactMoveScoresZeroWhereverTheTargetOutlineStarts) {
  const mb::World world = small_world();
  const std::vector<mb::Vec2> path = known_path(world, {{0.4, 3.0}, {0.4, -4.0}});
  const mb::Polygon target = run_path(world, path);
  for (mb::PlanMetric m : {mb::PlanMetric::Hausdorff, mb::PlanMetric::Procrustes,
                           mb::PlanMetric::IoU, mb::PlanMetric::Chamfer})
    EXPECT_EQ(mb::score_plan_path(world, path, target, m), 0.0) << mb::to_string(m);
  // The same outline from another vertex: each score is within its sampling pitch of 0.
  // Hausdorff samples each outline at 400 points by arc length, so some sample of the other
  // is at most half a pitch (perimeter / 800) along the outline away; cyclic Procrustes
  // samples the second at 800 points (perimeter / 1600); the IoU raster sees the same edges.
  mb::Polygon restarted = target;
  std::rotate(restarted.begin(), restarted.begin() + 5, restarted.end());
  const double p = mb::perimeter(target);
  EXPECT_LE(mb::score_plan_path(world, path, restarted, mb::PlanMetric::Hausdorff), p / 800.0);
  // Chamfer: the mean of the distances whose largest is Hausdorff's.
  EXPECT_LE(mb::score_plan_path(world, path, restarted, mb::PlanMetric::Chamfer), p / 800.0);
  EXPECT_LE(mb::score_plan_path(world, path, restarted, mb::PlanMetric::Procrustes), p / 1600.0);
  EXPECT_EQ(mb::score_plan_path(world, path, restarted, mb::PlanMetric::IoU), 0.0);
  // No move is not the target: the passes changed the outline.
  EXPECT_GT(mb::score_plan_path(world, {}, target, mb::PlanMetric::Hausdorff), 0.0);
}

TEST(Planner, CandidatesAreRankedByTheSharesOfTheGapsTheyLeave) {
  // A pass's ranking score is guide / guide of no move + metric_weight * metric / metric of
  // no move + tail_weight * tail / tail of no move: here 1 - IoU, Hausdorff and the mean of the
  // sample distances over the farthest tail_spacings lattice spacings of outline (that length's
  // share of no move's outline), each computed again from the plan's path.
  const mb::World world = small_world();
  const mb::Polygon target = run_path(world, known_path(world, {{1.0, 0.0}, {1.0, 5.0}}));
  mb::PlanSettings s = small_settings();
  s.max_passes = 1;
  s.min_gain = -1.0;  // keep the pass whatever it scores
  s.metric = mb::PlanMetric::Hausdorff;
  s.guide = mb::PlanMetric::IoU;
  s.tail_spacings = 3.0;
  const mb::Polygon still = mb::plan_path_outline(world, {});
  const double tail_share = 3.0 * world.settings.lattice_spacing() / mb::perimeter(still);
  ASSERT_LT(tail_share, 1.0);  // a part of the outline, not the whole
  for (auto [weight, tail_weight] : {std::pair{0.0, 0.0}, {2.5, 0.0}, {1.0, 0.5}}) {
    s.metric_weight = weight;
    s.tail_weight = tail_weight;
    const mb::PlanResult r = mb::plan(world, target, s);
    ASSERT_EQ(r.passes.size(), 1u) << weight;
    auto share = [&](mb::PlanMetric m) {
      return mb::score_plan_path(world, r.path, r.target, m) /
             mb::score_plan_path(world, {}, r.target, m);
    };
    auto tail = [&](const std::vector<mb::Vec2>& path) {
      return mb::tail_mean_distance(mb::plan_path_outline(world, path), r.target, tail_share);
    };
    EXPECT_NEAR(r.passes[0].guide,
                share(mb::PlanMetric::IoU) + weight * share(mb::PlanMetric::Hausdorff) +
                    tail_weight * tail(r.path) / tail({}),
                1e-12)
        << weight << " " << tail_weight;
  }
}

TEST(Planner, TheTailIsTheShareOfTheOutlineItsSpacingsAre) {
  // A 10 x 10 square is 40 long: 2 spacings of 5 are a quarter of it; 9 spacings, longer than
  // the outline, are the whole; an outline of no length is taken whole.
  const mb::Polygon square = mb::rectangle_polygon({0, 0}, {10, 10});
  EXPECT_DOUBLE_EQ(mb::plan_tail_share(square, 2.0, 5.0), 0.25);
  EXPECT_EQ(mb::plan_tail_share(square, 9.0, 5.0), 1.0);
  EXPECT_EQ(mb::plan_tail_share(mb::Polygon{{1, 1}, {1, 1}, {1, 1}}, 2.0, 5.0), 1.0);
}

TEST(Planner, ThePlansPathRunFromTheStartGivesItsScore) {
  // The planner runs pass after pass on World copies; the path it writes, run from the start
  // in one go, ticks through the same states (each pass ends on a tick), so the scores are
  // equal to the last bit.
  const mb::World world = small_world();
  const mb::Polygon target = run_path(world, known_path(world, {{1.0, 0.0}, {1.0, 5.0}}));
  mb::PlanSettings s = small_settings();
  s.max_passes = 2;
  s.min_gain = -1.0;  // keep both passes whatever they score
  s.metric = mb::PlanMetric::IoU;
  const mb::PlanResult r = mb::plan(world, target, s);
  ASSERT_FALSE(r.passes.empty());
  EXPECT_EQ(mb::score_plan_path(world, r.path, r.target, s.metric), r.score);
  EXPECT_EQ(r.path.front(), r.passes.front().entry);
  EXPECT_LT(r.score, r.start_score);
  EXPECT_NEAR(r.share_closed, (r.start_score - r.score) / r.start_score, 1e-15);
  // Each kept pass reports the rollouts its search spent: the pass in hand gets what is left
  // over the passes left, so the first budget / 2.
  int64_t spent = 0;
  for (const mb::PlanPass& p : r.passes) {
    EXPECT_GE(p.rollouts, 1);
    spent += p.rollouts;
  }
  EXPECT_EQ(r.passes.front().rollouts, s.budget_rollouts / 2);
  EXPECT_LE(spent, r.rollouts);
}

// The radius-50 spot of the pumping preset (161 particles, lattice spacing 7.5) and the
// 30x30 heater of assets/heater_predict.xml at speed 1, as docs/planning.md's figures.
mb::World pumping_spot() {
  mb::World world = small_world();
  world.net = mb::circle_spot({0.0, 0.0}, 50.0, world.settings);
  world.actuators[0].speed = 1.0;
  world.actuators[0].shape = mb::rectangle_polygon({0, 0}, {30, 30});
  world.actuators[0].path.points = {{-75, 0}, {75, 0}};
  return world;
}

// The farthest the planned pass's line strays from the true pass's line across the spot: the
// distance from the true line is linear along the planned chord, so its largest value over
// the part within `radius` of the centre (offsets are from the spot's centroid) is at one of that
// part's two ends.
double chord_stray(double radius, double angle, double offset, double true_angle,
                   double true_offset) {
  const mb::Vec2 along{std::cos(angle), std::sin(angle)}, across{-along.y, along.x};
  const mb::Vec2 true_across{-std::sin(true_angle), std::cos(true_angle)};
  double stray = 0.0;
  for (double t : {-radius, radius}) {
    const mb::Vec2 p = offset * across + t * along;  // relative to the centre
    stray = std::max(stray, std::abs(glm::dot(true_across, p) - true_offset));
  }
  return stray;
}

TEST(Planner, AOnePassTargetIsFoundToWithinASpacing) {
  // A target made by one known pass; a plan of one pass finds that pass again: its line lies
  // within one lattice spacing of the true one everywhere across the spot, in the same
  // direction (the reversed chord pumps the other way). 500 rollouts, at which the search
  // finds 11 of 15 such targets (14 of 15 at 1,000, or ranked by IoU alone;
  // tests/bench/plan_one_pass.py, docs/planning.md).
  if (MELTBOX_VALIDATE)  // 1,000 rollouts validated every tick: four minutes under ASan
    GTEST_SKIP() << "a search-quality test: run in Release; the other planner tests run here";
  const mb::World world = pumping_spot();
  const double spacing = world.settings.lattice_spacing();
  ASSERT_DOUBLE_EQ(spacing, 7.5);
  for (const auto& [degrees, offset] : {std::pair{60.0, 10.0}, std::pair{135.0, -15.0}}) {
    const double angle = degrees * std::numbers::pi / 180.0;
    const mb::Polygon target = run_path(world, known_path(world, {{angle, offset}}));
    mb::PlanSettings s = mb::default_plan_settings();
    s.max_passes = 1;
    s.budget_rollouts = 500;
    s.threads = 2;
    s.min_gain = -1.0;  // keep the pass whatever it scores: the test is where it lies
    const mb::PlanResult r = mb::plan(world, target, s);
    ASSERT_EQ(r.passes.size(), 1u);
    const mb::PlanPass& p = r.passes[0];
    const double turn = std::remainder(p.angle_rad - angle, 2.0 * std::numbers::pi);
    EXPECT_LT(std::abs(turn), std::numbers::pi / 2.0) << degrees;
    EXPECT_LE(chord_stray(50.0, p.angle_rad, p.offset, angle, offset), spacing)
        << degrees << " deg, offset " << offset << ": planned "
        << p.angle_rad * 180.0 / std::numbers::pi << " deg, offset " << p.offset;
    EXPECT_GT(r.share_closed, 0.0);
  }
}

TEST(Planner, PlansAPusherToo) {
  // An 8x8 pusher that catches what it covers on every tick (no firm grip) drags the wax it
  // crosses out to the travel circle: a one-pass target of it is far from the start, and a
  // plan of one pass drags the wax the same way (its direction within 90 degrees of the
  // true one) and closes at least half the gap; a pusher dragging the wrong way or missing
  // the spot would leave the gap as large as no move or larger.
  mb::World world = small_world();
  mb::Actuator& pusher = world.actuators[0];
  pusher.type = mb::ActuatorType::Pusher;
  pusher.shape = mb::rectangle_polygon({0, 0}, {8, 8});
  pusher.firm_grip = false;
  const double angle = 60.0 * std::numbers::pi / 180.0;
  const mb::Polygon target = run_path(world, known_path(world, {{angle, 5.0}}));
  ASSERT_GT(mb::score_plan_path(world, {}, target, mb::PlanMetric::Hausdorff),
            3.0 * world.settings.lattice_spacing());
  mb::PlanSettings s = mb::default_plan_settings();
  s.max_passes = 1;
  s.budget_rollouts = 96;
  s.threads = 2;
  s.min_gain = -1.0;
  const mb::PlanResult r = mb::plan(world, target, s);
  ASSERT_EQ(r.passes.size(), 1u);
  EXPECT_LT(std::abs(std::remainder(r.passes[0].angle_rad - angle, 2.0 * std::numbers::pi)),
            std::numbers::pi / 2.0);
  EXPECT_GE(r.share_closed, 0.5);
  EXPECT_EQ(mb::score_plan_path(world, r.path, r.target, s.metric), r.score);
}

TEST(Planner, TheActuatorAtItsIndexIsPlannedTheOthersStandStill) {
  // A pusher first, whose own path drags through the spot, and the heater second. Planning
  // actuator 1 moves the heater with the pusher disabled in every rollout, so the plan is the
  // heater-only world's to the bit (the draws depend on the seed and the heater's travel
  // circle alone); planning actuator 0 would drag the wax instead.
  const mb::World alone = small_world();
  mb::World both = alone;
  mb::Actuator pusher = alone.actuators[0];
  pusher.type = mb::ActuatorType::Pusher;
  pusher.firm_grip = false;
  pusher.path.points = {{-50, 3}, {50, 3}};
  both.actuators.insert(both.actuators.begin(), pusher);
  const mb::Polygon target = run_path(alone, known_path(alone, {{0.5, 4.0}}));
  mb::PlanSettings s = small_settings();
  const mb::PlanResult expected = mb::plan(alone, target, s);
  s.actuator = 1;
  const mb::PlanResult r = mb::plan(both, target, s);
  EXPECT_EQ(r.actuator, 1);
  EXPECT_EQ(r.path, expected.path);
  EXPECT_EQ(r.score, expected.score);
  EXPECT_EQ(mb::score_plan_path(both, r.path, r.target, s.metric, {}, 1), r.score);
  EXPECT_NE(mb::score_plan_path(both, r.path, r.target, s.metric, {}, 0), r.score);
  for (int bad : {-1, 2}) {
    s.actuator = bad;
    try {
      (void)mb::plan(both, target, s);
      FAIL() << "actuator " << bad << " accepted";
    } catch (const mb::PlanError& e) {
      EXPECT_EQ(e.code(), mb::PlanErrorCode::NoActuator);
      EXPECT_NE(std::string(e.what()).find("actuator " + std::to_string(bad)), std::string::npos)
          << e.what();
    }
  }
}

TEST(Planner, AFirmGripPusherIsRefusedItsPassesWouldMoveNothing) {
  // A firm grip keeps what the pusher holds on its path's first tick; a planned path starts
  // on the travel circle, outside the material, so it holds nothing and drags nothing: a pass
  // through the centre leaves the outline where it was (Hausdorff 0), and plan() says so
  // instead of searching for a gain no candidate can make.
  mb::World world = small_world();
  mb::Actuator& pusher = world.actuators[0];
  pusher.type = mb::ActuatorType::Pusher;
  pusher.shape = mb::rectangle_polygon({0, 0}, {8, 8});
  pusher.firm_grip = true;
  const mb::Polygon start = run_path(world, {});
  EXPECT_EQ(mb::hausdorff_distance(run_path(world, known_path(world, {{0.5, 0.0}})), start), 0.0);
  try {
    (void)mb::plan(world, start, mb::default_plan_settings());
    FAIL() << "not refused";
  } catch (const mb::PlanError& e) {
    EXPECT_EQ(e.code(), mb::PlanErrorCode::BadActuator);
    EXPECT_NE(std::string(e.what()).find("firm grip"), std::string::npos) << e.what();
  }
  pusher.firm_grip = false;  // the same pass now drags the wax it crosses
  EXPECT_GT(mb::hausdorff_distance(run_path(world, known_path(world, {{0.5, 0.0}})), start),
            world.settings.lattice_spacing());
}

TEST(Planner, PassesAtTheirOwnSpeedsReplayFromTheirPath) {
  // Each pass's speed searched in [1, 4] (the heater's own is 2): the path carries one speed
  // per point, each pass's from the previous pass's last point on, and run from the start at
  // those speeds it gives the plan's score to the last bit.
  const mb::World world = small_world();
  const mb::Polygon target = run_path(world, known_path(world, {{1.0, 0.0}, {2.5, 4.0}}));
  mb::PlanSettings s = small_settings();
  s.max_passes = 2;
  s.budget_rollouts = 32;
  s.min_gain = -1.0;
  s.metric = mb::PlanMetric::IoU;
  s.min_speed = 1.0;
  s.max_speed = 4.0;
  const mb::PlanResult r = mb::plan(world, target, s);
  ASSERT_EQ(r.passes.size(), 2u);
  ASSERT_EQ(r.path_speeds.size(), r.path.size());
  EXPECT_EQ(r.path_speeds.front(), r.passes[0].speed);
  EXPECT_EQ(r.path_speeds.back(), r.passes[1].speed);
  for (const mb::PlanPass& p : r.passes) {
    EXPECT_GE(p.speed, 1.0);
    EXPECT_LE(p.speed, 4.0);
    EXPECT_NE(p.speed, 2.0);
  }
  EXPECT_EQ(mb::score_plan_path(world, r.path, r.target, s.metric, r.path_speeds), r.score);
  // Without speeds no per-point speeds are written.
  s.min_speed = s.max_speed = 0.0;
  EXPECT_TRUE(mb::plan(world, target, s).path_speeds.empty());
  // A range whose low end is above its high end is refused.
  s.min_speed = 3.0;
  s.max_speed = 1.0;
  EXPECT_THROW((void)mb::plan(world, target, s), mb::PlanError);
}

// Plans on 1 and on 2 threads and expects the same plan; the 2-thread one.
mb::PlanResult same_plan_on_one_and_two_threads(const mb::World& world, const mb::Polygon& target,
                                                mb::PlanSettings s) {
  s.threads = 1;
  const mb::PlanResult one = mb::plan(world, target, s);
  s.threads = 2;
  const mb::PlanResult two = mb::plan(world, target, s);
  EXPECT_EQ(one.path, two.path);
  EXPECT_EQ(one.score, two.score);
  EXPECT_EQ(one.rollouts, two.rollouts);
  return two;
}

TEST(Planner, ABeamOfChainsKeepsItsBudgetAndItsReplay) {
  // Two chains kept after each pass: the same plan on 1 and 2 threads, no more rollouts than
  // the budget, and the plan (the best prefix of either chain) replays to its score.
  const mb::World world = small_world();
  const mb::Polygon target = run_path(world, known_path(world, {{0.4, 3.0}, {2.0, -4.0}}));
  mb::PlanSettings s = small_settings();
  s.max_passes = 3;
  s.budget_rollouts = 60;
  s.beam = 2;
  s.metric = mb::PlanMetric::IoU;
  const mb::PlanResult two = same_plan_on_one_and_two_threads(world, target, s);
  EXPECT_LE(two.rollouts, 60);
  EXPECT_LE(two.score, two.start_score);
  if (!two.path.empty()) {
    EXPECT_EQ(mb::score_plan_path(world, two.path, two.target, s.metric), two.score);
  }
  s.beam = 9;
  EXPECT_THROW((void)mb::plan(world, target, s), mb::PlanError);
}

TEST(Planner, ARepeatedPassIsFoundAsItsTwoRunsAndReplays) {
  // A target one known pass makes of the radius-50 spot when it runs twice. With repeats = 2
  // every candidate runs twice and is ranked after each run, so the search sees the true pass
  // reach the target (rank 0) and keeps it as two passes of the same chord, within a spacing of
  // the true one as in the one-pass test; each run is a rollout of the budget (1,000 rollouts:
  // 500 candidates). The plan replays to its score.
  if (MELTBOX_VALIDATE)  // 1,000 rollouts validated every tick: minutes under ASan
    GTEST_SKIP() << "a search-quality test: run in Release; the other planner tests run here";
  const mb::World world = pumping_spot();
  const double angle = 60.0 * std::numbers::pi / 180.0, offset = 10.0;
  const mb::Polygon target = run_path(world, known_path(world, {{angle, offset}, {angle, offset}}));
  mb::PlanSettings s = mb::default_plan_settings();
  s.max_passes = 2;
  s.budget_rollouts = 1000;
  s.repeats = 2;
  s.threads = 2;
  const mb::PlanResult r = mb::plan(world, target, s);
  EXPECT_EQ(r.rollouts, 1000);
  ASSERT_EQ(r.passes.size(), 2u);
  EXPECT_EQ(r.passes[0].angle_rad, r.passes[1].angle_rad);
  EXPECT_EQ(r.passes[0].offset, r.passes[1].offset);
  EXPECT_LE(chord_stray(50.0, r.passes[0].angle_rad, r.passes[0].offset, angle, offset),
            world.settings.lattice_spacing())
      << "planned " << r.passes[0].angle_rad << " rad, offset " << r.passes[0].offset;
  EXPECT_EQ(mb::score_plan_path(world, r.path, r.target, s.metric), r.score);
  EXPECT_LT(r.passes[1].score, r.passes[0].score);
}

TEST(Planner, SameSeedSamePlanOnOneAndTwoThreads) {
  const mb::World world = small_world();
  const mb::Polygon target = run_path(world, known_path(world, {{2.0, 4.0}}));
  mb::PlanSettings s = small_settings();
  s.max_passes = 2;
  (void)same_plan_on_one_and_two_threads(world, target, s);
  s.repeats = 2;  // each candidate run twice: the runs of a candidate on one worker
  (void)same_plan_on_one_and_two_threads(world, target, s);
  s.repeats = 1;
  s.seed = 2;
  s.min_gain = -1.0;  // a pass is kept, so the paths can differ
  s.max_passes = 1;
  const mb::PlanResult other = mb::plan(world, target, s);
  s.seed = 1;
  const mb::PlanResult first = mb::plan(world, target, s);
  EXPECT_NE(other.passes.at(0).angle_rad, first.passes.at(0).angle_rad);
}

// A batch evaluator that runs each path from the start here (what a Dask worker does) gives
// the plan local rollouts give, to the last bit, repeats included: a path run from the start
// ticks through the states the planner's World copies tick through. The budget counts the
// candidates' runs either way (the accepted pass's run for its state is no rollout, here or
// with an evaluator), so at the same budget both searches draw the same candidates.
TEST(Planner, ABudgetOfNRolloutsRunsN) {
  // 10 rollouts over 3 passes: the pass in hand gets what is left over the passes left,
  // 10 / 3 = 3, then 7 / 2 = 3, then 4.
  const mb::World world = small_world();
  const mb::Polygon target = run_path(world, known_path(world, {{0.0, 0.0}}));
  mb::PlanSettings s = small_settings();
  s.max_passes = 3;
  s.budget_rollouts = 10;
  s.population = 4;
  s.elites = 2;
  s.min_gain = -1.0;
  int calls = 0;
  int64_t last = 0;
  double last_left = -1.0;
  s.progress = [&](const mb::PlanProgress& p) {
    ++calls;
    EXPECT_GE(p.rollouts, last);
    last = p.rollouts;
    EXPECT_EQ(p.seconds_left, mb::plan_seconds_left(p.rollouts, p.budget, p.seconds, 0.0));
    last_left = p.seconds_left;
  };
  const mb::PlanResult r = mb::plan(world, target, s);
  EXPECT_EQ(r.rollouts, 10);
  EXPECT_EQ(last, 10);
  EXPECT_EQ(last_left, 0.0);  // the budget is spent
  // Each pass's 3 or 4 rollouts split over the 3 restarts (1, 1, 1 or 1, 1, 2), each run one
  // opening draw: three reports a pass.
  EXPECT_EQ(calls, 9);
  EXPECT_EQ(r.stop, mb::PlanStop::MaxPasses);
}

TEST(Planner, SecondsLeftAreTheRolloutsLeftAtTheRateSoFar) {
  // 250 of 1,000 rollouts in 5 s: 50 a second, 750 left, 15 s.
  EXPECT_EQ(mb::plan_seconds_left(250, 1000, 5.0, 0.0), 15.0);
  // A time budget of 10 s leaves 5 of them; one already spent leaves none.
  EXPECT_EQ(mb::plan_seconds_left(250, 1000, 5.0, 10.0), 5.0);
  EXPECT_EQ(mb::plan_seconds_left(250, 1000, 5.0, 3.0), 0.0);
  // A time budget longer than the rollouts need does not count.
  EXPECT_EQ(mb::plan_seconds_left(250, 1000, 5.0, 60.0), 15.0);
  EXPECT_EQ(mb::plan_seconds_left(1000, 1000, 20.0, 0.0), 0.0);
  EXPECT_LT(mb::plan_seconds_left(0, 1000, 0.5, 0.0), 0.0);  // no rate yet
}

TEST(Planner, ATargetOfAnotherAreaIsRefusedAbsoluteAndScaledCentroid) {
  const mb::World world = small_world();
  const mb::Polygon spot = mb::network_outline(world.net);
  // 1.5 times the radius: 2.25 times the area, beyond the 1.3 allowed.
  const mb::Polygon big =
      mb::circle_polygon({40, 0}, 1.5 * std::sqrt(mb::area(spot) / std::numbers::pi), 48);
  mb::PlanSettings s = small_settings();
  try {
    (void)mb::place_plan_target(big, world, s);
    FAIL() << "not refused";
  } catch (const mb::PlanError& e) {
    EXPECT_EQ(e.code(), mb::PlanErrorCode::TargetArea);
    // The ratio, 2.25 times the 48-gon's share of its circle, 24 sin(2 pi / 48) / pi: 2.2436.
    EXPECT_NE(std::string(e.what()).find("area is 2.243"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("outside [1/1.3, 1.3]"), std::string::npos) << e.what();
  }
  s.placement = mb::TargetPlacement::Centroid;
  const mb::Polygon placed = mb::place_plan_target(big, world, s);
  EXPECT_NEAR(mb::area(placed), mb::area(spot), 1e-9 * mb::area(spot));
  EXPECT_NEAR(glm::length(mb::area_centroid(placed) - mb::area_centroid(spot)), 0.0, 1e-9);
}

TEST(Planner, BadTargetsAndSettingsAreTypedErrors) {
  const mb::World world = small_world();
  auto code_of = [&](const mb::Polygon& target, const mb::PlanSettings& s) {
    try {
      (void)mb::plan(world, target, s);
    } catch (const mb::PlanError& e) {
      return e.code();
    }
    return mb::PlanErrorCode::NoActuator;  // not thrown: no test expects this code
  };
  const mb::PlanSettings s = small_settings();
  EXPECT_EQ(code_of({{0, 0}, {1, 0}}, s), mb::PlanErrorCode::BadTarget);
  EXPECT_EQ(code_of({{-20, -20}, {20, 20}, {20, -20}, {-20, 20}}, s), mb::PlanErrorCode::BadTarget);
  mb::PlanSettings bad = s;
  bad.elites = bad.population + 1;
  EXPECT_EQ(code_of(mb::network_outline(world.net), bad), mb::PlanErrorCode::BadSettings);
  bad = s;
  bad.max_passes = 0;
  EXPECT_EQ(code_of(mb::network_outline(world.net), bad), mb::PlanErrorCode::BadSettings);
  bad = s;
  bad.metric_weight = -1.0;
  EXPECT_EQ(code_of(mb::network_outline(world.net), bad), mb::PlanErrorCode::BadSettings);
  bad = s;
  bad.tail_weight = -0.5;
  EXPECT_EQ(code_of(mb::network_outline(world.net), bad), mb::PlanErrorCode::BadSettings);
  bad = s;
  bad.tail_spacings = 0.0;
  EXPECT_EQ(code_of(mb::network_outline(world.net), bad), mb::PlanErrorCode::BadSettings);
  for (int repeats : {0, 9}) {
    bad = s;
    bad.repeats = repeats;
    EXPECT_EQ(code_of(mb::network_outline(world.net), bad), mb::PlanErrorCode::BadSettings);
  }
  mb::World still = world;
  still.actuators.clear();
  try {
    (void)mb::plan(still, mb::network_outline(world.net), s);
    FAIL() << "no actuator accepted";
  } catch (const mb::PlanError& e) {
    EXPECT_EQ(e.code(), mb::PlanErrorCode::NoActuator);
  }
}

TEST(Planner, CancelStopsWithinAGeneration) {
  const mb::World world = small_world();
  const mb::Polygon target = run_path(world, known_path(world, {{0.0, 0.0}}));
  mb::PlanSettings s = small_settings();
  std::atomic<bool> cancel{true};
  s.cancel = &cancel;
  mb::PlanResult r = mb::plan(world, target, s);
  EXPECT_EQ(r.stop, mb::PlanStop::Cancelled);
  EXPECT_TRUE(r.passes.empty());
  EXPECT_TRUE(r.path.empty());
  EXPECT_EQ(r.rollouts, 0);  // cancelled before the search began
  EXPECT_EQ(r.score, r.start_score);
  // Cancelled at the first report: the generation in hand is the last. The pass's 24
  // rollouts split over 3 restarts, so the first run's opening draw is 8 (under its 2 x 8).
  cancel = false;
  s.progress = [&](const mb::PlanProgress&) { cancel = true; };
  r = mb::plan(world, target, s);
  EXPECT_EQ(r.stop, mb::PlanStop::Cancelled);
  EXPECT_EQ(r.rollouts, 8);
  EXPECT_TRUE(r.passes.empty());
}
