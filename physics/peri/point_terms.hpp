#pragma once
// The per-point half of the force passes (energy.hpp), shared by the two bond layouts that
// feed it: the CSR loop over a point's own bonds (energy.cpp) and the lattice stencil
// (lattice_forces.cpp). Each layout sums a point's bonds into BondSums; everything from
// there on (theta, F, det F, g, H, the energy parts) is the same code.
#include <cstddef>
#include <cstdint>

#include "physics/core/worker_pool.hpp"
#include "physics/peri/body.hpp"
#include "physics/peri/energy.hpp"
#include "physics/peri/material.hpp"

namespace mb {

// The bond loops run once per bond per substep: they are written branch-free so the
// compiler vectorises them, and on x86-64 GCC builds them more than once (the widest the
// CPU has is picked at load time). Sanitizer builds keep the one baseline version.
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && \
    !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define MB_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
// The stencil loops have no gather, and AVX-512 doubles their width (measured in
// docs/bodies.md); the CSR loops gained nothing from it.
#define MB_WIDE_VECTOR_CLONES \
  __attribute__((target_clones("arch=x86-64-v4", "arch=x86-64-v3", "default")))
#else
#define MB_VECTOR_CLONES
#define MB_WIDE_VECTOR_CLONES
#endif

// The material's two mixes as polynomials (material.hpp), built once per pass.
struct PeriLaws {
  MixPolynomial bond, volume;
  explicit PeriLaws(const PeriMaterial& m) : bond(m.bond), volume(m.volume) {}
};

// A point's bond sums, already multiplied by the point volume V_j (one per body).
struct BondSums {
  double th = 0.0, n00 = 0.0, n01 = 0.0, n10 = 0.0, n11 = 0.0;
  int out_of_band = 0;  // bonds whose stretch lies outside the polynomial's band
  // Only with the energy terms: the point's bond energy, max phi''(s) / 2 over its bonds,
  // and the bonds that need the scalar path for these (out of band, or collapsed).
  double energy = 0.0, stiff = 0.0;
  int energy_out_of_band = 0;
};

// Sizes the per-point arrays of st (and, with `bonds`, the CSR pass's per-bond scratch).
void size_point_state(PeriPointState& st, size_t points, size_t bonds);

// Pass 1's per-point part, in two steps: the kinematics from the bond sums (theta_i, g_i,
// F_i = N K^-1, det F), then storing them with H_i (anti-inversion) and, with `energy`, the
// point's energy share and stiffness (a point with bonds out of the band takes them by the
// scalar path). store_point writes st at i only. finish_point is both steps.
struct PointKinematics {
  double theta = 0.0, g = 0.0, f00 = 1.0, f01 = 0.0, f10 = 0.0, f11 = 1.0, J = 1.0;
  bool has_f = false;  // K_i is invertible (enough bonds for a deformation gradient)
};
PointKinematics point_kinematics(const PeriBody& b, const PeriLaws& laws, size_t i,
                                 const BondSums& sum);
void store_point(const PeriBody& b, const PeriLaws& laws, PeriPointState& st, size_t i,
                 const PointKinematics& k, const BondSums& sum, bool energy);
void finish_point(const PeriBody& b, const PeriLaws& laws, PeriPointState& st, size_t i,
                  const BondSums& sum, bool energy);

// Adds to fx, fy the anti-inversion forces H_p xi V_j + H_j xi V_p of every bond with
// H != 0 at either end (both force layouts, after their pass 2). Rare: it walks the CSR
// bonds of only the points with H != 0 and their bonded neighbours, each point on its own
// (bitwise the same for any thread count).
void add_inversion_forces(const PeriBody& b, PeriPointState& st, std::vector<double>& fx,
                          std::vector<double>& fy, WorkerPool& pool);

// The energy parts summed in index order (the same sum for any thread count).
PeriEnergy sum_energy_parts(const PeriPointState& st, size_t points);

}  // namespace mb
