#include "app/meltbox/canvas_tools.hpp"

#include <cmath>
#include <ctime>
#include <glm/trigonometric.hpp>
#include <optional>

namespace mb::app {

namespace {

using engine::gl::OverlayShape;

Vec2 world_at(const AppState& s, Vec2 screen) {
  return s.camera.screen_to_world(screen);
}

// The topmost actuator whose placed outline contains world point p, or -1.
int hit_actuator(const AppState& s, Vec2 p) {
  if (!s.frame) return -1;
  const auto& views = s.frame->snapshot.actuators;
  for (int k = static_cast<int>(views.size()) - 1; k >= 0; --k)
    if (contains(views[static_cast<size_t>(k)].outline, p)) return k;
  return -1;
}

const Actuator* selected_actuator(const AppState& s) {
  if (!s.frame || s.tools.selected < 0 ||
      s.tools.selected >= static_cast<int>(s.frame->actuators.size()))
    return nullptr;
  return &s.frame->actuators[static_cast<size_t>(s.tools.selected)];
}

void change_selected(AppState& s, const Actuator& after) {
  const Actuator* before = selected_actuator(s);
  if (!before) return;
  s.edit({ActuatorEdit::Kind::Change, s.tools.selected, *before, after});
}

// The rotate handle of the selected actuator: a stick from its position to a small
// circle just outside its outline; it points up at orientation 0 and turns with it.
struct Handle {
  Vec2 center{0.0, 0.0}, tip{0.0, 0.0};
  double radius = 0.0;
};

constexpr double kHandlePixels = 7.0;  // the circle's radius on screen

std::optional<Handle> rotate_handle(const AppState& s) {
  const Actuator* a = selected_actuator(s);
  if (!a || !s.frame) return std::nullopt;
  const Vec2 c = a->position();
  double reach = 0.0;
  for (Vec2 p : a->placed_shape(s.frame->settings.heater_size))
    reach = std::max(reach, glm::length(p - c));
  const double angle = glm::radians(a->orientation_deg - 90.0);
  const double length = reach + 28.0 / s.camera.zoom;
  return Handle{c, c + length * Vec2{std::cos(angle), std::sin(angle)},
                kHandlePixels / s.camera.zoom};
}

bool on_handle(const AppState& s, Vec2 w) {
  const auto h = rotate_handle(s);
  return h && glm::length(w - h->tip) <= 1.5 * h->radius;
}

// The orientation that points the handle at world point w, in [0, 360).
double orientation_toward(const Handle& h, Vec2 w) {
  const Vec2 d = w - h.center;
  if (d == Vec2{0.0, 0.0}) return 0.0;
  const double deg = glm::degrees(std::atan2(d.y, d.x)) + 90.0;
  return deg < 0.0 ? deg + 360.0 : deg;
}

double grab_radius(const AppState& s) {
  const double spacing = s.frame ? s.frame->settings.lattice_spacing() : 7.0;
  return std::max(1.2 * spacing, 10.0 / s.camera.zoom);
}

std::string timestamped_png() {
  char name[64];
  const std::time_t now = std::time(nullptr);
  std::strftime(name, sizeof name, "meltbox_%Y%m%d_%H%M%S.png", std::localtime(&now));
  return name;
}

void mouse_down(AppState& s, const SDL_MouseButtonEvent& b) {
  ToolState& t = s.tools;
  if (b.button == SDL_BUTTON_RIGHT || b.button == SDL_BUTTON_MIDDLE) {
    t.panning = true;
    return;
  }
  if (b.button != SDL_BUTTON_LEFT) return;
  const Vec2 w = world_at(s, t.mouse);
  switch (t.mode) {
    case ToolMode::Place:
      return;  // dropped on release
    case ToolMode::DrawPath:
      if (b.clicks >= 2) {
        finish_path(s);
      } else {
        t.path.push_back(w);
      }
      return;
    default:
      break;
  }
  if (body_mouse_down(s, w)) return;  // placing a body, the fibre handle (body_tools.cpp)
  if (on_handle(s, w)) {
    t.mode = ToolMode::RotateActuator;
    t.rotate_deg = orientation_toward(*rotate_handle(s), w);
    return;
  }
  if (const int hit = hit_actuator(s, w); hit >= 0) {
    t.selected = hit;
    t.mode = ToolMode::DragActuator;
    t.drag_from = w;
    return;
  }
  if (gas_grab_begin(s, w)) {  // a gas disc under the cursor (gas_grab.cpp)
    t.mode = ToolMode::GrabDisc;
    return;
  }
  s.push(engine::GrabBegin{w, grab_radius(s)});
  t.mode = ToolMode::Grab;
}

void mouse_up(AppState& s, const SDL_MouseButtonEvent& b) {
  ToolState& t = s.tools;
  if (b.button == SDL_BUTTON_RIGHT || b.button == SDL_BUTTON_MIDDLE) {
    t.panning = false;
    return;
  }
  if (b.button != SDL_BUTTON_LEFT) return;
  const Vec2 w = world_at(s, t.mouse);
  if (body_mouse_up(s, w)) return;
  if (t.mode == ToolMode::Place) {
    const int index = s.frame ? static_cast<int>(s.frame->actuators.size()) : 0;
    s.edit({ActuatorEdit::Kind::Add, index, {}, s.new_actuator(t.place_type, w)});
    t.selected = index;
    t.mode = ToolMode::Idle;
    s.message = std::string("placed ") + to_string(t.place_type) +
                ": it runs 100 units to the right; D draws its own path";
  } else if (t.mode == ToolMode::DragActuator) {
    t.mode = ToolMode::Idle;
    const Vec2 delta = w - t.drag_from;
    const Actuator* a = selected_actuator(s);
    if (!a || delta == Vec2{0.0, 0.0}) return;
    Actuator moved = *a;
    for (Vec2& p : moved.path.points) p += delta;
    change_selected(s, moved);
  } else if (t.mode == ToolMode::RotateActuator) {
    t.mode = ToolMode::Idle;
    const Actuator* a = selected_actuator(s);
    if (!a || t.rotate_deg == a->orientation_deg) return;
    Actuator turned = *a;
    turned.orientation_deg = t.rotate_deg;
    change_selected(s, turned);
  } else if (t.mode == ToolMode::Grab) {
    s.push(engine::GrabEnd{});
    t.mode = ToolMode::Idle;
  } else if (t.mode == ToolMode::GrabDisc) {
    gas_grab_end(s);
    t.mode = ToolMode::Idle;
  }
}

void mouse_motion(AppState& s, Vec2 to) {
  ToolState& t = s.tools;
  const Vec2 from = t.mouse;
  t.mouse = to;
  if (t.panning) s.camera.pan(to - from);
  if (t.mode == ToolMode::Grab) s.push(engine::GrabMove{world_at(s, to)});
  body_mouse_motion(s, world_at(s, to));
  if (t.mode == ToolMode::RotateActuator)
    if (const auto h = rotate_handle(s)) t.rotate_deg = orientation_toward(*h, world_at(s, to));
}

void wheel(AppState& s, int amount) {
  if (amount == 0) return;
  const int hit = s.tools.mode == ToolMode::Idle ? hit_actuator(s, world_at(s, s.tools.mouse)) : -1;
  if (hit >= 0) {
    s.tools.selected = hit;
    Actuator turned = *selected_actuator(s);
    turned.orientation_deg = std::fmod(turned.orientation_deg + 15.0 * amount, 360.0);
    change_selected(s, turned);
    return;
  }
  s.camera.zoom_about(s.tools.mouse, std::pow(1.15, amount));
}

void key_down(AppState& s, const SDL_KeyboardEvent& k) {
  const bool ctrl = (k.keysym.mod & KMOD_CTRL) != 0;
  const bool shift = (k.keysym.mod & KMOD_SHIFT) != 0;
  switch (k.keysym.sym) {
    case SDLK_SPACE:
      s.push(engine::TogglePause{});
      break;
    case SDLK_PERIOD:
      s.push(engine::Step{1});
      break;
    case SDLK_r:
      if (!ctrl) s.push(engine::Reset{});
      break;
    case SDLK_HOME:
    case SDLK_f:
      s.request_home = true;
      break;
    case SDLK_F1:
      s.show_help = !s.show_help;
      break;
    case SDLK_F12:
      s.request_screenshot = timestamped_png();
      break;
    case SDLK_TAB:
      s.show_panels = !s.show_panels;
      break;
    case SDLK_z:
      if (ctrl && shift)
        s.redo_last();
      else if (ctrl)
        s.undo_last();
      break;
    case SDLK_y:
      if (ctrl) s.redo_last();
      break;
    case SDLK_p:
      begin_place(s, ActuatorType::Pusher);
      break;
    case SDLK_h:
      begin_place(s, ActuatorType::Heater);
      break;
    case SDLK_b:
      begin_place_body(s);  // the Bodies panel's "Add body" form, dropped by a click
      break;
    case SDLK_d:
      begin_path(s);
      break;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
      finish_path(s);
      break;
    case SDLK_DELETE:
      delete_selected(s);
      break;
    case SDLK_ESCAPE:
      s.tools.mode = ToolMode::Idle;
      s.tools.path.clear();
      break;
    default:
      break;
  }
}

void add_handle(const AppState& s, std::vector<OverlayShape>& out) {
  auto h = rotate_handle(s);
  if (!h) return;
  if (s.tools.mode == ToolMode::RotateActuator) {
    const double angle = glm::radians(s.tools.rotate_deg - 90.0);
    h->tip = h->center + glm::length(h->tip - h->center) * Vec2{std::cos(angle), std::sin(angle)};
  }
  const bool hot =
      s.tools.mode == ToolMode::RotateActuator || on_handle(s, world_at(s, s.tools.mouse));
  const engine::gl::Rgba color =
      hot ? engine::gl::Rgba{1.0f, 1.0f, 0.5f, 1.0f} : engine::gl::Rgba{0.85f, 0.85f, 0.9f, 0.9f};
  out.push_back({{h->center, h->tip}, color, false, false});
  OverlayShape circle{{}, color, true, hot};
  constexpr int kSides = 20;
  for (int k = 0; k < kSides; ++k) {
    const double a = 2.0 * 3.14159265358979 * k / kSides;
    circle.points.push_back(h->tip + h->radius * Vec2{std::cos(a), std::sin(a)});
  }
  out.push_back(std::move(circle));
}

}  // namespace

void begin_place(AppState& s, ActuatorType type) {
  s.tools.mode = ToolMode::Place;
  s.tools.place_type = type;
  s.message = "click on the canvas to place the " + std::string(to_string(type));
}

void begin_path(AppState& s) {
  const Actuator* a = selected_actuator(s);
  if (!a) {
    s.message = "select an actuator first, then draw its path";
    return;
  }
  s.tools.mode = ToolMode::DrawPath;
  s.tools.path = {a->position()};
  s.message = "click path points; Enter or double-click ends";
}

void finish_path(AppState& s) {
  if (s.tools.mode != ToolMode::DrawPath) return;
  s.tools.mode = ToolMode::Idle;
  const Actuator* a = selected_actuator(s);
  if (!a || s.tools.path.size() < 2) return;
  Actuator after = *a;
  after.path.points = s.tools.path;
  after.path.cyclic = false;
  after.path_advancement = 0.0;
  after.enabled = true;
  change_selected(s, after);
  s.tools.path.clear();
  s.message = "path set";
}

void delete_selected(AppState& s) {
  const Actuator* a = selected_actuator(s);
  if (!a) return;
  s.edit({ActuatorEdit::Kind::Remove, s.tools.selected, *a, {}});
  s.tools.selected = -1;
  s.tools.mode = ToolMode::Idle;
}

void handle_canvas_event(AppState& s, const SDL_Event& e, bool ui_mouse, bool ui_keyboard) {
  ToolState& t = s.tools;
  // A drag that began on the canvas keeps going over the panels.
  const bool dragging = t.panning || t.mode == ToolMode::Grab || t.mode == ToolMode::DragActuator ||
                        t.mode == ToolMode::RotateActuator || t.mode == ToolMode::GrabDisc ||
                        t.mode == ToolMode::RotateFibre;
  switch (e.type) {
    case SDL_MOUSEMOTION:
      mouse_motion(s, {e.motion.x, e.motion.y});
      break;
    case SDL_MOUSEBUTTONDOWN:
      t.mouse = {e.button.x, e.button.y};
      if (!ui_mouse) mouse_down(s, e.button);
      break;
    case SDL_MOUSEBUTTONUP:
      t.mouse = {e.button.x, e.button.y};
      if (!ui_mouse || dragging) mouse_up(s, e.button);
      break;
    case SDL_MOUSEWHEEL:
      if (!ui_mouse) wheel(s, e.wheel.y);
      break;
    case SDL_KEYDOWN:
      if (!ui_keyboard) key_down(s, e.key);
      break;
    default:
      break;
  }
}

std::vector<OverlayShape> tool_overlay(const AppState& s) {
  std::vector<OverlayShape> out;
  const ToolState& t = s.tools;
  const Vec2 w = world_at(s, t.mouse);
  const double heater_size = s.frame ? s.frame->settings.heater_size : 14.0;
  if (t.mode == ToolMode::Place) {
    const Actuator ghost = s.new_actuator(t.place_type, w);
    out.push_back({ghost.placed_shape(heater_size), {1.0f, 1.0f, 1.0f, 0.8f}, true, true});
    out.push_back({ghost.path.points, {1.0f, 1.0f, 0.4f, 0.6f}, false, false});
  } else if (t.mode == ToolMode::DragActuator && s.frame &&
             t.selected < static_cast<int>(s.frame->snapshot.actuators.size())) {
    OverlayShape moved{s.frame->snapshot.actuators[static_cast<size_t>(t.selected)].outline,
                       {1.0f, 1.0f, 1.0f, 0.8f},
                       true,
                       true};
    for (Vec2& p : moved.points) p += w - t.drag_from;
    out.push_back(std::move(moved));
  } else if (t.mode == ToolMode::DrawPath) {
    OverlayShape path{t.path, {1.0f, 1.0f, 0.4f, 0.9f}, false, false};
    path.points.push_back(w);
    out.push_back(std::move(path));
  } else if (t.mode == ToolMode::RotateActuator) {
    if (const Actuator* a = selected_actuator(s)) {
      Actuator turned = *a;
      turned.orientation_deg = t.rotate_deg;
      out.push_back({turned.placed_shape(heater_size), {1.0f, 1.0f, 1.0f, 0.8f}, true, true});
    }
  }
  if (t.mode == ToolMode::Idle || t.mode == ToolMode::RotateActuator) add_handle(s, out);
  body_overlay(s, out);  // the fibre handle, a body being placed
  return out;
}

}  // namespace mb::app
