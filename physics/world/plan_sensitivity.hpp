#pragma once
// How much of a plan's score is chance (docs/planning.md, "How much of a score is chance").
//
// Pumping is chaotic at a tenth of a unit: which particles melt, and so where the last stray
// particle ends, changes with a pass moved by a 75th of the lattice spacing, and the Hausdorff
// distance follows that one particle. A plan's score is one draw of that chance. This runs the
// plan again with every pass nudged a little, so a researcher sees the spread a heater placed
// to that precision would give, and whether the plan's figure is typical of it or lucky.
#include <atomic>
#include <cstdint>
#include <functional>
#include <vector>

#include "physics/world/planner.hpp"

namespace mb {

struct PlanSensitivitySettings {
  int runs = 16;  // nudged runs of the plan (1 to 4096)
  // Length units (0 or more, below half the plan's travel radius): each pass's chord is moved
  // sideways by a uniform draw in [-nudge, nudge] and turned by one in [-nudge, nudge] /
  // travel radius (so its ends on the travel circle move by up to `nudge` more). 0: every run
  // is the plan itself.
  double nudge = 0.1;
  PlanMetric metric = PlanMetric::Hausdorff;  // the score (the plan's own metric, usually)
  uint64_t seed = 1;                          // run k draws from SplitMix64(seed ^ SplitMix64(k))
  int threads = 1;                            // worker threads for the runs (>= 1)
  // Optional; called on the calling thread after each batch of `threads` runs with the runs
  // finished so far (a UI's progress bar).
  std::function<void(int runs_done)> progress;
  const std::atomic<bool>* cancel = nullptr;  // optional; true: stop within one tick of a run
};

PlanSensitivitySettings default_plan_sensitivity_settings();

// Throws PlanError (BadSettings) naming the member out of range.
void validate(const PlanSensitivitySettings& settings, const PlanResult& plan);

struct PlanSensitivity {
  double start_score = 0.0;    // the score of no move
  std::vector<double> scores;  // [runs]: each nudged run's score, run k at index k
  std::vector<double> shares;  // [runs]: (start_score - score) / start_score
  double min_share = 0.0, median_share = 0.0, max_share = 0.0;
  // `cancel` turned true before every run finished: no scores, no shares, the figures 0.
  bool cancelled = false;
};

// Runs `plan` (made by mb::plan from `world`) `runs` times from the world's start with its
// passes nudged, each run to its end, and scores the outlines against the plan's placed
// target. The same settings give the same figures on any thread count. The runs go in
// batches of `threads`, so `progress` and `cancel` are heard between and within batches.
PlanSensitivity plan_sensitivity(const World& world, const PlanResult& plan,
                                 const PlanSensitivitySettings& settings);

}  // namespace mb
