#include "physics/peri/frequency_bound.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "physics/core/vector_clones.hpp"

namespace mb {

namespace {

// Per point, what its bonds' A need from it (frequency_bound.hpp).
struct PointTerms {
  std::vector<double> c;  // c_i of the dilatation's squared gradient
  std::vector<double> g;  // (g_i)_+
  // Anti-inversion only (0 elsewhere): k_inv V / 2 (halved: S is doubled at the end), A_i,
  // gap_i B_i, and the point's share of its own term.
  std::vector<double> inv, a, gap_b, self;
};

// The anti-inversion's vectors of bond xi at point i: q = V K_i^-T xi and w = cof(F_i) q,
// cof(F) = [[f11, -f10], [-f01, f00]].
struct InversionVectors {
  double q, w;  // their lengths
  double qx, qy, wx, wy;
};
InversionVectors inversion_vectors(const PeriBody& b, const PeriPointState& st, size_t i, double dx,
                                   double dy) {
  const double v = b.vol[i];
  const double* F = &st.F[4 * i];
  const double* K = &b.kinv[4 * i];
  const double qx = v * (K[0] * dx + K[2] * dy), qy = v * (K[1] * dx + K[3] * dy);
  const double wx = F[3] * qx - F[2] * qy, wy = -F[1] * qx + F[0] * qy;
  return {std::hypot(qx, qy), std::hypot(wx, wy), qx, qy, wx, wy};
}

void point_terms(const PeriBody& b, const PeriPointState& st, const MixPolynomial& volume, size_t i,
                 PointTerms& t) {
  const double v = b.vol[i];
  double len_sum = 0.0;
  for (int32_t e = b.bond_start[i]; e < b.bond_start[i + 1]; ++e) len_sum += b.bond_len[e];
  const double kappa = b.kappa[i];
  const double psi2 = kappa > 0.0 ? volume.eval(1.0 + 0.5 * st.theta[i]).d2 : 0.0;  // Psi''
  const double grad = b.wvol[i] > 0.0 ? 2.0 * v / b.wvol[i] : 0.0;
  t.c[i] = std::max(0.0, 0.5 * kappa * v * psi2 * grad * grad * len_sum);
  t.g[i] = std::max(0.0, st.g[i]);
  t.inv[i] = t.a[i] = t.gap_b[i] = t.self[i] = 0.0;
  if (!st.has_h[i]) return;
  // dJ = sum_j d_j.w_j = sum_j u_j.w_j - u_i.(sum_j w_j), so by Cauchy-Schwarz over these
  // n + 1 terms (dJ)^2 <= A (sum_j |w_j| |u_j|^2 + |sum w| |u_i|^2), A = sum_j |w_j| + |sum w|;
  // |dF|^2 likewise with q and B. An interior point's sums nearly cancel, so its own share
  // is small and each neighbour carries one bond's.
  double w_norms = 0.0, q_norms = 0.0, wx = 0.0, wy = 0.0, qx = 0.0, qy = 0.0;
  for (int32_t e = b.bond_start[i]; e < b.bond_start[i + 1]; ++e) {
    if (b.bond_broken[e]) continue;
    const InversionVectors iv = inversion_vectors(b, st, i, b.bond_dx[e], b.bond_dy[e]);
    w_norms += iv.w, q_norms += iv.q;
    wx += iv.wx, wy += iv.wy, qx += iv.qx, qy += iv.qy;
  }
  const PeriMaterial& m = b.spec.material;
  const double w_sum = std::hypot(wx, wy), q_sum = std::hypot(qx, qy);
  t.inv[i] = 0.5 * m.inversion_stiffness * m.youngs * v;
  t.a[i] = w_norms + w_sum;
  t.gap_b[i] = std::max(0.0, m.inversion_threshold - st.detF[i]) * (q_norms + q_sum);
  t.self[i] = t.inv[i] * (t.a[i] * w_sum + t.gap_b[i] * q_sum);
}

struct Block {
  double s00 = 0.0, s01 = 0.0, s11 = 0.0;
  int out_of_band = 0;  // bonds outside the polynomial's band: bond_block_scalar then
};

// A bond's share of S_p: `along` on e (x) e and `across` on P.
inline void add_bond(Block& s, double along, double across, double nx, double ny) {
  s.s00 += along * nx * nx + across * ny * ny;
  s.s01 += (along - across) * nx * ny;
  s.s11 += along * ny * ny + across * nx * nx;
}

// The pair and dilatation terms of S_i, with the law as a polynomial (in its band). Once a
// tick over every bond: branch-free like energy.cpp's loops, built twice (vector_clones.hpp).
MB_VECTOR_CLONES
Block bond_block(const PeriBody& b, const MixPolynomial& p, const PointTerms& t, size_t i) {
  const double *x = b.x.data(), *y = b.y.data(), *bc = b.bond_c.data(), *bl = b.bond_len.data();
  const double *c = t.c.data(), *g = t.g.data();
  const int32_t* bj = b.bond_j.data();
  const int32_t* broken = b.bond_broken.data();
  const double xi_ = x[i], yi = y[i], ci = c[i], gi = g[i], v = b.vol[i];
  double s00 = 0.0, s01 = 0.0, s11 = 0.0;
  int oob = 0;
  const int32_t e0 = b.bond_start[i], e1 = b.bond_start[i + 1];
#pragma omp simd reduction(+ : s00, s01, s11, oob)
  for (int32_t e = e0; e < e1; ++e) {
    const int32_t j = bj[e];
    const double ex = x[j] - xi_, ey = y[j] - yi;
    const double len = std::sqrt(ex * ex + ey * ey), L = bl[e];
    const double on = broken[e] ? 0.0 : 1.0;
    const double ok = len > 0.0 ? on : 0.0;  // a collapsed bond has no direction
    const double r = ok / std::max(len * L, std::numeric_limits<double>::min());
    const double s = len * len * r, u = L * L * r, il = L * r;  // u = 1/s, il = 1/|eta|
    oob += static_cast<int>((s < kStretchLow) | (s > kStretchHigh)) & static_cast<int>(r > 0.0);
    const double k = bc[e] / L;
    const double along = k * std::max(p.d2(s, u), 0.0) + (ci + c[j]) * L;
    const double across = k * std::max(p.d1(s, u) * u, 0.0) + (gi + g[j]) * v * L * il;
    const double nx = ex * il, ny = ey * il;  // 0 for a broken or collapsed bond
    s00 += along * nx * nx + across * ny * ny;
    s01 += (along - across) * nx * ny;
    s11 += along * ny * ny + across * nx * nx;
  }
  return {s00, s01, s11, oob};
}

// The same for a point with a bond out of the band, by the scalar path (material.hpp's
// Taylor continuation).
Block bond_block_scalar(const PeriBody& b, const MixPolynomial& p, const PointTerms& t, size_t i) {
  Block s;
  for (int32_t e = b.bond_start[i]; e < b.bond_start[i + 1]; ++e) {
    const size_t j = static_cast<size_t>(b.bond_j[e]);
    const double ex = b.x[j] - b.x[i], ey = b.y[j] - b.y[i];
    const double len = std::sqrt(ex * ex + ey * ey), L = b.bond_len[e];
    if (b.bond_broken[e] || !(len > 0.0)) continue;
    const double st = len / L, k = b.bond_c[e] / L;
    const PhiValue phi = p.eval(st);
    const double along = k * std::max(phi.d2, 0.0) + (t.c[i] + t.c[j]) * L;
    const double across = k * std::max(phi.d1 / st, 0.0) + (t.g[i] + t.g[j]) * b.vol[i] * L / len;
    add_bond(s, along, across, ex / len, ey / len);
  }
  return s;
}

// The anti-inversion terms of S_p (isotropic): p's own share, and one bond's share of the
// term of each neighbour under the anti-inversion.
double inversion_block(const PeriBody& b, const PeriPointState& st, const PointTerms& t, size_t p) {
  double sum = t.self[p];
  for (int32_t e = b.bond_start[p]; e < b.bond_start[p + 1]; ++e) {
    const size_t j = static_cast<size_t>(b.bond_j[e]);
    if (b.bond_broken[e] || !st.has_h[j]) continue;
    const InversionVectors iv = inversion_vectors(b, st, j, -b.bond_dx[e], -b.bond_dy[e]);
    sum += t.inv[j] * (t.a[j] * iv.w + t.gap_b[j] * iv.q);
  }
  return sum;
}

}  // namespace

double frequency_bound(const PeriBody& b, const PeriPointState& st, WorkerPool& pool) {
  const size_t n = static_cast<size_t>(b.size());
  if (n == 0) return 0.0;
  const PeriMaterial& m = b.spec.material;
  const MixPolynomial bond(m.bond), volume(m.volume);
  PointTerms t;
  t.c.resize(n), t.g.resize(n);
  t.inv.resize(n), t.a.resize(n), t.gap_b.resize(n), t.self.resize(n);
  pool.run(static_cast<int64_t>(n),
           [&](int64_t k) { point_terms(b, st, volume, static_cast<size_t>(k), t); });
  const bool inversion = std::find(st.has_h.begin(), st.has_h.end(), uint8_t{1}) != st.has_h.end();
  std::vector<double> per_point(n);
  pool.run(static_cast<int64_t>(n), [&](int64_t k) {
    const size_t i = static_cast<size_t>(k);
    Block s = bond_block(b, bond, t, i);
    if (s.out_of_band > 0) s = bond_block_scalar(b, bond, t, i);
    const double iso = inversion ? inversion_block(b, st, t, i) : 0.0;
    const double a = s.s00 + iso, d = s.s11 + iso, half = 0.5 * (a + d);
    const double top = half + std::sqrt(std::max(0.0, half * half - (a * d - s.s01 * s.s01)));
    per_point[i] = 2.0 * top / b.mass[i];
  });
  return *std::max_element(per_point.begin(), per_point.end());
}

double rest_frequency_bound(const PeriBody& body) {
  PeriBody rest = body;
  rest.x = rest.X, rest.y = rest.Y;
  PeriPointState st;
  WorkerPool pool(1);
  evaluate_points(rest, st, pool);
  return frequency_bound(rest, st, pool);
}

}  // namespace mb
