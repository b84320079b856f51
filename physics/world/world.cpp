#include "physics/world/world.hpp"

#include <algorithm>
#include <cmath>
#include <limits>
#include <optional>

#include "physics/actuators/edit.hpp"
#include "physics/core/assert.hpp"
#include "physics/core/scoped_timer.hpp"
#include "physics/gas/heater_region.hpp"
#include "physics/peri/softening.hpp"
#include "physics/world/contact_views.hpp"
#include "physics/world/validate.hpp"

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

namespace {
// A grip whose move stopped short (something in the way may not be pushed) retries the
// rest after the relaxation this many times per tick, while it makes progress: another
// pusher may have moved out of the way meanwhile. What is left is carried to the next tick.
constexpr int kGripRetriesPerTick = 4;
// At the end of the run, the catch-up tries (each with a relaxation) allowed to settle it.
constexpr int kGripSettleAttempts = 64;
// A try that applies less than this part of the lag makes no progress worth a relaxation.
constexpr double kMinGripProgress = 1e-3;

bool lagging(const Actuator& a) {
  return a.type == ActuatorType::Pusher && a.enabled &&
         (a.grip_lag.x != 0.0 || a.grip_lag.y != 0.0);
}

double longest_lag(const std::vector<Actuator>& actuators) {
  double longest = 0.0;
  for (const Actuator& a : actuators) longest = std::max(longest, glm::length(a.grip_lag));
  return longest;
}

// Adds one relaxation to a tick's totals: counts add up, the state is the last one's.
void add_relaxation(TickStats& total, const TickStats& r) {
  total.iterations += r.iterations;
  total.max_force = r.max_force;
  total.converged = r.converged;
  total.rollbacks += r.rollbacks;
  total.springs_made += r.springs_made;
  total.springs_broken += r.springs_broken;
}
}  // namespace

TickStats World::tick() {
  profile_ = TickProfile{};
  ScopedTimer whole(&profile_.tick);
  gas.debug = bodies.debug = debug;
  {
    ScopedTimer timer(cross_timing());
    // Where the particles start this tick: the gas meets them on their paths from here.
    if (cross_contacts && !gas.empty() && net.particle_count() > 0)
      particle_x0_ = net.x, particle_y0_ = net.y;
    else
      particle_x0_.clear(), particle_y0_.clear();
    pushing_ = cross_contacts && !bodies.empty() && body_push_.begin(bodies, net, settings);
    if (cross_contacts && !gas.empty())  // and the body points (a pusher may move some now)
      body_positions(bodies, point_x0_, point_y0_);
    else
      point_x0_.clear(), point_y0_.clear();
  }
  TickStats stats;
  std::optional<ScopedTimer> phase;
  phase.emplace(&profile_.network);
  std::vector<uint8_t> active;
  move_actuators(steps_, active);
  pre_process();
  act(steps_, active, stats);
  add_relaxation(stats, relax(settings.convergence_limit, settings.iteration_limit));
  catch_up_grips(kGripRetriesPerTick, settings.convergence_limit, settings.iteration_limit, stats);
  // A loose grip catches afresh where its shape is on the next tick: what it could not
  // drag this tick is left behind rather than owed.
  for (Actuator& a : actuators)
    if (!a.firm_grip) a.grip_lag = Vec2{0.0, 0.0};
  stats.grip_lag = longest_lag(actuators);
  post_process();
  phase.emplace(&profile_.bodies);
  step_bodies(stats);
  phase.emplace(&profile_.gas);
  step_gas(stats);
  phase.reset();
  ++time;
  last_ = stats;
  if constexpr (MELTBOX_VALIDATE) check_valid(*this);
  return stats;
}

void World::step_bodies(TickStats& stats) {
  if (bodies.empty()) return;
  {
    ScopedTimer timer(cross_timing());
    particles_view_.clear();
    if (cross_contacts) add_particles(particles_view_, net, settings, {}, {}, 0.0);
  }
  const double T = bodies.settings.tick_seconds;
  for (size_t k = 0; k < actuators.size() && k < steps_.size(); ++k)
    if (!actuators[k].gripped_points.empty())
      held_points_.hold(bodies, actuators[k].gripped_points, T > 0.0 ? steps_[k] / T : Vec2{});
  for (PeriBody& b : bodies.bodies)
    if (softened(b)) apply_softening(b);
  bodies.step(box, cross_contacts ? &particles_view_ : nullptr);
  held_points_.release(bodies);
  stats.point_particle = bodies.stats().obstacle_contacts;
  profile_.cross += bodies.stats().obstacle_seconds;
}

