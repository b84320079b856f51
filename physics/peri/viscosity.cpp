#include "physics/peri/viscosity.hpp"

#include <cmath>

namespace mb {

double apply_viscosity(PeriBody& b, double h) {
  const double tau = b.spec.material.viscosity;
  if (!(tau > 0.0) || !(h > 0.0)) return 0.0;
  double taken = 0.0;
  for (int32_t i = 0; i < b.size(); ++i) {
    const double wi = b.pinned[i] ? 0.0 : 1.0 / b.mass[i];
    for (int32_t e = b.bond_start[i]; e < b.bond_start[i + 1]; ++e) {
      const int32_t j = b.bond_j[e];
      if (j < i || b.bond_broken[e]) continue;  // each pair once, from its lower end
      const double wj = b.pinned[j] ? 0.0 : 1.0 / b.mass[j];
      if (wi + wj == 0.0) continue;
      const double ex = b.x[j] - b.x[i], ey = b.y[j] - b.y[i];
      const double len = std::sqrt(ex * ex + ey * ey);
      if (!(len > 0.0)) continue;
      const double nx = ex / len, ny = ey / len;
      const double g = (b.vx[j] - b.vx[i]) * nx + (b.vy[j] - b.vy[i]) * ny;
      const double k = 2.0 * b.bond_c[e] / b.bond_len[e];
      const double g_new = g / (1.0 + h * tau * k * (wi + wj));
      const double impulse = (g - g_new) / (wi + wj);  // along e, onto i; -impulse onto j
      b.vx[i] += impulse * wi * nx, b.vy[i] += impulse * wi * ny;
      b.vx[j] -= impulse * wj * nx, b.vy[j] -= impulse * wj * ny;
      taken += 0.5 * impulse * (g + g_new);  // m_red (g^2 - g'^2) / 2
    }
  }
  return taken;
}

}  // namespace mb
