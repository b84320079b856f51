// Retried chords (PlanSettings::retry_chords): each chord's search tries the plan's chords so
// far again, so a target that needs a chord run twice can be met by the chord itself.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <vector>

#include "physics/world/planner.hpp"
#include "tests/unit/world/plan_test_world.hpp"

namespace {

using mbtest::known_path;
using mbtest::run_path;
using mbtest::small_settings;
using mbtest::small_world;

using Path = std::vector<mb::Vec2>;

// A plan whose batches run here, each pass's first batch kept by the length of the part its
// paths share (the passes accepted before it).
mb::PlanResult plan_keeping_batches(const mb::World& world, const mb::Polygon& target,
                                    mb::PlanSettings s,
                                    std::map<size_t, std::vector<Path>>& first) {
  s.evaluate = [&](const std::vector<Path>& batch, size_t shared_points) {
    first.try_emplace(shared_points, batch);
    std::vector<mb::Polygon> outlines;
    for (const Path& path : batch) outlines.push_back(mb::plan_path_outline(world, path));
    return outlines;
  };
  return mb::plan(world, target, s);
}

TEST(Planner, TheSecondChordsSearchTriesTheFirstChordAgain) {
  const mb::World world = small_world();
  // One chord run twice: the second pass pumps on where the first did.
  const mb::Polygon target = run_path(world, known_path(world, {{1.0, 0.0}, {1.0, 0.0}}));
  mb::PlanSettings s = small_settings();
  s.max_passes = 2;
  s.min_gain = -1.0;  // the first pass is kept whatever it gains, so a second is searched
  s.budget_rollouts = 24;
  for (const bool retry : {true, false}) {
    s.retry_chords = retry;
    std::map<size_t, std::vector<Path>> first;
    const mb::PlanResult r = plan_keeping_batches(world, target, s, first);
    ASSERT_FALSE(r.passes.empty());
    // Two passes searched: the first's batches share nothing, the second's the first pass.
    ASSERT_EQ(first.size(), 2u);
    const Path part(
        first.rbegin()->second.front().begin(),
        first.rbegin()->second.front().begin() + static_cast<long>(first.rbegin()->first));
    const mb::Vec2 chord{r.passes[0].angle_rad, r.passes[0].offset};
    ASSERT_EQ(part, known_path(world, {chord}));
    // The first pass's chord again, to the bit: in the second pass's opening draw when
    // retried; a drawn chord never lands on it.
    const std::vector<Path>& second = first.rbegin()->second;
    const bool tried =
        std::find(second.begin(), second.end(), known_path(world, {chord, chord})) != second.end();
    EXPECT_EQ(tried, retry);
  }
}

}  // namespace
