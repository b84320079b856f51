// Pokes (PlanSettings::finish_pokes): passes that go in to a depth and back out the way they
// came, by hand, and as the planner's finishing passes: they replay from the plan's path, keep
// the budget, and the nudged runs replay them.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <string>
#include <utility>
#include <vector>

#include "physics/world/plan_path.hpp"
#include "physics/world/plan_sensitivity.hpp"
#include "tests/unit/world/plan_test_world.hpp"

namespace {

using mbtest::known_path;
using mbtest::run_path;
using mbtest::small_settings;
using mbtest::small_world;

TEST(PlanPath, APokeGoesInToItsDepthAndBackOnATick) {
  // Radius 10, offset 6, along +x: the entry is (-8, 6) about the centre (1, 2), so (-7, 8).
  // A first poke (no travel) of depth 5 at speed 4 runs 10 units, padded to 12 (3 steps): in
  // to depth 6, at (-1, 8), and back to the entry.
  const mb::TravelCircle circle{{1, 2}, 10.0};
  const mb::Chord chord = mb::pass_chord(circle, 0.0, 6.0);
  const std::vector<mb::Vec2> first = mb::poke_points(circle, std::nullopt, chord, 5.0, 4.0);
  ASSERT_EQ(first.size(), 3u);
  EXPECT_NEAR(first[0].x, -7.0, 1e-12);
  EXPECT_NEAR(first[0].y, 8.0, 1e-12);
  EXPECT_NEAR(first[1].x, -1.0, 1e-12);
  EXPECT_NEAR(first[1].y, 8.0, 1e-12);
  EXPECT_EQ(first[2], first[0]);
  // After a travel from another chord's exit, the whole part (travel, in, out) is a whole
  // number of steps, and it ends where it entered.
  const mb::Chord other = mb::pass_chord(circle, 2.0, -3.0);
  const std::vector<mb::Vec2> later = mb::poke_points(circle, other.exit, chord, 5.0, 1.7);
  EXPECT_EQ(later.back(), chord.entry);
  double length = 0.0;
  mb::Vec2 at = other.exit;
  for (mb::Vec2 p : later) length += glm::length(p - at), at = p;
  EXPECT_NEAR(length / 1.7, std::round(length / 1.7), 1e-9);
  // planned_path draws a pass of depth >= 0 as a poke.
  const mb::PlannedPath path = mb::planned_path(circle, {{0.0, 6.0, 4.0, 5.0}});
  EXPECT_EQ(path.points, first);
}

// What a chord and then a poke into the spot's side make of the small world's spot (depth 36
// from the entry; the heater's shape first touches the wax 52.8 - 30.3 = 22.5 in).
mb::Polygon chord_then_poke(const mb::World& world) {
  const mb::PlanGeometry g = mb::plan_geometry(world, mb::default_plan_settings());
  const mb::TravelCircle circle{g.centre, g.travel_radius};
  return run_path(world, mb::planned_path(circle, {{1.0, 0.0, 2.0}, {2.5, 6.0, 2.0, 36.0}}).points);
}

TEST(Planner, FinishingPokesReplayKeepTheBudgetAndComeLast) {
  // Two chords, then up to two pokes on a fifth of the budget. min_gain < 0 keeps every pass,
  // so all four are searched and the plan spends its whole budget: the chords 40 - 0.2 x 40 =
  // 32 rollouts, 16 each, the pokes the other 8. The target is what a chord and then a poke
  // make, so at this seed the plan keeps both pokes (the plan returned is the prefix after
  // which the score was lowest, which may end before a poke).
  const mb::World world = small_world();
  const mb::Polygon target = chord_then_poke(world);
  mb::PlanSettings s = small_settings();
  s.max_passes = 2;
  s.budget_rollouts = 40;
  s.finish_pokes = 2;
  s.finish_share = 0.2;
  s.min_gain = -1.0;
  s.seed = 4;
  int last_pass = 0;
  s.progress = [&](const mb::PlanProgress& p) {
    last_pass = std::max(last_pass, p.pass);
    EXPECT_EQ(p.max_passes, 4);
  };
  const mb::PlanResult r = mb::plan(world, target, s);
  EXPECT_EQ(r.rollouts, 40);
  EXPECT_EQ(last_pass, 4);
  ASSERT_GE(r.passes.size(), 3u) << "no poke kept: the test's target no longer asks for one";
  EXPECT_LT(r.passes[0].depth, 0.0);
  EXPECT_LT(r.passes[1].depth, 0.0);
  EXPECT_EQ(r.passes[0].rollouts + r.passes[1].rollouts, 32);
  for (size_t k = 2; k < r.passes.size(); ++k) {
    // A poke's depth lies between its entry and its exit.
    EXPECT_GT(r.passes[k].depth, 0.0) << k;
    EXPECT_LT(r.passes[k].depth, glm::length(r.passes[k].exit - r.passes[k].entry)) << k;
  }
  // The path ends back at the last poke's entry, and run from the start it gives the score.
  EXPECT_EQ(r.path.back(), r.passes.back().entry);
  EXPECT_EQ(mb::score_plan_path(world, r.path, r.target, s.metric), r.score);
  // The nudged runs draw the pokes as pokes: a nudge of 0 replays the plan exactly.
  mb::PlanSensitivitySettings n = mb::default_plan_sensitivity_settings();
  n.runs = 1;
  n.nudge = 0.0;
  EXPECT_EQ(mb::plan_sensitivity(world, r, n).scores[0], r.score);
}

TEST(Planner, PokesOnWhatTheChordsLeaveOnlyAddToTheirPlan) {
  // finish_share 0 (the default): the chords are planned with the whole budget, as with no
  // pokes at all, and the pokes get only what is left when the chords stop for want of gain.
  // So the plan without pokes is a prefix of the plan with them, and its score no better.
  const mb::World world = small_world();
  const mb::Polygon target = chord_then_poke(world);
  mb::PlanSettings s = small_settings();
  s.max_passes = 6;  // six times the chords the target asks for: they stop with budget left
  s.budget_rollouts = 60;
  s.finish_share = 0.0;
  const mb::PlanResult chords = mb::plan(world, target, s);
  ASSERT_EQ(chords.stop, mb::PlanStop::NoGain) << "the chords no longer stop early here";
  ASSERT_LT(chords.rollouts, s.budget_rollouts);
  s.finish_pokes = 4;
  const mb::PlanResult poked = mb::plan(world, target, s);
  EXPECT_GT(poked.rollouts, chords.rollouts);  // the pokes spent what the chords left
  EXPECT_LE(poked.rollouts, s.budget_rollouts);
  EXPECT_LE(poked.score, chords.score);
  ASSERT_GE(poked.passes.size(), chords.passes.size());
  for (size_t k = 0; k < chords.passes.size(); ++k) {
    EXPECT_EQ(poked.passes[k].angle_rad, chords.passes[k].angle_rad) << k;
    EXPECT_EQ(poked.passes[k].offset, chords.passes[k].offset) << k;
    EXPECT_EQ(poked.passes[k].score, chords.passes[k].score) << k;
  }
  // Chords first, then pokes.
  const auto first_poke = std::find_if(poked.passes.begin(), poked.passes.end(),
                                       [](const mb::PlanPass& p) { return p.depth >= 0.0; });
  EXPECT_TRUE(std::all_of(first_poke, poked.passes.end(),
                          [](const mb::PlanPass& p) { return p.depth >= 0.0; }));

  // When the chords spend the whole budget (min_gain < 0 keeps every pass) the pokes get
  // nothing: the same plan to the bit, and the chords' reason to stop.
  s.min_gain = -1.0;
  s.finish_pokes = 0;
  const mb::PlanResult spent = mb::plan(world, target, s);
  s.finish_pokes = 4;
  const mb::PlanResult spent_poked = mb::plan(world, target, s);
  EXPECT_EQ(spent.rollouts, s.budget_rollouts);
  EXPECT_EQ(spent_poked.rollouts, s.budget_rollouts);
  EXPECT_EQ(spent_poked.path, spent.path);
  EXPECT_EQ(spent_poked.stop, mb::PlanStop::MaxPasses);
}

TEST(Planner, FinishingPokesOutOfRangeAreRefusedByName) {
  const mb::World world = small_world();
  const mb::Polygon target = run_path(world, known_path(world, {{1.0, 0.0}}));
  const std::vector<std::pair<int, double>> cases = {{-1, 0.2}, {17, 0.2}, {2, -0.1}, {2, 1.0}};
  for (auto [pokes, share] : cases) {
    mb::PlanSettings s = small_settings();
    s.finish_pokes = pokes;
    s.finish_share = share;
    try {
      (void)mb::plan(world, target, s);
      FAIL() << pokes << " pokes, share " << share << " accepted";
    } catch (const mb::PlanError& e) {
      EXPECT_EQ(e.code(), mb::PlanErrorCode::BadSettings);
      EXPECT_NE(std::string(e.what()).find("finish_"), std::string::npos) << e.what();
    }
  }
}

}  // namespace
