#include "app/meltbox/canvas/canvas.hpp"

#include <cmath>
#include <ctime>

#include "app/meltbox/app_state.hpp"

namespace mb::app {

namespace {

std::string timestamped_png() {
  char name[64];
  const std::time_t now = std::time(nullptr);
  std::strftime(name, sizeof name, "meltbox_%Y%m%d_%H%M%S.png", std::localtime(&now));
  return name;
}

Vec2 mouse_world(const AppState& s) {
  return s.camera.screen_to_world(s.tools.mouse);
}

}  // namespace

void Canvas::press(AppState& s, const SDL_MouseButtonEvent& b) {
  if (b.button == SDL_BUTTON_RIGHT || b.button == SDL_BUTTON_MIDDLE) {
    panning_ = true;
    return;
  }
  if (b.button != SDL_BUTTON_LEFT) return;
  const Vec2 w = mouse_world(s);
  for (CanvasTool* t : tools())
    if (t->armed()) {
      if (t->press(s, w, b.clicks)) held_ = t;
      return;
    }
  for (CanvasTool* t : tools())
    if (t->press(s, w, b.clicks)) {
      held_ = t;
      return;
    }
}

void Canvas::release(AppState& s, const SDL_MouseButtonEvent& b) {
  if (b.button == SDL_BUTTON_RIGHT || b.button == SDL_BUTTON_MIDDLE) {
    panning_ = false;
    return;
  }
  if (b.button != SDL_BUTTON_LEFT || !held_) return;
  CanvasTool* t = held_;
  held_ = nullptr;
  t->release(s, mouse_world(s));
}

void Canvas::motion(AppState& s, Vec2 to) {
  const Vec2 from = s.tools.mouse;
  s.tools.mouse = to;
  if (panning_) s.camera.pan(to - from);
  if (held_) held_->drag(s, mouse_world(s));
}

void Canvas::wheel(AppState& s, int amount) {
  if (amount == 0) return;
  if (!held_)
    for (CanvasTool* t : tools())
      if (t->wheel(s, mouse_world(s), amount)) return;
  s.camera.zoom_about(s.tools.mouse, std::pow(1.15, amount));
}

void Canvas::key(AppState& s, const SDL_KeyboardEvent& k) {
  const bool ctrl = (k.keysym.mod & KMOD_CTRL) != 0;
  const bool shift = (k.keysym.mod & KMOD_SHIFT) != 0;
  switch (k.keysym.sym) {
    case SDLK_SPACE:
      s.push(engine::TogglePause{});
      return;
    case SDLK_PERIOD:
      s.push(engine::Step{1});
      return;
    case SDLK_r:
      if (!ctrl) s.push(engine::Reset{});
      return;
    case SDLK_HOME:
    case SDLK_f:
      s.request_home = true;
      return;
    case SDLK_F1:
      s.show_help = !s.show_help;
      return;
    case SDLK_F12:
      s.request_screenshot = timestamped_png();
      return;
    case SDLK_TAB:
      s.show_panels = !s.show_panels;
      return;
    case SDLK_z:
      if (ctrl && shift)
        s.redo_last();
      else if (ctrl)
        s.undo_last();
      return;
    case SDLK_y:
      if (ctrl) s.redo_last();
      return;
    case SDLK_ESCAPE:
      cancel(s);
      return;
    default:
      break;
  }
  if (ctrl) return;
  for (CanvasTool* t : tools())
    if (t->key(s, k.keysym.sym)) return;
}

void Canvas::cancel(AppState& s) {
  for (CanvasTool* t : tools()) t->cancel(s);
}

void Canvas::handle_event(AppState& s, const SDL_Event& e, bool ui_mouse, bool ui_keyboard) {
  // A drag that began on the canvas keeps going over the panels.
  const bool dragging = panning_ || held_;
  switch (e.type) {
    case SDL_MOUSEMOTION:
      motion(s, {e.motion.x, e.motion.y});
      break;
    case SDL_MOUSEBUTTONDOWN:
      s.tools.mouse = {e.button.x, e.button.y};
      if (!ui_mouse) press(s, e.button);
      break;
    case SDL_MOUSEBUTTONUP:
      s.tools.mouse = {e.button.x, e.button.y};
      if (!ui_mouse || dragging) release(s, e.button);
      break;
    case SDL_MOUSEWHEEL:
      if (!ui_mouse) wheel(s, e.wheel.y);
      break;
    case SDL_KEYDOWN:
      if (!ui_keyboard) key(s, e.key);
      break;
    default:
      break;
  }
}

std::vector<engine::gl::OverlayShape> Canvas::overlay(const AppState& s) const {
  std::vector<engine::gl::OverlayShape> out;
  // Drawn in reverse order, so the first tool's shapes are on top.
  const auto list = tools();
  for (auto it = list.rbegin(); it != list.rend(); ++it) (*it)->overlay(s, held_, out);
  return out;
}

}  // namespace mb::app
