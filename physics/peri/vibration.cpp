#include "physics/peri/vibration.hpp"

#include <cmath>

namespace mb {

namespace {
Vec2 rigid_velocity(const RigidMotion& r, double x, double y) {
  return r.velocity + r.omega * Vec2{-(y - r.centre.y), x - r.centre.x};
}
}  // namespace

Vec2 centre_of_mass_velocity(const PeriBody& b) {
  double m = 0.0;
  Vec2 p{0.0, 0.0};
  for (int32_t i = 0; i < b.size(); ++i)
    m += b.model->mass[i], p += b.model->mass[i] * Vec2{b.vx[i], b.vy[i]};
  return m > 0.0 ? p / m : Vec2{0.0, 0.0};
}

RigidMotion rigid_motion(const PeriBody& b) {
  RigidMotion r;
  double m = 0.0;
  Vec2 mx{0.0, 0.0};
  for (int32_t i = 0; i < b.size(); ++i)
    m += b.model->mass[i], mx += b.model->mass[i] * Vec2{b.x[i], b.y[i]};
  if (!(m > 0.0)) return r;
  r.centre = mx / m, r.velocity = centre_of_mass_velocity(b);
  double L = 0.0, I = 0.0;
  for (int32_t i = 0; i < b.size(); ++i) {
    const double dx = b.x[i] - r.centre.x, dy = b.y[i] - r.centre.y;
    L += b.model->mass[i] * (dx * (b.vy[i] - r.velocity.y) - dy * (b.vx[i] - r.velocity.x));
    I += b.model->mass[i] * (dx * dx + dy * dy);
  }
  r.omega = I > 0.0 ? L / I : 0.0;
  for (int32_t i = 0; i < b.size(); ++i) {
    const Vec2 u = Vec2{b.vx[i], b.vy[i]} - rigid_velocity(r, b.x[i], b.y[i]);
    r.vibration += 0.5 * b.model->mass[i] * glm::dot(u, u);
  }
  return r;
}

double take_vibration_energy(PeriBody& b, double energy) {
  if (!(energy > 0.0)) return 0.0;
  const RigidMotion r = rigid_motion(b);
  const double scale = r.vibration > energy ? std::sqrt(1.0 - energy / r.vibration) : 0.0;
  for (int32_t i = 0; i < b.size(); ++i) {
    if (b.pinned[i]) continue;
    const Vec2 rigid = rigid_velocity(r, b.x[i], b.y[i]);
    b.vx[i] = rigid.x + scale * (b.vx[i] - rigid.x);
    b.vy[i] = rigid.y + scale * (b.vy[i] - rigid.y);
  }
  return r.vibration > energy ? 0.0 : energy - r.vibration;
}

}  // namespace mb
