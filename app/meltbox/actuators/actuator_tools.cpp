#include "app/meltbox/actuators/actuator_tools.hpp"

#include <cmath>
#include <glm/trigonometric.hpp>
#include <optional>

#include "app/meltbox/app_state.hpp"
#include "physics/geometry/polygon.hpp"

namespace mb::app {

namespace {

using engine::gl::OverlayShape;

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

std::optional<Handle> rotate_handle(const AppState& s) {
  const Actuator* a = selected_actuator(s);
  if (!a || !s.frame) return std::nullopt;
  const Vec2 c = a->position();
  double reach = 0.0;
  for (Vec2 p : a->placed_shape(s.frame->settings.heater_size))
    reach = std::max(reach, glm::length(p - c));
  const double angle = glm::radians(a->orientation_deg - 90.0);
  const double length = reach + kRotateHandleStalkPixels / s.camera.zoom;
  return Handle{c, c + length * Vec2{std::cos(angle), std::sin(angle)},
                kRotateHandlePixels / s.camera.zoom};
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

Vec2 mouse_world(const AppState& s) {
  return s.camera.screen_to_world(s.tools.mouse);
}

}  // namespace

bool ActuatorTools::press(AppState& s, Vec2 w, int clicks) {
  if (mode_ == Mode::Place) return true;  // dropped on release
  if (mode_ == Mode::DrawPath) {
    if (clicks >= 2)
      finish_path(s);
    else
      path_.push_back(w);
    return true;
  }
  if (on_handle(s, w)) {
    mode_ = Mode::Rotate;
    rotate_deg_ = orientation_toward(*rotate_handle(s), w);
    return true;
  }
  if (const int hit = hit_actuator(s, w); hit >= 0) {
    s.tools.selected = hit;
    mode_ = Mode::Drag;
    drag_from_ = w;
    return true;
  }
  return false;
}

void ActuatorTools::drag(AppState& s, Vec2 w) {
  if (mode_ == Mode::Rotate)
    if (const auto h = rotate_handle(s)) rotate_deg_ = orientation_toward(*h, w);
}

void ActuatorTools::release(AppState& s, Vec2 w) {
  const Mode mode = mode_;
  if (mode == Mode::DrawPath) return;  // drawing goes on until Enter or a double click
  mode_ = Mode::Idle;
  if (mode == Mode::Place) {
    const int index = s.frame ? static_cast<int>(s.frame->actuators.size()) : 0;
    s.edit({ActuatorEdit::Kind::Add, index, {}, s.new_actuator(place_type_, w)});
    s.tools.selected = index;
    s.message = std::string("placed ") + to_string(place_type_) +
                ": it runs 100 units to the right; D draws its own path";
  } else if (mode == Mode::Drag) {
    const Vec2 delta = w - drag_from_;
    const Actuator* a = selected_actuator(s);
    if (!a || delta == Vec2{0.0, 0.0}) return;
    Actuator moved = *a;
    for (Vec2& p : moved.path.points) p += delta;
    change_selected(s, moved);
  } else if (mode == Mode::Rotate) {
    const Actuator* a = selected_actuator(s);
    if (!a || rotate_deg_ == a->orientation_deg) return;
    Actuator turned = *a;
    turned.orientation_deg = rotate_deg_;
    change_selected(s, turned);
  }
}

bool ActuatorTools::wheel(AppState& s, Vec2 at, int amount) {
  if (mode_ != Mode::Idle) return false;
  const int hit = hit_actuator(s, at);
  if (hit < 0) return false;
  s.tools.selected = hit;
  Actuator turned = *selected_actuator(s);
  turned.orientation_deg = std::fmod(turned.orientation_deg + 15.0 * amount, 360.0);
  change_selected(s, turned);
  return true;
}

bool ActuatorTools::key(AppState& s, SDL_Keycode key) {
  switch (key) {
    case SDLK_p:
      begin_place(s, ActuatorType::Pusher);
      return true;
    case SDLK_h:
      begin_place(s, ActuatorType::Heater);
      return true;
    case SDLK_d:
      begin_path(s);
      return true;
    case SDLK_RETURN:
    case SDLK_KP_ENTER:
      finish_path(s);
      return true;
    case SDLK_DELETE:
      delete_selected(s);
      return true;
    default:
      return false;
  }
}

void ActuatorTools::cancel(AppState&) {
  mode_ = Mode::Idle;
  path_.clear();
}

void ActuatorTools::begin_place(AppState& s, ActuatorType type) {
  mode_ = Mode::Place;
  place_type_ = type;
  s.message = "click on the canvas to place the " + std::string(to_string(type));
}

void ActuatorTools::begin_path(AppState& s) {
  const Actuator* a = selected_actuator(s);
  if (!a) {
    s.message = "select an actuator first, then draw its path";
    return;
  }
  mode_ = Mode::DrawPath;
  path_ = {a->position()};
  s.message = "click path points; Enter or double-click ends";
}

void ActuatorTools::finish_path(AppState& s) {
  if (mode_ != Mode::DrawPath) return;
  mode_ = Mode::Idle;
  const Actuator* a = selected_actuator(s);
  if (!a || path_.size() < 2) return;
  Actuator after = *a;
  after.path.points = path_;
  after.path_speeds.clear();  // a drawn path runs at the actuator's speed
  after.path.cyclic = false;
  after.path_advancement = 0.0;
  after.enabled = true;
  change_selected(s, after);
  path_.clear();
  s.message = "path set";
}

void ActuatorTools::delete_selected(AppState& s) {
  const Actuator* a = selected_actuator(s);
  if (!a) return;
  s.edit({ActuatorEdit::Kind::Remove, s.tools.selected, *a, {}});
  s.tools.selected = -1;
  mode_ = Mode::Idle;
}

void ActuatorTools::overlay(const AppState& s, const CanvasTool* held,
                            std::vector<OverlayShape>& out) const {
  const Vec2 w = mouse_world(s);
  const double heater_size = s.frame ? s.frame->settings.heater_size : 14.0;
  const engine::gl::Rgba ghost{1.0f, 1.0f, 1.0f, 0.8f};
  if (mode_ == Mode::Place) {
    const Actuator a = s.new_actuator(place_type_, w);
    out.push_back({a.placed_shape(heater_size), ghost, true, true});
    out.push_back({a.path.points, {1.0f, 1.0f, 0.4f, 0.6f}, false, false});
  } else if (mode_ == Mode::Drag && s.frame &&
             s.tools.selected < static_cast<int>(s.frame->snapshot.actuators.size())) {
    OverlayShape moved{s.frame->snapshot.actuators[static_cast<size_t>(s.tools.selected)].outline,
                       ghost, true, true};
    for (Vec2& p : moved.points) p += w - drag_from_;
    out.push_back(std::move(moved));
  } else if (mode_ == Mode::DrawPath) {
    OverlayShape path{path_, {1.0f, 1.0f, 0.4f, 0.9f}, false, false};
    path.points.push_back(w);
    out.push_back(std::move(path));
  } else if (mode_ == Mode::Rotate) {
    if (const Actuator* a = selected_actuator(s)) {
      Actuator turned = *a;
      turned.orientation_deg = rotate_deg_;
      out.push_back({turned.placed_shape(heater_size), ghost, true, true});
    }
  }
  // The rotate handle, while nothing else is going on.
  if (mode_ != Mode::Rotate && (mode_ != Mode::Idle || held)) return;
  auto h = rotate_handle(s);
  if (!h) return;
  if (mode_ == Mode::Rotate) {
    const double angle = glm::radians(rotate_deg_ - 90.0);
    h->tip = h->center + glm::length(h->tip - h->center) * Vec2{std::cos(angle), std::sin(angle)};
  }
  const bool hot = mode_ == Mode::Rotate || on_handle(s, w);
  const engine::gl::Rgba color =
      hot ? engine::gl::Rgba{1.0f, 1.0f, 0.5f, 1.0f} : engine::gl::Rgba{0.85f, 0.85f, 0.9f, 0.9f};
  out.push_back({{h->center, h->tip}, color, false, false});
  out.push_back({circle_polygon(h->tip, h->radius, 20), color, true, hot});
}

}  // namespace mb::app
