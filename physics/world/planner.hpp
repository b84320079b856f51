#pragma once
// The planner: a sequence of up to K passes of one actuator that turns the spring
// network into a target outline (the project's issue 37: "predict becomes a planner").
//
// A plan is one piecewise-linear path, as the Spring Simulator's predict writes it. A pass is
// a straight chord through the material at a direction and a lateral offset from the start's
// centroid; it enters and leaves on a circle of radius `travel_radius` that the actuator's
// whole shape stays outside the material on. Between passes the actuator travels along that
// circle (plan_path.hpp), so the travel touches nothing, and the wake of the last pass cools
// while it travels.
//
// Method: receding-horizon search, one pass at a time (docs/planning.md says what was measured).
// For each pass the cross-entropy method (Rubinstein 1999; de Boer, Kroese, Mannor and
// Rubinstein, "A tutorial on the cross-entropy method", 2005) searches the two parameters
// (direction, offset): a generation of `population` candidate passes is rolled out from the
// state the accepted passes left, each on its own World copy in parallel, the `elites` best
// refit the sampling distribution, and the best pass of all generations is kept. Candidates are
// ranked by the shares of the `guide`'s, the `metric`'s and the tail mean's gaps they leave
// (`metric_weight`, `tail_weight`);
// a pass that lowers that rank by less than `min_gain` of the start's is
// searched once more on fresh draws, and if still none does, the plan stops. It stops too
// after `max_passes`, or when the budget (rollouts, seconds) is spent. The plan returned is the
// prefix of the accepted passes after which `metric` was lowest.
//
// Deterministic: the candidates of a generation are drawn on the calling thread from one
// stream seeded by (seed, pass, attempt, generation) and scored by index, so a seed gives the same
// plan for any thread count (a `budget_seconds` limit can cut it short at a different point).
//
// Threading: plan() blocks its caller; `progress` is called on the caller's thread after each
// generation and `cancel` is polled between ticks of every rollout, so a UI runs plan() on a
// worker thread, shows progress and stops it within one tick of a rollout.
#include <atomic>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "physics/core/error.hpp"
#include "physics/geometry/polygon.hpp"
#include "physics/world/world.hpp"

