#pragma once
// How the planner ranks candidate outlines (planner.cpp; docs/planning.md, "The guide"): by the
// share of the guide's gap and the metric's gap each leaves. Internal to the planner.
#include <limits>

#include "physics/geometry/shape_distance.hpp"
#include "physics/world/planner.hpp"

namespace mb::plan_detail {

struct Scores {
  double rank = std::numeric_limits<double>::infinity();  // Ranking's (PlanSettings::guide)
  double metric = std::numeric_limits<double>::infinity();
};

// Ranks outlines by the share of each gap they leave: guide / guide_start + metric_weight *
// metric / metric_start + tail_weight * tail / tail_start, the starts the scores of no move (a
// start of 0, the target already reached, divides by 1) and tail the tail mean
// (tail_mean_distance) of the farthest tail_spacings lattice spacings of outline.
class Ranking {
 public:
  Ranking(const PlanSettings& s, const Polygon& target) : s_(s), target_(target) {}

  // Takes the scores of no move as the starts, and the tail's share of the outline from its
  // length; returns them, ranked.
  Scores start_from(const Polygon& outline, double lattice_spacing) {
    tail_share_ = plan_tail_share(outline, s_.tail_spacings, lattice_spacing);
    guide_start_ = raw_guide(outline);
    metric_start_ = plan_score(outline, target_, s_.metric);
    tail_start_ = raw_tail(outline);
    return {rank(guide_start_, metric_start_, tail_start_), metric_start_};
  }

  Scores scores(const Polygon& outline) const {
    if (outline.size() < 3) return {};  // a batch evaluator that failed: never ranked
    const double metric = plan_score(outline, target_, s_.metric);
    const double guide = s_.guide == s_.metric ? metric : raw_guide(outline);
    return {rank(guide, metric, raw_tail(outline)), metric};
  }

 private:
  double rank(double guide, double metric, double tail) const {
    return guide / divisor(guide_start_) + s_.metric_weight * metric / divisor(metric_start_) +
           s_.tail_weight * tail / divisor(tail_start_);
  }
  double raw_guide(const Polygon& outline) const { return plan_score(outline, target_, s_.guide); }
  // 0 when the term is off, so its share is 0 and its cost nothing.
  double raw_tail(const Polygon& outline) const {
    return s_.tail_weight > 0.0 ? tail_mean_distance(outline, target_, tail_share_) : 0.0;
  }
  static double divisor(double start) { return start > 0.0 ? start : 1.0; }

  const PlanSettings& s_;
  const Polygon& target_;
  double guide_start_ = 1.0, metric_start_ = 1.0, tail_start_ = 1.0, tail_share_ = 1.0;
};

}  // namespace mb::plan_detail
