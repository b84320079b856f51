#include "physics/peri/material.hpp"

#include <cmath>

namespace mb {

namespace {

// Basis values at s inside the band: A_n, B_n and their first two derivatives, n = 2..4.
//   A_n'' = s^(n-1) + s^(-n-1),   B_n'' = 2 s^(n-1).
PhiValue eval_band(const NonlinearMix& mix, double s) {
  double sum = 0.0;
  for (double w : mix.w) sum += w;
  const double norm = sum != 0.0 ? 1.0 / sum : 1.0;
  PhiValue v;
  const double inv = 1.0 / s;
  double sn = s, sinv = inv;  // s^(n-1), s^-(n-1) at loop entry
  for (int n = 2; n <= 4; ++n) {
    const double dn = n;
    const double snm1 = sn, sinvm1 = sinv;  // s^(n-1), s^(1-n)
    sn *= s;                                // s^n
    sinv *= inv;                            // s^-n
    const double wa = mix.w[static_cast<size_t>(n - 2)] * norm;
    const double wb = mix.w[static_cast<size_t>(n + 1)] * norm;
    if (wa != 0.0) {
      v.phi += wa * ((sn * s - 1.0) / (dn + 1.0) + (sinvm1 - 1.0) / (dn - 1.0)) / dn;
      v.d1 += wa * (sn - sinv) / dn;
      v.d2 += wa * (snm1 + sinv * inv);
    }
    if (wb != 0.0) {
      v.phi += wb * 2.0 * ((sn * s - 1.0) / (dn + 1.0) - s + 1.0) / dn;
      v.d1 += wb * 2.0 * (sn - 1.0) / dn;
      v.d2 += wb * 2.0 * snm1;
    }
  }
  return v;
}

}  // namespace

PhiValue eval_mix(const NonlinearMix& mix, double s) {
  const double edge = s < kStretchLow ? kStretchLow : (s > kStretchHigh ? kStretchHigh : s);
  PhiValue v = eval_band(mix, edge);
  if (edge == s) return v;
  const double h = s - edge;  // second-order Taylor continuation from the band edge
  return {v.phi + v.d1 * h + 0.5 * v.d2 * h * h, v.d1 + v.d2 * h, v.d2};
}

double mix_derivative(const NonlinearMix& mix, double s) {
  if (s < kStretchLow || s > kStretchHigh) return eval_mix(mix, s).d1;
  // Fast path: phi' only, n = 2..4 by multiplication.
  double sum = 0.0;
  for (double w : mix.w) sum += w;
  const double norm = sum != 0.0 ? 1.0 / sum : 1.0;
  const double s2 = s * s, s3 = s2 * s, s4 = s3 * s;
  const double i2 = 1.0 / s2, i3 = i2 / s, i4 = i3 / s;
  const auto& w = mix.w;
  return norm * (w[0] * (s2 - i2) / 2.0 + w[1] * (s3 - i3) / 3.0 + w[2] * (s4 - i4) / 4.0 +
                 w[3] * (s2 - 1.0) + w[4] * 2.0 * (s3 - 1.0) / 3.0 + w[5] * (s4 - 1.0) / 2.0);
}

double PeriMaterial::fibre_kernel(double cx, double cy) const {
  if (fibre_ratio == 1.0) return 1.0;
  const double d = cx * std::cos(fibre_angle) + cy * std::sin(fibre_angle);
  return 1.0 + (fibre_ratio - 1.0) * d * d;
}

void apply_preset(PeriMaterial& m, PeriPreset preset) {
  m.preset = preset;
  switch (preset) {
    // Weights fitted to the closed-form uniaxial-stress curves at 10/30/50 % stretch, nu =
    // 0.35, on the hexagonal lattice with delta = 3 dx (README: peridynamics; tests/unit/
    // peri_elastic_test.cpp).
    case PeriPreset::StVK:  // 0.3 B_3 + 0.7 B_4: stiffens in tension, softens in compression
      m.bond.w = {0.0, 0.0, 0.0, 0.0, 0.3, 0.7};
      m.volume.w = m.bond.w;
      break;
    case PeriPreset::NeoHookean:  // (1 + t) A_2 - t B_2, phi'' = (1 - t) s + (1 + t) / s^3 > 0
      m.bond.w = {1.85, 0.0, 0.0, -0.85, 0.0, 0.0};
      m.volume.w = {2.0, 0.0, 0.0, -1.0, 0.0, 0.0};
      break;
    case PeriPreset::Custom:
      break;
  }
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
