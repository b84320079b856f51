#pragma once
// The last canvas tool: a left drag on matter grabs it through the physics thread
// (engine::GrabBegin / GrabMove / GrabEnd); World::grab_begin decides what is under the
// cursor (spring particles, else body points).
#include "app/meltbox/canvas/canvas_tool.hpp"
#include "engine/mouse_trail.hpp"

namespace mb::app {

class MatterGrab final : public CanvasTool {
 public:
  bool press(AppState& s, Vec2 at, int clicks) override;
  void drag(AppState& s, Vec2 at) override;
  void release(AppState& s, Vec2 at) override;

 private:
  engine::MouseTrail trail_;  // for the throw on release
};

// The grab radius at the current zoom: a lattice spacing and a bit, or 10 pixels.
double grab_radius(const AppState& s);

}  // namespace mb::app
