#include "app/meltbox/app_state.hpp"

#include <cstdio>
#include <memory>

#include "app/meltbox/scenes.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/scene_io.hpp"

namespace mb::app {

void AppState::edit(ActuatorEdit e) {
  push(forward(e));
  undo.record(std::move(e));
}

void AppState::undo_last() {
  if (auto c = undo.undo()) {
    push(std::move(*c));
    message = "undone";
  }
}

void AppState::redo_last() {
  if (auto c = undo.redo()) {
    push(std::move(*c));
    message = "redone";
  }
}

void AppState::request_snapshot_options() {
  SnapshotOptions want;
  want.peri_bonds = style.bodies.show && style.bodies.bonds;
  want.outline = plan.panel_open || !plan.target.empty();
  if (want == snapshot_options) return;
  push(engine::SetSnapshotOptions{want});
  snapshot_options = want;
}

void AppState::load(World world, const std::string& what, const std::string& settings_from) {
  scene_name = what;
  settings_name = settings_from;
  push(engine::LoadScene{std::make_shared<const World>(std::move(world))});
  undo.clear();
  ToolState fresh;
  fresh.pusher_width = tools.pusher_width;
  fresh.pusher_height = tools.pusher_height;
  tools = fresh;
  canvas.cancel(*this);
  plan.last.reset();  // its path belonged to the scene before
  plan.restart_distance();
  request_home = true;
  message = "opened " + what;
}

void AppState::report(const Warnings& warnings) {
  for (const std::string& w : warnings) std::fprintf(stderr, "meltbox: warning: %s\n", w.c_str());
  if (warnings.empty()) return;
  message += " (" + std::to_string(warnings.size()) +
             (warnings.size() == 1 ? " warning: " : " warnings, the first: ") + warnings.front() +
             ")";
}

void AppState::open_file(const std::string& path) {
  try {
    const SimulatorSettings settings = frame ? frame->settings : spot_settings;
    Warnings warnings;
    load(world_from_file(path, settings, warnings), path);
    report(warnings);
    recent.add(path);
  } catch (const std::exception& e) {
    message = e.what();
  }
}

void AppState::open_demo(const std::string& path) {
  try {
    const SimulatorSettings fallback = frame ? frame->settings : spot_settings;
    OpenedScene opened = open_with_settings(path, fallback, config_dir);
    load(std::move(opened.world), path, opened.settings_path);
    report(opened.warnings);
    recent.add(path);
  } catch (const std::exception& e) {
    message = e.what();
  }
}

bool AppState::save_scene(const std::string& path) {
  if (bodies.material_pending) send_body_material(*this, true);  // a throttled edit goes first
  try {
    const World world = sim->copy_world().get();
    save_simulator_xml(path, world);
    message = "saved " + path;
    return true;
  } catch (const std::exception& e) {
    message = std::string("cannot save the scene: ") + e.what();
    return false;
  }
}

Box AppState::canvas_area() const {
  const double left = show_panels ? panel_width * pixel_scale : 0.0;
  return {{left, 0.0}, camera.viewport};
}

Actuator AppState::new_actuator(ActuatorType type, Vec2 at) const {
  Actuator a;
  a.type = type;
  const size_t count = frame ? frame->actuators.size() : 0;
  a.name = std::string(to_string(type)) + "-" + std::to_string(count + 1);
  a.speed = frame ? frame->settings.actuator_speed : 2.0;
  if (type == ActuatorType::Pusher) {
    const double w = 0.5 * tools.pusher_width, h = 0.5 * tools.pusher_height;
    a.shape = rectangle_polygon({-w, -h}, {w, h});
  }
  // A path to start from, which the user then redraws with D: without one the
  // actuator would finish on its first tick.
  a.path.points = {at, at + Vec2{kNewPathLength, 0.0}};
  return a;
}

}  // namespace mb::app
