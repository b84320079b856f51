#include "physics/peri/energy.hpp"

#include <algorithm>
#include <cmath>

namespace mb {

namespace {

struct Psi {
  double value, d1;
};
Psi volumetric(const PeriMaterial& m, double kappa, double theta) {
  if (kappa > 0.0) {
    const PhiValue v = eval_mix(m.volume, 1.0 + 0.5 * theta);
    return {4.0 * v.phi, 2.0 * v.d1};
  }
  return {theta * theta, 2.0 * theta};
}

// phi'(s) of a mix inside the band as one polynomial in s and 1/s (material.hpp):
//   A_n' = (s^n - s^-n) / n,  B_n' = 2 (s^n - 1) / n,  weights normalised to sum 1, so
//   phi'(s) = c0 + s^2 (p2 + s (p3 + s p4)) - u^2 (q2 + u (q3 + u q4)),  u = 1 / s.
// Outside [kStretchLow, kStretchHigh] mix_derivative gives the Taylor continuation.
struct MixPoly {
  double c0 = 0, p2 = 0, p3 = 0, p4 = 0, q2 = 0, q3 = 0, q4 = 0;
  const NonlinearMix* mix = nullptr;
  explicit MixPoly(const NonlinearMix& m) : mix(&m) {
    double sum = 0.0;
    for (double w : m.w) sum += w;
    const double n = sum != 0.0 ? 1.0 / sum : 1.0;
    const auto& w = m.w;
    q2 = n * w[0] / 2.0, q3 = n * w[1] / 3.0, q4 = n * w[2] / 4.0;
    p2 = q2 + n * w[3], p3 = q3 + n * 2.0 * w[4] / 3.0, p4 = q4 + n * w[5] / 2.0;
    c0 = -n * (w[3] + 2.0 * w[4] / 3.0 + w[5] / 2.0);
  }
  double d1(double s, double u) const {
    if (s < kStretchLow || s > kStretchHigh) return mix_derivative(*mix, s);
    return c0 + s * s * (p2 + s * (p3 + s * p4)) - u * u * (q2 + u * (q3 + u * q4));
  }
};

// Pass 0 for point i: each pair (i, j > i) once; |eta|, 1 / |eta| and phi_b'(s) go to both
// halves (bond e and bond_rev[e]: only this call writes them, so no race). |x_j - x_i| is
// bitwise symmetric, so this equals evaluating each half on its own.
void pair_pass(const PeriBody& b, const MixPoly& poly, PeriPointState& st, size_t i) {
  const double *x = b.x.data(), *y = b.y.data(), *blen = b.bond_len.data(), *bc = b.bond_c.data();
  const int32_t *bj = b.bond_j.data(), *rev = b.bond_rev.data();
  const uint8_t* broken = b.bond_broken.data();
  double* __restrict il_out = st.bond_il.data();
  double* __restrict f_out = st.bond_f.data();
  double* __restrict len_out = st.bond_cur.data();
  const double xi_ = x[i], yi = y[i];
  const int32_t e1 = b.bond_start[i + 1];
  for (int32_t e = b.bond_start[i]; e < e1; ++e) {
    const int32_t j = bj[e];
    if (j < static_cast<int32_t>(i) || broken[e]) continue;
    const double ex = x[j] - xi_, ey = y[j] - yi;
    const double len = std::sqrt(ex * ex + ey * ey), L = blen[e];
    const double il = len > 0.0 ? 1.0 / len : 0.0;
    const double d1 = poly.d1(len / L, L * il);
    const int32_t r = rev[e];
    il_out[e] = il_out[r] = il;
    len_out[e] = len_out[r] = len;
    f_out[e] = bc[e] * d1, f_out[r] = bc[r] * d1;
  }
}

// Pass 1 for point i: theta, F, det F, g, H from the pair caches; with `energy`, also the
// point's energy share and stiffness. Writes st at i only.
void point_pass(const PeriBody& b, PeriPointState& st, size_t i, bool energy) {
  const PeriMaterial& m = b.spec.material;
  const double *x = b.x.data(), *y = b.y.data(), *vol = b.vol.data(), *blen = b.bond_len.data();
  const double *bdx = b.bond_dx.data(), *bdy = b.bond_dy.data(), *bc = b.bond_c.data();
  const double* cur = st.bond_cur.data();
  const int32_t* bj = b.bond_j.data();
  const uint8_t* broken = b.bond_broken.data();
  const double xi_ = x[i], yi = y[i];
  double th = 0.0, n00 = 0.0, n01 = 0.0, n10 = 0.0, n11 = 0.0, eb = 0.0, stiff = 0.0;
  const int32_t e1 = b.bond_start[i + 1];
  for (int32_t e = b.bond_start[i]; e < e1; ++e) {
    if (broken[e]) continue;
    const int32_t j = bj[e];
    const double ex = x[j] - xi_, ey = y[j] - yi;
    const double len = cur[e], L = blen[e];
    const double vj = vol[j];
    th += L * (len - L) * vj;
    if (energy) {
      const PhiValue phi = eval_mix(m.bond, len / L);
      eb += 0.5 * bc[e] * L * phi.phi;
      stiff = std::max(stiff, 0.5 * phi.d2);
    }
    const double dx = bdx[e] * vj, dy = bdy[e] * vj;
    n00 += ex * dx, n01 += ex * dy, n10 += ey * dx, n11 += ey * dy;
  }
  const double vi = b.vol[i];
  const double theta = b.wvol[i] > 0.0 ? 2.0 * th / b.wvol[i] : 0.0;
  const Psi psi = volumetric(m, b.kappa[i], theta);
  const double ev = 0.5 * b.kappa[i] * vi * psi.value;
  st.theta[i] = theta;
  st.g[i] = b.wvol[i] > 0.0 ? b.kappa[i] * vi * psi.d1 / b.wvol[i] : 0.0;
  // F = N K^-1.
  const double* K = &b.kinv[4 * i];
  const double f00 = n00 * K[0] + n01 * K[2], f01 = n00 * K[1] + n01 * K[3];
  const double f10 = n10 * K[0] + n11 * K[2], f11 = n10 * K[1] + n11 * K[3];
  double* F = &st.F[4 * i];
  F[0] = f00, F[1] = f01, F[2] = f10, F[3] = f11;
  const bool has_f = K[0] != 0.0 || K[3] != 0.0;
  const double J = has_f ? f00 * f11 - f01 * f10 : 1.0;
  st.detF[i] = J;
  double* H = &st.H[4 * i];
  H[0] = H[1] = H[2] = H[3] = 0.0;
  st.has_h[i] = 0;
  double ei = 0.0;
  const double J0 = m.inversion_threshold;
  if (has_f && J < J0) {
    const double kinv = m.inversion_stiffness * m.youngs;
    const double gap = J0 - J;
    ei = 0.5 * kinv * vi * gap * gap;
    // dE/dF = -k V gap cof(F), cof(F) = [[f11, -f10], [-f01, f00]]; H = (dE/dF) K^-T.
    const double s = -kinv * vi * gap;
    const double c00 = s * f11, c01 = -s * f10, c10 = -s * f01, c11 = s * f00;
    H[0] = c00 * K[0] + c01 * K[1], H[1] = c00 * K[2] + c01 * K[3];
    H[2] = c10 * K[0] + c11 * K[1], H[3] = c10 * K[2] + c11 * K[3];
    st.has_h[i] = H[0] != 0.0 || H[1] != 0.0 || H[2] != 0.0 || H[3] != 0.0;
  }
  if (energy) {
    st.energy[i] = eb + ev + ei;
    st.stiff[i] = stiff;
    st.parts[3 * i] = eb, st.parts[3 * i + 1] = ev, st.parts[3 * i + 2] = ei;
  }
}

void resize(PeriPointState& st, size_t n, size_t bonds) {
  st.theta.resize(n), st.detF.resize(n), st.energy.resize(n), st.g.resize(n);
  st.H.resize(4 * n), st.F.resize(4 * n), st.stiff.resize(n);
  st.bond_il.resize(bonds), st.bond_f.resize(bonds), st.bond_cur.resize(bonds);
  st.has_h.resize(n), st.parts.resize(3 * n);
}

PeriEnergy pass1(const PeriBody& b, PeriPointState& st, WorkerPool& pool, bool energy) {
  const size_t n = static_cast<size_t>(b.size());
  resize(st, n, b.bond_j.size());
  const MixPoly poly(b.spec.material.bond);
  pool.run(static_cast<int64_t>(n),
           [&](int64_t k) { pair_pass(b, poly, st, static_cast<size_t>(k)); });
  pool.run(static_cast<int64_t>(n),
           [&](int64_t k) { point_pass(b, st, static_cast<size_t>(k), energy); });
  PeriEnergy e;
  if (!energy) return e;
  for (size_t i = 0; i < n; ++i)  // in index order: the same sum for any thread count
    e.bond += st.parts[3 * i], e.volume += st.parts[3 * i + 1], e.inversion += st.parts[3 * i + 2];
  return e;
}

// Pass 2 for point p: gathers the force from the bond caches of pass 1.
void gather(const PeriBody& b, const PeriPointState& st, size_t p, double& fx, double& fy) {
  const double *x = b.x.data(), *y = b.y.data(), *vol = b.vol.data(), *blen = b.bond_len.data();
  const double *g = st.g.data(), *il = st.bond_il.data(), *bf = st.bond_f.data();
  const int32_t* bj = b.bond_j.data();
  const uint8_t *broken = b.bond_broken.data(), *has_h = st.has_h.data();
  const double xp = x[p], yp = y[p], vp = vol[p], gp = g[p];
  const double* Hp = &st.H[4 * p];
  const bool hp = has_h[p] != 0;
  double ax = 0.0, ay = 0.0;
  const int32_t e1 = b.bond_start[p + 1];
  for (int32_t e = b.bond_start[p]; e < e1; ++e) {
    if (broken[e]) continue;
    const size_t j = static_cast<size_t>(bj[e]);
    const double vj = vol[j];
    // (bond_c phi'(s) + g_p |xi| V_j + g_j |xi| V_p) eta_hat; il = 0 for a collapsed bond.
    const double a = (bf[e] + (gp * vj + g[j] * vp) * blen[e]) * il[e];
    ax += a * (x[j] - xp), ay += a * (y[j] - yp);
    if (hp || has_h[j]) {
      const double* Hj = &st.H[4 * j];
      const double dx = b.bond_dx[e], dy = b.bond_dy[e];
      ax += (Hp[0] * dx + Hp[1] * dy) * vj + (Hj[0] * dx + Hj[1] * dy) * vp;
      ay += (Hp[2] * dx + Hp[3] * dy) * vj + (Hj[2] * dx + Hj[3] * dy) * vp;
    }
  }
  fx = ax, fy = ay;
}

}  // namespace

PeriEnergy evaluate_points(const PeriBody& b, PeriPointState& st, WorkerPool& pool) {
  return pass1(b, st, pool, true);
}

PeriEnergy internal_forces(const PeriBody& b, PeriPointState& st, std::vector<double>& fx,
                           std::vector<double>& fy, WorkerPool& pool, bool with_energy) {
  const PeriEnergy e = pass1(b, st, pool, with_energy);
  const size_t n = static_cast<size_t>(b.size());
  fx.resize(n), fy.resize(n);
  pool.run(static_cast<int64_t>(n), [&](int64_t k) {
    const size_t p = static_cast<size_t>(k);
    gather(b, st, p, fx[p], fy[p]);
  });
  return e;
}

PeriEnergy evaluate_points(const PeriBody& b, PeriPointState& st, int threads) {
  WorkerPool pool(threads);
  return evaluate_points(b, st, pool);
}

PeriEnergy internal_forces(const PeriBody& b, PeriPointState& st, std::vector<double>& fx,
                           std::vector<double>& fy, int threads) {
  WorkerPool pool(threads);
  return internal_forces(b, st, fx, fy, pool, true);
}

PeriEnergy internal_energy(const PeriBody& b) {
  PeriPointState st;
  WorkerPool pool(1);
  return pass1(b, st, pool, true);
}

}  // namespace mb
