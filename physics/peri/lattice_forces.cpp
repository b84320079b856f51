#include "physics/peri/lattice_forces.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

#include "physics/peri/point_terms.hpp"

namespace mb {

namespace {

using Band = PeriLatticeScratch::Band;

// Copies bond_c and |xi| of the unbroken bonds, and the points' kappa, m and K^-1, into the
// stencil's layout, when the body holds other constants than the last copy was made from
// (PeriConstantsKey: they are replaced whole on every change).
void copy_bond_constants(const PeriBody& b, PeriLatticeScratch& S, WorkerPool& pool) {
  const PeriLattice& L = b.model->lattice;
  const size_t cells = static_cast<size_t>(L.cells()), dirs = L.directions.size();
  if (S.copied.matches(b) && S.c.size() == dirs * cells) return;
  S.c.resize(dirs * cells), S.len.resize(dirs * cells);
  pool.run(
      static_cast<int64_t>(dirs),
      [&](int64_t k) {
        const size_t from = static_cast<size_t>(k) * cells;
        for (size_t cell = from; cell < from + cells; ++cell) {
          const int32_t e = L.bond_of[cell];
          const bool on = e >= 0 && !b.damage->bond_broken[static_cast<size_t>(e)];
          S.c[cell] = on ? b.stiffness->bond_c[static_cast<size_t>(e)] : 0.0;
          S.len[cell] = on ? b.model->bond_len[static_cast<size_t>(e)] : 0.0;
        }
      },
      1);
  S.kappa.assign(cells, 0.0), S.wvol.assign(cells, 0.0), S.kinv.assign(4 * cells, 0.0);
  for (int32_t i = 0; i < b.size(); ++i) {
    const size_t cell = static_cast<size_t>(L.cell_of[static_cast<size_t>(i)]);
    S.kappa[cell] = b.stiffness->kappa[static_cast<size_t>(i)],
    S.wvol[cell] = b.model->wvol[static_cast<size_t>(i)];
    for (size_t m = 0; m < 4; ++m)
      S.kinv[m * cells + cell] = b.damage->kinv[4 * static_cast<size_t>(i) + m];
  }
  S.copied.set(b);
}

void copy_positions(const PeriBody& b, PeriLatticeScratch& S, WorkerPool& pool) {
  const size_t cells = static_cast<size_t>(b.model->lattice.cells());
  if (S.x.size() != cells) S.x.assign(cells, 0.0), S.y.assign(cells, 0.0);
  const int32_t* cell_of = b.model->lattice.cell_of.data();
  pool.run(
      b.size(),
      [&](int64_t i) {
        S.x[static_cast<size_t>(cell_of[i])] = b.x[static_cast<size_t>(i)];
        S.y[static_cast<size_t>(cell_of[i])] = b.y[static_cast<size_t>(i)];
      },
      4096);
}

// The bond sums of pass 1, per cell, one array a field (kSumFields of them, a row each).
enum SumField { kTh, kN00, kN01, kN10, kN11, kEnergySum, kStiff, kEnergyOut, kSumFields };

// One bond's terms in pass 1: the same expressions as energy.cpp's bond_loop (its comment
// explains them), with |xi| = L0 and bond_c = c read from the copies (L0 = 0: no bond, or a
// broken one). Writes the bond's a_e, b_e. Every term is the same seen from either end
// (eta and xi both change sign): the pass adds them to both.
struct BondTerms {
  double field[kSumFields];
  int out_of_band;
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
  BondTerms t{{on * L0 * (len - L0), ex * wx, ex * wy, ey * wx, ey * wy, 0.0, 0.0, 0.0},
              static_cast<int>(outside) & static_cast<int>(r > 0.0)};
  if constexpr (kEnergy) {
    t.field[kEnergySum] = ok * 0.5 * c * L0 * p.phi(s, u);
    t.field[kStiff] = ok * 0.5 * p.d2(s, u);
    t.field[kEnergyOut] = outside ? on : 0.0;
  }
  return t;
}

// Where pass 1 keeps its sums: a ring of pad + 1 rows (a row's pairs reach `pad` rows on),
// kSumFields arrays of `width` each.
struct SumRing {
  double* base;
  int32_t rows, width;
  double* at(int32_t row, int field) const {
    return base + (static_cast<size_t>(row % rows) * kSumFields + static_cast<size_t>(field)) *
                      static_cast<size_t>(width);
  }
};

// Pass 1's pairs for grid row `row`: for each half direction (lattice.hpp), the bonds from
// this row's cells, each pair once: its a_e, b_e into a_out, b_out ([h * width + column]) and
// its terms added to both ends' sums (the far end's in row + dr, a column shift away: a
// second sweep, from `pair`). Columns from pad on, as every loop here (a direction's offset
// from there stays inside the grid). Returns the bonds outside the polynomial's band.
template <bool kEnergy>
[[gnu::always_inline]] inline int row_pairs(const PeriLattice& L, const PeriLatticeScratch& S,
                                            const MixPolynomial& law, int32_t row,
                                            double* __restrict a_out, double* __restrict b_out,
                                            const SumRing& sums, double* __restrict pair) {
  constexpr int kFields = kEnergy ? kSumFields : kN11 + 1;
  const int32_t W = L.width, n = L.width - 2 * L.pad;
  const size_t base =
      static_cast<size_t>(row) * static_cast<size_t>(W) + static_cast<size_t>(L.pad);
  const size_t cells = static_cast<size_t>(L.cells());
  const MixPolynomial p = law;  // a local copy: its coefficients stay in registers
  const double* __restrict xi = S.x.data() + base, * __restrict yi = S.y.data() + base;
  double* own[kSumFields];
  for (int f = 0; f < kFields; ++f) own[f] = sums.at(row, f) + L.pad;
  int oob = 0;
  for (size_t h = 0; h < L.half.size(); ++h) {
    const size_t k = static_cast<size_t>(L.half[h]);
    const PeriLatticeDirection& d = L.directions[k];
    const ptrdiff_t off = L.offset(k, row);
    const double* __restrict xj = xi + off, * __restrict yj = yi + off;
    const double* __restrict c = S.c.data() + k * cells + base;
    const double* __restrict lb = S.len.data() + k * cells + base;
    double* __restrict ao = a_out + h * static_cast<size_t>(W) + L.pad;
    double* __restrict bo = b_out + h * static_cast<size_t>(W) + L.pad;
    double* __restrict o0 = own[kTh], * __restrict o1 = own[kN00], * __restrict o2 = own[kN01];
    double* __restrict o3 = own[kN10], * __restrict o4 = own[kN11];
    double* __restrict t0 = pair, * __restrict t1 = pair + W, * __restrict t2 = pair + 2 * W;
    double* __restrict t3 = pair + 3 * W, * __restrict t4 = pair + 4 * W;
    double* __restrict t5 = pair + 5 * W, * __restrict t6 = pair + 6 * W, * __restrict t7 = pair + 7 * W;
#pragma omp simd reduction(+ : oob)
    for (int32_t q = 0; q < n; ++q) {
      double a, b;
      const BondTerms t =
          bond_terms<kEnergy>(p, xj[q] - xi[q], yj[q] - yi[q], lb[q], c[q], d.dx, d.dy, a, b);
      ao[q] = a, bo[q] = b;
      oob += t.out_of_band;
      o0[q] += t.field[kTh], o1[q] += t.field[kN00], o2[q] += t.field[kN01];
      o3[q] += t.field[kN10], o4[q] += t.field[kN11];
      t0[q] = t.field[kTh], t1[q] = t.field[kN00], t2[q] = t.field[kN01];
      t3[q] = t.field[kN10], t4[q] = t.field[kN11];
      if constexpr (kEnergy) {
        double* __restrict o5 = own[kEnergySum];
        double* __restrict o6 = own[kStiff];
        double* __restrict o7 = own[kEnergyOut];
        o5[q] += t.field[kEnergySum], o7[q] += t.field[kEnergyOut];
        o6[q] = t.field[kStiff] > o6[q] ? t.field[kStiff] : o6[q];
        t5[q] = t.field[kEnergySum], t6[q] = t.field[kStiff], t7[q] = t.field[kEnergyOut];
      }
    }
    // The far ends: the cells `off` on, in row + dr, `shift` columns along.
    const ptrdiff_t shift = off - static_cast<ptrdiff_t>(d.rows) * W;
    for (int f = 0; f < kFields; ++f) {
      double* __restrict far = sums.at(row + d.rows, f) + L.pad + shift;
      const double* __restrict term = pair + static_cast<size_t>(f) * static_cast<size_t>(W);
      if (f == kStiff) {
#pragma omp simd
        for (int32_t q = 0; q < n; ++q) far[q] = term[q] > far[q] ? term[q] : far[q];
      } else {
#pragma omp simd
        for (int32_t q = 0; q < n; ++q) far[q] += term[q];
      }
    }
  }
  return oob;
}

MB_WIDE_VECTOR_CLONES
int row_pair_forces(const PeriLattice& L, const PeriLatticeScratch& S, const MixPolynomial& p,
                    int32_t row, double* a_out, double* b_out, const SumRing& sums, double* pair) {
  return row_pairs<false>(L, S, p, row, a_out, b_out, sums, pair);
}
MB_WIDE_VECTOR_CLONES
int row_pair_forces_and_energy(const PeriLattice& L, const PeriLatticeScratch& S,
                               const MixPolynomial& p, int32_t row, double* a_out, double* b_out,
                               const SumRing& sums, double* pair) {
  return row_pairs<true>(L, S, p, row, a_out, b_out, sums, pair);
}

// The row's pairs stretched outside the band: a_e again with the Taylor continuation, as
// energy.cpp's fix_out_of_band does.
void fix_row_out_of_band(const PeriLattice& L, const PeriLatticeScratch& S, const MixPolynomial& p,
                         int32_t row, double* a_out) {
  const size_t base = static_cast<size_t>(row) * static_cast<size_t>(L.width);
  const size_t cells = static_cast<size_t>(L.cells());
  for (size_t h = 0; h < L.half.size(); ++h) {
    const size_t k = static_cast<size_t>(L.half[h]);
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
        a_out[h * static_cast<size_t>(L.width) + static_cast<size_t>(q)] =
            S.c[k * cells + i] * p.eval(s).d1 / len;
    }
  }
}

// Pass 2 for grid row `row`: f = sum over every direction of (a_e + (g_i + g_j) V b_e) eta, as
// energy.cpp's gather. A half direction's a_e, b_e are this row's (slot `own`); its
// opposite's are those of the pair seen from the other end, in row - dr (slot `back`).
// g_row: g at the row's first cell (the band's g array).
MB_WIDE_VECTOR_CLONES
void row_forces(const PeriLattice& L, const PeriLatticeScratch& S, int32_t row,
                const double* a_ring, const double* b_ring, int32_t ring_rows, const double* g_row,
                double v, double* fx_out, double* fy_out) {
  const int32_t W = L.width, n = L.width - 2 * L.pad;  // from column pad on, as row_pairs
  const size_t base =
      static_cast<size_t>(row) * static_cast<size_t>(W) + static_cast<size_t>(L.pad);
  const size_t slot_size = L.half.size() * static_cast<size_t>(W);
  double* __restrict fx = fx_out + L.pad, * __restrict fy = fy_out + L.pad;
  for (int32_t q = 0; q < n; ++q) fx[q] = fy[q] = 0.0;
  const double* __restrict xi = S.x.data() + base, * __restrict yi = S.y.data() + base;
  const double* __restrict gi = g_row + L.pad;
  for (size_t h = 0; h < L.half.size(); ++h)
    for (int side = 0; side < 2; ++side) {
      const size_t k = static_cast<size_t>(side == 0 ? L.half[h] : L.opposite[h]);
      const int32_t dr = L.directions[static_cast<size_t>(L.half[h])].rows;
      const ptrdiff_t off = L.offset(k, row);
      // The pair's coefficients: from this row, or (the opposite direction) from the row
      // dr back, at the far cell's column: column + off + dr W.
      const int32_t from = side == 0 ? row : row - dr;
      const ptrdiff_t at =
          static_cast<ptrdiff_t>(static_cast<size_t>(from % ring_rows) * slot_size +
                                 h * static_cast<size_t>(W)) +
          L.pad + (side == 0 ? 0 : off + static_cast<ptrdiff_t>(dr) * W);
      const double* __restrict ak = a_ring + at, * __restrict bk = b_ring + at;
      const double* __restrict xj = xi + off, * __restrict yj = yi + off;
      const double* __restrict gj = gi + off;
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
                    int32_t row, double v, const SumRing& sums, const RowKinematics& out) {
  const int32_t q0 = L.pad, q1 = L.width - L.pad;
  const size_t base = static_cast<size_t>(row) * static_cast<size_t>(L.width);
  const size_t cells = static_cast<size_t>(L.cells());
  const MixPolynomial p = law;
  const double* __restrict kappa = S.kappa.data() + base, * __restrict wvol = S.wvol.data() + base;
  const double* __restrict k0 = S.kinv.data() + base;
  const double* __restrict k1 = k0 + cells, * __restrict k2 = k1 + cells, * __restrict k3 = k2 + cells;
  const double* __restrict th = sums.at(row, kTh), * __restrict n00 = sums.at(row, kN00);
  const double* __restrict n01 = sums.at(row, kN01), * __restrict n10 = sums.at(row, kN10);
  const double* __restrict n11 = sums.at(row, kN11);
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

// Rings: a_e, b_e of 2 pad + 1 rows (pass 2 of a row reads the pairs of the `pad` rows before
// it, and runs `pad` rows behind pass 1); the sums of pad + 1 rows.
int32_t pair_ring_rows(const PeriLattice& L) {
  return 2 * L.pad + 1;
}
int32_t sum_ring_rows(const PeriLattice& L) {
  return L.pad + 1;
}

void size_band(Band& band, const PeriLattice& L, int32_t first, int32_t last) {
  const size_t W = static_cast<size_t>(L.width);
  const size_t pairs = static_cast<size_t>(pair_ring_rows(L)) * L.half.size() * W;
  band.a.resize(pairs), band.b.resize(pairs);
  band.sums.resize(static_cast<size_t>(sum_ring_rows(L)) * kSumFields * W);
  band.pair.resize(kSumFields * W);
  if (band.first != first || band.last != last) {  // g of empty cells must read 0
    band.g.assign(static_cast<size_t>(last - first + 2 * L.pad) * W, 0.0);
    band.first = first, band.last = last;
  }
  for (std::vector<double>* v :
       {&band.fx, &band.fy, &band.theta, &band.f00, &band.f01, &band.f10, &band.f11, &band.J})
    v->resize(W);
}

// Rows [band.first, band.last). A row's sums are whole once pass 1 has run on the `pad` rows
// before it too, so pass 1 starts 2 pad rows before the band (pass 2 needs g of the `pad`
// rows either side) and goes on `pad` rows past it; pass 2 runs `pad` rows behind. Every cell
// gets its terms in the same order whatever the bands: the result does not depend on them.
void run_band(const BandJob& job, Band& band) {
  const PeriBody& b = job.b;
  const PeriLattice& L = b.model->lattice;
  const PeriLatticeScratch& S = job.st.lattice;
  const int32_t W = L.width, pad = L.pad, first = band.first, last = band.last;
  const bool forces = job.fx != nullptr;
  const int32_t whole_from = forces ? first - pad : first;  // rows whose sums are needed
  const int32_t p0 = std::max(pad, whole_from - pad);
  const int32_t p1 = forces ? std::min(L.height - pad, last + pad) : last;
  const double v = b.model->vol[0];  // one point volume per body (body.hpp)
  const SumRing sums{band.sums.data(), sum_ring_rows(L), W};
  const int32_t ring_rows = pair_ring_rows(L);
  const size_t slot_size = L.half.size() * static_cast<size_t>(W);
  std::fill(band.sums.begin(), band.sums.end(), 0.0);
  // Pass 2 of the first rows reads pairs of the `pad` rows before p0: empty rows above the
  // body (p0 > pad runs them all), whose slots must read 0, not an earlier pass's pairs.
  for (int32_t row = std::max(0, p0 - pad); row < p0; ++row)
    std::fill_n(band.a.data() + static_cast<size_t>(row % ring_rows) * slot_size, slot_size, 0.0),
        std::fill_n(band.b.data() + static_cast<size_t>(row % ring_rows) * slot_size, slot_size,
                    0.0);
  auto g_row = [&](int32_t row) {
    return band.g.data() + static_cast<size_t>(row - (first - pad)) * static_cast<size_t>(W);
  };
  auto pass2 = [&](int32_t row) {
    row_forces(L, S, row, band.a.data(), band.b.data(), ring_rows, g_row(row), v, band.fx.data(),
               band.fy.data());
    for (int32_t q = pad; q < W - pad; ++q) {
      const int32_t i = L.point_of[static_cast<size_t>(row * W + q)];
      if (i >= 0)
        job.fx[i] = band.fx[static_cast<size_t>(q)], job.fy[i] = band.fy[static_cast<size_t>(q)];
    }
  };
  for (int32_t row = p0; row < p1; ++row) {
    const size_t slot = static_cast<size_t>(row % ring_rows) * slot_size;
    double *a = band.a.data() + slot, *bb = band.b.data() + slot;
    const int oob =
        job.energy
            ? row_pair_forces_and_energy(L, S, job.laws.bond, row, a, bb, sums, band.pair.data())
            : row_pair_forces(L, S, job.laws.bond, row, a, bb, sums, band.pair.data());
    if (oob > 0) fix_row_out_of_band(L, S, job.laws.bond, row, a);
    if (row >= whole_from) {
      double* g = g_row(row);
      const RowKinematics kin{
          band.theta.data(), g, band.f00.data(), band.f01.data(), band.f10.data(), band.f11.data(),
          band.J.data()};
      row_kinematics(L, S, job.laws.volume, row, v, sums, kin);
      if (row >= first && row < last)
        for (int32_t q = pad; q < W - pad; ++q) {
          const int32_t i = L.point_of[static_cast<size_t>(row * W + q)];
          if (i < 0) continue;
          const size_t c = static_cast<size_t>(q), pi = static_cast<size_t>(i);
          const double* K = &b.damage->kinv[4 * pi];
          PointKinematics k;
          k.theta = band.theta[c], k.g = g[c], k.J = band.J[c];
          k.f00 = band.f00[c], k.f01 = band.f01[c], k.f10 = band.f10[c], k.f11 = band.f11[c];
          k.has_f = K[0] != 0.0 || K[3] != 0.0;
          BondSums sum;
          sum.energy = sums.at(row, kEnergySum)[c], sum.stiff = sums.at(row, kStiff)[c];
          sum.energy_out_of_band = static_cast<int>(sums.at(row, kEnergyOut)[c]);
          store_point(b, job.laws, job.st, pi, k, sum, job.energy);
        }
    }
    // The row's sums are used: its slot starts the row pad + 1 on.
    for (int f = 0; f < kSumFields; ++f) std::fill_n(sums.at(row, f), W, 0.0);
    if (forces && row - pad >= first && row - pad < last) pass2(row - pad);
  }
  if (forces)
    for (int32_t row = std::max(first, p1 - pad); row < last; ++row) pass2(row);
}

}  // namespace

PeriEnergy lattice_forces(const PeriBody& b, PeriPointState& st, std::vector<double>* fx,
                          std::vector<double>* fy, WorkerPool& pool, bool with_energy) {
  const PeriLattice& L = b.model->lattice;
  const size_t n = static_cast<size_t>(b.size());
  size_point_state(st, n, 0);
  PeriLatticeScratch& S = st.lattice;
  copy_bond_constants(b, S, pool);
  copy_positions(b, S, pool);
  if (fx) fx->resize(n), fy->resize(n);
  // Bands of rows, one a thread, each at least three horizons deep (a thinner one would
  // spend more on its halo rows than it saves). Pass 1 also runs 2 pad rows before a band
  // (not the first) and pad rows after it (not the last): the bands are sized so that each
  // thread's rows weigh the same, pass 1's rows at 0.7 and pass 2's at 0.3 (their shares of
  // a pass; the result does not depend on where the bands end).
  const int32_t rows = L.height - 2 * L.pad;
  const int32_t bands = std::max(1, std::min(pool.threads(), rows / (3 * L.pad)));
  S.bands.resize(static_cast<size_t>(bands));
  auto halo = [&](int32_t k) { return (k > 0 ? 2 * L.pad : 0) + (k + 1 < bands ? L.pad : 0); };
  double halo_sum = 0.0;
  for (int32_t k = 0; k < bands; ++k) halo_sum += halo(k);
  const double share = (rows + 0.7 * halo_sum) / bands;
  int32_t first = L.pad;
  for (int32_t k = 0; k < bands; ++k) {
    const int32_t size = k + 1 == bands ? L.pad + rows - first
                                        : static_cast<int32_t>(std::lround(share - 0.7 * halo(k)));
    size_band(S.bands[static_cast<size_t>(k)], L, first, first + size);
    first += size;
  }
  const PeriLaws laws(b.spec().material);
  const BandJob job{b, laws, st, with_energy, fx ? fx->data() : nullptr, fy ? fy->data() : nullptr};
  pool.run(
      bands, [&](int64_t k) { run_band(job, S.bands[static_cast<size_t>(k)]); }, 1);
  if (fx) add_inversion_forces(b, st, *fx, *fy, pool);
  return with_energy ? sum_energy_parts(st, n) : PeriEnergy{};
}

}  // namespace mb
