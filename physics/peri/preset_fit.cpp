#include "physics/peri/preset_fit.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>
#include <vector>

#include "physics/peri/calibrate.hpp"

namespace mb {

namespace {

constexpr double kHorizon = 3.0;
constexpr std::array<double, 3> kStretches{1.1, 1.3, 1.5};

NonlinearMix family(PeriPreset preset, double p) {
  NonlinearMix m;
  if (preset == PeriPreset::NeoHookean) {
    m.w = {1.0 + p, 0.0, 0.0, -p, 0.0, 0.0};
  } else if (p <= 1.0) {
    m.w = {0.0, 0.0, 0.0, 1.0 - p, p, 0.0};
  } else {
    m.w = {0.0, 0.0, 0.0, 0.0, 2.0 - p, p - 1.0};
  }
  return m;
}

// Energy density of an interior point under F = diag(a, b): the bond sum and the
// volumetric term of energy.hpp on the full stencil (spacing 1, no boundary correction).
class InteriorPoint {
 public:
  explicit InteriorPoint(const PeriMaterial& m)
      : stencil_(hex_stencil(1.0, kHorizon)),
        vol_(hex_point_area(1.0) * m.thickness),
        cal_(calibrate(m, 1.0, kHorizon)),
        bond_(m.bond),
        volume_(m.volume) {
    for (const Vec2& xi : stencil_) wvol_ += glm::dot(xi, xi) * vol_;
  }
  double density(double a, double b) const {
    double eb = 0.0, th = 0.0;
    for (const Vec2& xi : stencil_) {
      const double L = glm::length(xi), len = std::hypot(a * xi.x, b * xi.y);
      // Per point: sum_j (1/2) (c/2) V_i V_j |xi| phi(s), shared by the pair's two ends.
      eb += 0.5 * 0.5 * cal_.c * vol_ * vol_ * L * bond_.eval(len / L).phi;
      th += L * (len - L) * vol_;
    }
    const double theta = 2.0 * th / wvol_;
    const double psi = cal_.kappa > 0.0 ? 4.0 * volume_.eval(1.0 + 0.5 * theta).phi : theta * theta;
    return eb / vol_ + 0.5 * cal_.kappa * psi;
  }
  // Uniaxial stress: the lateral stretch minimises W (golden section), P = dW/da.
  double uniaxial_stress(double a) const {
    double lo = 0.3, hi = 1.3;
    const double g = 0.5 * (std::sqrt(5.0) - 1.0);
    double m1 = hi - g * (hi - lo), m2 = lo + g * (hi - lo);
    double w1 = density(a, m1), w2 = density(a, m2);
    for (int k = 0; k < 40; ++k) {  // brackets b to 1e-8
      if (w1 < w2) {
        hi = m2, m2 = m1, w2 = w1, m1 = hi - g * (hi - lo), w1 = density(a, m1);
      } else {
        lo = m1, m1 = m2, w1 = w2, m2 = lo + g * (hi - lo), w2 = density(a, m2);
      }
    }
    const double b = 0.5 * (lo + hi), h = 1e-5;
    return (density(a + h, b) - density(a - h, b)) / (2.0 * h);
  }

 private:
  std::vector<Vec2> stencil_;
  double vol_, wvol_ = 0.0;
  PeriCalibration cal_;
  MixPolynomial bond_, volume_;
};

}  // namespace

double preset_law_stress(PeriPreset preset, double mu, double lam, double a) {
  if (preset == PeriPreset::StVK) {  // S = 2 mu E + lambda tr(E) I with S_yy = 0; P = F S
    const double exx = 0.5 * (a * a - 1.0), eyy = -lam * exx / (2.0 * mu + lam);
    return a * (2.0 * mu * exx + lam * (exx + eyy));
  }
  // Neo-Hookean: lateral stretch b from P_yy = mu (b - 1/b) + lambda ln(a b) / b = 0.
  double lo = 0.05, hi = 1.5;
  for (int k = 0; k < 100; ++k) {
    const double b = 0.5 * (lo + hi);
    (mu * (b - 1.0 / b) + lam * std::log(a * b) / b > 0.0 ? hi : lo) = b;
  }
  const double b = 0.5 * (lo + hi);
  return mu * (a - 1.0 / a) + lam * std::log(a * b) / a;
}

double model_uniaxial_stress(const PeriMaterial& m, double a) {
  return InteriorPoint(m).uniaxial_stress(a);
}

PresetFit fit_preset(PeriPreset preset, double poisson) {
  // Scenes and the sandbox ask again and again for a few (preset, nu): remembered per thread.
  thread_local std::map<std::pair<int, double>, PresetFit> cache;
  const std::pair<int, double> key{static_cast<int>(preset), poisson};
  if (auto it = cache.find(key); it != cache.end()) return it->second;
  PeriMaterial m;
  m.youngs = 1.0, m.poisson = poisson;
  const double lo = preset == PeriPreset::NeoHookean ? -1.0 : 0.0;
  const double hi = preset == PeriPreset::NeoHookean ? 1.0 : 2.0;
  const bool volume_free = calibrate(m, 1.0, kHorizon).kappa > 0.0;
  std::array<double, 3> want{};
  for (size_t k = 0; k < 3; ++k)
    want[k] = preset_law_stress(preset, m.mu(), m.lambda2(), kStretches[k]);
  auto cost = [&](double pb, double pv, std::array<double, 3>* dev) {
    m.bond = family(preset, pb), m.volume = family(preset, pv);
    const InteriorPoint point(m);
    double sum = 0.0;
    for (size_t k = 0; k < 3; ++k) {
      const double d = point.uniaxial_stress(kStretches[k]) / want[k] - 1.0;
      sum += d * d;
      if (dev) (*dev)[k] = d;
    }
    return sum;
  };
  // A 13 x 13 grid over the family's range, then one as fine again around its best.
  double best_b = lo, best_v = lo, best = INFINITY, step = (hi - lo) / 12.0;
  double cb = 0.5 * (lo + hi), cv = cb, span = 0.5 * (hi - lo);
  for (int round = 0; round < 2; ++round) {
    const int nb = 12, nv = volume_free ? 12 : 0;
    for (int i = 0; i <= nb; ++i)
      for (int j = 0; j <= nv; ++j) {
        const double pb = std::clamp(cb - span + 2.0 * span * i / nb, lo, hi);
        const double pv = volume_free ? std::clamp(cv - span + 2.0 * span * j / nv, lo, hi) : cv;
        const double c = cost(pb, pv, nullptr);
        if (c < best) best = c, best_b = pb, best_v = pv;
      }
    cb = best_b, cv = best_v, span = step;
    step /= 6.0;
  }
  PresetFit fit;
  cost(best_b, best_v, &fit.deviation);
  fit.bond = family(preset, best_b);
  fit.volume = family(preset, best_v);
  return cache[key] = fit;
}

}  // namespace mb
