#include "physics/actuators/actuator_view.hpp"

namespace mb {

void ActuatorView::fill(const Actuator& a, double heater_size) {
  type = a.type;
  enabled = a.enabled;
  finished = a.finished();
  outline = a.placed_shape(heater_size);
  path = a.path.points;
  cyclic = a.path.cyclic;
  position = a.position();
}

}  // namespace mb
