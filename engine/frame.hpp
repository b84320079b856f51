#pragma once
// What the physics thread publishes after every tick (and after commands applied
// while paused): the renderer's Snapshot plus what the panels show. The UI reads it
// and never touches the World.
#include <cstdint>
#include <string>
#include <vector>

#include "physics/world/snapshot.hpp"

namespace mb::engine {

struct Frame {
  Snapshot snapshot;
  std::vector<Actuator> actuators;  // full actuator values, for the editing panels
  SimulatorSettings settings;
  GrabSettings grab_settings;
  bool inelastic = false;
  bool cross_contacts = true;  // World::cross_contacts
  // Pacing.
  bool paused = false;
  double ticks_per_second = 60.0;
  double time_scale = 1.0;
  bool fast = false;
  double achieved_tps = 0.0;  // ticks run in the last second
  // Totals since the scene started.
  int64_t springs_made = 0, springs_broken = 0;
  int64_t scene_serial = 0;  // increases on every LoadScene and Reset
  // The last world command the physics thread refused (a body that cannot be built or
  // placed) and why; error_serial increases with each refusal.
  std::string command_error;
  uint64_t error_serial = 0;
  uint64_t commands_applied = 0;  // commands handled before this frame (SimThread::pushed)
  uint64_t serial = 0;            // increases on every publish
};

}  // namespace mb::engine
