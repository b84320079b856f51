#pragma once
// The sandbox's spring-network controls: the Settings panel, one widget per row of the spring
// settings table (physics/springs/spring_settings.hpp), with .cfg load and save. The spring
// particles are grabbed by the canvas's matter grab (canvas/matter_grab.hpp).
namespace mb::app {

struct AppState;

void settings_panel(AppState& s);

}  // namespace mb::app
