#include "app/meltbox/canvas/matter_grab.hpp"

#include <algorithm>

#include "app/meltbox/app_state.hpp"

namespace mb::app {

double grab_radius(const AppState& s) {
  const double spacing = s.frame ? s.frame->settings.lattice_spacing() : 7.0;
  return std::max(1.2 * spacing, 10.0 / s.camera.zoom);
}

bool MatterGrab::press(AppState& s, Vec2 at, int) {
  s.push(engine::GrabBegin{at, grab_radius(s)});
  trail_.clear();
  trail_.sample(s.clock, at);
  return true;
}

void MatterGrab::drag(AppState& s, Vec2 at) {
  s.push(engine::GrabMove{at});
  trail_.sample(s.clock, at);
}

void MatterGrab::release(AppState& s, Vec2 at) {
  trail_.sample(s.clock, at);
  // A held body leaves with the mouse's velocity; held wax stays (World::grab_end).
  s.push(engine::GrabEnd{trail_.velocity()});
}

}  // namespace mb::app
