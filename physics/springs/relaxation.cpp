#include "physics/springs/relaxation.hpp"

#include <algorithm>
#include <cmath>

#include "physics/springs/force_law.hpp"

namespace mb {

namespace {
// FIRE parameters (Bitzek et al. 2006, Table I; alpha_start as in FIRE 2.0).
constexpr int kDelaySteps = 5;
constexpr double kDtGrow = 1.1;
constexpr double kDtShrink = 0.5;
constexpr double kAlphaStart = 0.1;
constexpr double kAlphaShrink = 0.99;
// Time steps in units of 1/sqrt(k) (unit mass): a stiffness-k spring oscillates with
// period 2 pi / sqrt(2k), and a particle with 6 springs is stable below dt ~ 2/sqrt(12k).
constexpr double kDtMaxPerSqrtK = 1.0;
constexpr double kDtStartPerSqrtK = 0.7;

void collect_mobile(const SpringNetwork& net, std::vector<int32_t>& mobile) {
  mobile.clear();
  for (int32_t i = 0; i < net.particle_count(); ++i)
    if (net.movable[i] && net.state[i] != ParticleState::Gripped) mobile.push_back(i);
}
}  // namespace

namespace {
// Adds the force of spring s to both ends (f > 0 pushes them apart along the line of centres).
inline void add_spring_force(const SpringNetwork& net, int32_t s, double* fx, double* fy) {
  const int32_t i = net.a[s], j = net.b[s];
  const double dx = net.x[j] - net.x[i], dy = net.y[j] - net.y[i];
  const double d = std::sqrt(dx * dx + dy * dy);
  if (d < 1e-12) return;  // coincident centres: no direction to push along
  const double f =
      spring_force(d - net.radius[i] - net.radius[j], net.rest_length[s], net.stiffness[s]) / d;
  fx[i] -= f * dx;
  fy[i] -= f * dy;
  fx[j] += f * dx;
  fy[j] += f * dy;
}
}  // namespace

void Relaxer::compute_forces(const SpringNetwork& net, std::vector<double>& fx,
                             std::vector<double>& fy) {
  const size_t n = static_cast<size_t>(net.particle_count());
  fx.assign(n, 0.0);
  fy.assign(n, 0.0);
  for (int32_t s = 0, m = net.spring_count(); s < m; ++s)
    add_spring_force(net, s, fx.data(), fy.data());
}

void Relaxer::compute_active_forces(const SpringNetwork& net) {
  // Only forces on mobile particles are used, and only springs with a mobile end give
  // them: in rigid wax that is the molten band, a small part of the network.
  if (buf_.active_version != net.topology_version) {
    buf_.active_version = net.topology_version;
    buf_.active_springs.clear();
    for (int32_t s = 0; s < net.spring_count(); ++s)
      if (buf_.is_mobile[net.a[s]] || buf_.is_mobile[net.b[s]]) buf_.active_springs.push_back(s);
  }
  for (int32_t i : buf_.mobile) buf_.fx[i] = buf_.fy[i] = 0.0;
  for (int32_t s : buf_.active_springs) {
    add_spring_force(net, s, buf_.fx.data(), buf_.fy.data());
  }
  if (external_forces_) external_forces_(net, buf_.mobile, buf_.fx.data(), buf_.fy.data());
}

RelaxStats Relaxer::relax(SpringNetwork& net, const RelaxLimits& limits) {
  RelaxStats stats;
  collect_mobile(net, buf_.mobile);
  buf_.is_mobile.assign(static_cast<size_t>(net.particle_count()), 0);
  for (int32_t i : buf_.mobile) buf_.is_mobile[i] = 1;
  buf_.active_version = ~net.topology_version;  // recompute the active springs
  buf_.fx.assign(static_cast<size_t>(net.particle_count()), 0.0);
  buf_.fy.assign(static_cast<size_t>(net.particle_count()), 0.0);
  const size_t n = static_cast<size_t>(net.particle_count());
  buf_.vx.assign(n, 0.0);
  buf_.vy.assign(n, 0.0);
  buf_.rolled_back.assign(n, 0);
  buf_.blocked.assign(n, 0);
  if (buf_.mobile.empty()) {
    stats.converged = true;
    return stats;
  }
  double k_max = 0.0;
  for (double k : net.stiffness) k_max = std::max(k_max, k);
  const double time_unit = k_max > 0.0 ? 1.0 / std::sqrt(k_max) : 1.0;
  fire_ = FireState{kDtStartPerSqrtK * time_unit, kDtMaxPerSqrtK * time_unit, kAlphaStart, 0};
  max_step_ = limits.max_step;
  external_forces_ = limits.external_forces;
  const double skin = std::max(2.2 * limits.max_step, 1e-6);
  if (skin != guard_skin_) guard_.invalidate();  // the pair list depends on the skin
  guard_skin_ = skin;
  guard_.set_skin(skin);
  const int64_t rebuilds_before = guard_.rebuilds();
  int last_hook_iteration = -1;

  for (;;) {
    compute_active_forces(net);
    double max_f2 = 0.0, f2 = 0.0;
    for (int32_t i : buf_.mobile) {
      const double fi2 = buf_.fx[i] * buf_.fx[i] + buf_.fy[i] * buf_.fy[i];
      f2 += fi2;
      // A particle the crossing guard stopped last step is held by the spring it would
      // cross (a constraint force balances it): like the original, judge it by its step.
      if (!buf_.blocked[i]) max_f2 = std::max(max_f2, fi2);
    }
    stats.max_force = std::sqrt(max_f2);
    if (stats.max_force < limits.convergence_limit) {
      // Converged: give the connectivity update its say before stopping (FIRE often
      // converges within one period). If it changed the springs, relax on.
      const bool hook_due = limits.connectivity_hook && stats.iterations > last_hook_iteration;
      last_hook_iteration = stats.iterations;
      if (!hook_due || !limits.connectivity_hook(net)) {
        stats.converged = true;
        break;
      }
      ++stats.hook_changes;
      continue;
    }
    if (stats.iterations >= limits.iteration_limit) break;
    ++stats.iterations;

    buf_.old_x.assign(net.x.begin(), net.x.end());
    buf_.old_y.assign(net.y.begin(), net.y.end());
    if (limits.method == RelaxMethod::Fire)
      fire_step(net, f2);
    else
      gradient_step(net, limits.max_step);

    if (limits.prevent_crossing) {
      const int rolled = guard_.enforce(net, buf_.old_x, buf_.old_y, buf_.rolled_back);
      if (rolled > 0) {
        stats.rollbacks += rolled;
      }
      for (int32_t i : buf_.mobile) {
        buf_.blocked[i] = buf_.rolled_back[i];
        if (buf_.rolled_back[i]) buf_.vx[i] = buf_.vy[i] = 0.0;
        buf_.rolled_back[i] = 0;
      }
    }
    if (limits.connectivity_hook && limits.hook_period > 0 &&
        stats.iterations % limits.hook_period == 0) {
      last_hook_iteration = stats.iterations;
      if (limits.connectivity_hook(net)) ++stats.hook_changes;
    }
  }
  stats.guard_rebuilds = static_cast<int>(guard_.rebuilds() - rebuilds_before);
  return stats;
}

void Relaxer::fire_step(SpringNetwork& net, double f2) {
  double power = 0.0;
  for (int32_t i : buf_.mobile) power += buf_.fx[i] * buf_.vx[i] + buf_.fy[i] * buf_.vy[i];
  // FIRE: grow the step while going downhill; on an uphill step stop and start again.
  if (power > 0.0) {
    if (++fire_.steps_downhill > kDelaySteps) {
      fire_.dt = std::min(fire_.dt * kDtGrow, fire_.dt_max);
      fire_.alpha *= kAlphaShrink;
    }
  } else {
    fire_.steps_downhill = 0;
    fire_.dt *= kDtShrink;
    fire_.alpha = kAlphaStart;
    for (int32_t i : buf_.mobile) buf_.vx[i] = buf_.vy[i] = 0.0;
  }
  // Semi-implicit Euler (unit mass), then steer v toward F with the norms after the kick.
  const double dt = fire_.dt, alpha = fire_.alpha;
  double v2 = 0.0;
  for (int32_t i : buf_.mobile) {
    buf_.vx[i] += dt * buf_.fx[i];
    buf_.vy[i] += dt * buf_.fy[i];
    v2 += buf_.vx[i] * buf_.vx[i] + buf_.vy[i] * buf_.vy[i];
  }
  const double mix = f2 > 0.0 ? alpha * std::sqrt(v2 / f2) : 0.0;
  const double max_step2 = max_step_ * max_step_;
  for (int32_t i : buf_.mobile) {
    buf_.vx[i] = (1.0 - alpha) * buf_.vx[i] + mix * buf_.fx[i];
    buf_.vy[i] = (1.0 - alpha) * buf_.vy[i] + mix * buf_.fy[i];
    double sx = dt * buf_.vx[i], sy = dt * buf_.vy[i];
    const double s2 = sx * sx + sy * sy;
    if (s2 > max_step2) {  // the original's step cap, also our stability guard
      const double scale = max_step_ / std::sqrt(s2);
      sx *= scale;
      sy *= scale;
      buf_.vx[i] *= scale;
      buf_.vy[i] *= scale;
    }
    net.x[i] += sx;
    net.y[i] += sy;
  }
}

void Relaxer::gradient_step(SpringNetwork& net, double max_step) {
  // The original: every movable particle moves by its net force, capped at max_step.
  for (int32_t i : buf_.mobile) {
    double sx = buf_.fx[i], sy = buf_.fy[i];
    const double s = std::sqrt(sx * sx + sy * sy);
    if (s > max_step) sx *= max_step / s, sy *= max_step / s;
    net.x[i] += sx;
    net.y[i] += sy;
  }
}

}  // namespace mb
