#include "physics/peri/energy.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mb {

namespace {

// The material's two mixes as polynomials (material.hpp), built once per pass.
struct Laws {
  MixPolynomial bond, volume;
  explicit Laws(const PeriMaterial& m) : bond(m.bond), volume(m.volume) {}
};

struct Psi {
  double value, d1;
};
Psi volumetric(const Laws& laws, double kappa, double theta) {
  if (kappa > 0.0) {
    const PhiValue v = laws.volume.eval(1.0 + 0.5 * theta);
    return {4.0 * v.phi, 2.0 * v.d1};
  }
  return {theta * theta, 2.0 * theta};
}

// The two bond loops run once per bond per substep: they are written branch-free so the
// compiler vectorises them, and on x86-64 GCC builds them twice (AVX2 and baseline), picked
// by the CPU at load time. Sanitizer builds keep the one baseline version.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && \
    !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define MB_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define MB_VECTOR_CLONES
#endif

struct BondSums {
  double th = 0.0, n00 = 0.0, n01 = 0.0, n10 = 0.0, n11 = 0.0;
  int out_of_band = 0;  // bonds whose stretch lies outside the polynomial's band
  // Only with kEnergy: the point's bond energy, max phi''(s) / 2 over its bonds, and the
  // bonds that need the scalar path for these (out of band, or collapsed: no stretch).
  double energy = 0.0, stiff = 0.0;
  int energy_out_of_band = 0;
};

// Pass 1's bond loop for point i, over its own bonds [e0, e1): the current length (one
// square roots, one division), theta and N = sum eta (x) xi V_j, and per directed bond the
// two coefficients pass 2 needs, a_e = bond_c phi_b'(s) / |eta| and b_e = |xi| / |eta|
// (both 0 for a broken or collapsed bond). Each pair is evaluated from both ends; |x_j - x_i|
// and bond_c are bitwise symmetric, so both halves agree exactly and the internal forces
// still sum to zero pair by pair. kEnergy adds the energy terms from the same lengths: the
// once-a-tick energy refresh then costs a few polynomial terms a bond, not a second loop
// with its own square roots. The force terms are the same expressions in both versions, so
// both give bitwise the same a_e, b_e, theta and N (PeriSystem reuses the refresh's forces).
template <bool kEnergy>
[[gnu::always_inline]] inline BondSums bond_loop(const PeriBody& b, const MixPolynomial& p,
                                                 double* __restrict a_out, double* __restrict b_out,
                                                 size_t i, int32_t e0, int32_t e1) {
  const double *x = b.x.data(), *y = b.y.data(), *X = b.X.data(), *Y = b.Y.data();
  const double *bc = b.bond_c.data(), *bl = b.bond_len.data();
  const int32_t* bj = b.bond_j.data();
  const int32_t* broken = b.bond_broken.data();
  const double xi_ = x[i], yi = y[i], Xi = X[i], Yi = Y[i];
  double th = 0.0, n00 = 0.0, n01 = 0.0, n10 = 0.0, n11 = 0.0, eb = 0.0, top = 0.0;
  int oob = 0, oob_energy = 0;
#pragma omp simd reduction(+ : th, n00, n01, n10, n11, oob, eb, oob_energy) reduction(max : top)
  for (int32_t e = e0; e < e1; ++e) {
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
    th += on * L * (len - L);
    const double wx = on * dx, wy = on * dy;
    n00 += ex * wx, n01 += ex * wy, n10 += ey * wx, n11 += ey * wy;
    if constexpr (kEnergy) {  // a collapsed bond (s = 0) is outside too: the scalar path
      oob_energy += outside & static_cast<int>(on > 0.0);
      eb += ok * 0.5 * bc[e] * L * p.phi(s, u);
      top = std::max(top, ok * 0.5 * p.d2(s, u));
    }
  }
  const double v = b.vol[i];  // = V_j: one point volume per body (body.hpp)
  return {v * th, v * n00, v * n01, v * n10, v * n11, oob, eb, top, oob_energy};
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
    if (b.bond_broken[e]) continue;
    const size_t j = static_cast<size_t>(b.bond_j[e]);
    const double ex = b.x[j] - xi_, ey = b.y[j] - yi;
    const double len = std::sqrt(ex * ex + ey * ey), L = b.bond_len[e];
    if (len <= 0.0) continue;
    const double s = len / L;
    if (!MixPolynomial::in_band(s)) a_out[e] = b.bond_c[e] * p.eval(s).d1 / len;
  }
}

// The point's bond energy and stiffness by the scalar path with the Taylor continuation,
// for a point with a bond outside the band.
void bond_energy_out_of_band(const PeriBody& b, const MixPolynomial& p, size_t i, double& eb,
                             double& stiff) {
  eb = 0.0, stiff = 0.0;
  for (int32_t e = b.bond_start[i]; e < b.bond_start[i + 1]; ++e) {
    if (b.bond_broken[e]) continue;
    const size_t j = static_cast<size_t>(b.bond_j[e]);
    const double ex = b.x[j] - b.x[i], ey = b.y[j] - b.y[i];
    const double L = b.bond_len[e];
    const PhiValue phi = p.eval(std::sqrt(ex * ex + ey * ey) / L);
    eb += 0.5 * b.bond_c[e] * L * phi.phi;
    stiff = std::max(stiff, 0.5 * phi.d2);
  }
}

