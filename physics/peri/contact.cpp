#include "physics/peri/contact.hpp"

#include <algorithm>
#include <cmath>

namespace mb {

namespace {
// Removes the velocity component into a wall (normal n points into the box) and applies
// Coulomb friction to the tangential part.
void wall_hit(double& vx, double& vy, Vec2 n, double friction) {
  const double vn = vx * n.x + vy * n.y;
  if (vn >= 0.0) return;
  vx -= vn * n.x, vy -= vn * n.y;
  const Vec2 t{-n.y, n.x};
  const double vt = vx * t.x + vy * t.y;
  const double cut = std::min(std::abs(vt), friction * -vn);
  const double dv = vt > 0.0 ? -cut : cut;
  vx += dv * t.x, vy += dv * t.y;
}
}  // namespace

void collide_walls(PeriBody& b, const Box& box, double friction) {
  const double r = b.point_radius();
  const double x0 = box.min.x + r, x1 = box.max.x - r, y0 = box.min.y + r, y1 = box.max.y - r;
  for (int32_t i = 0; i < b.size(); ++i) {
    if (b.pinned[i]) continue;
    double& x = b.x[i];
    double& y = b.y[i];
    if (x < x0) x = x0, wall_hit(b.vx[i], b.vy[i], {1.0, 0.0}, friction);
    if (x > x1) x = x1, wall_hit(b.vx[i], b.vy[i], {-1.0, 0.0}, friction);
    if (y < y0) y = y0, wall_hit(b.vx[i], b.vy[i], {0.0, 1.0}, friction);
    if (y > y1) y = y1, wall_hit(b.vx[i], b.vy[i], {0.0, -1.0}, friction);
  }
}

int64_t PeriContacts::resolve(std::vector<PeriBody>& bodies, double friction, bool self_contact) {
  xs_.clear(), ys_.clear(), body_of_.clear(), point_of_.clear();
  double reach = 0.0;
  for (size_t k = 0; k < bodies.size(); ++k) {
    const PeriBody& b = bodies[k];
    for (int32_t i = 0; i < b.size(); ++i) {
      xs_.push_back(b.x[i]), ys_.push_back(b.y[i]);
      body_of_.push_back(static_cast<int32_t>(k)), point_of_.push_back(i);
    }
    reach = std::max(reach, 2.0 * b.point_radius());
  }
  if (xs_.empty()) return 0;
  hash_.build(xs_, ys_, reach);
  int64_t count = 0;
  const int32_t n = static_cast<int32_t>(xs_.size());
  for (int32_t a = 0; a < n; ++a) {
    PeriBody& ba = bodies[static_cast<size_t>(body_of_[a])];
    const int32_t i = point_of_[a];
    hash_.for_each_near({xs_[a], ys_[a]}, reach, [&](int32_t c) {
      if (c <= a) return;
      PeriBody& bc = bodies[static_cast<size_t>(body_of_[c])];
      const int32_t j = point_of_[c];
      const bool same = body_of_[a] == body_of_[c];
      if (same) {
        if (!self_contact) return;
        const double rx = ba.X[j] - ba.X[i], ry = ba.Y[j] - ba.Y[i];
        const double h = ba.spec.horizon * ba.spec.spacing * (1.0 + 1e-9);
        if (rx * rx + ry * ry <= h * h) return;
      }
      // Current positions (earlier contacts this pass may have moved them).
      double dx = bc.x[j] - ba.x[i], dy = bc.y[j] - ba.y[i];
      const double rmin = ba.point_radius() + bc.point_radius();
      const double d2 = dx * dx + dy * dy;
      if (d2 >= rmin * rmin) return;
      const double d = std::sqrt(d2);
      double nx = 1.0, ny = 0.0;
      if (d > 1e-12) nx = dx / d, ny = dy / d;
      const double wa = ba.pinned[i] ? 0.0 : 1.0 / ba.mass[i];
      const double wc = bc.pinned[j] ? 0.0 : 1.0 / bc.mass[j];
      const double w = wa + wc;
      if (w <= 0.0) return;
      ++count;
      const double push = (rmin - d) / w;
      ba.x[i] -= push * wa * nx, ba.y[i] -= push * wa * ny;
      bc.x[j] += push * wc * nx, bc.y[j] += push * wc * ny;
      // Relative velocity of c with respect to a.
      const double rvx = bc.vx[j] - ba.vx[i], rvy = bc.vy[j] - ba.vy[i];
      const double vn = rvx * nx + rvy * ny;
      if (vn >= 0.0) return;  // separating
      const double tx = -ny, ty = nx;
      const double vt = rvx * tx + rvy * ty;
      const double jt = std::min(std::abs(vt), friction * -vn) * (vt > 0.0 ? -1.0 : 1.0);
      // Impulse per unit (inverse-mass-weighted) velocity change: -vn normal, jt tangential.
      const double ix = (-vn * nx + jt * tx) / w, iy = (-vn * ny + jt * ty) / w;
      ba.vx[i] -= ix * wa, ba.vy[i] -= iy * wa;
      bc.vx[j] += ix * wc, bc.vy[j] += iy * wc;
    });
  }
  return count;
}

}  // namespace mb