namespace mb {

enum class PlanMetric { Hausdorff, Procrustes, IoU, Chamfer };
enum class TargetPlacement {
  Absolute,  // the target stays where it is drawn
  Centroid,  // moved to the start's centroid and scaled to its area (the original's predict)
};

const char* to_string(PlanMetric metric);
const char* to_string(TargetPlacement placement);

// What plan() reports after each generation (on the caller's thread).
struct PlanProgress {
  int pass = 0;              // the pass being searched, from 1
  int max_passes = 0;        // PlanSettings::max_passes
  int64_t rollouts = 0;      // rollouts done so far, all passes
  int64_t budget = 0;        // PlanSettings::budget_rollouts
  double start_score = 0.0;  // the score of no move
  double best_score = 0.0;   // the best plan's score so far
  double seconds = 0.0;      // wall seconds since plan() started
  // Wall seconds until the budget is spent at the rate so far (plan_seconds_left); a plan
  // that stops for want of gain or passes ends sooner. Negative before the first rollout.
  double seconds_left = -1.0;
};

// The seconds until the budget is spent, at the rollouts per second so far: the rollouts
// left over the rate, at most the seconds left of `budget_seconds` (0: no time budget).
// Negative when nothing has been rolled out yet (no rate to go by).
double plan_seconds_left(int64_t rollouts, int64_t budget, double seconds, double budget_seconds);

// A batch of candidate plans to run elsewhere (a Dask cluster, say): each is a whole path
// from the start world, run as plan_path_outline() does. Returns the finished outline of
// each path, in order; the planner scores them. Each path is one rollout of the budget, as a
// local rollout is, so the plan is the one local rollouts give at the same budget (the chosen
// pass is run here once more for its state, uncounted, as it is without an evaluator).
// `shared_points`: every path begins with the same that many points, the accepted passes,
// which end on a tick; an evaluator may run that part once (plan_prefix) and go on from it
// for each path (plan_path_outline on the prefix), instead of running each path from the
// start: the outlines are the same to the bit.
using PlanBatchEvaluator = std::function<std::vector<Polygon>(
    const std::vector<std::vector<Vec2>>& paths, size_t shared_points)>;

struct PlanSettings {
  // The actuator the plan moves: an index into World::actuators (0, the first, by default).
  // The others stand disabled in every rollout, as their own paths would run on through the
  // passes.
  int actuator = 0;
  int max_passes = 4;             // K: passes at most (1 to 64)
  int64_t budget_rollouts = 400;  // rollouts at most, all passes together (>= 1)
  double budget_seconds = 0.0;    // wall seconds at most (0: no limit)
  TargetPlacement placement = TargetPlacement::Absolute;
  PlanMetric metric = PlanMetric::Hausdorff;  // what the plan is scored and reported by
  // What ranks the candidate passes and decides when to stop: the share of the guide's gap a
  // candidate leaves plus metric_weight times the share of the metric's, each the score over
  // the score of no move. IoU by default: a max over the outline such as Hausdorff is ruled
  // by single particles, and ranked by Hausdorff alone the plans closed half as much of its
  // gap as ranked by IoU; IoU and Hausdorff with weight 1 closed more than either
  // (docs/planning.md, "The guide").
  PlanMetric guide = PlanMetric::IoU;
  double metric_weight = 1.0;  // (>= 0; 0: the guide alone; no effect when guide == metric)
  // The rank's third term: tail_weight times the share of the tail mean's gap a candidate
  // leaves, the tail mean the mean of the distances between the two outlines' samples over
  // the farthest tail_spacings lattice spacings of outline (tail_mean_distance, at the share of
  // the start's outline that length is: plan_tail_share). IoU sees the whole area and Hausdorff
  // one sample; a plan's gap lies in a stretch of outline about the heater's width, which this
  // term sees. On the bench's radius-50 targets (24 plans) it raised the median share of the
  // Hausdorff gap closed from 0.66 to 0.69 and the IoU gap's from 0.70 to 0.74
  // (docs/planning.md, "The outline's farthest tenth").
  double tail_weight = 0.5;    // (>= 0; 0: no third term)
  double tail_spacings = 4.2;  // lattice spacings of outline, > 0 (a tenth of a radius-50 spot's)
  uint64_t seed = 1;
  int threads = 1;         // worker threads for the rollouts (>= 1)
  int population = 16;     // candidate passes per generation (>= 2)
  int elites = 4;          // best candidates that refit the distribution (1 to population)
  double smoothing = 0.7;  // CEM update weight of the new elite statistics (0 to 1]
  // Pass speeds, length units per tick: each pass's speed is searched in [min_speed,
  // max_speed] (on a log scale) and written per path point (Actuator::path_speeds). Both 0:
  // every pass at the actuator's own speed, no per-point speeds (the original's formats).
  double min_speed = 0.0, max_speed = 0.0;
  int restarts = 3;  // independent CEM runs a pass search splits its budget into (1 to 16)
  // Chains kept after each pass (a beam search over passes; 1: greedy, one chain). Each
  // chain's search gets an equal share of the pass's budget.
  int beam = 1;
  // Each candidate pass is run up to this many times in a row, ranked after each run, and
  // counts as the best of them (1 to 8; each run is a rollout of the budget, with `evaluate`
  // a path of its own in the batch). Pumping adds up pass by pass, and a pass that is right twice
  // can look wrong once. 1 by default: 2 helps targets made of a chord run more than once and
  // loses on others (docs/planning.md, "Repeated passes").
  int repeats = 1;
  // Each chord's search tries the chords of the plan so far again, in its opening draw (one
  // rollout each, the latest first, at most half the draw). Pumping adds up, so a chord that
  // helped often helps again, while a drawn chord seldom falls within the tenth of a unit of
  // it that decides the outline. On the bench's radius-50 targets it raised the median share of
  // the Hausdorff gap from 0.60 to 0.66 and left targets of distinct random chords as they
  // were (docs/planning.md, "Retried chords").
  bool retry_chords = true;
  // Pokes to finish with (0 to 16; 0: none): after the chords, up to this many passes that go
  // in to a depth and back out the way they came, searched one at a time as the chords are
  // (direction, offset and depth). A poke works the wax near one part of the rim and leaves
  // the rest alone, where a chord moves the whole spot (docs/planning.md, "Finishing with
  // pokes").
  int finish_pokes = 4;
  // The share of the budget the pokes keep, the chords getting the rest (0 to 1, 1 excluded).
  // 0: the pokes get only what the chords leave unspent when they stop for want of gain, so
  // the chords' plan is the one without pokes and the pokes can only add to it. Measured, a
  // share closes more of the Hausdorff gap and less of the IoU gap (docs/planning.md).
  double finish_share = 0.0;
  // A chord is kept only when it lowers the score by at least this share of the start's score
  // (0 to 1; a finishing poke when it lowers it at all); a negative value never stops early
  // (tests that count rollouts).
  double min_gain = 0.01;
  // Absolute placement: the target's area over the spot's must lie in [1 / r, r], else
  // plan() refuses it (pumping moves wax but keeps its amount). >= 1.
  double max_area_ratio = 1.3;
  // Extra clearance of the travel circle beyond the material and the actuator's shape, in
  // lattice spacings (room for the wax the passes pump outward). >= 0.
  double travel_margin_spacings = 3.0;
  std::function<void(const PlanProgress&)> progress;  // optional; on the caller's thread
  const std::atomic<bool>* cancel = nullptr;          // optional; true: stop soon
  PlanBatchEvaluator evaluate;                        // optional; else rollouts run here
};

// Every default in one place (Box2D's b2DefaultWorldDef()).
PlanSettings default_plan_settings();

enum class PlanStop { NoGain, MaxPasses, Budget, Seconds, Cancelled };
const char* to_string(PlanStop stop);

struct PlanPass {
  double angle_rad = 0.0;  // the pass's direction (from entry to exit)
  double offset = 0.0;     // signed distance of the chord from the centroid, length units
  Vec2 entry{0.0, 0.0}, exit{0.0, 0.0};
  double speed = 0.0;    // length units per tick (the actuator's unless speeds are searched)
  double score = 0.0;    // the plan's score (metric) after this pass (finished run)
  double guide = 0.0;    // the rank after this pass (plan_ranking.hpp: the shares of the gaps)
  int64_t rollouts = 0;  // rollouts its search spent (0 on a repeat's later runs: repeats)
  // < 0: a chord from entry to exit; else a poke (PlanSettings::finish_pokes): from the entry
  // toward the exit to this distance (length units; the path goes on by under half a speed
  // step, so the poke ends on a tick: plan_path.hpp's poke_points), and back.
  double depth = -1.0;
};

struct PlanResult {
  int actuator = 0;        // the actuator moved (PlanSettings::actuator)
  std::vector<Vec2> path;  // that actuator's whole path (empty: no pass helps)
  // Its speed from each path point on (Actuator::path_speeds): empty unless speeds are
  // searched (PlanSettings::min_speed, max_speed).
  std::vector<double> path_speeds;
  // The accepted passes in order, up to the one after which the metric was lowest (later
  // passes the guide accepted but that raised the metric are dropped).
  std::vector<PlanPass> passes;
  double start_score = 0.0;    // the score of no move (the run finished without moving)
  double score = 0.0;          // the plan's score (start_score when there is no pass)
  double share_closed = 0.0;   // (start_score - score) / start_score
  int64_t rollouts = 0;        // rollouts run, all passes (and remote batches)
  double seconds = 0.0;        // wall seconds
  double travel_radius = 0.0;  // where passes enter and leave, from `centre`
  Vec2 centre{0.0, 0.0};       // the start's area centroid
  Polygon target;              // the target as placed
  PlanStop stop = PlanStop::NoGain;
};

enum class PlanErrorCode {
  NoActuator,   // none at all, or none at PlanSettings::actuator
  BadActuator,  // one the planner's passes cannot move the material with
  NoMaterial,
  BadTarget,
  TargetArea,
  BadSettings
};

// plan()'s refusals: an mb::Error (core/error.hpp) with a typed code (Jolt's
// EPhysicsUpdateError) beside the message a person reads.
class PlanError : public Error {
 public:
  PlanError(PlanErrorCode code, const std::string& message) : Error(message), code_(code) {}
  PlanErrorCode code() const { return code_; }

