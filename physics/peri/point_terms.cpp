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

// Psi'(theta) alone (the substeps' passes need no energy): bitwise volumetric(...).d1.
double volumetric_d1(const PeriLaws& laws, double kappa, double theta) {
  if (kappa > 0.0) return 2.0 * laws.volume.eval_d1(1.0 + 0.5 * theta);
  return 2.0 * theta;
}

double point_theta(const PeriBody& b, size_t i, double th) {
  return b.model->wvol[i] > 0.0 ? 2.0 * th / b.model->wvol[i] : 0.0;
}

// The point's bond energy and stiffness by the scalar path with the Taylor continuation,
// for a point with a bond outside the band.
void bond_energy_out_of_band(const PeriBody& b, const MixPolynomial& p, size_t i, double& eb,
                             double& stiff) {
  eb = 0.0, stiff = 0.0;
  for (int32_t e = b.model->bond_start[i]; e < b.model->bond_start[i + 1]; ++e) {
    if (b.damage->bond_broken[e]) continue;
    const size_t j = static_cast<size_t>(b.model->bond_j[e]);
    const double ex = b.x[j] - b.x[i], ey = b.y[j] - b.y[i];
    const double L = b.model->bond_len[e];
    const PhiValue phi = p.eval(std::sqrt(ex * ex + ey * ey) / L);
    eb += 0.5 * b.stiffness->bond_c[e] * L * phi.phi;
    stiff = std::max(stiff, 0.5 * phi.d2);
  }
}

// g_i = kappa V_i Psi'(theta_i) / m_i.
double point_g(const PeriBody& b, const PeriLaws& laws, size_t i, double theta) {
  if (!(b.model->wvol[i] > 0.0)) return 0.0;
  return b.stiffness->kappa[i] * b.model->vol[i] *
         volumetric_d1(laws, b.stiffness->kappa[i], theta) / b.model->wvol[i];
}

}  // namespace

void size_point_state(PeriPointState& st, size_t n, size_t bonds) {
  st.theta.resize(n), st.detF.resize(n), st.energy.resize(n), st.g.resize(n);
  st.H.resize(4 * n), st.F.resize(4 * n), st.stiff.resize(n);
  st.bond_a.resize(bonds), st.bond_b.resize(bonds);
  st.has_h.resize(n), st.parts.resize(3 * n);
}

PointKinematics point_kinematics(const PeriBody& b, const PeriLaws& laws, size_t i,
                                 const BondSums& sum) {
  PointKinematics k;
  k.theta = point_theta(b, i, sum.th);
  k.g = point_g(b, laws, i, k.theta);
  // F = N K^-1.
  const double* K = &b.damage->kinv[4 * i];
  k.f00 = sum.n00 * K[0] + sum.n01 * K[2], k.f01 = sum.n00 * K[1] + sum.n01 * K[3];
  k.f10 = sum.n10 * K[0] + sum.n11 * K[2], k.f11 = sum.n10 * K[1] + sum.n11 * K[3];
  k.has_f = K[0] != 0.0 || K[3] != 0.0;
  k.J = k.has_f ? k.f00 * k.f11 - k.f01 * k.f10 : 1.0;
  return k;
}

void store_point(const PeriBody& b, const PeriLaws& laws, PeriPointState& st, size_t i,
                 const PointKinematics& k, const BondSums& sum, bool energy) {
  const PeriMaterial& m = b.spec().material;
  const double vi = b.model->vol[i];
  st.theta[i] = k.theta;
  st.g[i] = k.g;
  double* F = &st.F[4 * i];
  F[0] = k.f00, F[1] = k.f01, F[2] = k.f10, F[3] = k.f11;
  st.detF[i] = k.J;
  double* H = &st.H[4 * i];
  H[0] = H[1] = H[2] = H[3] = 0.0;
  st.has_h[i] = 0;
  double ei = 0.0;
  const double J0 = m.inversion_threshold;
  if (k.has_f && k.J < J0) {
    const double* K = &b.damage->kinv[4 * i];
    const double kinv = m.inversion_stiffness * m.youngs;
    const double gap = J0 - k.J;
    ei = 0.5 * kinv * vi * gap * gap;
    // dE/dF = -k V gap cof(F), cof(F) = [[f11, -f10], [-f01, f00]]; H = (dE/dF) K^-T.
    const double s = -kinv * vi * gap;
    const double c00 = s * k.f11, c01 = -s * k.f10, c10 = -s * k.f01, c11 = s * k.f00;
    H[0] = c00 * K[0] + c01 * K[1], H[1] = c00 * K[2] + c01 * K[3];
    H[2] = c10 * K[0] + c11 * K[1], H[3] = c10 * K[2] + c11 * K[3];
    st.has_h[i] = H[0] != 0.0 || H[1] != 0.0 || H[2] != 0.0 || H[3] != 0.0;
  }
  if (energy) {
    double eb = sum.energy, stiff = sum.stiff;
    if (sum.energy_out_of_band > 0) bond_energy_out_of_band(b, laws.bond, i, eb, stiff);
    const double ev =
        0.5 * b.stiffness->kappa[i] * vi * volumetric(laws, b.stiffness->kappa[i], k.theta).value;
    st.energy[i] = eb + ev + ei;
    st.stiff[i] = stiff;
    st.parts[3 * i] = eb, st.parts[3 * i + 1] = ev, st.parts[3 * i + 2] = ei;
  }
}

