#include "physics/peri/lattice_forces.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "physics/peri/point_terms.hpp"

namespace mb {

namespace {

using Band = PeriLatticeScratch::Band;

// Copies bond_c and |xi| of the unbroken bonds, and the points' kappa, m and K^-1, into the
// stencil's layout, when the body's constants changed since the last copy (each writer of
// them stamps the body: bonds_changed()).
void copy_bond_constants(const PeriBody& b, PeriLatticeScratch& S, WorkerPool& pool) {
  const PeriLattice& L = b.lattice;
  const size_t cells = static_cast<size_t>(L.cells()), dirs = L.directions.size();
  if (S.stamp == b.bonds_stamp && b.bonds_stamp != 0 && S.c.size() == dirs * cells) return;
  S.c.resize(dirs * cells), S.len.resize(dirs * cells);
  pool.run(
      static_cast<int64_t>(dirs),
      [&](int64_t k) {
        const size_t from = static_cast<size_t>(k) * cells;
        for (size_t cell = from; cell < from + cells; ++cell) {
          const int32_t e = L.bond_of[cell];
          const bool on = e >= 0 && !b.bond_broken[static_cast<size_t>(e)];
          S.c[cell] = on ? b.bond_c[static_cast<size_t>(e)] : 0.0;
          S.len[cell] = on ? b.bond_len[static_cast<size_t>(e)] : 0.0;
        }
      },
      1);
  S.kappa.assign(cells, 0.0), S.wvol.assign(cells, 0.0), S.kinv.assign(4 * cells, 0.0);
  for (int32_t i = 0; i < b.size(); ++i) {
    const size_t cell = static_cast<size_t>(L.cell_of[static_cast<size_t>(i)]);
    S.kappa[cell] = b.kappa[static_cast<size_t>(i)], S.wvol[cell] = b.wvol[static_cast<size_t>(i)];
    for (size_t m = 0; m < 4; ++m)
      S.kinv[m * cells + cell] = b.kinv[4 * static_cast<size_t>(i) + m];
  }
  S.stamp = b.bonds_stamp;
}

void copy_positions(const PeriBody& b, PeriLatticeScratch& S, WorkerPool& pool) {
  const size_t cells = static_cast<size_t>(b.lattice.cells());
  if (S.x.size() != cells) S.x.assign(cells, 0.0), S.y.assign(cells, 0.0);
  const int32_t* cell_of = b.lattice.cell_of.data();
  pool.run(
      b.size(),
      [&](int64_t i) {
        S.x[static_cast<size_t>(cell_of[i])] = b.x[static_cast<size_t>(i)];
        S.y[static_cast<size_t>(cell_of[i])] = b.y[static_cast<size_t>(i)];
      },
      4096);
}

// One row's sums (columns [pad, width - pad), where the points are).
struct RowSums {
  double *th, *n00, *n01, *n10, *n11, *energy, *stiff;
  double* energy_out;  // bonds out of the band (a count, as a double: no int lanes)
};

// One bond's terms in pass 1: the same expressions as energy.cpp's bond_loop (its comment
// explains them), with |xi| = L0 and bond_c = c read from the copies (L0 = 0: no bond, or a
// broken one). Writes the bond's a_e, b_e.
struct BondTerms {
  double th, n00, n01, n10, n11;
  int out_of_band;
  double energy, stiff, energy_out;  // kEnergy only
};
template <bool kEnergy>
[[gnu::always_inline]] inline BondTerms bond_terms(const MixPolynomial& p, double ex, double ey,
                                                   double L0, double c, double dx, double dy,
                                                   double& a, double& b) {
  const double on = L0 > 0.0 ? 1.0 : 0.0;
  const double len = std::sqrt(ex * ex + ey * ey);
  const double ok = len > 0.0 ? on : 0.0;
  const double r = ok / std::max(len * L0, std::numeric_limits<double>::min());
  const double s = len * len * r, u = L0 * L0 * r, il = L0 * r;
  const bool outside = (s < kStretchLow) | (s > kStretchHigh);
  a = c * p.d1(s, u) * il;
  b = L0 * il;
  const double wx = on * dx, wy = on * dy;
  BondTerms t{on * L0 * (len - L0),
              ex * wx,
              ex * wy,
              ey * wx,
              ey * wy,
              static_cast<int>(outside) & static_cast<int>(r > 0.0),
              0.0,
              0.0,
              0.0};
  if constexpr (kEnergy) {
    t.energy = ok * 0.5 * c * L0 * p.phi(s, u);
    t.stiff = ok * 0.5 * p.d2(s, u);
    t.energy_out = outside ? on : 0.0;
  }
  return t;
}

// Pass 1's bond loop for grid row `row`, two directions at a time (each cell's sums are
// read and written once for both). a_out, b_out: [k * width + column]. Returns the bonds
// outside the polynomial's band.
template <bool kEnergy>
[[gnu::always_inline]] inline int row_bonds(const PeriLattice& L, const PeriLatticeScratch& S,
                                            const MixPolynomial& law, int32_t row,
                                            double* __restrict a_out, double* __restrict b_out,
                                            const RowSums& out) {
  // Pointers start at the row's first column that may hold a point (pad): a direction's
  // offset from there stays inside the grid. q counts columns from there.
  const int32_t W = L.width, n = L.width - 2 * L.pad;
  const size_t base =
      static_cast<size_t>(row) * static_cast<size_t>(W) + static_cast<size_t>(L.pad);
  const size_t cells = static_cast<size_t>(L.cells()), dirs = L.directions.size();
  double* __restrict th = out.th + L.pad, * __restrict n00 = out.n00 + L.pad;
  double* __restrict n01 = out.n01 + L.pad, * __restrict n10 = out.n10 + L.pad;
  double* __restrict n11 = out.n11 + L.pad, * __restrict en = out.energy + L.pad;
  double* __restrict top = out.stiff + L.pad, * __restrict eo = out.energy_out + L.pad;
  for (int32_t q = 0; q < n; ++q) {
    th[q] = n00[q] = n01[q] = n10[q] = n11[q] = 0.0;
    if constexpr (kEnergy) en[q] = top[q] = eo[q] = 0.0;
  }
  const MixPolynomial p = law;  // a local copy: its coefficients stay in registers
  const double* __restrict xi = S.x.data() + base, * __restrict yi = S.y.data() + base;
  int oob = 0;
  for (size_t k = 0; k < dirs; k += 2) {  // an even count (lattice.hpp)
    const ptrdiff_t off1 = L.offset(k, row), off2 = L.offset(k + 1, row);
    const double* __restrict xj1 = xi + off1, * __restrict yj1 = yi + off1;
    const double* __restrict xj2 = xi + off2, * __restrict yj2 = yi + off2;
    const PeriLatticeDirection &d1 = L.directions[k], &d2 = L.directions[k + 1];
    const double* __restrict c1 = S.c.data() + k * cells + base;
    const double* __restrict c2 = c1 + cells;
    const double* __restrict lb1 = S.len.data() + k * cells + base;
    const double* __restrict lb2 = lb1 + cells;
    double* __restrict ao1 = a_out + k * static_cast<size_t>(W) + L.pad;
    double* __restrict ao2 = ao1 + W;
    double* __restrict bo1 = b_out + k * static_cast<size_t>(W) + L.pad;
    double* __restrict bo2 = bo1 + W;
#pragma omp simd reduction(+ : oob)
    for (int32_t q = 0; q < n; ++q) {
      double a1, b1, a2, b2;
      const BondTerms t1 = bond_terms<kEnergy>(p, xj1[q] - xi[q], yj1[q] - yi[q], lb1[q], c1[q],
                                               d1.dx, d1.dy, a1, b1);
      const BondTerms t2 = bond_terms<kEnergy>(p, xj2[q] - xi[q], yj2[q] - yi[q], lb2[q], c2[q],
                                               d2.dx, d2.dy, a2, b2);
      ao1[q] = a1, bo1[q] = b1, ao2[q] = a2, bo2[q] = b2;
      oob += t1.out_of_band + t2.out_of_band;
      th[q] += t1.th + t2.th;
      n00[q] += t1.n00 + t2.n00, n01[q] += t1.n01 + t2.n01;
      n10[q] += t1.n10 + t2.n10, n11[q] += t1.n11 + t2.n11;
      if constexpr (kEnergy) {
        eo[q] += t1.energy_out + t2.energy_out;
        en[q] += t1.energy + t2.energy;
        const double stiff = t1.stiff > t2.stiff ? t1.stiff : t2.stiff, was = top[q];
        top[q] = stiff > was ? stiff : was;
      }
    }
  }
  return oob;
}

MB_WIDE_VECTOR_CLONES
int row_bond_forces(const PeriLattice& L, const PeriLatticeScratch& S, const MixPolynomial& p,
                    int32_t row, double* a_out, double* b_out, const RowSums& out) {
  return row_bonds<false>(L, S, p, row, a_out, b_out, out);
}
MB_WIDE_VECTOR_CLONES
int row_bond_forces_and_energy(const PeriLattice& L, const PeriLatticeScratch& S,
                               const MixPolynomial& p, int32_t row, double* a_out, double* b_out,
                               const RowSums& out) {
  return row_bonds<true>(L, S, p, row, a_out, b_out, out);
}

// Bonds of the row stretched outside the band: a_e again with the Taylor continuation, as
// energy.cpp's fix_out_of_band does.
void fix_row_out_of_band(const PeriLattice& L, const PeriLatticeScratch& S, const MixPolynomial& p,
                         int32_t row, double* a_out) {
  const size_t base = static_cast<size_t>(row) * static_cast<size_t>(L.width);
  const size_t cells = static_cast<size_t>(L.cells());
  for (size_t k = 0; k < L.directions.size(); ++k) {
    const ptrdiff_t off = L.offset(k, row);
    for (int32_t q = L.pad; q < L.width - L.pad; ++q) {
      const size_t i = base + static_cast<size_t>(q),
                   j = static_cast<size_t>(static_cast<ptrdiff_t>(i) + off);
      const double L0 = S.len[k * cells + i];
      if (!(L0 > 0.0)) continue;
      const double ex = S.x[j] - S.x[i], ey = S.y[j] - S.y[i];
      const double len = std::sqrt(ex * ex + ey * ey);
      if (len <= 0.0) continue;
      const double s = len / L0;
      if (!MixPolynomial::in_band(s))
        a_out[k * static_cast<size_t>(L.width) + static_cast<size_t>(q)] =
            S.c[k * cells + i] * p.eval(s).d1 / len;
    }
  }
}

// Pass 2 for grid row `row`: f = sum_k (a_e + (g_i + g_j) V b_e) eta, as energy.cpp's gather.
// g_row: g at the row's first cell (the band's g array).
MB_WIDE_VECTOR_CLONES
void row_forces(const PeriLattice& L, const PeriLatticeScratch& S, int32_t row, const double* a,
                const double* bb, const double* g_row, double v, double* fx_out, double* fy_out) {
  const int32_t W = L.width, n = L.width - 2 * L.pad;  // from column pad on, as row_bonds
  const size_t base =
      static_cast<size_t>(row) * static_cast<size_t>(W) + static_cast<size_t>(L.pad);
  double* __restrict fx = fx_out + L.pad, * __restrict fy = fy_out + L.pad;
  for (int32_t q = 0; q < n; ++q) fx[q] = fy[q] = 0.0;
  for (size_t k = 0; k < L.directions.size(); ++k) {
    const ptrdiff_t off = L.offset(k, row);
    const double* __restrict xi = S.x.data() + base, * __restrict yi = S.y.data() + base;
    const double* __restrict xj = xi + off, * __restrict yj = yi + off;
    const double* __restrict gi = g_row + L.pad, * __restrict gj = gi + off;
    const double* __restrict ak = a + k * static_cast<size_t>(W) + L.pad;
    const double* __restrict bk = bb + k * static_cast<size_t>(W) + L.pad;
#pragma omp simd
    for (int32_t q = 0; q < n; ++q) {
      const double c = ak[q] + (gi[q] + gj[q]) * v * bk[q];
      fx[q] += c * (xj[q] - xi[q]), fy[q] += c * (yj[q] - yi[q]);
    }
  }
}

// The kinematics of pass 1's per-point part (point_terms.hpp) for a row's cells at once:
// theta, g (into g_out, the band's g row), F = N K^-1 and det F. Empty cells get g = 0 (their
// m is 0). Psi' continues past the band as MixPolynomial::eval does, written branch-free.
struct RowKinematics {
  double *theta, *g, *f00, *f01, *f10, *f11, *J;
};
MB_WIDE_VECTOR_CLONES
void row_kinematics(const PeriLattice& L, const PeriLatticeScratch& S, const MixPolynomial& law,
                    int32_t row, double v, const RowSums& in, const RowKinematics& out) {
  const int32_t q0 = L.pad, q1 = L.width - L.pad;
  const size_t base = static_cast<size_t>(row) * static_cast<size_t>(L.width);
  const size_t cells = static_cast<size_t>(L.cells());
  const MixPolynomial p = law;
  const double* __restrict kappa = S.kappa.data() + base, * __restrict wvol = S.wvol.data() + base;
  const double* __restrict k0 = S.kinv.data() + base;
  const double* __restrict k1 = k0 + cells, * __restrict k2 = k1 + cells, * __restrict k3 = k2 + cells;
  const double* __restrict th = in.th, * __restrict n00 = in.n00, * __restrict n01 = in.n01;
  const double* __restrict n10 = in.n10, * __restrict n11 = in.n11;
  double* __restrict theta_out = out.theta, * __restrict g = out.g, * __restrict J = out.J;
  double* __restrict f00 = out.f00, * __restrict f01 = out.f01, * __restrict f10 = out.f10, * __restrict f11 = out.f11;
#pragma omp simd
  for (int32_t q = q0; q < q1; ++q) {
    const double w = wvol[q], w_safe = w > 0.0 ? w : 1.0;
    const double theta = w > 0.0 ? 2.0 * (v * th[q]) / w_safe : 0.0;
    const double s = 1.0 + 0.5 * theta;
    const double edge = s < kStretchLow ? kStretchLow : (s > kStretchHigh ? kStretchHigh : s);
    const double u = 1.0 / edge;
    const double d1 = p.d1(edge, u) + p.d2(edge, u) * (s - edge);
    const double psi_d1 = kappa[q] > 0.0 ? 2.0 * d1 : 2.0 * theta;
    theta_out[q] = theta;
    g[q] = w > 0.0 ? kappa[q] * v * psi_d1 / w_safe : 0.0;
    const double a00 = v * n00[q], a01 = v * n01[q], a10 = v * n10[q], a11 = v * n11[q];
    const double F00 = a00 * k0[q] + a01 * k2[q], F01 = a00 * k1[q] + a01 * k3[q];
    const double F10 = a10 * k0[q] + a11 * k2[q], F11 = a10 * k1[q] + a11 * k3[q];
    f00[q] = F00, f01[q] = F01, f10[q] = F10, f11[q] = F11;
    J[q] = k0[q] != 0.0 || k3[q] != 0.0 ? F00 * F11 - F01 * F10 : 1.0;
  }
}

struct BandJob {
  const PeriBody& b;
  const PeriLaws& laws;
  PeriPointState& st;
  bool energy;
  double* fx;  // null: pass 1 only
  double* fy;
};

void size_band(Band& band, const PeriLattice& L, int32_t first, int32_t last) {
  const size_t W = static_cast<size_t>(L.width), dirs = L.directions.size();
  const size_t slots = static_cast<size_t>(L.pad) + 1;
  band.a.resize(slots * dirs * W), band.b.resize(slots * dirs * W);
  if (band.first != first || band.last != last) {  // g of empty cells must read 0
    band.g.assign(static_cast<size_t>(last - first + 2 * L.pad) * W, 0.0);
    band.first = first, band.last = last;
  }
  for (std::vector<double>* v : {&band.th, &band.n00, &band.n01, &band.n10, &band.n11, &band.energy,
                                 &band.stiff, &band.energy_out, &band.fx, &band.fy, &band.theta,
                                 &band.f00, &band.f01, &band.f10, &band.f11, &band.J})
    v->resize(W);
}

// Rows [band.first, band.last): pass 1 on them and on `pad` rows either side (for their g),
// pass 2 `pad` rows behind.
void run_band(const BandJob& job, Band& band) {
  const PeriBody& b = job.b;
  const PeriLattice& L = b.lattice;
  const PeriLatticeScratch& S = job.st.lattice;
  const int32_t W = L.width, pad = L.pad, first = band.first, last = band.last;
  const size_t ring = static_cast<size_t>(pad + 1) * L.directions.size() * static_cast<size_t>(W);
  const bool forces = job.fx != nullptr;
  const int32_t p0 = forces ? std::max(pad, first - pad) : first;
  const int32_t p1 = forces ? std::min(L.height - pad, last + pad) : last;
  const double v = b.vol[0];  // one point volume per body (body.hpp)
  const RowSums sums{band.th.data(),    band.n00.data(),       band.n01.data(),
                     band.n10.data(),   band.n11.data(),       band.energy.data(),
                     band.stiff.data(), band.energy_out.data()};
  auto g_row = [&](int32_t row) {
    return band.g.data() + static_cast<size_t>(row - (first - pad)) * static_cast<size_t>(W);
  };
  auto pass2 = [&](int32_t row) {
    const size_t slot =
        static_cast<size_t>(row % (pad + 1)) * (ring / static_cast<size_t>(pad + 1));
    row_forces(L, S, row, band.a.data() + slot, band.b.data() + slot, g_row(row), v, band.fx.data(),
               band.fy.data());
    for (int32_t q = pad; q < W - pad; ++q) {
      const int32_t i = L.point_of[static_cast<size_t>(row * W + q)];
      if (i >= 0)
        job.fx[i] = band.fx[static_cast<size_t>(q)], job.fy[i] = band.fy[static_cast<size_t>(q)];
    }
  };
  for (int32_t row = p0; row < p1; ++row) {
    const size_t slot =
        static_cast<size_t>(row % (pad + 1)) * (ring / static_cast<size_t>(pad + 1));
    double *a = band.a.data() + slot, *bb = band.b.data() + slot;
    const int oob = job.energy ? row_bond_forces_and_energy(L, S, job.laws.bond, row, a, bb, sums)
                               : row_bond_forces(L, S, job.laws.bond, row, a, bb, sums);
    const bool own = row >= first && row < last;
    if (own && oob > 0) fix_row_out_of_band(L, S, job.laws.bond, row, a);
    double* g = g_row(row);
    const RowKinematics kin{
        band.theta.data(), g, band.f00.data(), band.f01.data(), band.f10.data(), band.f11.data(),
        band.J.data()};
    row_kinematics(L, S, job.laws.volume, row, v, sums, kin);
    if (own)
      for (int32_t q = pad; q < W - pad; ++q) {
        const int32_t i = L.point_of[static_cast<size_t>(row * W + q)];
        if (i < 0) continue;
        const size_t c = static_cast<size_t>(q), pi = static_cast<size_t>(i);
        const double* K = &b.kinv[4 * pi];
        PointKinematics k;
        k.theta = band.theta[c], k.g = g[c], k.J = band.J[c];
        k.f00 = band.f00[c], k.f01 = band.f01[c], k.f10 = band.f10[c], k.f11 = band.f11[c];
        k.has_f = K[0] != 0.0 || K[3] != 0.0;
        BondSums sum;
        sum.energy = band.energy[c], sum.stiff = band.stiff[c];
        sum.energy_out_of_band = static_cast<int>(band.energy_out[c]);
        store_point(b, job.laws, job.st, pi, k, sum, job.energy);
      }
    if (forces && row - pad >= first && row - pad < last) pass2(row - pad);
  }
  if (forces)
    for (int32_t row = std::max(first, p1 - pad); row < last; ++row) pass2(row);
}

}  // namespace

PeriEnergy lattice_forces(const PeriBody& b, PeriPointState& st, std::vector<double>* fx,
                          std::vector<double>* fy, WorkerPool& pool, bool with_energy) {
  const PeriLattice& L = b.lattice;
  const size_t n = static_cast<size_t>(b.size());
  size_point_state(st, n, 0);
  PeriLatticeScratch& S = st.lattice;
  copy_bond_constants(b, S, pool);
  copy_positions(b, S, pool);
  if (fx) fx->resize(n), fy->resize(n);
  // Bands of rows, one a thread, each at least a horizon deep (a thinner one would spend
  // more on its halo rows than it saves).
  const int32_t rows = L.height - 2 * L.pad;
  const int32_t bands = std::max(1, std::min(pool.threads(), rows / (2 * L.pad + 1)));
  S.bands.resize(static_cast<size_t>(bands));
  for (int32_t k = 0; k < bands; ++k)
    size_band(S.bands[static_cast<size_t>(k)], L, L.pad + rows * k / bands,
              L.pad + rows * (k + 1) / bands);
  const PeriLaws laws(b.spec.material);
  const BandJob job{b, laws, st, with_energy, fx ? fx->data() : nullptr, fy ? fy->data() : nullptr};
  pool.run(
      bands, [&](int64_t k) { run_band(job, S.bands[static_cast<size_t>(k)]); }, 1);
  if (fx && std::find(st.has_h.begin(), st.has_h.end(), uint8_t{1}) != st.has_h.end())
    pool.run(static_cast<int64_t>(n), [&](int64_t k) {
      const size_t p = static_cast<size_t>(k);
      add_inversion_forces(b, st, p, (*fx)[p], (*fy)[p]);
    });
  return with_energy ? sum_energy_parts(st, n) : PeriEnergy{};
}

}  // namespace mb
