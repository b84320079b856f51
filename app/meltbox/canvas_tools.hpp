#pragma once
// The mouse and keyboard on the canvas: grab, place, drag and rotate actuators, draw
// paths, pan and zoom, and the keyboard shortcuts. Every change to the World goes
// out as a command.
#include <SDL.h>

#include <vector>

#include "app/meltbox/app_state.hpp"

namespace mb::app {

// One SDL event, after ImGui has seen it. `ui_mouse` / `ui_keyboard`: ImGui wants them.
void handle_canvas_event(AppState& s, const SDL_Event& e, bool ui_mouse, bool ui_keyboard);

// Starts placing a new actuator (it follows the mouse until a left click drops it).
void begin_place(AppState& s, ActuatorType type);
// Starts drawing a path for the selected actuator; ends with Enter or a double click.
void begin_path(AppState& s);
void finish_path(AppState& s);
void delete_selected(AppState& s);

// Preview shapes for the renderer: the actuator being placed or dragged, the path
// being drawn.
std::vector<engine::gl::OverlayShape> tool_overlay(const AppState& s);

}  // namespace mb::app
