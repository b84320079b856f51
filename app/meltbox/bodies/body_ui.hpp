#pragma once
// The sandbox's bodies (docs/bodies.md, "The Bodies panel"): the state the Bodies panel
// and the body tools share, and the panel (panel_bodies.cpp). The canvas tools are in
// body_tools.hpp, the editors in body_widgets.hpp. All of them read the Snapshot's bodies
// section and push body commands (engine/body_commands.hpp); none touches the World.
#include <string>
#include <vector>

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
  // A little viscous (peri/viscosity.hpp), as the demo's bodies are: a new body settles.
  PeriMaterial material = [] {
    PeriMaterial m = preset_material(PeriPreset::NeoHookean, 8.0e5, 0.35, 1.0);
    m.viscosity = 0.005;
    return m;
  }();
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
  std::string error;        // the physics thread's last refusal, shown in the panel
  double fibre_drag = 0.0;  // world angle of the fibre handle while it is dragged
  PeriBodySpec placing;     // the body being placed by click (its files already read)
};

void bodies_panel(AppState& s);    // the Bodies panel (panel_bodies.cpp)
void bodies_overlay(AppState& s);  // the body colour legend at the canvas's top right

}  // namespace mb::app
