#pragma once
// A Snapshot is what a renderer needs of one tick, in flat arrays it can upload as they
// are: it never touches the World. The physics thread fills one after every tick. Each
// kind of matter owns its view (springs_view, gas_view, peri/view, actuator_view); a new
// kind adds its own view here.
#include <cstdint>
#include <vector>

#include "physics/actuators/actuator_view.hpp"
#include "physics/gas/gas_view.hpp"
#include "physics/peri/view.hpp"
#include "physics/springs/springs_view.hpp"
#include "physics/world/world.hpp"

namespace mb {

// What a Snapshot carries beyond the default, asked for by the UI.
struct SnapshotOptions {
  bool peri_bonds = false;  // the bodies' unbroken bonds (large: only while they are drawn)
  bool outline = false;     // the wax's outline (the Plan tool's live distance to its target)
  bool operator==(const SnapshotOptions&) const = default;
};

struct Snapshot {
  int64_t tick = 0;
  SpringsView springs;
  GasView gas;
  BodiesView bodies;
  std::vector<ActuatorView> actuators;
  // The mouse grab.
  bool grab_active = false;
  Vec2 grab_target{0.0, 0.0};
  Vec2 grab_held{0.0, 0.0};  // where the held material is (drawn joined to the target)
  Box box;
  // The outline of the piece of wax holding the leftmost particle (springs/outline.hpp), as
  // the CLI writes it and the planner scores it; only with SnapshotOptions::outline.
  Polygon outline;
  TickStats stats;
  double tick_seconds = 0.0;  // wall time of the last tick (filled by the physics thread)

  void fill_from(const World& world, const SnapshotOptions& options = {});
};

}  // namespace mb
