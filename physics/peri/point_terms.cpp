#include "physics/peri/point_terms.hpp"

#include <algorithm>
#include <cmath>

namespace mb {

namespace {

struct Psi {
  double value, d1;
};
Psi volumetric(const PeriLaws& laws, double kappa, double theta) {
  if (kappa > 0.0) {
    const PhiValue v = laws.volume.eval(1.0 + 0.5 * theta);
    return {4.0 * v.phi, 2.0 * v.d1};
  }
  return {theta * theta, 2.0 * theta};
}

double point_theta(const PeriBody& b, size_t i, double th) {
  return b.wvol[i] > 0.0 ? 2.0 * th / b.wvol[i] : 0.0;
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

}  // namespace

void size_point_state(PeriPointState& st, size_t n, size_t bonds) {
  st.theta.resize(n), st.detF.resize(n), st.energy.resize(n), st.g.resize(n);
  st.H.resize(4 * n), st.F.resize(4 * n), st.stiff.resize(n);
  st.bond_a.resize(bonds), st.bond_b.resize(bonds);
  st.has_h.resize(n), st.parts.resize(3 * n);
}

double point_g(const PeriBody& b, const PeriLaws& laws, size_t i, double th) {
  if (!(b.wvol[i] > 0.0)) return 0.0;
  const Psi psi = volumetric(laws, b.kappa[i], point_theta(b, i, th));
  return b.kappa[i] * b.vol[i] * psi.d1 / b.wvol[i];
}

void finish_point(const PeriBody& b, const PeriLaws& laws, PeriPointState& st, size_t i,
                  const BondSums& sum, bool energy) {
  const PeriMaterial& m = b.spec.material;
  double eb = sum.energy, stiff = sum.stiff;
  if (energy && sum.energy_out_of_band > 0) bond_energy_out_of_band(b, laws.bond, i, eb, stiff);
  const double n00 = sum.n00, n01 = sum.n01, n10 = sum.n10, n11 = sum.n11;
  const double vi = b.vol[i];
  const double theta = point_theta(b, i, sum.th);
  const Psi psi = volumetric(laws, b.kappa[i], theta);
  const double ev = 0.5 * b.kappa[i] * vi * psi.value;
  st.theta[i] = theta;
  st.g[i] = b.wvol[i] > 0.0 ? b.kappa[i] * vi * psi.d1 / b.wvol[i] : 0.0;  // as point_g
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

void add_inversion_forces(const PeriBody& b, const PeriPointState& st, size_t p, double& fx,
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

PeriEnergy sum_energy_parts(const PeriPointState& st, size_t n) {
  PeriEnergy e;
  for (size_t i = 0; i < n; ++i)
    e.bond += st.parts[3 * i], e.volume += st.parts[3 * i + 1], e.inversion += st.parts[3 * i + 2];
  return e;
}

}  // namespace mb
