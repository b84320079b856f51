#pragma once
// The gas's per-frame bookkeeping (gas_tools.cpp): the plot history and the automatic speed
// scale. Discs are grabbed and thrown by the canvas's matter grab (World::grab_begin).
#include "app/meltbox/gas/gas_ui.hpp"

namespace mb::app {

struct AppState;

// Once a frame, after the newest Frame is taken.
void gas_frame_update(AppState& s);

}  // namespace mb::app
