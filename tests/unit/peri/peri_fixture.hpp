#pragma once
// Shared helpers of the peri_*_test.cpp files: small bodies, an affine map, the static
// solver used by the strip tests, and the interior energy density under a homogeneous F.
#include <algorithm>
#include <cmath>
#include <cstdint>
#include <vector>

#include "physics/peri/body.hpp"
#include "physics/peri/energy.hpp"

// Sizes shrink under the sanitizers (Debug + ASan/UBSan are ~20x slower); every test
// keeps its meaning at the smaller size.
#if defined(__SANITIZE_ADDRESS__)
#define PERI_SMALL 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define PERI_SMALL 1
#endif
#endif
#ifndef PERI_SMALL
#define PERI_SMALL 0
#endif

namespace peri_test {

inline mb::PeriBodySpec rect_spec(double w, double h, mb::PeriPreset preset, double E = 1000.0,
                                  double nu = 0.3) {
  mb::PeriBodySpec s;
  s.shape.kind = mb::PeriShapeKind::Rectangle;
  s.shape.width = w;
  s.shape.height = h;
  s.spacing = 1.0;
  s.material = mb::preset_material(preset, E, nu, 1.0);
  return s;
}

// x = F0 X + c for every point.
inline void apply_affine(mb::PeriBody& b, double f00, double f01, double f10, double f11,
                         mb::Vec2 c) {
  for (int32_t i = 0; i < b.size(); ++i) {
    const double X = b.model->X[i], Y = b.model->Y[i];
    b.x[i] = f00 * X + f01 * Y + c.x;
    b.y[i] = f10 * X + f11 * Y + c.y;
  }
}

// Index of the point closest to p in the reference configuration.
inline int32_t nearest_point(const mb::PeriBody& b, mb::Vec2 p) {
  int32_t best = 0;
  double bd = 1e300;
  for (int32_t i = 0; i < b.size(); ++i) {
    const double d = std::hypot(b.model->X[i] - p.x, b.model->Y[i] - p.y);
    if (d < bd) bd = d, best = i;
  }
  return best;
}

// Newton-CG static equilibrium with the free degrees of freedom given by free_x / free_y
// (1 = free). The Hessian-vector product comes from central differences of the exact
// forces. Returns the largest residual force on a free dof.
inline double solve_static(mb::PeriBody& b, const std::vector<uint8_t>& free_x,
                           const std::vector<uint8_t>& free_y, int newton_steps = 4,
                           int cg_iterations = 800) {
  const size_t n = static_cast<size_t>(b.size());
  mb::PeriPointState st;
  std::vector<double> fx, fy, gx, gy;
  auto residual = [&](std::vector<double>& rx, std::vector<double>& ry) {
    mb::internal_forces(b, st, fx, fy);
    rx.assign(n, 0.0), ry.assign(n, 0.0);
    for (size_t i = 0; i < n; ++i) rx[i] = free_x[i] ? fx[i] : 0.0, ry[i] = free_y[i] ? fy[i] : 0.0;
  };
  const double eps = 1e-6 * b.spec().spacing;
  const std::vector<double> x0 = b.x, y0 = b.y;
  // K v = -(f(x + eps v) - f(x - eps v)) / (2 eps) on the free dofs.
  auto hess = [&](const std::vector<double>& vx, const std::vector<double>& vy,
                  std::vector<double>& ox, std::vector<double>& oy) {
    const std::vector<double> bx = b.x, by = b.y;
    std::vector<double> px, py, mx, my;
    for (size_t i = 0; i < n; ++i) b.x[i] = bx[i] + eps * vx[i], b.y[i] = by[i] + eps * vy[i];
    residual(px, py);
    for (size_t i = 0; i < n; ++i) b.x[i] = bx[i] - eps * vx[i], b.y[i] = by[i] - eps * vy[i];
    residual(mx, my);
    b.x = bx, b.y = by;
    ox.resize(n), oy.resize(n);
    for (size_t i = 0; i < n; ++i)
      ox[i] = -(px[i] - mx[i]) / (2 * eps), oy[i] = -(py[i] - my[i]) / (2 * eps);
  };
  std::vector<double> rx, ry;
  for (int it = 0; it < newton_steps; ++it) {
    residual(rx, ry);
    // CG on K d = r.
    std::vector<double> dx(n, 0.0), dy(n, 0.0), px = rx, py = ry, qx, qy;
    double rr = 0.0;
    for (size_t i = 0; i < n; ++i) rr += rx[i] * rx[i] + ry[i] * ry[i];
    const double rr0 = rr;
    for (int k = 0; k < cg_iterations && rr > 1e-24 * rr0 && rr > 0.0; ++k) {
      hess(px, py, qx, qy);
      double pq = 0.0;
      for (size_t i = 0; i < n; ++i) pq += px[i] * qx[i] + py[i] * qy[i];
      if (pq <= 0.0) break;
      const double a = rr / pq;
      double rr1 = 0.0;
      for (size_t i = 0; i < n; ++i) {
        dx[i] += a * px[i], dy[i] += a * py[i];
        rx[i] -= a * qx[i], ry[i] -= a * qy[i];
        rr1 += rx[i] * rx[i] + ry[i] * ry[i];
      }
      const double beta = rr1 / rr;
      rr = rr1;
      for (size_t i = 0; i < n; ++i) px[i] = rx[i] + beta * px[i], py[i] = ry[i] + beta * py[i];
    }
    for (size_t i = 0; i < n; ++i) b.x[i] += dx[i], b.y[i] += dy[i];
  }
  residual(rx, ry);
  double worst = 0.0;
  for (size_t i = 0; i < n; ++i) worst = std::max({worst, std::abs(rx[i]), std::abs(ry[i])});
  return worst;
}

// Energy density of an interior point of a large patch under the homogeneous map F.
inline double interior_energy_density(const mb::PeriBody& patch, int32_t centre, double f00,
                                      double f01, double f10, double f11) {
  mb::PeriBody b = patch;
  apply_affine(b, f00, f01, f10, f11, {0.0, 0.0});
  mb::PeriPointState st;
  mb::evaluate_points(b, st);
  return st.energy[static_cast<size_t>(centre)] / b.model->vol[static_cast<size_t>(centre)];
}

// The largest gap between the forces fx, fy and minus the central difference (step h) of
// internal_energy, over the two coordinates of every `stride`-th point.
inline double worst_gap_to_energy_gradient(mb::PeriBody& b, const std::vector<double>& fx,
                                           const std::vector<double>& fy, int32_t stride,
                                           double h = 1e-6) {
  double worst = 0.0;
  for (int32_t i = 0; i < b.size(); i += stride)
    for (int c = 0; c < 2; ++c) {
      double& q = c == 0 ? b.x[i] : b.y[i];
      const double keep = q;
      q = keep + h;
      const double ep = mb::internal_energy(b).total();
      q = keep - h;
      const double em = mb::internal_energy(b).total();
      q = keep;
      const double fd = -(ep - em) / (2.0 * h);
      worst = std::max(worst, std::abs(fd - (c == 0 ? fx[i] : fy[i])));
    }
  return worst;
}

}  // namespace peri_test
