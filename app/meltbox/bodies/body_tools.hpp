#pragma once
// The bodies on the canvas (body_tools.cpp): placing a new body (at the view centre or by
// click), selecting a body by pressing on it, the fibre handle of the selected body, and
// the per-frame bookkeeping that keeps the panel's edited copies in step with the physics
// thread.
#include <string>
#include <vector>

#include "app/meltbox/bodies/body_ui.hpp"
#include "app/meltbox/canvas/canvas_tool.hpp"
#include "engine/gl/renderer.hpp"

namespace mb::app {

// Once a frame, after the newest Frame is taken: takes the edited copies afresh when due,
// shows a refusal, sends a pending material edit, and asks for the bonds while they are
// drawn.
void bodies_frame_update(AppState& s);
// Sends the selected body's edited material (now, or when the throttle allows).
void send_body_material(AppState& s, bool now);

// The spec the form describes, placed at world point `at` (files are read here). False
// with `error` set when a file cannot be read.
bool form_spec(const AppState& s, Vec2 at, PeriBodySpec& out, std::string& error);
void add_body_at(AppState& s, Vec2 at);
void begin_place_body(AppState& s);  // the next click on the canvas drops the new body
// The point of the canvas's centre in the world.
Vec2 view_centre(const AppState& s);

// The bodies on the canvas, first of the canvas tools: placing a body (armed by B or the
// panel), dragging the fibre handle; a press on a body selects it and is not taken, so the
// matter grab goes on.
class BodyTools final : public CanvasTool {
 public:
  explicit BodyTools(const BodiesUi& ui) : ui_(ui) {}
  bool press(AppState& s, Vec2 at, int clicks) override;
  void drag(AppState& s, Vec2 at) override;
  void release(AppState& s, Vec2 at) override;
  bool key(AppState& s, SDL_Keycode key) override;
  bool armed() const override;
  void cancel(AppState& s) override;
  // The fibre handle of the selected body and the ghost of a body being placed.
  void overlay(const AppState& s, const CanvasTool* held,
               std::vector<engine::gl::OverlayShape>& out) const override;

 private:
  const BodiesUi& ui_;
};

bool body_mouse_down(AppState& s, Vec2 world);
bool body_mouse_up(AppState& s, Vec2 world);
void body_mouse_motion(AppState& s, Vec2 world);
void body_overlay(const AppState& s, bool others_busy, std::vector<engine::gl::OverlayShape>& out);

}  // namespace mb::app
