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
  return true;
}

void MatterGrab::drag(AppState& s, Vec2 at) {
  s.push(engine::GrabMove{at});
}

void MatterGrab::release(AppState& s, Vec2) {
  s.push(engine::GrabEnd{});
}

}  // namespace mb::app
