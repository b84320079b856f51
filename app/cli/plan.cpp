#include "app/cli/plan.hpp"

#include <unistd.h>

#include <cmath>
#include <cstdio>
#include <iostream>
#include <numbers>
#include <string>

#include "app/cli/load_world.hpp"
#include "physics/io/input_files.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/scene_io.hpp"
#include "physics/world/plan_sensitivity.hpp"
#include "physics/world/planner.hpp"

namespace mb::cli {

namespace {

// One progress line, redrawn in place; only when stderr is a terminal.
void draw_plan_progress(const PlanProgress& p) {
  char left[48] = "";
  if (p.seconds_left >= 0.0)
    std::snprintf(left, sizeof left, ", about %.0f s left", p.seconds_left);
  std::fprintf(stderr,
               "\rplan: pass %d/%d, %lld/%lld rollouts, score %.4g (start %.4g), %.0f s%s   ",
               p.pass, p.max_passes, static_cast<long long>(p.rollouts),
               static_cast<long long>(p.budget), p.best_score, p.start_score, p.seconds, left);
}

PlanMetric metric_of(const std::string& name) {
  if (name == "procrustes") return PlanMetric::Procrustes;
  if (name == "iou") return PlanMetric::IoU;
  if (name == "chamfer") return PlanMetric::Chamfer;
  return PlanMetric::Hausdorff;
}

// --sensitivity's object for the --stats line ("" without it): the plan run again with its
// passes nudged (physics/world/plan_sensitivity.hpp).
std::string sensitivity_json(const Options& o, const World& world, const PlanResult& r,
                             PlanMetric metric) {
  if (o.sensitivity_runs == 0) return "";
  PlanSensitivitySettings ss = default_plan_sensitivity_settings();
  ss.runs = o.sensitivity_runs;
  ss.nudge = o.sensitivity_nudge;
  ss.metric = metric;
  ss.seed = o.seed;
  ss.threads = o.threads;
  const bool tty = isatty(fileno(stderr));
  if (tty)
    ss.progress = [&](int done) {
      std::fprintf(stderr, "\rsensitivity: %d/%d nudged runs   ", done, ss.runs);
    };
  PlanSensitivity n;
  try {
    n = plan_sensitivity(world, r, ss);
  } catch (const PlanError& e) {
    throw InputError(std::string("--sensitivity-nudge: ") + e.what());
  }
  if (tty) std::fprintf(stderr, "\n");
  std::string shares;
  for (double x : n.shares) {
    char buf[32];
    std::snprintf(buf, sizeof buf, "%s%.4f", shares.empty() ? "" : ",", x);
    shares += buf;
  }
  char head[256];
  std::snprintf(head, sizeof head,
                ",\"sensitivity\":{\"runs\":%d,\"nudge\":%.6g,\"min_share\":%.4f,"
                "\"median_share\":%.4f,\"max_share\":%.4f,\"shares\":[",
                ss.runs, ss.nudge, n.min_share, n.median_share, n.max_share);
  return head + shares + "]}";
}

}  // namespace

int plan_command(const Options& o) {
  World world = load_world(o);
  const Polygon target = load_outline_csv(o.target);
  check_output_path(o.output);
  if (!o.plan_output.empty()) check_output_path(o.plan_output);
  if (world.actuators.empty())
    throw InputError(o.input + ": predict needs an actuator to move (give one with -a)");
  if (o.plan_actuator > static_cast<int>(world.actuators.size()))
    throw InputError("--plan-actuator: there is no actuator " + std::to_string(o.plan_actuator) +
                     " (there are " + std::to_string(world.actuators.size()) + ")");

  PlanSettings s = default_plan_settings();
  s.actuator = o.plan_actuator - 1;
  s.max_passes = o.passes;
  s.budget_rollouts = o.budget;
  s.budget_seconds = o.budget_seconds;
  s.placement =
      o.target_placement == "centroid" ? TargetPlacement::Centroid : TargetPlacement::Absolute;
  s.metric = metric_of(o.metric);
  s.seed = o.seed;
  s.threads = o.threads;
  s.min_speed = o.min_speed;
  s.max_speed = o.max_speed;
  s.repeats = o.repeats;
  s.finish_pokes = o.finish_pokes;
  s.finish_share = o.poke_share;
  const bool tty = isatty(fileno(stderr));
  if (tty) s.progress = draw_plan_progress;
  PlanResult r;
  try {
    r = plan(world, target, s);
  } catch (const PlanError& e) {
    if (e.code() == PlanErrorCode::BadTarget || e.code() == PlanErrorCode::TargetArea)
      throw InputError(o.target + ": " + e.what());
    if (e.code() == PlanErrorCode::BadActuator && o.plan_actuator > 1)
      throw InputError("--plan-actuator " + std::to_string(o.plan_actuator) + ": " + e.what());
    if (e.code() == PlanErrorCode::BadActuator && !o.actuator_files.empty())
      throw InputError(o.actuator_files.front() + ": " + e.what());
    throw InputError(o.input + ": " + e.what());
  }
  if (tty) std::fprintf(stderr, "\n");
  // Before any file is written: a nudge too large for the plan's travel circle is refused.
  const std::string sensitivity = sensitivity_json(o, world, r, s.metric);
  // No pass helps: the path is the actuator standing outside the material, where the plan's
  // passes would enter (a path of one point is no move).
  std::vector<Vec2> path = r.path;
  if (path.empty()) path.push_back(r.centre - Vec2{r.travel_radius, 0.0});
  save_points_csv(o.output, path);
  if (!o.plan_output.empty()) {
    Actuator mover = world.actuators[static_cast<size_t>(r.actuator)];
    mover.path.points = path;
    mover.path_speeds = r.path.empty() ? std::vector<double>{} : r.path_speeds;
    mover.path.cyclic = false;
    mover.path_advancement = 0.0;
    mover.enabled = true;
    save_actuator_xml(o.plan_output, mover);
  }
  if (const char* advice = plan_advice(r))
    std::fprintf(stderr,
                 "meltbox-cli: the plan closes %.1f %% of the gap; %s (--passes, --budget)\n",
                 100.0 * r.share_closed, advice);
  if (o.stats) {
    std::string scores, speeds, directions, offsets, depths;
    auto append = [](std::string& list, double x) {
      char buf[32];
      std::snprintf(buf, sizeof buf, "%s%.6g", list.empty() ? "" : ",", x);
      list += buf;
    };
    for (const PlanPass& p : r.passes) {
      append(scores, p.score);
      append(speeds, p.speed);
      const double degrees = std::fmod(p.angle_rad * 180.0 / std::numbers::pi, 360.0);
      append(directions, degrees < 0.0 ? degrees + 360.0 : degrees);
      append(offsets, p.offset);
      append(depths, p.depth);
    }
    std::printf(
        "{\"metric\":\"%s\",\"target_placement\":\"%s\",\"start_score\":%.6g,\"score\":%.6g,"
        "\"share_closed\":%.4f,\"pass_scores\":[%s],\"pass_speeds\":[%s],"
        "\"pass_directions_deg\":[%s],\"pass_offsets\":[%s],\"pass_depths\":[%s],"
        "\"passes\":%zu,"
        "\"max_passes\":%d,"
        "\"rollouts\":%lld,\"budget\":%lld,\"wall_seconds\":%.3f,\"stop\":\"%s\",\"threads\":%d,"
        "\"seed\":%llu%s}\n",
        to_string(s.metric), to_string(s.placement), r.start_score, r.score, r.share_closed,
        scores.c_str(), speeds.c_str(), directions.c_str(), offsets.c_str(), depths.c_str(),
        r.passes.size(), s.max_passes, static_cast<long long>(r.rollouts),
        static_cast<long long>(s.budget_rollouts), r.seconds, to_string(r.stop), s.threads,
        static_cast<unsigned long long>(s.seed), sensitivity.c_str());
  }
  return kExitOk;
}

}  // namespace mb::cli
