#include "physics/world/world.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "physics/geometry/segment.hpp"

namespace mb {

std::vector<int32_t> particles_inside(const SpringNetwork& net, const Polygon& poly) {
  std::vector<int32_t> out;
  if (poly.size() < 3) return out;
  const Box box = bounding_box(poly);
  for (int32_t i = 0; i < net.particle_count(); ++i) {
    const Vec2 p{net.x[i], net.y[i]};
    if (p.x < box.min.x || p.x > box.max.x || p.y < box.min.y || p.y > box.max.y) continue;
    if (contains(poly, p)) out.push_back(i);
  }
  return out;
}

bool World::has_heater() const {
  return std::any_of(actuators.begin(), actuators.end(),
                     [](const Actuator& a) { return a.type == ActuatorType::Heater; });
}

bool World::actuators_running() const {
  return std::any_of(actuators.begin(), actuators.end(),
                     [](const Actuator& a) { return !a.finished(); });
}

TickStats World::tick() {
  std::vector<Vec2> steps;
  std::vector<uint8_t> active;
  move_actuators(steps, active);
  pre_process();
  TickStats stats;
  act(steps, active, stats);
  const TickStats relaxed = relax(settings.convergence_limit, settings.iterations());
  stats.iterations = relaxed.iterations;
  stats.max_force = relaxed.max_force;
  stats.converged = relaxed.converged;
  stats.rollbacks = relaxed.rollbacks;
  stats.springs_made += relaxed.springs_made;
  stats.springs_broken += relaxed.springs_broken;
  post_process();
  if (!gas.empty()) gas.step(box);        // step 6: the gas, independent of the springs for now
  if (!bodies.empty()) bodies.step(box);  // step 7: peridynamic bodies (physics/peri)
  ++time;
  last_ = stats;
  return stats;
}

void World::move_actuators(std::vector<Vec2>& steps, std::vector<uint8_t>& active) {
  steps.assign(actuators.size(), Vec2{0.0, 0.0});
  active.assign(actuators.size(), 0);
  for (size_t k = 0; k < actuators.size(); ++k) {
    Actuator& a = actuators[k];
    if (a.finished()) continue;
    active[k] = 1;
    if (!a.started) continue;  // its first tick: it acts at its start position
    const Vec2 before = a.position();
    a.path_advancement = std::min(a.path_advancement + a.speed, a.path_length());
    steps[k] = a.position() - before;
  }
}

void World::pre_process() {
  for (int32_t i = 0; i < net.particle_count(); ++i) {
    if (net.state[i] == ParticleState::Molten && net.freeze_tick[i] <= time) {
      net.state[i] = ParticleState::Frozen;
      net.radius[i] = settings.default_radius;
      net.movable[i] = 1;  // contracts during this tick's relaxation
    }
  }
}

void World::act(const std::vector<Vec2>& steps, const std::vector<uint8_t>& active,
                TickStats& stats) {
  for (size_t k = 0; k < actuators.size(); ++k) {
    Actuator& a = actuators[k];
    if (!active[k]) continue;
    const bool first_tick = !a.started;
    a.started = true;
    if (a.type == ActuatorType::Heater)
      apply_heater(a, stats);
    else
      apply_pusher(a, steps[k], first_tick);
  }
  apply_grab();
}

void World::apply_heater(const Actuator& heater, TickStats& stats) {
  for (int32_t i : particles_inside(net, heater.placed_shape(settings.heater_size))) {
    if (net.state[i] == ParticleState::Gripped) continue;
    net.state[i] = ParticleState::Molten;
    net.radius[i] = settings.molten_radius;
    net.movable[i] = 1;
    net.freeze_tick[i] = time + static_cast<int64_t>(settings.cooldown_time);
    ++stats.melted;
  }
}

namespace {
// True when dragging particle p by `step` would carry it across a spring that does not
// move with it (its ends are not gripped by the same pusher).
bool drag_crosses(const SpringNetwork& net, int32_t p, Vec2 step,
                  const std::vector<uint8_t>& held) {
  const Vec2 from{net.x[p], net.y[p]}, to = from + step;
  for (int32_t s = 0; s < net.spring_count(); ++s) {
    const int32_t a = net.a[s], b = net.b[s];
    if (a == p || b == p || (held[a] && held[b])) continue;
    if (segments_cross(from, to, {net.x[a], net.y[a]}, {net.x[b], net.y[b]})) return true;
  }
  return false;
}
}  // namespace

void World::apply_pusher(Actuator& pusher, Vec2 step, bool first_tick) {
  if (first_tick || !pusher.firm_grip) {
    // Release what the shape no longer covers (non-firm grip), then catch what it covers
    // at its position before this tick's move.
    for (int32_t i : pusher.gripped)
      if (net.state[i] == ParticleState::Gripped) net.state[i] = ParticleState::Frozen;
    const Vec2 back = -step;
    Polygon shape = pusher.placed_shape(settings.heater_size);
    for (Vec2& v : shape) v += back;
    pusher.gripped = particles_inside(net, shape);
    for (int32_t i : pusher.gripped) net.state[i] = ParticleState::Gripped;
  }
  if (step == Vec2{0.0, 0.0}) return;
  if (!pusher.spring_crossing_allowed) {
    // A particle that would be dragged through a spring slips out of the grip instead.
    std::vector<uint8_t> held(static_cast<size_t>(net.particle_count()), 0);
    for (int32_t i : pusher.gripped) held[i] = 1;
    std::erase_if(pusher.gripped, [&](int32_t i) {
      if (!drag_crosses(net, i, step, held)) return false;
      net.state[i] = ParticleState::Frozen;
      return true;
    });
  }
  for (int32_t i : pusher.gripped) {
    net.x[i] += step.x;
    net.y[i] += step.y;
  }
}

int World::grab_begin(Vec2 at, double radius) {
  grab_end();
  double best = std::numeric_limits<double>::max();
  int32_t nearest = -1;
  for (int32_t i = 0; i < net.particle_count(); ++i) {
    const double d = glm::length(Vec2{net.x[i], net.y[i]} - at);
    if (d <= radius) grab_.particles.push_back(i);
    if (d < best) best = d, nearest = i;
  }
  if (grab_.particles.empty() && nearest >= 0 && best <= 2.0 * radius)
    grab_.particles.push_back(nearest);
  std::erase_if(grab_.particles, [&](int32_t i) { return net.state[i] == ParticleState::Gripped; });
  for (int32_t i : grab_.particles) net.state[i] = ParticleState::Gripped;
  grab_.active = !grab_.particles.empty();
  grab_.target = grab_.held_at = at;
  // Spring material wins; otherwise the cursor may be on a peridynamic body: its points
  // are pulled by a spring to the cursor (PeriSystem's grab, step 7).
  if (!grab_.active) return bodies.grab_begin(at, radius);
  return static_cast<int>(grab_.particles.size());
}

void World::grab_end() {
  bodies.grab_end();  // body points held by the grab, if any
  for (int32_t i : grab_.particles)
    if (i < net.particle_count() && net.state[i] == ParticleState::Gripped)
      net.state[i] = ParticleState::Frozen;
  grab_ = Grab{};
}

void World::apply_grab() {
  if (!grab_.active) return;
  const Vec2 step = grab_.target - grab_.held_at;
  grab_.held_at = grab_.target;
  for (int32_t i : grab_.particles) {
    net.x[i] += step.x;
    net.y[i] += step.y;
  }
}

TickStats World::relax(double convergence_limit, int iteration_limit) {
  TickStats stats;
  RelaxLimits limits;
  limits.method = relax_method;
  limits.iteration_limit = iteration_limit;
  limits.convergence_limit = convergence_limit;
  limits.max_step = 0.25 * settings.default_length;  // the original's cap: a quarter of L
  limits.hook_period = settings.connectivity_every();
  if (inelastic) {
    limits.connectivity_hook = [&](SpringNetwork& n) {
      const ConnectivityChange change = connectivity_.update(n, settings);
      stats.springs_made += change.added;
      stats.springs_broken += change.removed;
      return change.any();
    };
  }
  const RelaxStats r = relaxer_.relax(net, limits);
  stats.iterations = r.iterations;
  stats.max_force = r.max_force;
  stats.converged = r.converged;
  stats.rollbacks = r.rollbacks;
  return stats;
}

void World::post_process() {
  if (!has_heater()) return;
  for (int32_t i = 0; i < net.particle_count(); ++i)
    if (net.state[i] != ParticleState::Molten) net.movable[i] = 0;
}

TickStats World::finish_run() {
  for (int32_t i = 0; i < net.particle_count(); ++i) {
    if (net.state[i] == ParticleState::Molten) {
      net.state[i] = ParticleState::Frozen;
      net.radius[i] = settings.default_radius;
      net.movable[i] = 1;
    }
  }
  for (Actuator& a : actuators) {
    if (a.type == ActuatorType::Pusher && a.final_release) {
      for (int32_t i : a.gripped)
        if (net.state[i] == ParticleState::Gripped) net.state[i] = ParticleState::Frozen;
      a.gripped.clear();
    }
  }
  TickStats stats = relax(0.1 * settings.convergence_limit, 10 * settings.iterations());
  post_process();
  for (Actuator& a : actuators) a.enabled = false;
  ++time;
  last_ = stats;
  return stats;
}

}  // namespace mb
