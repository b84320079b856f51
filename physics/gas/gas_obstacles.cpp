// Discs meeting other matter inside the gas's event loop (Gas::step's obstacles).
//
// An obstacle moves on a straight line through the tick, o(t) = o0 + v_o t, so the contact
// time of disc and obstacle is the hard-disc one for their relative motion
// (gas::contact_time, exact: nothing tunnels at any speed). The obstacle keeps its path for
// the rest of the tick and collects the impulses it receives for its owner to apply.
//
// The response is the elastic collision with the obstacle's inverse mass w
// (gas::elastic_impulse), taken against its own velocity u (ContactView: a body point's path
// also holds its contact projections) as the impulses so far have left it,
// v_eff = u + w sum J. A disc's first contact with a still obstacle is therefore the
// textbook collision (momentum and energy exact). Later ones in the same tick stay exact
// in v_eff: a disc pinched between a falling body point and the wax takes the point's
// momentum bounce by bounce instead of gaining 2 v_path each time (the point's path cannot
// slow within the tick). If the disc would still close on the path afterwards (the point
// has been slowed more than its path shows: a body landing on the floor stops within the
// tick, its path does not), its normal speed is lowered by c to the path's, its momentum again
// going to the obstacle, so the path does not overrun it. No momentum-conserving change of
// two velocities that already separate can do that without making energy: along n, with the
// elastic result's normal speeds v (disc) and u >= v (obstacle) and the disc's mass m,
//   dE = m c (c/2 - v + u + w m c/2) > 0.
// The obstacle records dE (ContactView::work); a movable one's owner pays it from the
// obstacle's own matter (apply_body_impulses: a body's vibration), so the kinds together
// conserve energy. An immovable one is a moving wall, and the work is its driver's.
//
// A thermal wall (ContactView::wall_kT, a spring particle of the conduction model) instead
// returns the disc with a velocity drawn from the Maxwell flux distribution at its kT in
// the wall's frame, as the box's thermostat walls do (gas_step.cpp, hit_wall): the normal
// speed Rayleigh, the tangential velocity normal with variance kT/m. The kinetic energy the
// disc loses in that frame is the heat the wall receives (ContactView::heat).
//
// Finding them: the obstacles are binned once per tick at their start positions. An
// obstacle stays within V_o T of its start (V_o: the largest velocity component of any
// obstacle), so a query around the disc's remaining path widened by R_k + R_o + V_o T
// returns every obstacle it can touch before T, as for disc partners (gas_step.cpp).
#include <algorithm>
#include <cmath>
#include <optional>

#include "physics/gas/contact.hpp"
#include "physics/gas/stepper.hpp"

