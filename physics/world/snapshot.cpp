#include "physics/world/snapshot.hpp"

namespace mb {

void Snapshot::fill_from(const World& world, const SnapshotOptions& options) {
  tick = world.time;
  springs.fill(world.net, world.time, world.settings);
  gas.fill(world.gas);
  bodies.fill(world.bodies, options.peri_bonds);
  actuators.resize(world.actuators.size());
  for (size_t k = 0; k < world.actuators.size(); ++k)
    actuators[k].fill(world.actuators[k], world.settings.heater_size);
  // The springs' grab holds its particles at the cursor; the bodies' pulls them there.
  grab_active = world.grab().active || world.bodies.grab_active();
  grab_target = world.grab().active ? world.grab().target : world.bodies.grab_target();
  grab_held = world.grab().active ? world.grab().target : world.bodies.grab_held();
  box = world.box;
  stats = world.last_tick();
}

}  // namespace mb
