#pragma once
// What the sandbox's panels and canvas tools share: the physics thread's newest
// Frame (read only), the camera, the tool state, undo, stats history, requests.
// The UI changes the World only by pushing commands.
#include <deque>
#include <string>
#include <vector>

#include "app/meltbox/actuators/undo.hpp"
#include "app/meltbox/bodies/body_ui.hpp"
#include "app/meltbox/canvas/canvas.hpp"
#include "app/meltbox/gas/gas_ui.hpp"
#include "app/meltbox/options.hpp"
#include "app/meltbox/plan/plan_ui.hpp"
#include "app/meltbox/recent.hpp"
#include "engine/camera.hpp"
#include "engine/gl/renderer.hpp"
#include "engine/sim_thread.hpp"
#include "physics/io/warnings.hpp"

namespace mb::app {

// Recent values for the plots (one sample per new physics frame).
struct History {
  static constexpr size_t kLength = 240;
  std::vector<float> tick_ms, iterations, made, broken, frame_ms;
  std::vector<float> heat, molten, melt_front;  // the Heat panel's plots (TickStats)
  void add(std::vector<float>& series, float value) {
    if (series.size() >= kLength) series.erase(series.begin());
    series.push_back(value);
  }
};

// What the canvas tools share: the mouse, the selected actuator (the panel and the renderer
// show it) and the size of new pushers. Each tool keeps its own state (canvas/).
struct ToolState {
  double pusher_width = 12.0, pusher_height = 40.0;  // shape of new pushers
  int selected = -1;                                 // actuator index, -1: none
  Vec2 mouse{0.0, 0.0};                              // screen pixels
};

struct AppState {
  Options options;
  engine::SimThread* sim = nullptr;
  const engine::Frame* frame = nullptr;  // newest frame from the physics thread
  engine::Camera camera;
  engine::gl::RenderStyle style;
  ToolState tools;
  UndoStack undo;
  History history;
  GasUi gas;              // Gas panel, legend and disc grab (gas/gas_ui.hpp)
  BodiesUi bodies;        // Bodies panel, fibre handle, placing bodies (bodies/body_ui.hpp)
  PlanUi plan;            // Plan panel and target (plan/plan_ui.hpp)
  Canvas canvas{bodies};  // the mouse and keys on the canvas (canvas/canvas.hpp)
  SnapshotOptions snapshot_options;  // what the last SetSnapshotOptions asked for
  SimulatorSettings spot_settings;   // settings new spots and files are built with
  std::string message;               // status line: the last error or what was done
  uint64_t shown_error = 0;          // the Frame's error_serial last put on the status line
  std::string asset_dir, config_dir;
  std::vector<std::string> demos;
  std::string scene_name = "default";  // what the Simulation panel says is open
  std::string settings_name;           // the .cfg the scene came with, or ""
  RecentFiles recent;                  // files opened, for the Scene panel
  double pixel_scale = 1.0;            // drawable pixels per window unit (HiDPI)
  bool show_help = false, show_panels = true, show_hint = true, quit = false;
  bool request_home = true;
  std::string request_screenshot;
  double frame_ms = 0.0;
  // The UI's clock for mouse velocities (throws), seconds: the wall clock, or in a --script
  // run 1/60 s a frame, so a scripted throw is the same on a fast or a loaded machine.
  double clock = 0.0;
  float panel_width = 360.0f;
  int64_t scene_serial = -1;

  void push(engine::Command c) { sim->push(std::move(c)); }
  // Asks the physics thread for what the Snapshot should carry beyond the default: the
  // bodies' bonds while they are drawn (a large body has ~350k), the wax's outline while the
  // Plan panel is open or a target is set. Once a frame; sends a command only when that changes.
  void request_snapshot_options();
  // Performs an actuator edit and records it for undo.
  void edit(ActuatorEdit e);
  void undo_last();
  void redo_last();
  // Replaces the scene (new spot, file, demo); clears undo and tools.
  // `settings_from`: the .cfg it was built with, shown in the Simulation panel.
  void load(World world, const std::string& what, const std::string& settings_from = {});
  // A file by path or dropped: built with the current settings.
  void open_file(const std::string& path);
  // Prints each warning to stderr (the log) and appends their count and the first to the
  // status line.
  void report(const Warnings& warnings);
  // A demo scene (or the default): with its companion .cfg when there is one.
  void open_demo(const std::string& path);
  bool save_scene(const std::string& path);
  // The canvas's area: the window minus the side panel.
  Box canvas_area() const;
  // A fresh actuator of the given type at world point `at`, with a default path: a
  // straight line kNewPathLength units to the right.
  static constexpr double kNewPathLength = 100.0;
  Actuator new_actuator(ActuatorType type, Vec2 at) const;
};

}  // namespace mb::app
