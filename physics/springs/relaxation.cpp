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
  if (active_version_ != net.topology_version) {
    active_version_ = net.topology_version;
    active_springs_.clear();
    for (int32_t s = 0; s < net.spring_count(); ++s)
      if (is_mobile_[net.a[s]] || is_mobile_[net.b[s]]) active_springs_.push_back(s);
  }
  for (int32_t i : mobile_) fx_[i] = fy_[i] = 0.0;
  for (int32_t s : active_springs_) {
    add_spring_force(net, s, fx_.data(), fy_.data());
  }
  if (external_forces_) external_forces_(net, mobile_, fx_.data(), fy_.data());
}

RelaxStats Relaxer::relax(SpringNetwork& net, const RelaxLimits& limits) {
  RelaxStats stats;
  collect_mobile(net, mobile_);
  is_mobile_.assign(static_cast<size_t>(net.particle_count()), 0);
  for (int32_t i : mobile_) is_mobile_[i] = 1;
  active_version_ = ~net.topology_version;  // recompute the active springs
  fx_.assign(static_cast<size_t>(net.particle_count()), 0.0);
  fy_.assign(static_cast<size_t>(net.particle_count()), 0.0);
  const size_t n = static_cast<size_t>(net.particle_count());
  vx_.assign(n, 0.0);
  vy_.assign(n, 0.0);
  rolled_back_.assign(n, 0);
  blocked_.assign(n, 0);
  if (mobile_.empty()) {
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
    for (int32_t i : mobile_) {
      const double fi2 = fx_[i] * fx_[i] + fy_[i] * fy_[i];
      f2 += fi2;
      // A particle the crossing guard stopped last step is held by the spring it would
      // cross (a constraint force balances it): like the original, judge it by its step.
      if (!blocked_[i]) max_f2 = std::max(max_f2, fi2);
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

    old_x_.assign(net.x.begin(), net.x.end());
    old_y_.assign(net.y.begin(), net.y.end());
    if (limits.method == RelaxMethod::Fire)
      fire_step(net, f2);
    else
      gradient_step(net, limits.max_step);

    if (limits.prevent_crossing) {
      const int rolled = guard_.enforce(net, old_x_, old_y_, rolled_back_);
      if (rolled > 0) {
        stats.rollbacks += rolled;
      }
      for (int32_t i : mobile_) {
        blocked_[i] = rolled_back_[i];
        if (rolled_back_[i]) vx_[i] = vy_[i] = 0.0;
        rolled_back_[i] = 0;
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
  for (int32_t i : mobile_) power += fx_[i] * vx_[i] + fy_[i] * vy_[i];
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
    for (int32_t i : mobile_) vx_[i] = vy_[i] = 0.0;
  }
  // Semi-implicit Euler (unit mass), then steer v toward F with the norms after the kick.
  const double dt = fire_.dt, alpha = fire_.alpha;
  double v2 = 0.0;
  for (int32_t i : mobile_) {
    vx_[i] += dt * fx_[i];
    vy_[i] += dt * fy_[i];
    v2 += vx_[i] * vx_[i] + vy_[i] * vy_[i];
  }
  const double mix = f2 > 0.0 ? alpha * std::sqrt(v2 / f2) : 0.0;
  const double max_step2 = max_step_ * max_step_;
  for (int32_t i : mobile_) {
    vx_[i] = (1.0 - alpha) * vx_[i] + mix * fx_[i];
    vy_[i] = (1.0 - alpha) * vy_[i] + mix * fy_[i];
    double sx = dt * vx_[i], sy = dt * vy_[i];
    const double s2 = sx * sx + sy * sy;
    if (s2 > max_step2) {  // the original's step cap, also our stability guard
      const double scale = max_step_ / std::sqrt(s2);
      sx *= scale;
      sy *= scale;
      vx_[i] *= scale;
      vy_[i] *= scale;
    }
    net.x[i] += sx;
    net.y[i] += sy;
  }
}

void Relaxer::gradient_step(SpringNetwork& net, double max_step) {
  // The original: every movable particle moves by its net force, capped at max_step.
  for (int32_t i : mobile_) {
    double sx = fx_[i], sy = fy_[i];
    const double s = std::sqrt(sx * sx + sy * sy);
    if (s > max_step) sx *= max_step / s, sy *= max_step / s;
    net.x[i] += sx;
    net.y[i] += sy;
  }
}

}  // namespace mb
