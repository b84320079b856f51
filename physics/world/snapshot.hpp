#pragma once
// A Snapshot is what a renderer needs of one tick, in flat arrays it can upload
// as they are: it never touches the World. The physics thread fills one after
// every tick; a new kind of matter adds its own section here.
#include <cstdint>
#include <vector>

#include "physics/world/world.hpp"

namespace mb {

struct ActuatorView {
  ActuatorType type = ActuatorType::Pusher;
  bool enabled = true;
  bool finished = false;
  std::vector<Vec2> outline;  // placed shape, world coordinates
  std::vector<Vec2> path;     // path points (closed when cyclic)
  bool cyclic = false;
  Vec2 position{0.0, 0.0};
};

struct Snapshot {
  int64_t tick = 0;
  // Particles.
  std::vector<float> px, py, radius;
  std::vector<uint8_t> state;           // ParticleState
  std::vector<float> cooldown_left;     // molten: fraction of CooldownTime left (0..1)
  // Springs: particle index pairs and strain (gap - L) / L.
  std::vector<int32_t> spring_a, spring_b;
  std::vector<float> strain;
  // Actuators and the mouse grab.
  std::vector<ActuatorView> actuators;
  bool grab_active = false;
  Vec2 grab_target{0.0, 0.0};
  Box box;
  TickStats stats;
  double tick_seconds = 0.0;  // wall time of the last tick (filled by the physics thread)

  void fill_from(const World& world);
};

}  // namespace mb
