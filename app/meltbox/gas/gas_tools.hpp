#pragma once
// The gas on the canvas and its per-frame bookkeeping (gas_tools.cpp): the plot history, the
// automatic speed scale, and grab-and-throw of a disc.
#include "app/meltbox/canvas/canvas_tool.hpp"
#include "app/meltbox/gas/gas_ui.hpp"

namespace mb::app {

// Once a frame, after the newest Frame is taken: the plot history, the automatic speed
// scale, and, while a disc is held, the command that puts it at the cursor.
void gas_frame_update(AppState& s);
// A left press at world point `at`: grabs the disc there (not when spring material or a
// body is under the cursor). True when a disc was grabbed.
bool gas_grab_begin(AppState& s, Vec2 at);
// Release: the disc leaves with the mouse's velocity (over the last 0.1 s, capped).
void gas_grab_end(AppState& s);

// The gas on the canvas: a press on a disc (not on spring material or a body) holds it;
// release throws it.
class GasGrab final : public CanvasTool {
 public:
  bool press(AppState& s, Vec2 at, int) override { return gas_grab_begin(s, at); }
  void release(AppState& s, Vec2) override { gas_grab_end(s); }
};

}  // namespace mb::app
