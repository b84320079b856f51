#pragma once
// The planner tests' small world: a spot, a heater, and the paths and settings they plan with.
#include <optional>
#include <string>
#include <vector>

#include "physics/io/settings_io.hpp"
#include "physics/springs/lattice.hpp"
#include "physics/springs/outline.hpp"
#include "physics/world/plan_path.hpp"
#include "physics/world/planner.hpp"

namespace mbtest {

// A small spot of the pumping preset's wax (lattice spacing 7.5) and a 12x12 heater at speed
// 2: a pass is a few dozen ticks, so a plan of a few dozen rollouts takes about a second.
inline mb::World small_world() {
  mb::World world;
  mb::Warnings warnings;
  world.settings = mb::load_settings(MELTBOX_SOURCE_DIR "/configs/pumping.cfg", warnings);
  world.inelastic = true;
  world.net = mb::circle_spot({0.0, 0.0}, 22.0, world.settings);
  mb::Actuator heater;
  heater.type = mb::ActuatorType::Heater;
  heater.speed = 2.0;
  heater.shape = mb::rectangle_polygon({0, 0}, {12, 12});
  heater.path.points = {{-50, 0}, {50, 0}};
  world.actuators.push_back(heater);
  return world;
}

// The outline that `path` of the heater leaves.
inline mb::Polygon run_path(const mb::World& world, const std::vector<mb::Vec2>& path) {
  mb::World w = world;
  w.actuators[0].path.points = path;
  while (w.actuators_running()) w.tick();
  w.finish_run();
  return mb::network_outline(w.net);
}

inline mb::PlanSettings small_settings() {
  mb::PlanSettings s = mb::default_plan_settings();
  s.max_passes = 1;
  s.budget_rollouts = 24;
  s.population = 8;
  s.elites = 3;
  s.threads = 2;
  s.finish_pokes = 0;  // the chords alone (plan_poke_test.cpp plans pokes)
  return s;
}

// A path of `passes` known chords on the planner's own travel circle.
inline std::vector<mb::Vec2> known_path(const mb::World& world,
                                        const std::vector<mb::Vec2>& passes) {
  const mb::PlanGeometry g = mb::plan_geometry(world, mb::default_plan_settings());
  const mb::TravelCircle circle{g.centre, g.travel_radius};
  std::vector<mb::Vec2> path;
  for (mb::Vec2 p : passes) {
    const std::optional<mb::Vec2> previous =
        path.empty() ? std::nullopt : std::optional<mb::Vec2>(path.back());
    const std::vector<mb::Vec2> points = mb::pass_points(
        circle, previous, mb::pass_chord(circle, p.x, p.y), world.actuators[0].speed);
    path.insert(path.end(), points.begin(), points.end());
  }
  return path;
}

}  // namespace mbtest
