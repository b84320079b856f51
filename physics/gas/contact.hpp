#pragma once
// Exact hard-disc kinematics: contact times and the elastic response.
// Pure functions on plain numbers so the tests can check them against hand results.
#include <cmath>
#include <limits>

#include "physics/core/vec2.hpp"

namespace mb::gas {

inline constexpr double kNever = std::numeric_limits<double>::infinity();

// Time until two discs moving in straight lines first touch (|dr + dv t| = sigma), or kNever.
// dr = r_j - r_i, dv = v_j - v_i, sigma = R_i + R_j. The root of
// |dv|^2 t^2 + 2 b t + |dr|^2 - sigma^2 = 0 with b = dr.dv < 0 (approaching), written as
// c / (-b + sqrt(disc)) (the cancellation-free form of the smaller root; Press et al.,
// Numerical Recipes 5.6). Slightly overlapping approaching discs (rounding) touch at 0.
//
// Approaching means b below -kGrazing times the size of its terms, far beyond b's own
// rounding (a few 1e-16 of them). A disc sliding along one it touches has b = 0 in exact
// arithmetic; taken as approaching on rounding's sign, the pair "collides" at once, the
// impulse along the unit normal (computed apart) comes out zero, and the same pair meets
// again at the same instant without end: in the large one-world scene two discs pinned
// against the wax and a body point did that 20 million times a tick (the event cap).
inline constexpr double kGrazing = 1e-12;
inline double contact_time(Vec2 dr, Vec2 dv, double sigma) {
  const double b = glm::dot(dr, dv);
  // Separating, at rest relative to each other, or sliding along each other.
  if (b >= -kGrazing * (std::fabs(dr.x * dv.x) + std::fabs(dr.y * dv.y))) return kNever;
  const double vv = glm::dot(dv, dv);
  const double c = glm::dot(dr, dr) - sigma * sigma;
  const double disc = b * b - vv * c;
  if (disc < 0.0) return kNever;  // they pass each other
  const double t = c / (-b + std::sqrt(disc));
  return t > 0.0 ? t : 0.0;
}

// Cheap necessary condition for a contact within `tau`, tested before contact_time on every
// candidate pair (most pairs a broad phase hands over are rejected here): the discs
// approach (dr.dv < 0) and are close enough for the gap to close within tau at speed
// |dv| <= |dv.x| + |dv.y|. No square root or division, and one well-predicted branch for the
// caller. The margins (1e-6 relative in time, 1e-9 in distance) are far above rounding, so
// a pair rejected here would also have got a computed contact time after tau: the filter
// never changes a run. The caller passes tau = time left + 1e-9 T to cover rounding of
// t + contact_time near the tick end.
inline bool may_touch_within(Vec2 dr, Vec2 dv, double sigma, double tau) {
  const double reach =
      (sigma + (std::fabs(dv.x) + std::fabs(dv.y)) * (tau * (1.0 + 1e-6))) * (1.0 + 1e-9);
  const double b = dr.x * dv.x + dr.y * dv.y;
  return (dr.x * dr.x + dr.y * dr.y <= reach * reach) & (b < 0.0);
}

// Time until a disc at coordinate p (one axis) with velocity v and radius r touches the
// wall pair [lo, hi] on that axis, or kNever when v == 0. Seed 003's wall rule: the
// contact is where the centre is r from the wall, x(tc) = hi - r or lo + r.
inline double wall_time(double p, double v, double r, double lo, double hi) {
  double t = kNever;
  if (v > 0.0)
    t = (hi - r - p) / v;
  else if (v < 0.0)
    t = (lo + r - p) / v;
  return t > 0.0 ? t : 0.0;
}

// True when wall_time(p, v, r, lo, hi) > tau is certain, found without a division (at the
// tick start most discs are far from every wall). The distances are wall_time's own
// expressions, so the 1e-12 margin only covers the rounding of v tau and of the quotient.
inline bool wall_time_beyond(double p, double v, double r, double lo, double hi, double tau) {
  // Both sides without a branch on the sign of v (random: a branch would mispredict).
  const double reach = v * (tau * (1.0 + 1e-12));
  return ((v <= 0.0) | (hi - r - p > reach)) & ((v >= 0.0) | (lo + r - p < reach));
}

// Elastic collision of discs i and j in contact along n = unit(r_j - r_i) (the line of
// centres). Only the normal components change, as in the 1D elastic collision; the
// tangential ones are kept (Berchek, "2-Dimensional Elastic Collisions without
// Trigonometry", vobarian.com/collisions/2dcollisions2.pdf, cited by the Particles gas program).
// Written as an impulse J along n, J = 2 m_i m_j / (m_i + m_j) (v_j - v_i).n, which is the same
// result and conserves momentum to rounding: v_i += J/m_i n, v_j -= J/m_j n.
inline void elastic_response(Vec2 n, double mi, double mj, Vec2& vi, Vec2& vj) {
  const double vn = glm::dot(vj - vi, n);
  const double J = 2.0 * mi * mj / (mi + mj) * vn;
  vi += (J / mi) * n;
  vj -= (J / mj) * n;
}

// The same collision written with inverse masses, so that j may be immovable (wj = 0: i
// reflects off it in j's frame, v_i' = v_i + 2 ((v_j - v_i).n) n, as off a moving wall):
// J = 2 (v_j - v_i).n / (w_i + w_j), v_i += J w_i n, v_j -= J w_j n. Returns J; j's
// momentum changes by -J n. Used for a disc meeting other matter (ContactView).
inline double elastic_impulse(Vec2 n, double wi, double wj, Vec2& vi, Vec2& vj) {
  const double J = 2.0 * glm::dot(vj - vi, n) / (wi + wj);
  vi += (J * wi) * n;
  vj -= (J * wj) * n;
  return J;
}

}  // namespace mb::gas
