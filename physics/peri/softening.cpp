#include "physics/peri/softening.hpp"

#include <algorithm>

namespace mb {

namespace {
bool any_heat(const PeriBody& b) {
  return std::any_of(b.heat.begin(), b.heat.end(), [](double h) { return h > 0.0; });
}
}  // namespace

void heat_points(PeriBody& b, const std::vector<int32_t>& points) {
  if (points.empty()) return;
  b.heat.resize(static_cast<size_t>(b.size()), 0.0);
  for (int32_t i : points)
    if (i >= 0 && i < b.size()) b.heat[static_cast<size_t>(i)] = 1.0;
}

bool softened(const PeriBody& b) {
  return b.stiffness != b.model->cold || any_heat(b);
}

void apply_softening(PeriBody& b) {
  const PeriBodyModel& m = *b.model;
  if (!any_heat(b)) {  // all cool: the cold constants come back exactly
    b.stiffness = m.cold;
    b.heat.clear();
    return;
  }
  // Computed afresh from the cold constants into a new object: a copy of the body that
  // shares the old one keeps it.
  const PeriStiffness& cold = *m.cold;
  auto soft = std::make_shared<PeriStiffness>();
  soft->bond_c.resize(cold.bond_c.size());
  soft->kappa.resize(cold.kappa.size());
  const double s = m.spec.material.heated_stiffness;
  const size_t n = static_cast<size_t>(b.size());
  std::vector<double> f(n);
  for (size_t i = 0; i < n; ++i) f[i] = 1.0 - (1.0 - s) * b.heat[i];
  for (size_t i = 0; i < n; ++i) {
    soft->kappa[i] = f[i] * cold.kappa[i];
    for (int32_t e = m.bond_start[i]; e < m.bond_start[i + 1]; ++e)
      soft->bond_c[e] = cold.bond_c[e] * (0.5 * (f[i] + f[static_cast<size_t>(m.bond_j[e])]));
  }
  b.stiffness = std::move(soft);
}

void cool(PeriBody& b, double step) {
  for (double& h : b.heat) {
    h -= step;
    if (h < 1e-9) h = 0.0;  // 1 - 5 x 0.2 is 5.6e-17 in doubles, not 0
  }
  if (!any_heat(b) && softened(b)) apply_softening(b);  // all cool: back to the cold constants now
}

int64_t heated_points(const PeriBody& b) {
  return std::count_if(b.heat.begin(), b.heat.end(), [](double h) { return h > 0.0; });
}

}  // namespace mb
