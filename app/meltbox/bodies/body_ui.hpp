#pragma once
// The sandbox's body controls (docs/bodies.md, "The Bodies panel"): the Bodies panel, placing a new
// body by click, selecting a body, the fibre handle on the selected body, and the switch
// that asks the physics thread for the bonds. All of them read the Snapshot's bodies
// section and push body commands (engine/body_commands.hpp); none touches the World.
#include <string>
#include <vector>

#include "app/meltbox/canvas/canvas_tool.hpp"
#include "engine/gl/renderer.hpp"
#include "physics/peri/body.hpp"
#include "physics/peri/system.hpp"

namespace mb::app {

struct AppState;

// The "Add body" form.
struct BodyForm {
  enum Shape : int { Circle = 0, Rectangle = 1, Outline = 2, Mask = 3 };
  int shape = Circle;
  double radius = 60.0, width = 160.0, height = 60.0;
  std::string outline_path, mask_path;  // "" until the panel fills in the demo files
  double mask_scale = 2.0;              // length units per mask pixel
  double spacing = 6.0, horizon = 3.0;  // lattice spacing dx, delta / dx
  double angle_deg = 0.0;
  Vec2 velocity{0.0, 0.0};
  PeriMaterial material = preset_material(PeriPreset::NeoHookean, 8.0e5, 0.35, 1.0);
};

struct BodiesUi {
  enum class Mode {
    Idle,
    Place,       // a new body follows the mouse until a click drops it
    RotateFibre  // the selected body's fibre handle is dragged
  };
  Mode mode = Mode::Idle;
  BodyForm form;
  int selected = -1;  // body index, -1: none
  // The selected body's material and the bodies' settings as edited here. The UI owns
  // these copies while the user edits (the physics thread's values arrive a tick later);
  // they are taken afresh from the Frame when the selection, the scene or the body count
  // changes, or when the physics thread refused an edit.
  PeriMaterial material;
  PeriSettings settings;
  int synced_body = -1;
  size_t synced_count = 0;
  int64_t synced_scene = -1;
  uint64_t synced_error = 0;
  bool settings_synced = false;
  // A material edit not sent yet: sent at most every kSendSeconds while a widget is held
  // (each one rebuilds the body's constants on the physics thread), and on release.
  static constexpr double kSendSeconds = 0.1;
  bool material_pending = false;
  double material_sent_at = 0.0;
  std::string error;             // the physics thread's last refusal, shown in the panel
  bool bonds_requested = false;  // what the last SetSnapshotOptions asked for
  double fibre_drag = 0.0;       // world angle of the fibre handle while it is dragged
  PeriBodySpec placing;          // the body being placed by click (its files already read)
};

// Once a frame, after the newest Frame is taken: takes the edited copies afresh when due,
// shows a refusal, sends a pending material edit, and asks for the bonds while they are
// drawn.
void bodies_frame_update(AppState& s);
// Sends the selected body's edited material (now, or when the throttle allows).
void send_body_material(AppState& s, bool now);

// The spec the form describes, placed at world point `at` (files are read here). False
// with `error` set when a file cannot be read.
bool form_spec(const AppState& s, Vec2 at, PeriBodySpec& out, std::string& error);
void add_body_at(AppState& s, Vec2 at);
void begin_place_body(AppState& s);  // the next click on the canvas drops the new body
// The point of the canvas's centre in the world.
Vec2 view_centre(const AppState& s);

// The bodies on the canvas, first of the canvas tools: placing a body (armed by B or the
// panel), dragging the fibre handle; a press on a body selects it and is not taken, so the
// matter grab goes on.
class BodyTools final : public CanvasTool {
 public:
  explicit BodyTools(const BodiesUi& ui) : ui_(ui) {}
  bool press(AppState& s, Vec2 at, int clicks) override;
  void drag(AppState& s, Vec2 at) override;
  void release(AppState& s, Vec2 at) override;
  bool key(AppState& s, SDL_Keycode key) override;
  bool armed() const override;
  void cancel(AppState& s) override;
  // The fibre handle of the selected body and the ghost of a body being placed.
  void overlay(const AppState& s, const CanvasTool* held,
               std::vector<engine::gl::OverlayShape>& out) const override;

 private:
  const BodiesUi& ui_;
};

bool body_mouse_down(AppState& s, Vec2 world);
bool body_mouse_up(AppState& s, Vec2 world);
void body_mouse_motion(AppState& s, Vec2 world);
void body_overlay(const AppState& s, bool others_busy, std::vector<engine::gl::OverlayShape>& out);

// Material and settings editors with a tooltip on every value (body_widgets.cpp). True
// when the user changed something this frame.
bool material_editor(PeriMaterial& m, const char* id);
bool settings_editor(PeriSettings& v);

void bodies_panel(AppState& s);    // the Bodies panel (panel_bodies.cpp)
void bodies_overlay(AppState& s);  // the body colour legend at the canvas's top right

}  // namespace mb::app
