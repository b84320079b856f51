#include "physics/peri/integrator.hpp"

#include <cmath>
#include <vector>

#include "physics/peri/energy.hpp"

namespace mb {

double estimate_omega_max(const PeriBody& body, int iterations) {
  PeriBody b = body;
  const size_t n = static_cast<size_t>(b.size());
  if (n == 0) return 0.0;
  PeriPointState st;
  std::vector<double> fxp, fyp, fxm, fym, vx(n), vy(n);
  // A deterministic, non-smooth start vector (touches every mode).
  for (size_t i = 0; i < n; ++i) {
    vx[i] = std::sin(12.9898 * static_cast<double>(i) + 1.0);
    vy[i] = std::cos(78.233 * static_cast<double>(i) + 2.0);
  }
  const double eps = 1e-6 * b.spec().spacing;
  double lambda = 0.0;
  for (int it = 0; it < iterations; ++it) {
    double norm = 0.0;
    for (size_t i = 0; i < n; ++i) norm += vx[i] * vx[i] + vy[i] * vy[i];
    norm = std::sqrt(norm);
    for (size_t i = 0; i < n; ++i) vx[i] /= norm, vy[i] /= norm;
    for (size_t i = 0; i < n; ++i)
      b.x[i] = body.x[i] + eps * vx[i], b.y[i] = body.y[i] + eps * vy[i];
    internal_forces(b, st, fxp, fyp);
    for (size_t i = 0; i < n; ++i)
      b.x[i] = body.x[i] - eps * vx[i], b.y[i] = body.y[i] - eps * vy[i];
    internal_forces(b, st, fxm, fym);
    double dot = 0.0;
    for (size_t i = 0; i < n; ++i) {  // w = M^-1 K v = -M^-1 df/dx v
      const double wx = -(fxp[i] - fxm[i]) / (2.0 * eps * b.model->mass[i]);
      const double wy = -(fyp[i] - fym[i]) / (2.0 * eps * b.model->mass[i]);
      dot += wx * vx[i] + wy * vy[i];
      vx[i] = wx, vy[i] = wy;
    }
    lambda = dot;  // Rayleigh quotient (v normalised)
  }
  return std::sqrt(std::abs(lambda));
}

double estimate_stable_dt(const PeriBodySpec& spec) {
  PeriBodySpec patch = spec;
  patch.shape = PeriShape{};
  patch.shape.kind = PeriShapeKind::Circle;
  patch.shape.radius = (spec.horizon + 4.0) * spec.spacing;
  patch.position = {0.0, 0.0};
  patch.angle = 0.0;
  patch.velocity = {0.0, 0.0};
  const PeriBody b = build_body_from_points(patch, peri_lattice_points(patch), false);
  const double w = estimate_omega_max(b);
  return w > 0.0 ? 2.0 / w : 1.0;
}

}  // namespace mb