namespace mb {

namespace {
// Contacts with obstacles one disc may have in one tick before the squeeze guard stops
// them (Gas::step). A free disc meets a few; one pinched between a closing obstacle and a
// wall would otherwise bounce without end, each bounce 2 v faster off an immovable one.
constexpr uint32_t kSqueezeHits = 16;
}  // namespace

void GasStepper::bin_obstacles() {
  if (obs_ == nullptr || obs_->empty()) return;
  ScopedTimer timer(timing(&stats_.obstacle_seconds));
  obs_->reset_outputs();
  orad_ = obs_->max_radius();
  ovx_ = obs_->max_speed_x();
  ovy_ = obs_->max_speed_y();
  s_.obstacle_hits.assign(s_.slots.size(), 0);
  // Cells about a contact wide: a query then visits a few cells around the disc.
  s_.obstacle_hash.build(obs_->x, obs_->y, std::max(2.0 * (orad_ + rmax_), 1e-9));
}

void GasStepper::obstacle_events(uint32_t k, double t, std::vector<gas::Event>& out) const {
  if (obs_ == nullptr || obs_->empty() || s_.obstacle_hits[k] >= kSqueezeHits) return;
  const gas::DiscSlot& p = s_.slots[k];
  const double lag = t - p.t;
  const double px = p.x + p.vx * lag, py = p.y + p.vy * lag;
  const double left = T_ - t;
  const double x1 = px + p.vx * left, y1 = py + p.vy * left;
  const double wx = p.r + orad_ + ovx_ * T_, wy = p.r + orad_ + ovy_ * T_;
  const double tau = left + 1e-9 * T_;  // see gas::may_touch_within
  const ContactView& o = *obs_;
  s_.obstacle_hash.for_each_in(
      std::min(px, x1) - wx, std::max(px, x1) + wx, std::min(py, y1) - wy, std::max(py, y1) + wy,
      [&](int32_t m) {
        const Vec2 dr{o.x[m] + o.vx[m] * t - px, o.y[m] + o.vy[m] * t - py};
        const Vec2 dv{o.vx[m] - p.vx, o.vy[m] - p.vy};
        const double sigma = p.r + o.radius[m];
        if (!gas::may_touch_within(dr, dv, sigma, tau)) return;
        const double tc = t + gas::contact_time(dr, dv, sigma);
        if (tc <= T_)
          out.push_back({tc, static_cast<int32_t>(k), gas::kFirstObstacle - m, s_.count[k], 0});
      });
}

void GasStepper::hit_obstacle(uint32_t k, int32_t m, double t) {
  std::optional<ScopedTimer> timer(std::in_place, timing(&stats_.obstacle_seconds));
  advance(k, t);
  gas::DiscSlot& d = s_.slots[k];
  ContactView& o = *obs_;
  const Vec2 to{o.x[m] + o.vx[m] * t - d.x, o.y[m] + o.vy[m] * t - d.y};
  const double len = std::sqrt(glm::dot(to, to));
  const Vec2 n = len > 0.0 ? to / len : Vec2{1.0, 0.0};  // coincident centres (an overlap)
  const Vec2 path{o.vx[m], o.vy[m]};
  Vec2 vi{d.vx, d.vy};
  Vec2 ve = Vec2{o.ux[m], o.uy[m]} + o.inv_mass[m] * Vec2{o.jx[m], o.jy[m]};  // v_eff
  const Vec2 before = vi;
  const double kT = o.wall_kT[m];
  if (held(k)) {
    // Held by the mouse grab (grab.hpp): it stops against the obstacle, as in a hand, and
    // the obstacle takes the momentum of the approach (no bounce to be pumped up tick after
    // tick by the grab spring pressing it on).
    const double closing = glm::dot(vi - ve, n);
    if (closing > 0.0) vi -= closing * n;
    const double still = glm::dot(vi - path, n);
    if (still > 0.0) vi -= still * n;
  } else if (kT > 0.0 && o.inv_mass[m] == 0.0) {
    const gas::WallVelocity w = gas::thermal_wall_velocity(rng_, kT, s_.mass[k]);
    const Vec2 out = -w.normal * n + w.tangential * Vec2{-n.y, n.x};  // away from the wall
    const Vec2 in = vi - path;
    o.heat[m] += 0.5 * s_.mass[k] * (glm::dot(in, in) - glm::dot(out, out));
    vi = path + out;
  } else {
    if (glm::dot(vi - ve, n) > 0.0)
      gas::elastic_impulse(n, 1.0 / s_.mass[k], o.inv_mass[m], vi, ve);
    const double closing = glm::dot(vi - path, n);
    if (closing > 0.0) {
      const double mass = s_.mass[k], w = o.inv_mass[m];
      o.work[m] += mass * closing *
                   (0.5 * closing - glm::dot(vi, n) + glm::dot(ve, n) + 0.5 * w * mass * closing);
      vi -= closing * n;
    }
  }
  const Vec2 received = s_.mass[k] * (before - vi);  // the obstacle's momentum change
  d.vx = vi.x, d.vy = vi.y;
  o.jx[m] += received.x, o.jy[m] += received.y;
  ++o.hits[m];
  ++stats_.obstacle_hits;
  if (++s_.obstacle_hits[k] == kSqueezeHits) {
    ++stats_.squeezed;
    // Pinched by something that cannot give way (a pusher against a wall): what the
    // bounces pumped in is not kept, the disc moves on with the obstacle.
    if (o.inv_mass[m] == 0.0) d.vx = path.x, d.vy = path.y;
  }
  changed(k);
  timer.reset();  // predict times its own obstacle part
  const Window w = window(k, t);
  prefetch(w);
  predict(k, t, w);
}

}  // namespace mb