void World::step_gas(TickStats& stats) {
  if (gas.empty()) return;
  const double kT = gas.settings.heater_temperature;
  const bool thermostat = kT > 0.0 && !heater_shapes_.empty();
  if (thermostat) gas::mark_inside(gas, heater_shapes_, in_heater_);
  gas_grab_.pull(gas, gas.settings.tick_seconds);
  // Every pusher that has started is a wall for the gas, moving by this tick's step while
  // it runs, still once it has finished (it keeps what it holds, pusher_matter.hpp).
  pusher_outlines_.clear();
  for (size_t k = 0; k < actuators.size(); ++k) {
    const Actuator& a = actuators[k];
    if (a.type != ActuatorType::Pusher || !a.enabled || !a.started) continue;
    pusher_outlines_.push_back(
        {a.placed_shape(settings.heater_size), k < steps_.size() ? steps_[k] : Vec2{0.0, 0.0}});
  }
  if (cross_contacts || !pusher_outlines_.empty())
    step_gas_among_matter(stats);
  else
    gas.step(box);
  gas_grab_.follow(gas);  // merges remove discs (gas/reaction.hpp)
  if (!thermostat) return;
  gas::follow_removals(gas, in_heater_);
  stats.heated_discs = gas::thermalize_leavers(gas, heater_shapes_, in_heater_, kT);
}

void World::step_gas_among_matter(TickStats& stats) {
  const double T = gas.settings.tick_seconds;
  std::optional<ScopedTimer> timer(std::in_place, cross_timing());  // building the view
  gas_view_.clear();
  if (cross_contacts) add_particles(gas_view_, net, settings, particle_x0_, particle_y0_, T);
  const int32_t first_point = gas_view_.size();
  const bool thermal = first_point > 0 && exchanges_heat_with_gas(settings.heat);
  if (thermal) make_thermal_walls(gas_view_, net, settings.heat);
  if (!point_x0_.empty()) add_body_points(gas_view_, bodies, point_x0_, point_y0_, T);
  const int32_t first_outline = gas_view_.size();
  const double rho = *std::min_element(gas.radius.begin(), gas.radius.end());
  for (const MovedOutline& o : pusher_outlines_) add_outline(gas_view_, o.shape, o.step, T, rho);
  gas_view_.reset_outputs();
  timer.reset();
  profile_.cross += gas.step(box, T, &gas_view_).obstacle_seconds;
  timer.emplace(cross_timing());  // applying what the view received
  stats.disc_particle = gas_view_.total_hits(0, first_point);
  stats.disc_point = gas_view_.total_hits(first_point, first_outline);
  if (thermal) stats.gas_heat = take_gas_heat(net, settings.heat, gas_view_);
  if (!point_x0_.empty()) stats.unpaid_work = apply_body_impulses(bodies, gas_view_, first_point);
}

void World::move_actuators(std::vector<Vec2>& steps, std::vector<uint8_t>& active) {
  steps.assign(actuators.size(), Vec2{0.0, 0.0});
  active.assign(actuators.size(), 0);
  for (size_t k = 0; k < actuators.size(); ++k) {
    Actuator& a = actuators[k];
    // A still actuator acts on every tick while it is enabled (a heater heats, a pusher
    // holds) but never moves, and keeps no run going by itself (actuators_running).
    if (!a.enabled || (a.finished() && !a.stands_still())) continue;
    active[k] = 1;
    if (!a.started || a.stands_still()) continue;  // a first tick acts at the start position
    const Vec2 before = a.position();
    a.path_advancement =
        std::min(a.path_advancement + a.speed_at(a.path_advancement), a.path_length());
    steps[k] = a.position() - before;
  }
}

void World::pre_process() {
  // A heated body point cools back to its full stiffness over the particles' cooldown.
  // Conduction model: step_heat freezes what cooled and gives body points their heat.
  if (settings.heat.model != HeatModel::Timer) return;
  for (PeriBody& b : bodies.bodies) cool(b, 1.0 / std::max(settings.cooldown_time, 1));
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
  heater_shapes_.clear();
  heat_sources_.clear();
  body_heat_sources_.clear();
  heater_centres_.clear();
  for (size_t k = 0; k < actuators.size(); ++k) {
    Actuator& a = actuators[k];
    if (!active[k]) continue;
    const bool first_tick = !a.started;
    a.started = true;
    if (a.type == ActuatorType::Heater)
      apply_heater(a, stats);
    else
      apply_pusher(a, steps[k], first_tick, stats);
  }
  apply_grab();
  if (settings.heat.model == HeatModel::Conduction) step_heat(stats);
  count_heat(stats);
}

void World::step_heat(TickStats& stats) {
  const HeatStepStats h = heat_.step(net, settings.heat, heat_sources_);
  stats.heat_substeps = h.substeps;
  stats.heat_cg_iterations = h.cg_iterations;
  const PhaseChanges changes = update_phases(net, settings);
  stats.melted = changes.melted;
  if (!bodies.empty()) stats.heated_points = heat_bodies(bodies, settings.heat, body_heat_sources_);
}

