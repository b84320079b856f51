#pragma once
// The Plan tool's state, shared by its panel (panel_plan.cpp) and its canvas tool
// (plan_tool.hpp): the target outline a person drew, loaded or took from the wax, the
// planner's settings, the job searching a plan, the plan last applied, and the live distance
// from the wax to the target while the plan plays.
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "app/meltbox/options.hpp"
#include "app/meltbox/plan/plan_job.hpp"
#include "physics/geometry/polygon.hpp"
#include "physics/world/planner.hpp"

namespace mb::app {

struct PlanUi {
  Polygon target;  // world coordinates, as drawn; empty: none
  PlanSettings settings = default_plan_settings();
  PlanJob job;
  // The actuator the plan moves, an index into the scene's actuators (the "moves" combo when
  // there are several; the first by default; PlanSettings::actuator when a plan starts), and
  // the one the running or last plan moved, which its path comes back to.
  int mover = 0;
  int planned_mover = 0;
  std::string planned_name;        // its name when the plan started: an edit meanwhile is noticed
  std::optional<PlanResult> last;  // the plan last applied to actuator `planned_mover`
  // `last` run again `nudged_runs` times with its passes nudged by 0.1: how much of its share
  // is chance (docs/planning.md). 16 runs cost about a second on the radius-50 demo.
  int nudged_runs = kDefaultPlanNudgedRuns;  // --plan-nudged-runs (0: none)
  std::optional<PlanSensitivity> last_sensitivity;
  // The distance (settings.metric) from the wax's outline to the placed target, one sample
  // per new physics tick while a target is set: the plot under the Plan panel.
  std::vector<float> distance;
  int64_t sampled_tick = -1;
  std::string csv_path;  // the Load and Save field's text (--plan-target's file at the start)

  bool show = true;         // draw the target on the canvas
  bool open_panel = false;  // open the Plan panel on the next frame (--plan-target)
  bool panel_open = false;  // the wax's outline travels in the Snapshot while this or a target

  // The target or what it is scored against changed: the plot starts over, and the next
  // frame scores the wax again even while the scene is paused.
  void restart_distance() {
    distance.clear();
    sampled_tick = -1;
  }
};

struct AppState;

// Once a frame: collects a finished plan (applied as its actuator's path, one undoable edit)
// and samples the live distance to the target.
void plan_frame_update(AppState& s);

// The Plan panel: the target (draw, the current shape, load a CSV, edit, clear), the planner's
// settings, Plan with its progress and Cancel, Play, and the distance plot.
void plan_panel(AppState& s);

}  // namespace mb::app
