#pragma once
// The mouse and keyboard on the canvas. Pan (right or middle drag), zoom (wheel) and the
// global keys are the canvas's own; a left press goes to the canvas tools in this order,
// and the first that takes it holds it until release:
//   0. plan       (plan/plan_tool.hpp: drawing a target outline, dragging its vertices)
//   1. bodies     (bodies/body_ui.hpp: placing a body, the fibre handle, selecting)
//   2. actuators  (actuators/actuator_tools.hpp: placing, dragging, turning, paths)
//   3. gas        (gas/gas_ui.hpp: grab and throw a disc)
//   4. matter     (canvas/matter_grab.hpp: grab spring particles or body points)
// A tool armed for a click gets the next press before the others. Every change to the
// World goes out as a command.
#include <SDL.h>

#include <array>
#include <vector>

#include "app/meltbox/actuators/actuator_tools.hpp"
#include "app/meltbox/bodies/body_tools.hpp"
#include "app/meltbox/canvas/matter_grab.hpp"
#include "app/meltbox/gas/gas_tools.hpp"
#include "app/meltbox/plan/plan_tool.hpp"

namespace mb::app {

class Canvas {
 public:
  explicit Canvas(const BodiesUi& bodies_ui) : bodies(bodies_ui) {}

  // One SDL event, after ImGui has seen it. `ui_mouse` / `ui_keyboard`: ImGui wants them.
  void handle_event(AppState& s, const SDL_Event& e, bool ui_mouse, bool ui_keyboard);
  // Every tool back to idle (a new scene, Esc).
  void cancel(AppState& s);
  // Preview shapes for the renderer, from every tool in order.
  std::vector<engine::gl::OverlayShape> overlay(const AppState& s) const;

  PlanTool plan;
  BodyTools bodies;
  ActuatorTools actuators;
  MatterGrab matter;  // spring particles, body points and gas discs (World::grab_begin)

 private:
  std::array<CanvasTool*, 4> tools() { return {&plan, &bodies, &actuators, &matter}; }
  std::array<const CanvasTool*, 4> tools() const { return {&plan, &bodies, &actuators, &matter}; }
  void press(AppState& s, const SDL_MouseButtonEvent& b);
  void release(AppState& s, const SDL_MouseButtonEvent& b);
  void motion(AppState& s, Vec2 to);
  void wheel(AppState& s, int amount);
  void key(AppState& s, const SDL_KeyboardEvent& k);

  CanvasTool* held_ = nullptr;  // the tool holding the left press
  bool panning_ = false;
};

}  // namespace mb::app
