#pragma once
// One pass's search in the planner (planner.cpp; docs/planning.md, "The method"): a candidate
// pass, the cross-entropy method's sampling distribution, and its update from the elites.
// Internal to the planner.
#include <limits>
#include <vector>

namespace mb::plan_detail {

// A candidate pass: a chord (or a poke) at a direction and a signed lateral offset from the
// travel circle's centre, and its scores once rolled out.
struct Candidate {
  double angle = 0.0, offset = 0.0;
  double speed = 0.0;  // length units per tick
  // A poke's depth as a share of the chord's stretch where the actuator touches the material
  // (0: where it first touches, 1: where it would last); < 0: a chord (PlanSettings::finish_pokes).
  double poke = -1.0;
  int runs = 1;     // times in a row it is rolled out when scored (<= PlanSettings::repeats)
  int repeats = 1;  // times in a row the pass runs in the plan: the run its score is from
  double score = std::numeric_limits<double>::infinity();  // its rank (Ranking)
  double metric = std::numeric_limits<double>::infinity();
};

// The sampling distribution of one cross-entropy run: a wrapped normal in direction (radians),
// normals in offset (length units), in ln(speed) (only when speeds are searched) and in a
// poke's depth share (pokes only).
struct Distribution {
  double mean_angle = 0.0, mean_offset = 0.0, mean_log_speed = 0.0;
  double sd_angle = 0.0, sd_offset = 0.0, sd_log_speed = 0.0;
  double mean_poke = 0.5, sd_poke = 0.0;
};

// A twentieth of the material's span: pokes keep being tried around the elites' depth.
inline constexpr double kMinSdPoke = 0.05;

// The angle in [0, 2 pi).
double wrap_angle(double a);

// Rubinstein's update (Rubinstein 1999; de Boer et al. 2005): the mean and spread of the
// first `elites` of `ranked` (best first), blended into `d` with weight `weight` (1: replaced;
// PlanSettings::smoothing after the opening draw). The direction's on the circle: the elites'
// mean direction and sqrt(-2 ln R), R their mean resultant length. `speeds`, `pokes`: whether
// those parameters are searched (their parts of `d` mean nothing otherwise).
void refit(const std::vector<Candidate>& ranked, int elites, double weight, bool speeds, bool pokes,
           Distribution& d);

}  // namespace mb::plan_detail