 private:
  PlanErrorCode code_;
};

// Throws PlanError when the settings are out of range (the message names the member).
void validate(const PlanSettings& settings);

// Throws PlanError (NoActuator) unless `world` has an actuator at index `actuator`; the
// message names the index and the range.
void check_actuator(const World& world, int actuator);

// The world as every rollout and replay of a plan runs it (plan_replay.cpp): the actuator at
// `index` alone (the others disabled), at the start of `path` at `speeds` (none, or one per
// point), enabled unless the path is empty. `index` must be valid (check_actuator).
void set_up_plan_mover(World& world, size_t index, const std::vector<Vec2>& path,
                       const std::vector<double>& speeds = {});

// Where the passes of a plan of `world` enter and leave: the circle about the start's area
// centroid that keeps the shape of the actuator to move (PlanSettings::actuator) outside the
// material (plus the margin).
// max_offset: the largest chord offset that still touches the material. Throws PlanError
// (NoActuator) when settings.actuator names none of the world's actuators.
struct PlanGeometry {
  Vec2 centre{0.0, 0.0};
  double travel_radius = 0.0;  // length units
  double max_offset = 0.0;     // length units
};
PlanGeometry plan_geometry(const World& world, const PlanSettings& settings);

// Checks the target (at least 3 points, not self-intersecting) and places it (see
// TargetPlacement) on the network's current outline. Throws PlanError.
Polygon place_plan_target(const Polygon& target, const World& world, const PlanSettings& settings);

// The score of a finished run's outline against the placed target: Hausdorff or Procrustes
// (length units), or 1 - IoU. 0 for the target itself.
double plan_score(const Polygon& outline, const Polygon& placed_target, PlanMetric metric);

// The share of `outline`'s length that `spacings` lattice spacings are, in (0, 1]: the share
// of the sample distances the rank's tail mean averages (PlanSettings::tail_spacings). The
// whole outline when it is shorter, or has no length.
double plan_tail_share(const Polygon& outline, double spacings, double lattice_spacing);

// Runs the actuator at index `actuator` along `path` from the start of `world` (the others
// disabled), ends the run and returns the network's outline. Empty path: no move. `speeds`:
// none, or one per path point (Actuator::path_speeds). The remote evaluator's unit of work.
// Throws PlanError (NoActuator) when there is no actuator at that index.
Polygon plan_path_outline(World world, const std::vector<Vec2>& path,
                          const std::vector<double>& speeds = {}, int actuator = 0);

// As plan_path_outline(), polling `cancel` (optional) between ticks: no outline when it
// turned true before the run ended.
std::optional<Polygon> plan_path_outline_unless(World world, const std::vector<Vec2>& path,
                                                const std::vector<double>& speeds,
                                                const std::atomic<bool>* cancel, int actuator = 0);

// A plan's path run part of the way: the world after that part (the run not finished), the
// part, its speeds (none, or one per point) and the whole path's advancement there: one
// step a tick at the speed of the segment each starts on, without the clamp at the part's
// end, as the run of a longer path advances through it (World::move_actuators' rule). The
// planner's chain of accepted passes is one; a remote evaluator keeps one to go on from.
struct PlanPrefix {
  World world;
  std::vector<Vec2> path;
  std::vector<double> speeds;
  double advancement = 0.0;
  int actuator = 0;  // the actuator the path moves (the others disabled)
};

// The start of every plan of `world`: no path yet, the actuator at `actuator` alone.
// Throws PlanError (NoActuator) when there is none at that index.
PlanPrefix plan_start(World world, int actuator = 0);

// Runs from `from` on along `path`, which begins with from.path (the points after it are the
// new part), to its end, into `to` (a different object; its run not finished). `speeds`:
// none, or one per point of `path`. Returns false when `cancel` (optional) turned true
// between ticks. Where from.path ends on a tick (the planner pads every pass so), `to` holds
// the state the run of `path` from the start ends in, to the bit. Throws PlanError
// (BadSettings) when `path` does not begin with from.path or the speeds do not fit.
bool run_plan_part(const PlanPrefix& from, std::vector<Vec2> path, std::vector<double> speeds,
                   PlanPrefix& to, const std::atomic<bool>* cancel = nullptr);

// The world of plan_start() run along `path` to its end (not finished): the part that a
// batch's paths share (PlanBatchEvaluator), to go on from.
PlanPrefix plan_prefix(World world, const std::vector<Vec2>& path,
                       const std::vector<double>& speeds = {}, int actuator = 0);

// As plan_path_outline(), going on from `from` along `path` (which begins with from.path) to
// its end: the outline the run of `path` from the start gives, to the bit.
Polygon plan_path_outline(const PlanPrefix& from, const std::vector<Vec2>& path,
                          const std::vector<double>& speeds = {});

// The outline plan_path_outline() gives, scored against the placed target.
double score_plan_path(World world, const std::vector<Vec2>& path, const Polygon& placed_target,
                       PlanMetric metric, const std::vector<double>& speeds = {}, int actuator = 0);

// What to change, for a person, when a plan closes less than a tenth of the gap (or finds no
// pass): a pass pumps the wax a few units, so a target far from its shape needs more passes
// and rollouts (docs/planning.md, "Using it": an ellipse of the radius-50 spot's area at
// aspect 1.5 wants about 12 passes and 3,000 rollouts). nullptr when it closed more or was
// cancelled. The sandbox's Plan panel and the CLI say it.
const char* plan_advice(const PlanResult& result);

// Plans. `world`: the start (needs a spring network and the actuator PlanSettings::actuator).
// `target`: the outline to reach. Throws PlanError for bad settings or a refused target.
PlanResult plan(const World& world, const Polygon& target, const PlanSettings& settings);

}  // namespace mb