void World::count_heat(TickStats& stats) const {
  if (settings.heat.model == HeatModel::Timer) {
    stats.molten_mass =
        static_cast<double>(std::count(net.state.begin(), net.state.end(), ParticleState::Molten));
    return;
  }
  const HeatTotals totals = heat_totals(net, settings.heat);
  stats.total_heat = totals.heat;
  stats.molten_mass = totals.molten_mass;
  stats.max_temperature = totals.max_temperature;
  stats.melt_front = melt_front(net, settings.heat, heater_centres_);
}

void World::apply_heater(const Actuator& heater, TickStats& stats) {
  heater_shapes_.push_back(heater.placed_shape(settings.heater_size));
  if (settings.heat.model == HeatModel::Conduction) {
    std::vector<int32_t> covered = particles_inside(net, heater_shapes_.back());
    heater_centres_.push_back(heater.position());
    heat_sources_.push_back(heater_source(heater, settings, std::move(covered)));
    if (!bodies.empty())
      body_heat_sources_.push_back({body_points_inside(bodies, heater_shapes_.back()),
                                    heater_power_per_area(heater, settings),
                                    heat_sources_.back().fixed, heat_sources_.back().temperature});
    return;
  }
  stats.heated_points += heat_points_inside(bodies, heater_shapes_.back());
  for (int32_t i : particles_inside(net, heater_shapes_.back())) {
    if (net.state[i] == ParticleState::Gripped) continue;
    net.state[i] = ParticleState::Molten;
    net.radius[i] = settings.molten_radius;
    net.movable[i] = 1;
    net.freeze_tick[i] = time + settings.cooldown_time;
    ++stats.melted;
  }
}

void World::apply_pusher(Actuator& pusher, Vec2 step, bool first_tick, TickStats& stats) {
  if (first_tick || !pusher.firm_grip) {
    // Release what the shape no longer covers (non-firm grip), then catch what it covers
    // at its position before this tick's move.
    release_particles(net, pusher.gripped);
    const Vec2 back = -step;
    Polygon shape = pusher.placed_shape(settings.heater_size);
    for (Vec2& v : shape) v += back;
    // A particle has one holder: what is still Gripped after this pusher let go is held by
    // another pusher or the mouse, and whoever lets go of it later must find it theirs.
    pusher.gripped = particles_inside(net, shape);
    std::erase_if(pusher.gripped,
                  [&](int32_t i) { return net.state[i] == ParticleState::Gripped; });
    for (int32_t i : pusher.gripped) net.state[i] = ParticleState::Gripped;
    pusher.gripped_points = body_points_inside(bodies, shape);
  }
  move_points(bodies, pusher.gripped_points, step);
  if (!pusher.spring_crossing_allowed) {
    // The grip never lets go: what it would drag springs through is pushed ahead, and a
    // move that cannot be made whole is shortened and owed (catch_up_grips).
    pusher.grip_lag += step;
    advance_grip(pusher, stats);
    return;
  }
  if (step == Vec2{0.0, 0.0}) return;
  moved_ |= !pusher.gripped.empty();
  for (int32_t i : pusher.gripped) {
    net.x[i] += step.x;
    net.y[i] += step.y;
  }
}

bool World::advance_grip(Actuator& pusher, TickStats& stats) {
  const Vec2 wanted = pusher.grip_lag;
  if (wanted == Vec2{0.0, 0.0}) return false;
  if (pusher.gripped.empty()) {  // nothing to drag: nothing is owed
    pusher.grip_lag = Vec2{0.0, 0.0};
    return false;
  }
  pusher.grip_lag = sweep_.advance(net, pusher.gripped, wanted);
  moved_ |= pusher.grip_lag != wanted;
  stats.pushed += static_cast<int>(sweep_.pushed().size());
  return glm::length(wanted - pusher.grip_lag) > kMinGripProgress * glm::length(wanted);
}

