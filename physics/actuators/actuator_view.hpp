#pragma once
// What a renderer and the canvas tools see of an actuator: its placed outline and path in
// world coordinates.
#include <vector>

#include "physics/actuators/actuator.hpp"

namespace mb {

struct ActuatorView {
  ActuatorType type = ActuatorType::Pusher;
  bool enabled = true;
  bool finished = false;
  std::vector<Vec2> outline;  // placed shape, world coordinates
  std::vector<Vec2> path;     // path points (closed when cyclic)
  bool cyclic = false;
  Vec2 position{0.0, 0.0};

  // `heater_size`: the disc a heater without a shape covers ([Heater] Size).
  void fill(const Actuator& actuator, double heater_size);
};

}  // namespace mb
