#pragma once
// The sandbox's spring-network controls: the Settings panel, one widget per row of the spring
// settings table (physics/springs/simulator_settings.hpp), with .cfg load and save; the Heat
// panel (the [Heat] rows, the colouring by temperature and the plots of heat, molten mass and
// melt front) and its legend. The spring particles are grabbed by the canvas's matter grab
// (canvas/matter_grab.hpp).
namespace mb {
struct SimulatorSettings;
}

namespace mb::app {

struct AppState;

void settings_panel(AppState& s);  // every row but [Heat]'s
void heat_panel(AppState& s);      // [Heat]: the thermal model (panel_heat.cpp)
void heat_overlay(AppState& s);    // the temperature legend at the canvas's bottom right

// Sends `edited` to the physics thread when it is valid (and makes it the settings of new
// spots); otherwise says what is wrong on the status line.
void apply_spring_settings(AppState& s, const SimulatorSettings& edited);

}  // namespace mb::app
