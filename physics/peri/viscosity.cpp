#include "physics/peri/viscosity.hpp"

#include <cmath>

namespace mb {

void prepare_viscosity(const PeriBody& b, double h, ViscousStep& step) {
  const double tau = b.spec().material.viscosity;
  step.qi.clear(), step.qj.clear(), step.r.clear();
  if (!(tau > 0.0) || !(h > 0.0)) return;
  const size_t pairs = b.model->pair_i.size();
  step.qi.resize(pairs), step.qj.resize(pairs), step.r.resize(pairs);
  for (size_t k = 0; k < pairs; ++k) {
    const int32_t i = b.model->pair_i[k], e = b.model->pair_bond[k], j = b.model->bond_j[e];
    const double wi = b.pinned[i] ? 0.0 : 1.0 / b.model->mass[i];
    const double wj = b.pinned[j] ? 0.0 : 1.0 / b.model->mass[j];
    const double stiffness =
        2.0 * b.stiffness->bond_c[e] / b.model->bond_len[e];  // at rest (energy.hpp)
    const double a = h * tau * stiffness * (wi + wj);
    // Broken bonds and pairs of pinned points take nothing.
    const double q = b.damage->bond_broken[e] || wi + wj == 0.0 ? 0.0 : a / ((1.0 + a) * (wi + wj));
    step.qi[k] = q * wi, step.qj[k] = q * wj;
    step.r[k] = q * (2.0 + a) / (2.0 * (1.0 + a));
  }
}

double apply_viscosity(PeriBody& b, const ViscousStep& step) {
  if (step.qi.empty()) return 0.0;
  double taken = 0.0;
  // Group by group (PeriBody::pair_group): no two pairs of a group share a point, so the
  // updates within one do not wait on one another.
  for (size_t g = 0; g + 1 < b.model->pair_group.size(); ++g)
    for (int32_t k = b.model->pair_group[g]; k < b.model->pair_group[g + 1]; ++k) {
      const int32_t i = b.model->pair_i[k], e = b.model->pair_bond[k], j = b.model->bond_j[e];
      if (b.damage->bond_broken[e]) continue;  // broken since the constants were prepared
      const double ex = b.x[j] - b.x[i], ey = b.y[j] - b.y[i];
      const double len2 = ex * ex + ey * ey;
      if (!(len2 > 0.0)) continue;
      const double inv_len = 1.0 / std::sqrt(len2);
      const double nx = ex * inv_len, ny = ey * inv_len;
      const double g_old = (b.vx[j] - b.vx[i]) * nx + (b.vy[j] - b.vy[i]) * ny;
      // g' = g / (1 + a): i gains q w_i g along e, j loses q w_j g.
      const double di = step.qi[k] * g_old, dj = step.qj[k] * g_old;
      b.vx[i] += di * nx, b.vy[i] += di * ny;
      b.vx[j] -= dj * nx, b.vy[j] -= dj * ny;
      taken += step.r[k] * g_old * g_old;
    }
  return taken;
}

double apply_viscosity(PeriBody& b, double h) {
  ViscousStep step;
  prepare_viscosity(b, h, step);
  return apply_viscosity(b, step);
}

}  // namespace mb
