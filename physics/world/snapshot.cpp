#include "physics/world/snapshot.hpp"

#include "physics/springs/outline.hpp"

namespace mb {

namespace {
// Held discs drawn as held (GasView::held): those the grab's weight holds at least this
// firmly: within 0.71 of the grab radius (grab_weight 1/4 there), not the patch's rim.
constexpr double kFirmlyHeld = 0.25;
}  // namespace

void Snapshot::fill_from(const World& world, const SnapshotOptions& options) {
  tick = world.time;
  springs.fill(world.net, world.time, world.settings);
  gas.fill(world.gas);
  bodies.fill(world.bodies, options.peri_bonds);
  actuators.resize(world.actuators.size());
  for (size_t k = 0; k < world.actuators.size(); ++k)
    actuators[k].fill(world.actuators[k], world.settings.heater_size);
  // Every grab pulls what it holds towards the cursor: drawn from where it holds to there.
  const gas::GasGrab& disc_grab = world.gas_grab();
  grab_active = world.grab().active() || world.bodies.grab_active() || disc_grab.active();
  if (world.grab().active()) {
    grab_target = world.grab().patch.cursor;
    grab_held = world.grab().patch.x;
  } else if (disc_grab.active()) {
    grab_target = disc_grab.target();
    grab_held = disc_grab.held_at(world.gas);
  } else {
    grab_target = world.bodies.grab_target();
    grab_held = world.bodies.grab_held();
  }
  gas.held.clear();
  for (const gas::GasGrab::Held& d : disc_grab.held())
    if (d.weight >= kFirmlyHeld) gas.held.push_back(d.disc);
  box = world.box;
  outline.clear();
  if (options.outline && world.net.particle_count() > 0) outline = network_outline(world.net);
  stats = world.last_tick();
}

}  // namespace mb
