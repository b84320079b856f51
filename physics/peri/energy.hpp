#pragma once
// The discrete energy of a body and its exact negative gradient (the internal forces).
//
//   E = E_bond + E_vol + E_inv
//   E_bond = sum_{pairs i<j} (c_ij / 2) k(xi_hat) |xi| phi_b(s_ij) V_i V_j,  s = |eta| / |xi|
//   E_vol  = sum_i (kappa / 2) V_i Psi(theta_i),
//            theta_i = (2 / m_i) sum_j |xi| (|eta| - |xi|) V_j   (unbroken bonds; m_i fixed),
//            Psi(theta) = 4 phi_v(1 + theta / 2) when kappa > 0, else theta^2
//            (Psi ~ theta^2 near rest; a negative kappa with a stiffening Psi would let a
//            compressed body gain energy without bound, so it stays quadratic then)
//   E_inv  = sum_i (k_inv / 2) V_i (J0 - det F_i)^2   where det F_i < J0 (anti-inversion),
//            F_i = (sum_j eta (x) xi V_j) K_i^-1,  K_i = sum_j xi (x) xi V_j,  k_inv = k * E
//
// Forces, gathered per point p over its bonds j (eta_hat = (x_j - x_p) / |x_j - x_p|):
//   f_p = sum_j [ bond_c phi_b'(s) + g_p |xi| V_j + g_j |xi| V_p ] eta_hat
//              + H_p xi V_j + H_j xi V_p
//   g_i = kappa V_i Psi'(theta_i) / m_i,
//   H_i = dE_inv,i/dF_i K_i^-T = -k_inv V_i (J0 - J_i) cof(F_i) K_i^-T  (cof F = J F^-T)
// Pass 1 walks each point's own bonds once: current lengths (phi_b' as a polynomial in s
// and 1/s), theta_i, F_i, g_i, H_i, and two coefficients per directed bond; pass 2 gathers
// the forces from them (no sqrt, no division). Each pass streams the bond arrays in CSR
// order and writes only its own point's entries, so both run over points on a WorkerPool
// without atomics (results written by index: identical for any thread count).
#include <cstdint>
#include <vector>

#include "physics/core/worker_pool.hpp"
#include "physics/peri/body.hpp"

namespace mb {

struct PeriEnergy {
  double bond = 0.0, volume = 0.0, inversion = 0.0;
  double total() const { return bond + volume + inversion; }
};

// The stencil pass's working copies and scratch (lattice_forces.cpp, layouts in lattice.hpp),
// kept with the body's PeriPointState. cells = PeriLattice::cells(), dirs = its directions.
struct PeriLatticeScratch {
  PeriConstantsKey copied;          // the constants c, len, kappa, wvol and kinv were copied from
  std::vector<double> c, len;       // (dirs * cells) [k * cells + cell]: bond_c and |xi| of
                                    // unbroken bonds, else 0
  std::vector<double> kappa, wvol;  // (cells) per cell (0 where empty)
  std::vector<double> kinv;         // (4 * cells) [m * cells + cell]: K^-1's entry m (row-major)
  std::vector<double> x, y;         // (cells) current positions per cell (0 where empty)
  // One band of rows, run by one thread.
  struct Band {
    int32_t first = -1, last = -1;  // its rows [first, last)
    std::vector<double> a, b;       // pass 1's pair coefficients of the rows pass 2 still reads
    std::vector<double> sums;       // the bond sums of the rows pass 1 still adds to
    std::vector<double> pair;       // one direction's pair terms, for the far ends
    std::vector<double> g;          // g per cell over the band's rows and their halo
    std::vector<double> fx, fy, theta, f00, f01, f10, f11, J;  // a row each
  };
  std::vector<Band> bands;
};

// Per-point results of pass 1 and the force passes' scratch. A copy carries the results
// (the snapshot colours by them, and the next tick's substep plan reads `stiff`); a copy
// starts with empty scratch and a copy-assignment keeps the target's own, which every pass
// sizes and fills before reading (the stencil copies by their key).
struct PeriPointState {
  // Results of the last pass 1 (n_points each).
  std::vector<double> theta, detF, energy;  // energy: the point's share of E
  std::vector<double> stiff;  // max over the point's bonds of phi_b''(s) / 2 (1 at rest)
  // Scratch.
  std::vector<double> g, H;            // (n_points), (4 * n_points) force coefficients
  std::vector<double> F;               // (4 * n_points) F_i (row-major)
  std::vector<double> bond_a, bond_b;  // (2 * n_bonds, CSR order) bond_c phi_b'(s) / |eta|,
                                       // |xi| / |eta|
  std::vector<uint8_t> has_h;          // (n_points) H_i != 0 (anti-inversion active at i)
  // The points the anti-inversion forces add to this pass, and their marks (n_points, kept
  // zero).
  std::vector<int32_t> inversion;
  std::vector<uint8_t> inversion_mark;
  std::vector<double> parts;   // per-point energy parts (summed in index order)
  PeriLatticeScratch lattice;  // the stencil pass's, for lattice bodies

  PeriPointState() = default;
  PeriPointState(const PeriPointState& o)
      : theta(o.theta), detF(o.detF), energy(o.energy), stiff(o.stiff) {}
  PeriPointState& operator=(const PeriPointState& o) {
    theta = o.theta, detF = o.detF, energy = o.energy, stiff = o.stiff;
    return *this;
  }
  PeriPointState(PeriPointState&&) noexcept = default;
  PeriPointState& operator=(PeriPointState&&) noexcept = default;
};

// Pass 1 only (energy per point, det F, theta).
PeriEnergy evaluate_points(const PeriBody& body, PeriPointState& st, int threads = 1);
// Pass 1 + pass 2: fx, fy receive the internal forces (resized).
PeriEnergy internal_forces(const PeriBody& body, PeriPointState& st, std::vector<double>& fx,
                           std::vector<double>& fy, int threads = 1);
PeriEnergy internal_energy(const PeriBody& body);
// The same on a persistent pool. with_energy = false skips the energy terms and `stiff`
// (the substeps' fast path: st.energy / st.stiff keep their previous values; returns 0).
PeriEnergy evaluate_points(const PeriBody& body, PeriPointState& st, WorkerPool& pool);
PeriEnergy internal_forces(const PeriBody& body, PeriPointState& st, std::vector<double>& fx,
                           std::vector<double>& fy, WorkerPool& pool, bool with_energy = true);

}  // namespace mb
