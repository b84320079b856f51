#include "physics/peri/energy.hpp"

#include <algorithm>
#include <cmath>

#include "physics/world/parallel_for.hpp"

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

// Pass 1 for point i. Returns nothing; writes st at i.
void point_pass(const PeriBody& b, PeriPointState& st, size_t i, double& e_bond, double& e_vol,
                double& e_inv) {
  const PeriMaterial& m = b.spec.material;
  const double xi_ = b.x[i], yi = b.y[i];
  double th = 0.0, n00 = 0.0, n01 = 0.0, n10 = 0.0, n11 = 0.0, eb = 0.0, stiff = 0.0;
  for (int32_t e = b.bond_start[i]; e < b.bond_start[i + 1]; ++e) {
    if (b.bond_broken[e]) continue;
    const int32_t j = b.bond_j[e];
    const double ex = b.x[j] - xi_, ey = b.y[j] - yi;
    const double len = std::sqrt(ex * ex + ey * ey), L = b.bond_len[e];
    const double vj = b.vol[j];
    th += L * (len - L) * vj;
    const PhiValue phi = eval_mix(m.bond, len / L);
    eb += 0.5 * b.bond_c[e] * L * phi.phi;
    stiff = std::max(stiff, 0.5 * phi.d2);
    const double dx = b.bond_dx[e] * vj, dy = b.bond_dy[e] * vj;
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
  }
  st.energy[i] = eb + ev + ei;
  st.stiff[i] = stiff;
  e_bond = eb, e_vol = ev, e_inv = ei;
}

void resize(PeriPointState& st, size_t n) {
  st.theta.resize(n), st.detF.resize(n), st.energy.resize(n), st.g.resize(n);
  st.H.resize(4 * n), st.F.resize(4 * n), st.stiff.resize(n);
}

PeriEnergy pass1(const PeriBody& b, PeriPointState& st, int threads) {
  const size_t n = static_cast<size_t>(b.size());
  resize(st, n);
  std::vector<double> parts(3 * n);
  parallel_for(static_cast<int64_t>(n), threads, [&](int64_t k) {
    const size_t i = static_cast<size_t>(k);
    point_pass(b, st, i, parts[3 * i], parts[3 * i + 1], parts[3 * i + 2]);
  });
  PeriEnergy e;
  for (size_t i = 0; i < n; ++i)
    e.bond += parts[3 * i], e.volume += parts[3 * i + 1], e.inversion += parts[3 * i + 2];
  return e;
}

}  // namespace

PeriEnergy evaluate_points(const PeriBody& b, PeriPointState& st, int threads) {
  return pass1(b, st, threads);
}

PeriEnergy internal_forces(const PeriBody& b, PeriPointState& st, std::vector<double>& fx,
                           std::vector<double>& fy, int threads) {
  const PeriEnergy e = pass1(b, st, threads);
  const size_t n = static_cast<size_t>(b.size());
  fx.resize(n), fy.resize(n);
  const NonlinearMix& mix = b.spec.material.bond;
  parallel_for(static_cast<int64_t>(n), threads, [&](int64_t k) {
    const size_t p = static_cast<size_t>(k);
    const double xp = b.x[p], yp = b.y[p], vp = b.vol[p], gp = st.g[p];
    const double* Hp = &st.H[4 * p];
    const bool hp = Hp[0] != 0.0 || Hp[1] != 0.0 || Hp[2] != 0.0 || Hp[3] != 0.0;
    double ax = 0.0, ay = 0.0;
    for (int32_t e2 = b.bond_start[p]; e2 < b.bond_start[p + 1]; ++e2) {
      if (b.bond_broken[e2]) continue;
      const size_t j = static_cast<size_t>(b.bond_j[e2]);
      const double ex = b.x[j] - xp, ey = b.y[j] - yp;
      const double len = std::sqrt(ex * ex + ey * ey), L = b.bond_len[e2];
      if (len > 0.0) {
        const double a =
            b.bond_c[e2] * mix_derivative(mix, len / L) + (gp * b.vol[j] + st.g[j] * vp) * L;
        ax += a * ex / len, ay += a * ey / len;
      }
      const double* Hj = &st.H[4 * j];
      if (hp || Hj[0] != 0.0 || Hj[1] != 0.0 || Hj[2] != 0.0 || Hj[3] != 0.0) {
        const double dx = b.bond_dx[e2], dy = b.bond_dy[e2], vj = b.vol[j];
        ax += (Hp[0] * dx + Hp[1] * dy) * vj + (Hj[0] * dx + Hj[1] * dy) * vp;
        ay += (Hp[2] * dx + Hp[3] * dy) * vj + (Hj[2] * dx + Hj[3] * dy) * vp;
      }
    }
    fx[p] = ax, fy[p] = ay;
  });
  return e;
}

PeriEnergy internal_energy(const PeriBody& b) {
  PeriPointState st;
  return pass1(b, st, 1);
}

}  // namespace mb