void World::catch_up_grips(int attempts, double convergence_limit, int iteration_limit,
                           TickStats& stats) {
  for (int k = 0; k < attempts; ++k) {
    bool moved = false;
    for (Actuator& a : actuators)
      if (lagging(a)) moved |= advance_grip(a, stats);
    // Free particles in the way were pushed already: a grip that is stuck is held by
    // particles that may not move, and relaxing again would not free it.
    if (!moved) return;
    add_relaxation(stats, relax(convergence_limit, iteration_limit));
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
  grab_.patch.start(at);
  // Spring material wins; otherwise the cursor may be on a peridynamic body: its points
  // are pulled by a spring to the cursor (PeriSystem's grab, step 7).
  if (!grab_.active()) {
    const int points = bodies.grab_begin(at, radius, grab_settings);
    return points > 0 ? points : gas_grab_.begin(gas, at, radius, grab_settings);
  }
  return static_cast<int>(grab_.particles.size());
}

void World::grab_end(std::optional<Vec2> throw_velocity) {
  bodies.grab_end(throw_velocity);     // body points held by the grab, if any
  gas_grab_.end(gas, throw_velocity);  // and discs
  release_particles(net, grab_.particles);
  grab_ = Grab{};
}

void World::apply_grab() {
  if (!grab_.active()) return;
  // The network has no time of its own; the grab spring runs on the bodies' tick, the
  // world's simulated time per tick. A millionth of a spring's rest length is "there".
  const Vec2 step =
      grab_.patch.step(grab_settings, bodies.settings.tick_seconds, 1e-6 * settings.default_length);
  if (step == Vec2{0.0, 0.0}) return;
  // The patch passes through the springs in its way, as a pusher with spring crossing
  // allowed does (docs/springs.md, "The mouse grab", says why it does not push them ahead).
  moved_ = true;
  for (int32_t i : grab_.particles) net.x[i] += step.x, net.y[i] += step.y;
}

TickStats World::relax(double convergence_limit, int iteration_limit) {
  TickStats stats;
  RelaxLimits limits;
  limits.method = relax_method;
  limits.iteration_limit = iteration_limit;
  limits.convergence_limit = convergence_limit;
  limits.max_step = 0.25 * settings.default_length;  // the original's cap: a quarter of L
  limits.hook_period = settings.connectivity_period;
  bool updated = false;
  const auto update_connectivity = [&](SpringNetwork& n) {
    updated = true;
    const ConnectivityChange change = connectivity_.update(n, settings, grab_.particles);
    stats.springs_made += change.added;
    stats.springs_broken += change.removed;
    return change.any();
  };
  if (inelastic) limits.connectivity_hook = update_connectivity;
  if (pushing_)
    limits.external_forces = [this](const SpringNetwork& n, const std::vector<int32_t>& mobile,
                                    double* fx, double* fy) {
      ScopedTimer timer(cross_timing());
      body_push_.add_forces(n, mobile, fx, fy);
    };
  RelaxStats r = relaxer_.relax(net, limits);
  // The relaxation updates the springs only while it iterates. With nothing movable (rigid
  // wax that the mouse or a pusher drags) it does not iterate at all, yet what was dragged
  // has stretched springs that must break this tick. If that frees something, relax again.
  if (inelastic && !updated && moved_ && update_connectivity(net)) {
    const RelaxStats again = relaxer_.relax(net, limits);
    r.iterations += again.iterations;
    r.rollbacks += again.rollbacks;
    r.max_force = again.max_force;
    r.converged = again.converged;
  }
  moved_ = false;
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
  pushing_ = cross_contacts && !bodies.empty() && body_push_.begin(bodies, net, settings);
  // Grips still trailing their pushers catch up first, as in extra ticks of the path's
  // last position; what cannot be applied without a crossing is given up.
  TickStats settling;
  catch_up_grips(kGripSettleAttempts, settings.convergence_limit, settings.iteration_limit,
                 settling);
  const double unsettled = longest_lag(actuators);
  for (Actuator& a : actuators) a.grip_lag = Vec2{0.0, 0.0};
  if (settings.heat.model == HeatModel::Conduction) {
    freeze_all(net, settings);
  } else {
    for (int32_t i = 0; i < net.particle_count(); ++i) {
      if (net.state[i] == ParticleState::Molten) {
        net.state[i] = ParticleState::Frozen;
        net.radius[i] = settings.default_radius;
        net.movable[i] = 1;
      }
    }
  }
  for (Actuator& a : actuators) {
    if (a.type == ActuatorType::Pusher && a.final_release) release_particles(net, a.gripped);
  }
  TickStats stats = relax(0.1 * settings.convergence_limit,
                          // ten times the iterations (the original's), within int
                          static_cast<int>(std::min<int64_t>(10LL * settings.iteration_limit,
                                                             std::numeric_limits<int>::max())));
  stats.iterations += settling.iterations;
  stats.rollbacks += settling.rollbacks;
  stats.springs_made += settling.springs_made;
  stats.springs_broken += settling.springs_broken;
  stats.pushed += settling.pushed;
  stats.grip_lag = unsettled;
  post_process();
  for (Actuator& a : actuators) a.enabled = false;
  ++time;
  last_ = stats;
  if constexpr (MELTBOX_VALIDATE) check_valid(*this);
  return stats;
}

}  // namespace mb