// Pass 1 for point i: the bond loop, then theta_i, F_i, det F, g_i, H_i; with `energy`,
// also the point's energy share and stiffness. Writes st at i and at i's bonds only.
void point_pass(const PeriBody& b, const Laws& laws, PeriPointState& st, size_t i, bool energy) {
  const PeriMaterial& m = b.spec.material;
  const int32_t e0 = b.bond_start[i], e1 = b.bond_start[i + 1];
  double* a = st.bond_a.data();
  double* c = st.bond_b.data();
  const BondSums sum = energy ? bond_forces_and_energy(b, laws.bond, a, c, i, e0, e1)
                              : bond_forces(b, laws.bond, a, c, i, e0, e1);
  if (sum.out_of_band > 0) fix_out_of_band(b, laws.bond, a, i, e0, e1);
  double eb = sum.energy, stiff = sum.stiff;
  if (sum.energy_out_of_band > 0) bond_energy_out_of_band(b, laws.bond, i, eb, stiff);
  const double th = sum.th, n00 = sum.n00, n01 = sum.n01, n10 = sum.n10, n11 = sum.n11;
  const double vi = b.vol[i];
  const double theta = b.wvol[i] > 0.0 ? 2.0 * th / b.wvol[i] : 0.0;
  const Psi psi = volumetric(laws, b.kappa[i], theta);
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
  st.bond_a.resize(bonds), st.bond_b.resize(bonds);
  st.has_h.resize(n), st.parts.resize(3 * n);
}

PeriEnergy pass1(const PeriBody& b, PeriPointState& st, WorkerPool& pool, bool energy) {
  const size_t n = static_cast<size_t>(b.size());
  resize(st, n, b.bond_j.size());
  const Laws laws(b.spec.material);
  pool.run(static_cast<int64_t>(n),
           [&](int64_t k) { point_pass(b, laws, st, static_cast<size_t>(k), energy); });
  PeriEnergy e;
  if (!energy) return e;
  for (size_t i = 0; i < n; ++i)  // in index order: the same sum for any thread count
    e.bond += st.parts[3 * i], e.volume += st.parts[3 * i + 1], e.inversion += st.parts[3 * i + 2];
  return e;
}

// Pass 2 for point p: gathers the bond and volumetric forces from pass 1's coefficients
// (a broken bond has a_e = b_e = 0, so it adds nothing).
MB_VECTOR_CLONES
void gather(const PeriBody& b, const PeriPointState& st, size_t p, double& fx, double& fy) {
  const double *x = b.x.data(), *y = b.y.data(), *vol = b.vol.data();
  const double *g = st.g.data(), *ba = st.bond_a.data(), *bb = st.bond_b.data();
  const int32_t* bj = b.bond_j.data();
  const double xp = x[p], yp = y[p], v = vol[p], gp = g[p];
  double ax = 0.0, ay = 0.0;
  const int32_t e0 = b.bond_start[p], e1 = b.bond_start[p + 1];
#pragma omp simd reduction(+ : ax, ay)
  for (int32_t e = e0; e < e1; ++e) {
    const int32_t j = bj[e];
    // (bond_c phi'(s) + g_p |xi| V_j + g_j |xi| V_p) eta_hat, V_j = V_p = v.
    const double a = ba[e] + (gp + g[j]) * v * bb[e];
    ax += a * (x[j] - xp), ay += a * (y[j] - yp);
  }
  fx = ax, fy = ay;
}

// The anti-inversion forces H_p xi V_j + H_j xi V_p, where either end has H != 0.
void gather_inversion(const PeriBody& b, const PeriPointState& st, size_t p, double& fx,
                      double& fy) {
  const double* vol = b.vol.data();
  const uint8_t* has_h = st.has_h.data();
  const double vp = vol[p];
  const double* Hp = &st.H[4 * p];
  const bool hp = has_h[p] != 0;
  for (int32_t e = b.bond_start[p]; e < b.bond_start[p + 1]; ++e) {
    const size_t j = static_cast<size_t>(b.bond_j[e]);
    if (b.bond_broken[e] || !(hp || has_h[j])) continue;
    const double* Hj = &st.H[4 * j];
    const double dx = b.bond_dx[e], dy = b.bond_dy[e], vj = vol[j];
    fx += (Hp[0] * dx + Hp[1] * dy) * vj + (Hj[0] * dx + Hj[1] * dy) * vp;
    fy += (Hp[2] * dx + Hp[3] * dy) * vj + (Hj[2] * dx + Hj[3] * dy) * vp;
  }
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
  const bool inversion = std::find(st.has_h.begin(), st.has_h.end(), uint8_t{1}) != st.has_h.end();
  pool.run(static_cast<int64_t>(n), [&](int64_t k) {
    const size_t p = static_cast<size_t>(k);
    gather(b, st, p, fx[p], fy[p]);
    if (inversion) gather_inversion(b, st, p, fx[p], fy[p]);
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
