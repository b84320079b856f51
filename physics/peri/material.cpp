#include "physics/peri/material.hpp"

#include "physics/peri/preset_fit.hpp"

#include <cmath>

namespace mb {

MixPolynomial::MixPolynomial(const NonlinearMix& mix) {
  double sum = 0.0;
  for (double w : mix.w) sum += w;
  const double norm = sum != 0.0 ? 1.0 / sum : 1.0;
  double* t[3] = {&t3, &t4, &t5};
  double* v[3] = {&v1, &v2, &v3};
  double* p[3] = {&p2, &p3, &p4};
  double* q[3] = {&q2, &q3, &q4};
  double* m[3] = {&m1, &m2, &m3};
  double* z[3] = {&z3, &z4, &z5};
  for (int k = 0; k < 3; ++k) {
    const double n = k + 2;
    const double a = norm * mix.w[static_cast<size_t>(k)];      // on A_n
    const double b = norm * mix.w[static_cast<size_t>(k + 3)];  // on B_n
    *t[k] = (a + 2.0 * b) / (n * (n + 1.0));
    *v[k] = a / (n * (n - 1.0));
    *p[k] = (a + 2.0 * b) / n;
    *q[k] = a / n;
    *m[k] = a + 2.0 * b;
    *z[k] = a;
    k1 -= 2.0 * b / n;
  }
  c0 = k1;
  k0 = -phi(1.0, 1.0);  // every basis function vanishes at rest
}

PhiValue MixPolynomial::eval(double s) const {
  const double edge = s < kStretchLow ? kStretchLow : (s > kStretchHigh ? kStretchHigh : s);
  const double u = 1.0 / edge;
  const PhiValue v{phi(edge, u), d1(edge, u), d2(edge, u)};
  if (edge == s) return v;
  const double h = s - edge;  // second-order Taylor continuation from the band edge
  return {v.phi + v.d1 * h + 0.5 * v.d2 * h * h, v.d1 + v.d2 * h, v.d2};
}

double MixPolynomial::eval_d1(double s) const {
  const double edge = s < kStretchLow ? kStretchLow : (s > kStretchHigh ? kStretchHigh : s);
  const double u = 1.0 / edge;
  const double v = d1(edge, u);
  if (edge == s) return v;
  return v + d2(edge, u) * (s - edge);  // as eval's continuation
}

PhiValue eval_mix(const NonlinearMix& mix, double s) {
  return MixPolynomial(mix).eval(s);
}

double mix_derivative(const NonlinearMix& mix, double s) {
  return MixPolynomial(mix).eval(s).d1;
}

double PeriMaterial::fibre_kernel(double cx, double cy) const {
  if (fibre_ratio == 1.0) return 1.0;
  const double d = cx * std::cos(fibre_angle) + cy * std::sin(fibre_angle);
  return 1.0 + (fibre_ratio - 1.0) * d * d;
}

void apply_preset(PeriMaterial& m, PeriPreset preset) {
  m.preset = preset;
  if (preset == PeriPreset::Custom) return;  // keeps the weights
  const PresetFit fit = fit_preset(preset, m.poisson);
  m.bond = fit.bond, m.volume = fit.volume;
}

PeriMaterial preset_material(PeriPreset preset, double youngs, double poisson, double density) {
  PeriMaterial m;
  m.youngs = youngs;
  m.poisson = poisson;
  m.density = density;
  apply_preset(m, preset);
  return m;
}

const char* preset_name(PeriPreset preset) {
  switch (preset) {
    case PeriPreset::StVK:
      return "stvk";
    case PeriPreset::NeoHookean:
      return "neo-hookean";
    case PeriPreset::Custom:
      return "custom";
  }
  return "custom";
}

bool parse_preset(const std::string& name, PeriPreset& out) {
  for (PeriPreset p : {PeriPreset::StVK, PeriPreset::NeoHookean, PeriPreset::Custom})
    if (name == preset_name(p)) return out = p, true;
  return false;
}

}  // namespace mb
