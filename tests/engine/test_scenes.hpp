#pragma once
// Small Worlds for the engine tests.
#include "physics/springs/lattice.hpp"
#include "physics/world/world.hpp"

namespace mb::engine::test {

inline World strip_world() {
  World w;
  w.net = rectangle_spot({-30.0, -10.0}, {30.0, 10.0}, w.settings);
  Actuator p;
  p.name = "puller";
  p.speed = 0.5;
  p.shape = rectangle_polygon({-4.0, -14.0}, {4.0, 14.0});
  p.path.points = {{30.0, 0.0}, {45.0, 0.0}, {30.0, 0.0}};
  w.actuators.push_back(p);
  return w;
}

inline Actuator heater_at(Vec2 at) {
  Actuator h;
  h.type = ActuatorType::Heater;
  h.speed = 1.0;
  h.path.points = {at, at + Vec2{0.0, 20.0}};
  return h;
}

}  // namespace mb::engine::test
