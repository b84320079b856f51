#pragma once
// The actuators on the canvas: place a new heater or pusher (it follows the mouse until a
// click drops it), drag one to move it, turn it with its rotate handle or the wheel, draw
// its path by clicking (Enter or a double click ends), delete it. Every change is an
// ActuatorEdit, so it can be undone.
#include <vector>

#include "app/meltbox/canvas/canvas_tool.hpp"
#include "physics/actuators/actuator.hpp"

namespace mb::app {

class ActuatorTools final : public CanvasTool {
 public:
  bool press(AppState& s, Vec2 at, int clicks) override;
  void drag(AppState& s, Vec2 at) override;
  void release(AppState& s, Vec2 at) override;
  bool wheel(AppState& s, Vec2 at, int amount) override;
  bool key(AppState& s, SDL_Keycode key) override;
  bool armed() const override { return mode_ == Mode::Place || mode_ == Mode::DrawPath; }
  void cancel(AppState& s) override;
  void overlay(const AppState& s, const CanvasTool* held,
               std::vector<engine::gl::OverlayShape>& out) const override;

  // Starts placing a new actuator (the Actuators panel, P, H).
  void begin_place(AppState& s, ActuatorType type);
  // Starts drawing a path for the selected actuator (D); ends with Enter or a double click.
  void begin_path(AppState& s);
  void finish_path(AppState& s);
  void delete_selected(AppState& s);

 private:
  enum class Mode { Idle, Place, DrawPath, Drag, Rotate };
  Mode mode_ = Mode::Idle;
  ActuatorType place_type_ = ActuatorType::Pusher;
  Vec2 drag_from_{0.0, 0.0};  // world point where a drag began
  double rotate_deg_ = 0.0;   // orientation while the rotate handle is dragged
  std::vector<Vec2> path_;    // path being drawn (world), for the selected actuator
};

// The Actuators panel: add, edit, delete, undo.
void actuators_panel(AppState& s);

}  // namespace mb::app