void finish_point(const PeriBody& b, const PeriLaws& laws, PeriPointState& st, size_t i,
                  const BondSums& sum, bool energy) {
  store_point(b, laws, st, i, point_kinematics(b, laws, i, sum), sum, energy);
}

namespace {

// The anti-inversion forces on point p (its CSR bonds with H != 0 at either end).
void point_inversion_forces(const PeriBody& b, const PeriPointState& st, size_t p, double& fx,
                            double& fy) {
  const double* vol = b.model->vol.data();
  const uint8_t* has_h = st.has_h.data();
  const double vp = vol[p];
  const double* Hp = &st.H[4 * p];
  const bool hp = has_h[p] != 0;
  for (int32_t e = b.model->bond_start[p]; e < b.model->bond_start[p + 1]; ++e) {
    const size_t j = static_cast<size_t>(b.model->bond_j[e]);
    if (b.damage->bond_broken[e] || !(hp || has_h[j])) continue;
    const double* Hj = &st.H[4 * j];
    const double dx = b.model->bond_dx[e], dy = b.model->bond_dy[e], vj = vol[j];
    fx += (Hp[0] * dx + Hp[1] * dy) * vj + (Hj[0] * dx + Hj[1] * dy) * vp;
    fy += (Hp[2] * dx + Hp[3] * dy) * vj + (Hj[2] * dx + Hj[3] * dy) * vp;
  }
}

// The points with H != 0 and their bonded neighbours, in index order (st.inversion).
void list_inversion_points(const PeriBody& b, PeriPointState& st) {
  const size_t n = static_cast<size_t>(b.size());
  std::vector<int32_t>& out = st.inversion;
  std::vector<uint8_t>& mark = st.inversion_mark;
  out.clear();
  mark.resize(n, 0);
  bool any = false;
  for (size_t p = 0; p < n; ++p) {
    if (st.has_h[p] == 0) continue;
    // Bonds are symmetric: p's neighbours are the points whose bond lists hold p.
    any = true;
    mark[p] = 1;
    for (int32_t e = b.model->bond_start[p]; e < b.model->bond_start[p + 1]; ++e)
      mark[static_cast<size_t>(b.model->bond_j[e])] = 1;
  }
  if (!any) return;
  for (size_t p = 0; p < n; ++p)
    if (mark[p] != 0) out.push_back(static_cast<int32_t>(p)), mark[p] = 0;
}

}  // namespace

void add_inversion_forces(const PeriBody& b, PeriPointState& st, std::vector<double>& fx,
                          std::vector<double>& fy, WorkerPool& pool) {
  list_inversion_points(b, st);
  pool.run(static_cast<int64_t>(st.inversion.size()), [&](int64_t k) {
    const size_t p = static_cast<size_t>(st.inversion[static_cast<size_t>(k)]);
    point_inversion_forces(b, st, p, fx[p], fy[p]);
  });
}

PeriEnergy sum_energy_parts(const PeriPointState& st, size_t n) {
  PeriEnergy e;
  for (size_t i = 0; i < n; ++i)
    e.bond += st.parts[3 * i], e.volume += st.parts[3 * i + 1], e.inversion += st.parts[3 * i + 2];
  return e;
}

}  // namespace mb
