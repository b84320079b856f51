#include "physics/peri/energy.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "physics/peri/lattice_forces.hpp"
#include "physics/peri/point_terms.hpp"

namespace mb {

namespace {

// Pass 1's bond loop for point i, over its own bonds [e0, e1): the current length (one
// square roots, one division), theta and N = sum eta (x) xi V_j, and per directed bond the
// two coefficients pass 2 needs, a_e = bond_c phi_b'(s) / |eta| and b_e = |xi| / |eta|
// (both 0 for a broken or collapsed bond). Each pair is evaluated from both ends; |x_j - x_i|
// and bond_c are bitwise symmetric, so both halves agree exactly and the internal forces
// still sum to zero pair by pair. kEnergy adds the energy terms from the same lengths: the
// once-a-tick energy refresh then costs a few polynomial terms a bond, not a second loop
// with its own square roots. The force terms are the same expressions in both versions, so
// both give bitwise the same a_e, b_e, theta and N (PeriSystem reuses the refresh's forces).
// Sums in a fixed order. The bond loops below vectorise; a `#pragma omp simd reduction`
// would let the order of their floating-point additions follow the vector width (AVX2 or
// SSE2 clone, g++ or clang), and a run with bodies would hash differently on another
// compiler or CPU. So a loop writes each bond's terms to a block of kBlock, and the block is
// added up in kLanes fixed lanes: bond e0 + k goes to lane k % kLanes, and the lanes add as
// ((0 + 1) + (2 + 3)). Four independent lanes are one AVX2 vector or two SSE2 ones: the same
// bits either way. The whole-number counts and the max are exact in any order.
constexpr int kLanes = 4;
constexpr int kBlock = 64;  // a multiple of kLanes: every block starts at lane 0
using Lanes = double[kLanes];

inline void add_lanes(Lanes& sum, const double* terms, int n) {
  int k = 0;
  for (; k + kLanes <= n; k += kLanes)
    for (int l = 0; l < kLanes; ++l) sum[l] += terms[k + l];
  for (int l = 0; k < n; ++k, ++l) sum[l] += terms[k];
}

inline double lane_sum(const Lanes& v) {
  return (v[0] + v[1]) + (v[2] + v[3]);
}

template <bool kEnergy>
[[gnu::always_inline]] inline BondSums bond_loop(const PeriBody& b, const MixPolynomial& p,
                                                 double* __restrict a_out, double* __restrict b_out,
                                                 size_t i, int32_t e0, int32_t e1) {
  const double *x = b.x.data(), *y = b.y.data(), *X = b.model->X.data(), *Y = b.model->Y.data();
  const double *bc = b.stiffness->bond_c.data(), *bl = b.model->bond_len.data();
  const int32_t* bj = b.model->bond_j.data();
  const int32_t* broken = b.damage->bond_broken.data();
  const double xi_ = x[i], yi = y[i], Xi = X[i], Yi = Y[i];
  Lanes th{}, n00{}, n01{}, n10{}, n11{}, eb{};
  double top = 0.0;
  int oob = 0, oob_energy = 0;
  alignas(32) double t_th[kBlock], t00[kBlock], t01[kBlock], t10[kBlock], t11[kBlock];
  alignas(32) double t_eb[kBlock];
  for (int32_t block = e0; block < e1; block += kBlock) {
    const int n = std::min<int32_t>(kBlock, e1 - block);
#pragma omp simd reduction(+ : oob, oob_energy) reduction(max : top)
    for (int k = 0; k < n; ++k) {
      const int32_t e = block + k;
      const int32_t j = bj[e];
      const double on = broken[e] ? 0.0 : 1.0;
      const double ex = x[j] - xi_, ey = y[j] - yi;
      // xi from the reference positions (as build_body computed it: cached reads of X, Y);
      // |xi| streamed from bond_len, bitwise the same: the loop is bound by its square roots
      // and division as much as by its reads, and this saves one square root a bond.
      const double dx = X[j] - Xi, dy = Y[j] - Yi;
      const double len = std::sqrt(ex * ex + ey * ey), L = bl[e];
      // r = 1 / (|eta| |xi|) gives s = |eta|^2 r, 1/s = |xi|^2 r and 1/|eta| = |xi| r.
      const double ok = len > 0.0 ? on : 0.0;  // a collapsed bond has no direction: r = 0
      const double r = ok / std::max(len * L, std::numeric_limits<double>::min());
      const double s = len * len * r, u = L * L * r, il = L * r;
      const double d1 = p.d1(s, u);
      const int outside = static_cast<int>((s < kStretchLow) | (s > kStretchHigh));
      oob += outside & static_cast<int>(r > 0.0);
      a_out[e] = bc[e] * d1 * il;
      b_out[e] = L * il;
      t_th[k] = on * L * (len - L);
      const double wx = on * dx, wy = on * dy;
      t00[k] = ex * wx, t01[k] = ex * wy, t10[k] = ey * wx, t11[k] = ey * wy;
      if constexpr (kEnergy) {  // a collapsed bond (s = 0) is outside too: the scalar path
        oob_energy += outside & static_cast<int>(on > 0.0);
        t_eb[k] = ok * 0.5 * bc[e] * L * p.phi(s, u);
        top = std::max(top, ok * 0.5 * p.d2(s, u));
      }
    }
    add_lanes(th, t_th, n), add_lanes(n00, t00, n), add_lanes(n01, t01, n);
    add_lanes(n10, t10, n), add_lanes(n11, t11, n);
    if constexpr (kEnergy) add_lanes(eb, t_eb, n);
  }
  const double v = b.model->vol[i];  // = V_j: one point volume per body (body.hpp)
  return {v * lane_sum(th),  v * lane_sum(n00),
          v * lane_sum(n01), v * lane_sum(n10),
          v * lane_sum(n11), oob,
          lane_sum(eb),      top,
          oob_energy};
}

// The two versions, each built for AVX2 and baseline x86-64.
MB_VECTOR_CLONES
BondSums bond_forces(const PeriBody& b, const MixPolynomial& p, double* __restrict a_out,
                     double* __restrict b_out, size_t i, int32_t e0, int32_t e1) {
  return bond_loop<false>(b, p, a_out, b_out, i, e0, e1);
}
MB_VECTOR_CLONES
BondSums bond_forces_and_energy(const PeriBody& b, const MixPolynomial& p, double* __restrict a_out,
                                double* __restrict b_out, size_t i, int32_t e0, int32_t e1) {
  return bond_loop<true>(b, p, a_out, b_out, i, e0, e1);
}

// Bonds stretched outside the band: a_e again with the Taylor continuation (material.hpp).
void fix_out_of_band(const PeriBody& b, const MixPolynomial& p, double* a_out, size_t i, int32_t e0,
                     int32_t e1) {
  const double xi_ = b.x[i], yi = b.y[i];
  for (int32_t e = e0; e < e1; ++e) {
    if (b.damage->bond_broken[e]) continue;
    const size_t j = static_cast<size_t>(b.model->bond_j[e]);
    const double ex = b.x[j] - xi_, ey = b.y[j] - yi;
    const double len = std::sqrt(ex * ex + ey * ey), L = b.model->bond_len[e];
    if (len <= 0.0) continue;
    const double s = len / L;
    if (!MixPolynomial::in_band(s)) a_out[e] = b.stiffness->bond_c[e] * p.eval(s).d1 / len;
  }
}

// Pass 1 for point i on the CSR layout: the bond loop, then the shared per-point part.
void point_pass(const PeriBody& b, const PeriLaws& laws, PeriPointState& st, size_t i,
                bool energy) {
  const int32_t e0 = b.model->bond_start[i], e1 = b.model->bond_start[i + 1];
  double* a = st.bond_a.data();
  double* c = st.bond_b.data();
  const BondSums sum = energy ? bond_forces_and_energy(b, laws.bond, a, c, i, e0, e1)
                              : bond_forces(b, laws.bond, a, c, i, e0, e1);
  if (sum.out_of_band > 0) fix_out_of_band(b, laws.bond, a, i, e0, e1);
  finish_point(b, laws, st, i, sum, energy);
}

PeriEnergy pass1(const PeriBody& b, PeriPointState& st, WorkerPool& pool, bool energy) {
  const size_t n = static_cast<size_t>(b.size());
  size_point_state(st, n, b.model->bond_j.size());
  const PeriLaws laws(b.spec().material);
  pool.run(static_cast<int64_t>(n),
           [&](int64_t k) { point_pass(b, laws, st, static_cast<size_t>(k), energy); });
  return energy ? sum_energy_parts(st, n) : PeriEnergy{};
}

// Pass 2 for point p: gathers the bond and volumetric forces from pass 1's coefficients
// (a broken bond has a_e = b_e = 0, so it adds nothing).
MB_VECTOR_CLONES
void gather(const PeriBody& b, const PeriPointState& st, size_t p, double& fx, double& fy) {
  const double *x = b.x.data(), *y = b.y.data(), *vol = b.model->vol.data();
  const double *g = st.g.data(), *ba = st.bond_a.data(), *bb = st.bond_b.data();
  const int32_t* bj = b.model->bond_j.data();
  const double xp = x[p], yp = y[p], v = vol[p], gp = g[p];
  Lanes ax{}, ay{};  // fixed lanes, as in bond_loop
  alignas(32) double tx[kBlock], ty[kBlock];
  const int32_t e0 = b.model->bond_start[p], e1 = b.model->bond_start[p + 1];
  for (int32_t block = e0; block < e1; block += kBlock) {
    const int n = std::min<int32_t>(kBlock, e1 - block);
#pragma omp simd
    for (int k = 0; k < n; ++k) {
      const int32_t e = block + k, j = bj[e];
      // (bond_c phi'(s) + g_p |xi| V_j + g_j |xi| V_p) eta_hat, V_j = V_p = v.
      const double a = ba[e] + (gp + g[j]) * v * bb[e];
      tx[k] = a * (x[j] - xp), ty[k] = a * (y[j] - yp);
    }
    add_lanes(ax, tx, n), add_lanes(ay, ty, n);
  }
  fx = lane_sum(ax), fy = lane_sum(ay);
}

}  // namespace

PeriEnergy evaluate_points(const PeriBody& b, PeriPointState& st, WorkerPool& pool) {
  if (!b.model->lattice.empty()) return lattice_forces(b, st, nullptr, nullptr, pool, true);
  return pass1(b, st, pool, true);
}

PeriEnergy internal_forces(const PeriBody& b, PeriPointState& st, std::vector<double>& fx,
                           std::vector<double>& fy, WorkerPool& pool, bool with_energy) {
  if (!b.model->lattice.empty()) return lattice_forces(b, st, &fx, &fy, pool, with_energy);
  const PeriEnergy e = pass1(b, st, pool, with_energy);
  const size_t n = static_cast<size_t>(b.size());
  fx.resize(n), fy.resize(n);
  pool.run(static_cast<int64_t>(n), [&](int64_t k) {
    const size_t p = static_cast<size_t>(k);
    gather(b, st, p, fx[p], fy[p]);
  });
  add_inversion_forces(b, st, fx, fy, pool);
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
  return evaluate_points(b, st, pool);
}

}  // namespace mb
