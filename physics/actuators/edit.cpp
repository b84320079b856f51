#include "physics/actuators/edit.hpp"

#include <string>

#include "physics/core/error.hpp"

namespace mb {

namespace {

Actuator& existing(std::vector<Actuator>& list, int index, const char* what) {
  if (index < 0 || index >= static_cast<int>(list.size()))
    throw Error("no actuator " + std::to_string(index) + " to " + what + " (there are " +
                std::to_string(list.size()) + ")");
  return list[static_cast<size_t>(index)];
}

bool same_placement(const Actuator& a, const Actuator& b) {
  return a.shape == b.shape && a.path.points == b.path.points && a.path.cyclic == b.path.cyclic &&
         a.orientation_deg == b.orientation_deg && a.path_advancement == b.path_advancement;
}

}  // namespace

void release_particles(SpringNetwork& net, std::vector<int32_t>& held) {
  for (int32_t i : held)
    if (i < net.particle_count() && net.state[i] == ParticleState::Gripped)
      net.state[i] = ParticleState::Frozen;
  held.clear();
}

void restart(SpringNetwork& net, Actuator& a) {
  release_particles(net, a.gripped);
  a.gripped_points.clear();  // held only while listed: nothing else to undo
  a.grip_lag = Vec2{0.0, 0.0};
  a.started = false;
}

Actuator fresh_copy(const Actuator& actuator) {
  Actuator a = actuator;
  a.gripped.clear();
  a.gripped_points.clear();
  a.grip_lag = Vec2{0.0, 0.0};
  a.started = false;
  return a;
}

void insert_actuator(std::vector<Actuator>& list, int index, const Actuator& actuator) {
  const bool append = index < 0 || index >= static_cast<int>(list.size());
  list.insert(append ? list.end() : list.begin() + index, fresh_copy(actuator));
}

void remove_actuator(SpringNetwork& net, std::vector<Actuator>& list, int index) {
  restart(net, existing(list, index, "remove"));
  list.erase(list.begin() + index);
}

void edit_actuator(SpringNetwork& net, std::vector<Actuator>& list, int index, const Actuator& v) {
  Actuator& a = existing(list, index, "edit");
  if (!same_placement(a, v) || (a.enabled && !v.enabled)) restart(net, a);
  a.type = v.type;
  a.name = v.name;
  a.enabled = v.enabled;
  a.speed = v.speed;
  a.path_advancement = v.path_advancement;
  a.orientation_deg = v.orientation_deg;
  a.spring_crossing_allowed = v.spring_crossing_allowed;
  a.firm_grip = v.firm_grip;
  a.final_release = v.final_release;
  a.shape = v.shape;
  a.path = v.path;
  a.path_speeds = v.path_speeds;
}

}  // namespace mb
