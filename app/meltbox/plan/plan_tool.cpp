#include "app/meltbox/plan/plan_tool.hpp"

#include <glm/geometric.hpp>
#include <string>

#include "app/meltbox/app_state.hpp"

namespace mb::app {

namespace {

// Screen pixels: a freehand stroke keeps a point every kStrokeStep of mouse travel (a
// smooth outline without thousands of vertices), and a vertex is picked within kPick.
constexpr double kStrokeStep = 6.0, kPick = 8.0;

double world_length(const AppState& s, double pixels) {
  return pixels / s.camera.zoom;
}

const engine::gl::Rgba kTargetColor{1.0f, 0.85f, 0.2f, 1.0f};
const engine::gl::Rgba kPlacedColor{1.0f, 0.55f, 0.1f, 0.8f};

}  // namespace

void PlanTool::begin_draw(AppState& s) {
  mode_ = Mode::Draw;
  stroke_.clear();
  s.message = "Plan: press and drag around the shape the wax should take; release to close it";
}

bool PlanTool::press(AppState& s, Vec2 at, int) {
  if (mode_ == Mode::Draw) {
    mode_ = Mode::Stroke;
    stroke_ = {at};
    return true;
  }
  if (mode_ != Mode::Edit) return false;
  const std::vector<Vec2>& t = s.plan.target;
  double best = world_length(s, kPick);
  vertex_ = -1;
  for (size_t k = 0; k < t.size(); ++k)
    if (const double d = glm::length(t[k] - at); d <= best) best = d, vertex_ = static_cast<int>(k);
  if (vertex_ < 0) return false;  // not on a vertex: the other tools may take it
  mode_ = Mode::DragVertex;
  return true;
}

void PlanTool::drag(AppState& s, Vec2 at) {
  if (mode_ == Mode::Stroke) {
    if (glm::length(at - stroke_.back()) >= world_length(s, kStrokeStep)) stroke_.push_back(at);
  } else if (mode_ == Mode::DragVertex && vertex_ >= 0 &&
             vertex_ < static_cast<int>(s.plan.target.size())) {
    s.plan.target[static_cast<size_t>(vertex_)] = at;
  }
}

void PlanTool::release(AppState& s, Vec2) {
  if (mode_ == Mode::DragVertex) {
    mode_ = Mode::Edit;
    vertex_ = -1;
    s.plan.restart_distance();
    return;
  }
  if (mode_ != Mode::Stroke) return;
  mode_ = Mode::Idle;
  if (stroke_.size() < 3) {
    s.message = "Plan: the outline needs a longer stroke (3 points at least)";
  } else {
    s.plan.target = stroke_;
    s.plan.restart_distance();
    s.message = "Plan: target of " + std::to_string(stroke_.size()) + " points";
  }
  stroke_.clear();
}

void PlanTool::cancel(AppState&) {
  mode_ = Mode::Idle;
  stroke_.clear();
  vertex_ = -1;
}

void PlanTool::overlay(const AppState& s, const CanvasTool*,
                       std::vector<engine::gl::OverlayShape>& out) const {
  if (mode_ == Mode::Stroke && stroke_.size() >= 2) out.push_back({stroke_, kTargetColor, false});
  if (!s.plan.show || s.plan.target.empty()) return;
  out.push_back({s.plan.target, kTargetColor, true});
  // Centroid placement moves the target onto the wax: show where it is scored.
  if (s.plan.last && s.plan.settings.placement == TargetPlacement::Centroid)
    out.push_back({s.plan.last->target, kPlacedColor, true});
  if (!editing()) return;
  const double h = world_length(s, 3.0);
  for (Vec2 v : s.plan.target)
    out.push_back({{v + Vec2{-h, -h}, v + Vec2{h, -h}, v + Vec2{h, h}, v + Vec2{-h, h}},
                   kTargetColor,
                   true,
                   true});
}

}  // namespace mb::app
