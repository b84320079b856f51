// The Plan panel (plan_ui.hpp) and the per-frame part of the Plan tool.
#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <exception>
#include <numbers>
#include <optional>
#include <string>
#include <string_view>
#include <thread>

#include "app/meltbox/app_state.hpp"
#include "app/meltbox/plan/plan_ui.hpp"
#include "physics/io/input_files.hpp"

namespace mb::app {

namespace {

// The plan's passes, one row each: direction (degrees), lateral offset and, for a poke, its
// depth from the entry (length units); the speed only when speeds were searched (else every
// pass runs at the actuator's own); the score after the pass.
void pass_table(const PlanResult& r) {
  const bool speeds = !r.path_speeds.empty();
  const ImGuiTableFlags flags = ImGuiTableFlags_RowBg | ImGuiTableFlags_SizingFixedFit;
  if (!ImGui::BeginTable("passes", speeds ? 6 : 5, flags)) return;
  for (const char* name : {"pass", "deg", "offset", "poke", "speed", "score"})
    if (speeds || std::string_view(name) != "speed") ImGui::TableSetupColumn(name);
  ImGui::TableHeadersRow();
  for (size_t k = 0; k < r.passes.size(); ++k) {
    const PlanPass& q = r.passes[k];
    ImGui::TableNextRow();
    ImGui::TableNextColumn();
    ImGui::Text("%zu", k + 1);
    ImGui::TableNextColumn();
    ImGui::Text("%.0f", q.angle_rad * 180.0 / std::numbers::pi);
    ImGui::TableNextColumn();
    ImGui::Text("%.1f", q.offset);
    ImGui::TableNextColumn();
    if (q.depth >= 0.0)
      ImGui::Text("%.1f", q.depth);
    else
      ImGui::TextDisabled("chord");
    if (speeds) {
      ImGui::TableNextColumn();
      ImGui::Text("%.3g", q.speed);
    }
    ImGui::TableNextColumn();
    ImGui::Text("%.3g", q.score);
  }
  ImGui::EndTable();
}

constexpr size_t kDistanceSamples = 600;  // the plot's length: 10 s at 60 ticks/s

// Why the search ended, for a person (the CLI's JSON keeps to_string's words).
const char* stop_reason(PlanStop stop) {
  switch (stop) {
    case PlanStop::NoGain:
      return "no further pass gained";
    case PlanStop::MaxPasses:
      return "every pass searched";
    case PlanStop::Budget:
      return "the rollouts were spent";
    case PlanStop::Seconds:
      return "out of time";
    case PlanStop::Cancelled:
      return "cancelled";
  }
  return "";
}

const char* metric_unit(PlanMetric m) {
  return m == PlanMetric::IoU ? "1 - IoU" : "length units";
}

// Where the target is scored: as drawn, or (centroid placement) where the last plan put it.
const Polygon& placed_target(const PlanUi& p) {
  if (p.last && p.settings.placement == TargetPlacement::Centroid) return p.last->target;
  return p.target;
}

// The finished plan becomes its actuator's path: one edit, undone by Ctrl+Z.
void apply(AppState& s, const PlanResult& r, const std::optional<PlanSensitivity>& nudged) {
  PlanUi& p = s.plan;
  char text[320];
  if (r.path.empty()) {
    std::snprintf(text, sizeof text, "Plan: no pass brings the wax closer (%s %.3g, %lld rollouts)",
                  to_string(p.settings.metric), r.start_score, static_cast<long long>(r.rollouts));
    s.message = text;
    if (const char* advice = plan_advice(r)) s.message += std::string("; ") + advice;
    std::fprintf(stderr, "meltbox: %s\n", s.message.c_str());
    return;
  }
  const int index = p.planned_mover;
  if (index >= static_cast<int>(s.frame->actuators.size()) ||
      s.frame->actuators[static_cast<size_t>(index)].name != p.planned_name) {
    s.message = "Plan: the actuator it moves is gone; the plan was not applied";
    return;
  }
  ActuatorEdit e;
  e.kind = ActuatorEdit::Kind::Change;
  e.index = index;
  e.before = s.frame->actuators[static_cast<size_t>(index)];
  e.after = e.before;
  e.after.path.points = r.path;
  e.after.path_speeds = r.path_speeds;
  e.after.path.cyclic = false;
  e.after.path_advancement = 0.0;
  e.after.enabled = true;
  s.edit(std::move(e));
  s.tools.selected = index;
  p.last = r;
  p.last_sensitivity.reset();
  if (nudged && !nudged->cancelled) p.last_sensitivity = nudged;
  p.restart_distance();
  const auto pokes = std::count_if(r.passes.begin(), r.passes.end(),
                                   [](const PlanPass& q) { return q.depth >= 0.0; });
  char kept_pokes[32] = "";
  if (pokes > 0)
    std::snprintf(kept_pokes, sizeof kept_pokes, " (%d poke(s))", static_cast<int>(pokes));
  std::snprintf(text, sizeof text,
                "Plan: %zu pass(es)%s close %.1f %% of the gap (%s %.3g -> %.3g), %lld rollouts, "
                "%.1f s; Play runs it, Ctrl+Z restores the path before",
                r.passes.size(), kept_pokes, 100.0 * r.share_closed, to_string(p.settings.metric),
                r.start_score, r.score, static_cast<long long>(r.rollouts), r.seconds);
  s.message = text;
  if (const char* advice = plan_advice(r)) s.message += std::string("; ") + advice;
  if (nudged && nudged->cancelled) s.message += "; the nudged runs were cancelled";
  if (const std::optional<PlanSensitivity>& n = p.last_sensitivity) {
    std::snprintf(
        text, sizeof text, "; nudged by 0.1, %zu runs close %.1f to %.1f %% (median %.1f %%)",
        n->shares.size(), 100.0 * n->min_share, 100.0 * n->max_share, 100.0 * n->median_share);
    s.message += text;
  }
  // Also on stderr: a plan is a result a person may want to keep beside the scene's log.
  std::fprintf(stderr, "meltbox: %s\n", s.message.c_str());
}

void start_plan(AppState& s) {
  PlanUi& p = s.plan;
  // The plan starts from the scene as it is now, and the scene waits for it.
  s.push(engine::SetPaused{true});
  World world = s.sim->copy_world().get();
  if (p.mover >= static_cast<int>(world.actuators.size())) p.mover = 0;
  p.planned_mover = p.mover;
  p.planned_name.clear();
  if (!world.actuators.empty()) p.planned_name = world.actuators[static_cast<size_t>(p.mover)].name;
  PlanSettings settings = p.settings;
  settings.actuator = p.mover;  // the others stand disabled in its rollouts
  settings.threads = std::max(1u, std::thread::hardware_concurrency());
  p.job.start(std::move(world), p.target, std::move(settings), p.nudged_runs);
  s.message = "Plan: searching (the scene is paused)";
}

// Writes the target to the file named beside Save (atomically: a write that fails leaves the
// file as it was), so a target drawn or edited here can be planned again from the CLI (-t) or
// Python.
void save_target(AppState& s) {
  const PlanUi& p = s.plan;
  if (p.target.size() < 3) {
    s.message = "Plan: no target to save (draw one, or take the current shape)";
  } else if (p.csv_path.empty()) {
    s.message = "Plan: type the target's file name (a .csv) beside Save";
  } else {
    try {
      save_points_csv(p.csv_path, p.target);
      s.message = "Plan: target saved to " + p.csv_path + " (" + std::to_string(p.target.size()) +
                  " points)";
    } catch (const std::exception& e) {
      s.message = std::string("Plan: the target was not saved: ") + e.what();
    }
  }
}

void target_buttons(AppState& s) {
  PlanUi& p = s.plan;
  PlanTool& tool = s.canvas.plan;
  if (ImGui::Button(tool.drawing() ? "Drawing..." : "Draw")) tool.begin_draw(s);
  ImGui::SameLine();
  if (ImGui::Button("Current shape")) {
    if (s.frame->snapshot.outline.size() >= 3) {
      p.target = s.frame->snapshot.outline;
      p.restart_distance();
      tool.set_editing(true);
      s.message = "Plan: the wax's outline is the target; drag its vertices to change it";
    } else {
      s.message = "Plan: no wax to take an outline from";
    }
  }
  ImGui::SameLine();
  bool editing = tool.editing();
  if (ImGui::Checkbox("Edit", &editing)) tool.set_editing(editing);
  ImGui::SameLine();
  if (ImGui::Button("Clear")) {
    p.target.clear();
    p.restart_distance();
    tool.set_editing(false);
  }
  char path[512];
  std::snprintf(path, sizeof path, "%s", p.csv_path.c_str());
  ImGui::SetNextItemWidth(-112.0f);
  if (ImGui::InputTextWithHint("##plancsv", "outline.csv", path, sizeof path)) p.csv_path = path;
  ImGui::SameLine();
  if (ImGui::Button("Load")) {
    try {
      p.target = load_outline_csv(p.csv_path);
      p.restart_distance();
      s.message = "Plan: target " + p.csv_path;
    } catch (const std::exception& e) {
      s.message = e.what();
    }
  }
  ImGui::SameLine();
  if (ImGui::Button("Save")) save_target(s);
  ImGui::Checkbox("Show target", &p.show);
}

// The "moves" combo: which actuator the plan moves, shown when the scene has several.
void mover_combo(AppState& s) {
  PlanUi& p = s.plan;
  const std::vector<Actuator>& actuators = s.frame->actuators;
  if (p.mover >= static_cast<int>(actuators.size())) p.mover = 0;
  if (actuators.size() < 2) return;
  auto label = [&](size_t k) {
    const Actuator& a = actuators[k];
    return std::to_string(k + 1) + ": " + (a.name.empty() ? to_string(a.type) : a.name) + " (" +
           to_string(a.type) + ")";
  };
  if (ImGui::BeginCombo("moves", label(static_cast<size_t>(p.mover)).c_str())) {
    for (size_t k = 0; k < actuators.size(); ++k)
      if (ImGui::Selectable(label(k).c_str(), static_cast<int>(k) == p.mover))
        p.mover = static_cast<int>(k);
    ImGui::EndCombo();
  }
}

// `speed`: the moved actuator's, the middle of the range a pass's speed is searched in.
void settings_widgets(PlanSettings& ps, double speed) {
  // A pass pumps a few units: a target far from the spot's shape (a long ellipse) needs a
  // dozen or more (docs/planning.md, "Using it"). Ctrl+click types up to the library's 64.
  if (ImGui::SliderInt("passes", &ps.max_passes, 1, 24))
    ps.max_passes = std::clamp(ps.max_passes, 1, 64);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Passes at most. Each pumps the wax a few units: a target far from the spot's\n"
        "shape needs many (Ctrl+click to type up to 64).");
  int budget = static_cast<int>(ps.budget_rollouts);
  if (ImGui::InputInt("rollouts", &budget, 16, 128))
    ps.budget_rollouts = std::clamp(budget, 1, 100000);
  // A pass's search opens with `restarts` runs of 2 x `population` draws (docs/planning.md,
  // "The method"): a pass given fewer rollouts than that samples the space once and stops.
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "The budget: about %lld rollouts a pass with %d passes; a pass's search\n"
        "opens with %d draws and wants several times that.",
        static_cast<long long>(ps.budget_rollouts / ps.max_passes), ps.max_passes,
        2 * ps.restarts * ps.population);
  int metric = static_cast<int>(ps.metric);
  if (ImGui::Combo("metric", &metric, "Hausdorff\0Procrustes\0IoU\0Chamfer\0"))
    ps.metric = static_cast<PlanMetric>(metric);
  int placement = static_cast<int>(ps.placement);
  if (ImGui::Combo("target", &placement, "absolute\0centroid\0"))
    ps.placement = static_cast<TargetPlacement>(placement);
  int seed = static_cast<int>(ps.seed);
  if (ImGui::InputInt("seed", &seed)) ps.seed = static_cast<uint64_t>(std::max(seed, 0));
  ImGui::SliderInt("repeats", &ps.repeats, 1, 8);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Each candidate pass is run up to this many times in a row and kept as that many\n"
        "passes of one chord: for a target that needs wax pumped far one way (planning.md,\n"
        "\"Repeated passes\"). Each run costs a rollout.");
  if (ImGui::SliderInt("pokes", &ps.finish_pokes, 0, 16))
    ps.finish_pokes = std::clamp(ps.finish_pokes, 0, 16);  // Ctrl+click types any number
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "After the chords, up to this many passes that go in to a depth and back out the\n"
        "way they came, to work one part of the rim. They get the rollouts the chords leave\n"
        "when they stop for want of gain (planning.md, \"Finishing with pokes\").");
  bool vary = ps.max_speed > 0.0;
  if (ImGui::Checkbox("passes at their own speeds", &vary)) {
    // Half to twice the actuator's speed: slower passes melt a longer wake and pump more.
    ps.min_speed = vary ? 0.5 * std::max(speed, kStillSpeed) : 0.0;
    ps.max_speed = vary ? 2.0 * std::max(speed, kStillSpeed) : 0.0;
  }
  if (vary) {
    float lo = static_cast<float>(ps.min_speed), hi = static_cast<float>(ps.max_speed);
    if (ImGui::DragFloatRange2("speeds", &lo, &hi, 0.01f, 1e-3f, 100.0f, "%.3g", "%.3g",
                               ImGuiSliderFlags_AlwaysClamp)) {
      ps.min_speed = std::max<double>(lo, kStillSpeed);
      ps.max_speed = std::max<double>(hi, ps.min_speed);
    }
  }
}

}  // namespace

