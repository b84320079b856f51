#include "engine/replay.hpp"

namespace mb::engine {

World replay(const Recording& recording) {
  World world = recording.start;
  size_t next = 0;
  const auto& cmds = recording.commands;
  for (;;) {
    while (next < cmds.size() && cmds[next].tick <= world.time)
      apply_command(world, cmds[next++].command);
    if (world.time >= recording.end_tick) break;
    world.tick();
  }
  return world;
}

}  // namespace mb::engine
