#pragma once
// The two isotropy measurements of issue 38 ("Wax without a grain"), shared by the unit
// tests (small cases) and meltbox-bench --springs (the figures in docs/springs.md).
//
// Pumping: a 30x30 heater, turned to face its direction d, crosses a radius-50 spot three
// times through its centre along d at speed 1, returning around the outside (80 units to the
// side); the pumping is the spot's centroid shift against d (phase-change pumping moves
// mass against the heater, docs/springs.md).
// Elastic: a strip (length 4x its width) cut from the lattice along direction theta, turned
// so it lies along x, clamped in a band of one spacing at each end; the right band is moved
// by a strain eps and the network relaxed. The effective 2D Young's modulus is the end
// force per width per strain, E = F / (W eps) (force per length: springs in 2D).
#include <cmath>
#include <numbers>
#include <vector>

#include "physics/springs/lattice.hpp"
#include "physics/springs/relaxation.hpp"
#include "physics/world/world.hpp"

namespace mb::testing {

struct PumpingRun {
  double shift = 0.0;            // the centroid's move against the heater's direction
  double network_seconds = 0.0;  // steps 1 to 5 of every tick: mostly the relaxation
  int64_t ticks = 0, iterations = 0;
  World world;  // after the passes
};

inline Vec2 centroid(const SpringNetwork& net) {
  Vec2 c{0.0, 0.0};
  for (int32_t i = 0; i < net.particle_count(); ++i) c += Vec2{net.x[i], net.y[i]};
  return c / static_cast<double>(std::max(net.particle_count(), 1));
}

// `passes` heater passes at `degrees` over a radius-50 spot on `settings`' lattice.
inline PumpingRun pumping_run(const SimulatorSettings& settings, double degrees, int passes = 3) {
  PumpingRun run;
  World& world = run.world;
  world.settings = settings;
  world.inelastic = true;
  world.net = circle_spot({0.0, 0.0}, 50.0, settings);
  const Vec2 before = centroid(world.net);
  const double a = degrees * std::numbers::pi / 180.0;
  const Vec2 d{std::cos(a), std::sin(a)}, side{-d.y, d.x};
  Actuator heater;
  heater.type = ActuatorType::Heater;
  heater.speed = 1.0;
  heater.orientation_deg = degrees;
  heater.shape = rectangle_polygon({0, 0}, {30, 30});
  for (int pass = 0; pass < passes; ++pass)
    for (Vec2 p : {-75.0 * d, 75.0 * d, 75.0 * d + 80.0 * side, -75.0 * d + 80.0 * side})
      heater.path.points.push_back(p);
  heater.path.points.push_back(-75.0 * d);
  world.actuators.push_back(heater);
  while (world.actuators_running()) {
    const TickStats t = world.tick();
    run.network_seconds += world.profile().network;
    run.iterations += t.iterations;
    ++run.ticks;
  }
  world.finish_run();
  run.shift = -glm::dot(centroid(world.net) - before, d);
  return run;
}

// The effective Young's modulus of a strip along `degrees` (see above), at strain `eps`.
inline double strip_modulus(const SimulatorSettings& settings, double degrees, double length,
                            double width, double eps = 0.01) {
  const double a = degrees * std::numbers::pi / 180.0;
  const Vec2 d{std::cos(a), std::sin(a)}, side{-d.y, d.x};
  const Vec2 hl = 0.5 * length * d, hw = 0.5 * width * side;
  const Polygon outline{-hl - hw, hl - hw, hl + hw, -hl + hw};
  SpringNetwork net = polygon_spot(outline, settings);
  const double s = settings.lattice_spacing();
  std::vector<int8_t> end(static_cast<size_t>(net.particle_count()), 0);
  for (int32_t i = 0; i < net.particle_count(); ++i) {
    // Turned by -degrees: the strip lies along x.
    const Vec2 p{net.x[i], net.y[i]};
    net.x[i] = glm::dot(p, d);
    net.y[i] = glm::dot(p, side);
    if (net.x[i] < -0.5 * length + s) end[i] = -1;
    if (net.x[i] > 0.5 * length - s) end[i] = 1;
    net.movable[i] = end[i] == 0 ? 1 : 0;
  }
  // Stretch: every particle moved as the uniform strain would (the ends exactly so), then
  // the inside relaxed.
  for (int32_t i = 0; i < net.particle_count(); ++i) net.x[i] *= 1.0 + eps;
  RelaxLimits limits;
  limits.iteration_limit = 200000;
  limits.convergence_limit = 1e-9 * settings.default_stiffness * settings.default_length;
  limits.max_step = 0.25 * settings.default_length;
  Relaxer relaxer;
  relaxer.relax(net, limits);
  std::vector<double> fx, fy;
  Relaxer::compute_forces(net, fx, fy);
  // The springs pull the right end back (-x); the walls hold it with the opposite force.
  double force = 0.0;
  for (int32_t i = 0; i < net.particle_count(); ++i)
    if (end[i] == 1) force -= fx[i];
  return force / (width * eps);
}

}  // namespace mb::testing
