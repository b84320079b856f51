#include "physics/peri/calibrate.hpp"

#include <cmath>

namespace mb {

double hex_point_area(double spacing) {
  return spacing * spacing * std::sqrt(3.0) / 2.0;
}

std::vector<Vec2> hex_stencil(double spacing, double horizon) {
  std::vector<Vec2> out;
  const double row = spacing * std::sqrt(3.0) / 2.0;
  const double reach = horizon * spacing * (1.0 + 1e-9);
  const int n = static_cast<int>(std::ceil(horizon)) + 2;
  for (int j = -2 * n; j <= 2 * n; ++j)
    for (int i = -2 * n; i <= 2 * n; ++i) {
      const double shift = (j % 2 != 0) ? 0.5 * spacing : 0.0;
      const Vec2 p{i * spacing + shift, j * row};
      const double d = glm::length(p);
      if (d > 0.0 && d <= reach) out.push_back(p);
    }
  return out;
}

double bond_mode_density(const std::vector<Vec2>& offsets, double vol, std::array<double, 3> eps) {
  double sum = 0.0;
  for (const Vec2& xi : offsets) {
    const double len = glm::length(xi);
    const double cx = xi.x / len, cy = xi.y / len;
    const double e = cx * cx * eps[0] + cy * cy * eps[1] + 2.0 * cx * cy * eps[2];
    sum += 0.25 * len * e * e * vol;
  }
  return sum;
}

double four_mode_sum(const std::vector<Vec2>& offsets, double vol) {
  return bond_mode_density(offsets, vol, {1.0, -1.0, 0.0}) +
         bond_mode_density(offsets, vol, {0.0, 0.0, 1.0}) +
         bond_mode_density(offsets, vol, {1.0, 0.0, 0.0}) +
         bond_mode_density(offsets, vol, {0.0, 1.0, 0.0});
}

PeriCalibration calibrate(const PeriMaterial& material, double spacing, double horizon) {
  const std::vector<Vec2> st = hex_stencil(spacing, horizon);
  const double vol = hex_point_area(spacing) * material.thickness;
  const double mu = material.mu(), lam = material.lambda2();
  PeriCalibration cal;
  cal.c = 2.0 * mu / bond_mode_density(st, vol, {1.0, -1.0, 0.0});
  double m = 0.0, th = 0.0;
  for (const Vec2& xi : st) {
    m += glm::dot(xi, xi) * vol;
    th += xi.x * xi.x * vol;  // |xi|^2 (xi_hat . diag(1,0) xi_hat)
  }
  const double theta = 2.0 * th / m;
  const double bond_uni = cal.c * bond_mode_density(st, vol, {1.0, 0.0, 0.0});
  cal.kappa = 2.0 * (0.5 * (lam + 2.0 * mu) - bond_uni) / (theta * theta);
  cal.mode_sum = four_mode_sum(st, vol);
  return cal;
}

}  // namespace mb
