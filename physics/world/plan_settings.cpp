// The planner's settings: their names, defaults and validation (planner.hpp).
#include <string>

#include "physics/actuators/actuator.hpp"
#include "physics/world/planner.hpp"

namespace mb {

const char* to_string(PlanMetric metric) {
  switch (metric) {
    case PlanMetric::Hausdorff:
      return "hausdorff";
    case PlanMetric::Procrustes:
      return "procrustes";
    case PlanMetric::IoU:
      return "iou";
    case PlanMetric::Chamfer:
      return "chamfer";
  }
  return "?";
}

const char* to_string(TargetPlacement placement) {
  return placement == TargetPlacement::Absolute ? "absolute" : "centroid";
}

const char* to_string(PlanStop stop) {
  switch (stop) {
    case PlanStop::NoGain:
      return "no_gain";
    case PlanStop::MaxPasses:
      return "max_passes";
    case PlanStop::Budget:
      return "budget";
    case PlanStop::Seconds:
      return "seconds";
    case PlanStop::Cancelled:
      return "cancelled";
  }
  return "?";
}

PlanSettings default_plan_settings() {
  return PlanSettings{};
}

void validate(const PlanSettings& s) {
  auto bad = [](const std::string& what) { throw PlanError(PlanErrorCode::BadSettings, what); };
  if (s.max_passes < 1 || s.max_passes > 64) bad("max_passes must be 1 to 64");
  if (s.budget_rollouts < 1) bad("budget_rollouts must be at least 1");
  if (!(s.budget_seconds >= 0.0)) bad("budget_seconds must be 0 (no limit) or more");
  if (s.threads < 1) bad("threads must be at least 1");
  if (s.population < 2) bad("population must be at least 2");
  if (s.elites < 1 || s.elites > s.population) bad("elites must be 1 to population");
  if (s.restarts < 1 || s.restarts > 16) bad("restarts must be 1 to 16");
  if (s.beam < 1 || s.beam > 8) bad("beam must be 1 to 8");
  if (s.repeats < 1 || s.repeats > 8) bad("repeats must be 1 to 8");
  if (s.finish_pokes < 0 || s.finish_pokes > 16) bad("finish_pokes must be 0 to 16");
  if (!(s.finish_share >= 0.0 && s.finish_share < 1.0)) bad("finish_share must be in [0, 1)");
  const bool fixed = s.min_speed == 0.0 && s.max_speed == 0.0;
  if (!fixed && !(s.min_speed >= kStillSpeed && s.max_speed >= s.min_speed && s.max_speed < 1e9))
    bad("pass speeds: min_speed and max_speed must be 0 and 0, or 1e-5 <= min <= max < 1e9");
  if (!fixed && s.evaluate)
    bad("pass speeds are searched with local rollouts only (a batch evaluator takes paths)");
  if (!(s.smoothing > 0.0 && s.smoothing <= 1.0)) bad("smoothing must be in (0, 1]");
  if (!(s.metric_weight >= 0.0 && s.metric_weight < 1e6))
    bad("metric_weight must be 0 or more (below 1e6)");
  if (!(s.tail_weight >= 0.0 && s.tail_weight < 1e6))
    bad("tail_weight must be 0 or more (below 1e6)");
  if (!(s.tail_spacings > 0.0 && s.tail_spacings < 1e6))
    bad("tail_spacings must be more than 0 (below 1e6)");
  if (!(s.min_gain < 1.0)) bad("min_gain must be below 1");
  if (!(s.max_area_ratio >= 1.0)) bad("max_area_ratio must be at least 1");
  if (!(s.travel_margin_spacings >= 0.0)) bad("travel_margin_spacings must be 0 or more");
}

}  // namespace mb