void plan_frame_update(AppState& s) {
  PlanUi& p = s.plan;
  if (std::optional<PlanOutcome> done = p.job.take()) {
    if (done->result)
      apply(s, *done->result, done->sensitivity);
    else
      s.message = "Plan: " + done->error;
  }
  const Snapshot& snap = s.frame->snapshot;
  if (p.target.size() < 3 || snap.outline.size() < 3 || snap.tick == p.sampled_tick) return;
  p.sampled_tick = snap.tick;
  try {
    const double d = plan_score(snap.outline, placed_target(p), p.settings.metric);
    if (p.distance.size() >= kDistanceSamples) p.distance.erase(p.distance.begin());
    p.distance.push_back(static_cast<float>(d));
  } catch (const std::exception&) {
    // A target being dragged through itself has no score for a moment.
  }
}

void plan_panel(AppState& s) {
  PlanUi& p = s.plan;
  if (p.target.empty())
    ImGui::TextWrapped(
        "No target: draw the shape the wax should take, take its current shape and edit it, "
        "or load an outline (CSV).");
  else
    ImGui::Text("target: %zu points", p.target.size());
  target_buttons(s);
  ImGui::Separator();
  mover_combo(s);
  settings_widgets(p.settings, s.frame->actuators.empty()
                                   ? 1.0
                                   : s.frame->actuators[static_cast<size_t>(p.mover)].speed);
  if (p.job.running()) {
    const PlanProgress pr = p.job.progress();
    const PlanJob::Nudged nudged = p.job.nudged_progress();
    char label[128];
    float done = 0.0f;
    if (nudged.runs > 0) {  // the plan is found; its nudged runs are on
      std::snprintf(label, sizeof label, "nudged run %d/%d", nudged.done, nudged.runs);
      done = static_cast<float>(nudged.done) / nudged.runs;
    } else {
      char left[32] = "";
      if (pr.seconds_left >= 0.0)
        std::snprintf(left, sizeof left, "  ~%.0f s left", pr.seconds_left);
      std::snprintf(label, sizeof label, "pass %d/%d  %lld/%lld  score %.3g%s", pr.pass,
                    pr.max_passes, static_cast<long long>(pr.rollouts),
                    static_cast<long long>(pr.budget), pr.best_score, left);
      done = pr.budget > 0 ? static_cast<float>(pr.rollouts) / pr.budget : 0.0f;
    }
    ImGui::ProgressBar(std::min(done, 1.0f), {-1.0f, 0.0f}, label);
    if (ImGui::Button("Cancel")) p.job.cancel();
  } else {
    const bool ready = p.target.size() >= 3 && !s.frame->actuators.empty();
    if (!ready) ImGui::BeginDisabled();
    if (ImGui::Button("Plan##start")) start_plan(s);  // its own id: the header is "Plan"
    if (!ready) ImGui::EndDisabled();
    if (s.frame->actuators.empty()) {
      ImGui::SameLine();
      ImGui::TextDisabled("(needs an actuator to move)");
    }
    if (p.last && !p.last->path.empty()) {
      ImGui::SameLine();
      if (ImGui::Button("Play")) s.push(engine::SetPaused{false});
    }
  }
  if (p.last) {
    const PlanResult& r = *p.last;
    ImGui::Text("%zu pass(es), %.0f %% of the gap closed", r.passes.size(), 100.0 * r.share_closed);
    if (p.last_sensitivity) {
      const PlanSensitivity& n = *p.last_sensitivity;
      ImGui::Text("nudged by 0.1: %.0f to %.0f %%, median %.0f %%", 100.0 * n.min_share,
                  100.0 * n.max_share, 100.0 * n.median_share);
      if (ImGui::IsItemHovered())
        ImGui::SetTooltip(
            "The plan run %zu more times with every pass moved by up to 0.1 length units:\n"
            "pumping is chaotic at that scale, so the median is what the plan is worth and\n"
            "its own share its best case (docs/planning.md).",
            n.shares.size());
    }
    ImGui::TextDisabled("search ended: %s", stop_reason(r.stop));
    if (const char* advice = plan_advice(r))
      ImGui::TextWrapped("%s (docs/planning.md, \"Using it\").", advice);
    pass_table(r);
  }
  if (!p.distance.empty()) {
    char overlay[64];
    std::snprintf(overlay, sizeof overlay, "%.3g %s", p.distance.back(),
                  metric_unit(p.settings.metric));
    const auto [lo, hi] = std::minmax_element(p.distance.begin(), p.distance.end());
    ImGui::PlotLines("distance", p.distance.data(), static_cast<int>(p.distance.size()), 0, overlay,
                     0.0f, std::max(*hi, *lo + 1e-6f), {0.0f, 50.0f});
  }
}

}  // namespace mb::app
