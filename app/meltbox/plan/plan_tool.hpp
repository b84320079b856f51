#pragma once
// The Plan tool on the canvas: draws a target outline freehand (press, drag around the shape
// wanted, release), and while editing moves the target's vertices by dragging them. The
// target lives in PlanUi (plan_ui.hpp); the tool changes nothing in the World.
#include <vector>

#include "app/meltbox/canvas/canvas_tool.hpp"

namespace mb::app {

class PlanTool final : public CanvasTool {
 public:
  bool press(AppState& s, Vec2 at, int clicks) override;
  void drag(AppState& s, Vec2 at) override;
  void release(AppState& s, Vec2 at) override;
  bool armed() const override { return mode_ == Mode::Draw; }
  void cancel(AppState& s) override;
  void overlay(const AppState& s, const CanvasTool* held,
               std::vector<engine::gl::OverlayShape>& out) const override;

  void begin_draw(AppState& s);  // the next press starts a freehand outline
  void set_editing(bool on) { mode_ = on ? Mode::Edit : Mode::Idle; }
  bool editing() const { return mode_ == Mode::Edit || mode_ == Mode::DragVertex; }
  bool drawing() const { return mode_ == Mode::Draw || mode_ == Mode::Stroke; }

 private:
  enum class Mode { Idle, Draw, Stroke, Edit, DragVertex };
  Mode mode_ = Mode::Idle;
  std::vector<Vec2> stroke_;  // the outline being drawn (world)
  int vertex_ = -1;           // the target vertex being dragged
};

}  // namespace mb::app
