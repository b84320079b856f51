#include "physics/world/plan_sensitivity.hpp"

#include <algorithm>
#include <atomic>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "physics/core/parameter.hpp"
#include "physics/core/splitmix.hpp"
#include "physics/core/worker_pool.hpp"
#include "physics/world/plan_path.hpp"

namespace mb {

PlanSensitivitySettings default_plan_sensitivity_settings() {
  return PlanSensitivitySettings{};
}

void validate(const PlanSensitivitySettings& s, const PlanResult& plan) {
  auto bad = [](const std::string& what) { throw PlanError(PlanErrorCode::BadSettings, what); };
  if (s.runs < 1 || s.runs > 4096) bad("sensitivity runs must be 1 to 4096");
  if (!(s.nudge >= 0.0 && s.nudge < 0.5 * plan.travel_radius))
    bad("sensitivity nudge must be 0 or more and below half the travel radius (" +
        parameter_number(0.5 * plan.travel_radius) + ")");
  if (s.threads < 1) bad("threads must be at least 1");
}

PlanSensitivity plan_sensitivity(const World& world, const PlanResult& plan,
                                 const PlanSensitivitySettings& s) {
  validate(s, plan);
  check_actuator(world, plan.actuator);
  PlanSensitivity out;
  out.start_score = score_plan_path(world, {}, plan.target, s.metric, {}, plan.actuator);
  out.scores.resize(static_cast<size_t>(s.runs));
  // The plan's own speeds only when it searched them: a plan at the actuator's one speed runs
  // without per-point speeds, as mb::plan wrote it, so a nudge of 0 gives its score exactly.
  const bool speeds = !plan.path_speeds.empty();
  const TravelCircle circle{plan.centre, plan.travel_radius};
  auto cancelled = [&] { return s.cancel && s.cancel->load(std::memory_order_relaxed); };
  // Set by a run that heard `cancel` before its end (its score is not written).
  std::atomic<bool> stopped{false};
  WorkerPool pool(s.threads);
  auto nudged_run = [&](int64_t k) {
    std::mt19937_64 rng(splitmix64(s.seed ^ splitmix64(static_cast<uint64_t>(k))));
    std::uniform_real_distribution<double> unit(-1.0, 1.0);
    std::vector<PlannedPass> passes;
    for (const PlanPass& p : plan.passes) {
      const double shift = s.nudge * unit(rng), turn = s.nudge * unit(rng) / plan.travel_radius;
      passes.push_back({p.angle_rad + turn, p.offset + shift, p.speed, p.depth});
    }
    const PlannedPath path = planned_path(circle, passes);
    const std::optional<Polygon> outline = plan_path_outline_unless(
        world, path.points, speeds ? path.speeds : std::vector<double>{}, s.cancel, plan.actuator);
    if (outline)
      out.scores[static_cast<size_t>(k)] = plan_score(*outline, plan.target, s.metric);
    else
      stopped = true;
  };
  int done = 0;
  while (done < s.runs && !cancelled()) {
    const int batch = std::min(s.threads, s.runs - done);
    pool.run(
        batch, [&](int64_t k) { nudged_run(done + k); }, 1);
    if (stopped) break;
    done += batch;
    if (s.progress) s.progress(done);
  }
  if (done < s.runs) {
    PlanSensitivity none;
    none.start_score = out.start_score;
    none.cancelled = true;
    return none;
  }
  // As mb::plan's share_closed: 0 when the start already is the target.
  for (double score : out.scores)
    out.shares.push_back(out.start_score > 0.0 ? (out.start_score - score) / out.start_score : 0.0);
  std::vector<double> sorted = out.shares;
  std::sort(sorted.begin(), sorted.end());
  out.min_share = sorted.front();
  out.max_share = sorted.back();
  const size_t n = sorted.size();
  out.median_share = n % 2 ? sorted[n / 2] : 0.5 * (sorted[n / 2 - 1] + sorted[n / 2]);
  return out;
}

}  // namespace mb
