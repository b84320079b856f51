// The planner's batch evaluator (PlanSettings::evaluate): candidate paths scored elsewhere,
// whole from the start or on from the part they share, give the plan local rollouts give.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <vector>

#include "physics/world/planner.hpp"
#include "tests/unit/world/plan_test_world.hpp"

using mbtest::known_path;
using mbtest::run_path;
using mbtest::small_settings;
using mbtest::small_world;

TEST(Planner, ABatchEvaluatorGivesTheLocalPlanRepeatsToo) {
  const mb::World world = small_world();
  for (int repeats : {1, 2}) {
    // The target the known pass makes when it runs `repeats` times.
    const mb::Polygon target =
        run_path(world, known_path(world, std::vector<mb::Vec2>(repeats, {2.0, 4.0})));
    mb::PlanSettings s = small_settings();
    s.max_passes = repeats;  // a pass runs at most as many times as passes are left
    s.repeats = repeats;
    s.min_gain = -1.0;  // the pass is kept
    s.budget_rollouts = 48;
    const mb::PlanResult here = mb::plan(world, target, s);
    std::vector<std::vector<mb::Vec2>> sent;
    s.evaluate = [&](const std::vector<std::vector<mb::Vec2>>& batch, size_t) {
      std::vector<mb::Polygon> outlines;
      for (const std::vector<mb::Vec2>& path : batch) {
        outlines.push_back(mb::plan_path_outline(world, path));
        sent.push_back(path);
      }
      return outlines;
    };
    const mb::PlanResult remote = mb::plan(world, target, s);
    ASSERT_FALSE(here.passes.empty()) << repeats;
    EXPECT_EQ(remote.path, here.path) << repeats;
    EXPECT_EQ(remote.score, here.score) << repeats;
    EXPECT_EQ(remote.passes.size(), here.passes.size()) << repeats;
    // Every run of a candidate is one path of a batch and one rollout.
    EXPECT_EQ(static_cast<int64_t>(sent.size()), here.rollouts) << repeats;
    EXPECT_EQ(remote.rollouts, here.rollouts) << repeats;
    EXPECT_EQ(remote.rollouts, 48) << repeats;  // min_gain < 0: every pass spends its share
    // The plan's path, which the planner builds here as it runs the kept pass, is one the
    // evaluator was sent.
    EXPECT_NE(std::find(sent.begin(), sent.end(), remote.path), sent.end()) << repeats;
    // With repeats, a candidate's second run is its first run's path, then the travel from
    // the chord's exit round the outside to its entry (a few points), then the same chord:
    // the same entry to the bit, and an exit on the same line within a speed step of the
    // first run's (each run's exit is padded so that its travel and chord end on a tick).
    int seconds = 0;
    for (size_t k = 1; k < sent.size(); ++k) {
      const std::vector<mb::Vec2>&once = sent[k - 1], &twice = sent[k];
      if (twice.size() <= once.size() || !std::equal(once.begin(), once.end(), twice.begin()))
        continue;
      ++seconds;
      ASSERT_GE(once.size(), 2u);
      EXPECT_GT(twice.size() - once.size(), 2u) << "no travel between the runs";
      EXPECT_EQ(twice[twice.size() - 2], once[once.size() - 2]);
      const mb::Vec2 entry = once[once.size() - 2], a = once.back() - entry,
                     b = twice.back() - entry;
      EXPECT_NEAR(a.x * b.y - a.y * b.x, 0.0, 1e-9 * glm::length(a) * glm::length(b));
      EXPECT_GT(a.x * b.x + a.y * b.y, 0.0);
      EXPECT_NEAR(glm::length(b), glm::length(a), world.actuators[0].speed);
    }
    EXPECT_EQ(seconds > 0, repeats == 2) << seconds;
  }
}

// The part of a batch's paths that the evaluator is told they share is the path of the
// accepted passes, which ends on a tick: an evaluator that runs it once (plan_prefix) and goes
// on from it for every path gets the outlines of the runs from the start, to the bit, and the
// plan is the local one.
TEST(Planner, ABatchEvaluatorMayGoOnFromThePartThePathsShare) {
  const mb::World world = small_world();
  const mb::Polygon target = run_path(world, known_path(world, {{1.0, 0.0}, {1.0, 5.0}}));
  mb::PlanSettings s = small_settings();
  s.max_passes = 3;
  s.min_gain = -1.0;  // every pass is kept, so the later batches share a part
  s.budget_rollouts = 36;
  const mb::PlanResult here = mb::plan(world, target, s);
  std::optional<mb::PlanPrefix> shared;
  std::vector<size_t> parts;
  int64_t compared = 0;
  s.evaluate = [&](const std::vector<std::vector<mb::Vec2>>& batch, size_t shared_points) {
    const std::vector<mb::Vec2> part(batch.front().begin(),
                                     batch.front().begin() + static_cast<long>(shared_points));
    if (!shared || shared->path != part) shared = mb::plan_prefix(world, part);
    parts.push_back(shared_points);
    std::vector<mb::Polygon> outlines;
    for (const std::vector<mb::Vec2>& path : batch) {
      EXPECT_TRUE(std::equal(part.begin(), part.end(), path.begin()));
      outlines.push_back(mb::plan_path_outline(*shared, path));
      // The run from the start, for the first path of each batch.
      if (&path == &batch.front()) {
        EXPECT_EQ(outlines.back(), mb::plan_path_outline(world, path));
        ++compared;
      }
    }
    return outlines;
  };
  const mb::PlanResult remote = mb::plan(world, target, s);
  ASSERT_FALSE(here.passes.empty());
  EXPECT_EQ(remote.path, here.path);
  EXPECT_EQ(remote.score, here.score);
  EXPECT_EQ(remote.rollouts, here.rollouts);
  // The first pass's batches share nothing; the later ones the passes before them.
  EXPECT_EQ(parts.front(), 0u);
  EXPECT_GT(*std::max_element(parts.begin(), parts.end()), 0u);
  EXPECT_EQ(compared, static_cast<int64_t>(parts.size()));
  // A path that does not begin with the part run is refused, naming it.
  ASSERT_TRUE(shared && !shared->path.empty());
  std::vector<mb::Vec2> other = shared->path;
  other.front().x += 1.0;
  EXPECT_THROW(mb::plan_path_outline(*shared, other), mb::PlanError);
}
