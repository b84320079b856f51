#pragma once
// Recording and replay: a scene (the World at the start) plus the stamped world
// commands applied since, and how many ticks ran. Replaying gives the same World bit
// for bit, because World::tick() and apply_command() are deterministic.
#include <vector>

#include "engine/command.hpp"

namespace mb::engine {

struct Recording {
  World start;
  std::vector<StampedCommand> commands;  // world commands, in the order applied
  int64_t end_tick = 0;                  // World::time when the recording was taken
};

// Runs the recording: before each tick t, applies the commands stamped t; after the
// last tick, applies the commands stamped end_tick.
World replay(const Recording& recording);

}  // namespace mb::engine
