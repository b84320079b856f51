#pragma once
// The ImGui panels. Each reads the newest Frame and pushes commands; none touches
// the World.
#include "app/meltbox/actuators/actuator_tools.hpp"
#include "app/meltbox/app_state.hpp"
#include "app/meltbox/springs/springs_ui.hpp"

namespace mb::app {

void simulation_panel(AppState& s);  // play/pause/step/reset, rate, stats, plots
void scene_panel(AppState& s);       // new spot, files, demos

void side_bar(AppState& s);        // the panels above in one column on the left
void help_window(AppState& s);     // F1: every shortcut
void canvas_overlay(AppState& s);  // the controls hint, the strain legend, the status line

}  // namespace mb::app
