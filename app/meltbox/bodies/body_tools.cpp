// Bodies on the canvas and the per-frame bookkeeping of the Bodies panel: placing a new
// body (at the view centre or by click), selecting a body by pressing on it, the fibre
// handle of the selected body, and keeping the panel's edited copies in step with the
// physics thread. Every change goes out as a body command (engine/body_commands.hpp).
#include <chrono>
#include <cmath>
#include <filesystem>
#include <glm/trigonometric.hpp>
#include <numbers>
#include <optional>

#include "app/meltbox/app_state.hpp"
#include "app/meltbox/bodies/body_tools.hpp"
#include "app/meltbox/canvas/matter_grab.hpp"
#include "physics/geometry/polygon.hpp"
#include "physics/io/input_files.hpp"
#include "physics/io/scene_io.hpp"

namespace mb::app {

namespace {

using engine::gl::OverlayShape;

double now_seconds() {
  using Clock = std::chrono::steady_clock;
  return std::chrono::duration<double>(Clock::now().time_since_epoch()).count();
}

const PeriBodyView* selected_view(const AppState& s) {
  if (!s.frame) return nullptr;
  const auto& views = s.frame->snapshot.bodies.bodies;
  const int k = s.bodies.selected;
  return k >= 0 && k < static_cast<int>(views.size()) ? &views[static_cast<size_t>(k)] : nullptr;
}

// The fibre handle: a stick from the body's centroid along the fibres, past its farthest
// point, ending in a small circle. It turns with the body.
struct FibreHandle {
  Vec2 center{0.0, 0.0}, tip{0.0, 0.0};
  double length = 0.0, radius = 0.0, angle = 0.0;
};

std::optional<FibreHandle> fibre_handle(const AppState& s) {
  const PeriBodyView* v = selected_view(s);
  if (!v) return std::nullopt;
  FibreHandle h;
  h.center = v->centroid;
  h.angle = s.bodies.mode == BodiesUi::Mode::RotateFibre
                ? s.bodies.fibre_drag
                : s.bodies.material.fibre_angle + v->build_angle + v->rotation;
  h.length = v->reach + kRotateHandleStalkPixels / s.camera.zoom;
  h.radius = kRotateHandlePixels / s.camera.zoom;
  h.tip = h.center + h.length * Vec2{std::cos(h.angle), std::sin(h.angle)};
  return h;
}

bool on_fibre_handle(const AppState& s, Vec2 w) {
  const auto h = fibre_handle(s);
  return h && glm::length(w - h->tip) <= 1.5 * h->radius;
}

// Fibres are an axis: an angle and the same angle plus pi are the same fibres.
double fold_axis(double a) {
  return std::remainder(a, std::numbers::pi);  // [-pi/2, pi/2]
}

// The body with a point under world point w (within its radius, or a few pixels), or -1.
int body_at(const AppState& s, Vec2 w) {
  const Snapshot& snap = s.frame->snapshot;
  const double slack = 3.0 / s.camera.zoom;
  int body = -1;
  double best = 0.0;
  for (size_t i = 0; i < snap.bodies.x.size(); ++i) {
    const double d = glm::length(Vec2{snap.bodies.x[i], snap.bodies.y[i]} - w);
    if (d > snap.bodies.radius[i] + slack || (body >= 0 && d >= best)) continue;
    best = d;
    body = 0;
    while (body + 1 < static_cast<int>(snap.bodies.body_first.size()) &&
           snap.bodies.body_first[static_cast<size_t>(body) + 1] <= static_cast<int32_t>(i))
      ++body;
  }
  return body;
}

// The outline of `spec`'s shape in body coordinates, centred like the builder centres it
// (a mask: its bounding rectangle).
std::vector<Vec2> local_outline(const PeriShape& shape) {
  switch (shape.kind) {
    case PeriShapeKind::Circle:
      return circle_polygon({0.0, 0.0}, shape.radius, 40);
    case PeriShapeKind::Polygon: {
      std::vector<Vec2> out = shape.outline;
      const Vec2 c = area_centroid(shape.outline);
      for (Vec2& p : out) p -= c;
      return out;
    }
    case PeriShapeKind::Rectangle:
    case PeriShapeKind::Mask:
      break;
  }
  const bool mask = shape.kind == PeriShapeKind::Mask;
  const double hw = 0.5 * (mask ? shape.mask.width * shape.mask_scale : shape.width);
  const double hh = 0.5 * (mask ? shape.mask.height * shape.mask_scale : shape.height);
  return {{-hw, -hh}, {hw, -hh}, {hw, hh}, {-hw, hh}};
}

// The body being placed, drawn at w.
std::vector<Vec2> ghost_outline(const PeriBodySpec& spec, Vec2 w) {
  std::vector<Vec2> out = local_outline(spec.shape);
  const double c = std::cos(spec.angle), sn = std::sin(spec.angle);
  for (Vec2& p : out) p = w + Vec2{c * p.x - sn * p.y, sn * p.x + c * p.y};
  return out;
}

// Takes the edited copies afresh from the Frame when the selection, the scene or the body
// count changed, or the physics thread refused something.
void sync(AppState& s) {
  BodiesUi& b = s.bodies;
  const engine::Frame& f = *s.frame;
  const auto& views = f.snapshot.bodies.bodies;
  if (b.selected >= static_cast<int>(views.size())) b.selected = -1;  // it was removed
  const bool fresh = b.synced_scene != f.scene_serial || b.synced_count != views.size() ||
                     b.synced_error != f.error_serial;
  // A body was added: the selected index still names the same body, so a throttled edit
  // still goes to it before the copy is taken afresh.
  if (fresh && b.material_pending && b.synced_scene == f.scene_serial &&
      views.size() > b.synced_count)
    send_body_material(s, true);
  if (fresh || !b.settings_synced) b.settings = f.snapshot.bodies.settings;
  b.settings_synced = true;
  if (fresh || b.synced_body != b.selected) {
    if (const PeriBodyView* v = selected_view(s)) b.material = v->material;
    b.material_pending = false;
  }
  b.synced_scene = f.scene_serial;
  b.synced_count = views.size();
  b.synced_error = f.error_serial;
  b.synced_body = b.selected;
}

void push_body(AppState& s, PeriBodySpec spec) {
  char text[96];
  std::snprintf(text, sizeof text, "added a body at (%.0f, %.0f)", spec.position.x,
                spec.position.y);
  s.push(engine::AddBody{std::move(spec)});
  s.bodies.error.clear();
  s.message = text;
}

}  // namespace

void bodies_frame_update(AppState& s) {
  BodiesUi& b = s.bodies;
  const engine::Frame& f = *s.frame;
  if (f.error_serial != b.synced_error && !f.command_error.empty()) b.error = f.command_error;
  if (f.scene_serial != b.synced_scene) b.error.clear();
  sync(s);
  if (b.material_pending) send_body_material(s, false);
}

void send_body_material(AppState& s, bool now) {
  BodiesUi& b = s.bodies;
  b.material_pending = true;
  if (b.selected < 0) return;
  const double t = now_seconds();
  if (!now && t - b.material_sent_at < BodiesUi::kSendSeconds) return;
  s.push(engine::SetBodyMaterial{b.selected, b.material});
  b.material_sent_at = t;
  b.material_pending = false;
}

bool form_spec(const AppState& s, Vec2 at, PeriBodySpec& out, std::string& error) {
  const BodyForm& f = s.bodies.form;
  PeriBodySpec spec;
  spec.material = f.material;
  spec.spacing = f.spacing;
  spec.horizon = f.horizon;
  spec.position = at;
  spec.angle = glm::radians(f.angle_deg);
  spec.velocity = f.velocity;
  PeriShape& shape = spec.shape;
  try {
    switch (f.shape) {
      case BodyForm::Circle:
        shape.kind = PeriShapeKind::Circle;
        shape.radius = f.radius;
        break;
      case BodyForm::Rectangle:
        shape.kind = PeriShapeKind::Rectangle;
        shape.width = f.width;
        shape.height = f.height;
        break;
      case BodyForm::Outline:
        shape.kind = PeriShapeKind::Polygon;
        shape.source = std::filesystem::absolute(f.outline_path).string();
        shape.outline = load_outline_csv(shape.source);
        break;
      default:
        shape.kind = PeriShapeKind::Mask;
        shape.source = std::filesystem::absolute(f.mask_path).string();
        shape.mask = load_png_mask(shape.source);
        shape.mask_scale = f.mask_scale;
        break;
    }
  } catch (const std::exception& e) {
    error = e.what();
    return false;
  }
  out = std::move(spec);
  return true;
}

void add_body_at(AppState& s, Vec2 at) {
  PeriBodySpec spec;
  std::string error;
  if (!form_spec(s, at, spec, error)) {
    s.bodies.error = error;
    s.message = error;
    return;
  }
  push_body(s, std::move(spec));
}

void begin_place_body(AppState& s) {
  PeriBodySpec spec;
  std::string error;
  if (!form_spec(s, {0.0, 0.0}, spec, error)) {  // the files are read once, here
    s.bodies.error = error;
    s.message = error;
    return;
  }
  s.bodies.placing = std::move(spec);
  s.bodies.mode = BodiesUi::Mode::Place;
  s.message = "click on the canvas to drop the body (Esc cancels)";
}

Vec2 view_centre(const AppState& s) {
  const Box c = s.canvas_area();
  return s.camera.screen_to_world(0.5 * (c.min + c.max));
}

bool body_mouse_down(AppState& s, Vec2 w) {
  if (s.bodies.mode == BodiesUi::Mode::Place) return true;  // dropped on release
  if (on_fibre_handle(s, w)) {
    s.bodies.mode = BodiesUi::Mode::RotateFibre;
    s.bodies.fibre_drag = fibre_handle(s)->angle;
    return true;
  }
  if (s.frame)
    if (const int hit = body_at(s, w); hit >= 0) s.bodies.selected = hit;
  return false;
}

bool body_mouse_up(AppState& s, Vec2 w) {
  if (s.bodies.mode == BodiesUi::Mode::Place) {
    s.bodies.mode = BodiesUi::Mode::Idle;
    PeriBodySpec spec = s.bodies.placing;
    spec.position = w;
    push_body(s, std::move(spec));
    return true;
  }
  if (s.bodies.mode != BodiesUi::Mode::RotateFibre) return false;
  s.bodies.mode = BodiesUi::Mode::Idle;
  if (const PeriBodyView* v = selected_view(s)) {
    // The material's fibre angle is in the body's own frame.
    s.bodies.material.fibre_angle = fold_axis(s.bodies.fibre_drag - v->build_angle - v->rotation);
    send_body_material(s, true);
    char text[80];
    std::snprintf(text, sizeof text, "fibres at %.1f deg in the body's frame",
                  glm::degrees(s.bodies.material.fibre_angle));
    s.message = text;
  }
  return true;
}

void body_mouse_motion(AppState& s, Vec2 w) {
  if (s.bodies.mode != BodiesUi::Mode::RotateFibre) return;
  if (const PeriBodyView* v = selected_view(s)) {
    const Vec2 d = w - v->centroid;
    if (d != Vec2{0.0, 0.0}) s.bodies.fibre_drag = std::atan2(d.y, d.x);
  }
}

void body_overlay(const AppState& s, bool others_busy, std::vector<OverlayShape>& out) {
  const BodiesUi::Mode mode = s.bodies.mode;
  if (mode == BodiesUi::Mode::Place) {
    const Vec2 w = s.camera.screen_to_world(s.tools.mouse);
    out.push_back({ghost_outline(s.bodies.placing, w), {1.0f, 1.0f, 1.0f, 0.8f}, true, true});
    out.push_back(
        {circle_polygon(w, 4.0 / s.camera.zoom, 12), {1.0f, 1.0f, 0.4f, 0.9f}, true, false});
    return;
  }
  if (others_busy) return;
  const auto h = fibre_handle(s);
  if (!h) return;
  const bool hot = mode == BodiesUi::Mode::RotateFibre ||
                   on_fibre_handle(s, s.camera.screen_to_world(s.tools.mouse));
  const engine::gl::Rgba color =
      hot ? engine::gl::Rgba{1.0f, 1.0f, 0.5f, 1.0f} : engine::gl::Rgba{1.0f, 0.85f, 0.3f, 0.95f};
  // The fibre axis through the whole body, then the handle on one side.
  const Vec2 dir{std::cos(h->angle), std::sin(h->angle)};
  const PeriBodyView* v = selected_view(s);
  const double reach = v ? v->reach : h->length;
  engine::gl::Rgba axis = color;
  axis[3] = 0.6f;
  out.push_back({{h->center - reach * dir, h->center + reach * dir}, axis, false, false});
  // The stick as a band a few pixels wide: a 1-pixel line is lost over the points.
  const Vec2 side = (2.0 / s.camera.zoom) * Vec2{-dir.y, dir.x};
  out.push_back(
      {{h->center + side, h->tip + side, h->tip - side, h->center - side}, color, true, true});
  out.push_back({circle_polygon(h->tip, h->radius, 20), color, true, hot});
  out.push_back({circle_polygon(h->center, 0.5 * h->radius, 12), color, true, false});
}

bool BodyTools::press(AppState& s, Vec2 at, int) {
  return body_mouse_down(s, at);
}

void BodyTools::drag(AppState& s, Vec2 at) {
  body_mouse_motion(s, at);
}

void BodyTools::release(AppState& s, Vec2 at) {
  body_mouse_up(s, at);
}

bool BodyTools::key(AppState& s, SDL_Keycode key) {
  if (key != SDLK_b) return false;
  begin_place_body(s);  // the Bodies panel's "Add body" form, dropped by a click
  return true;
}

bool BodyTools::armed() const {
  return ui_.mode == BodiesUi::Mode::Place;
}

void BodyTools::cancel(AppState& s) {
  s.bodies.mode = BodiesUi::Mode::Idle;
}

void BodyTools::overlay(const AppState& s, const CanvasTool* held,
                        std::vector<OverlayShape>& out) const {
  // The fibre handle stays while the matter grab drags the body, not while another tool
  // works.
  body_overlay(s, held && held != this && !dynamic_cast<const MatterGrab*>(held), out);
}

}  // namespace mb::app
