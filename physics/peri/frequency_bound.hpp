#pragma once
// An upper bound on the highest angular frequency of a body about its current state, for
// the substep plan (PeriSystem::plan).
//
// Symplectic Euler is stable while h omega_max < 2, omega_max^2 the largest eigenvalue of
// M^-1 K, K the Hessian of the energy (energy.hpp) at the current positions. The plan takes
// omega_max of the reference lattice from a measurement (integrator.hpp) and needs to know
// how much a strained body raises it. Every term of K is a sum over bonds (i, j) of a
// quadratic form in d = u_j - u_i bounded by d^T A d with A >= 0, and
// d^T A d <= 2 (u_i^T A u_i + u_j^T A u_j), so u^T K u <= 2 sum_i u_i^T S_i u_i with S_i the
// sum of the A of the bonds at i (Gershgorin's argument, by 2 x 2 blocks):
//
//   omega_max^2 <= max_i 2 lambda_max(S_i) / m_i.
//
// The A of bond (i, j), with e = eta / |eta|, P = I - e (x) e, s = |eta| / |xi|, k = bond_c / |xi|:
//   pair energy:        k phi_b''(s)_+ e (x) e + k (phi_b'(s) / s)_+ P
//   i's dilatation:     (g_i)_+ V b_e P   (the stretch of theta_i; b_e = |xi| / |eta|)
//                       c_i |xi| e (x) e  (the square of its gradient, by Cauchy-Schwarz:
//                       (sum_j |xi_j| e_j.d_j)^2 <= (sum_j |xi_j|) sum_j |xi_j| (e_j.d_j)^2),
//                       c_i = (kappa_i V Psi''(theta_i) / 2) (2 V / m_i)^2 sum_j |xi_j|, kappa_i >
//                       0
// (negative parts dropped: they only lower omega). Each of these lands on both ends. The
// anti-inversion at i (det F_i < J0), k_inv V [(dJ_i)^2 + gap_i |dF_i|^2] at most
// (|det dF| <= |dF|^2 / 2), is bounded point by point instead: with q_j = V K_i^-T xi_j and
// w_j = cof(F_i) q_j, dF_i = sum_j u_j q_j^T - u_i (sum q)^T and dJ_i = sum_j u_j.w_j -
// u_i.(sum w), so by Cauchy-Schwarz each neighbour j gets k_inv V (A_i |w_j| + gap_i B_i |q_j|)
// and i itself k_inv V (A_i |sum w| + gap_i B_i |sum q|), A_i = sum_j |w_j| + |sum w|,
// B_i = sum_j |q_j| + |sum q|, gap_i = J0 - J_i.
//
// The bound is loose by a fixed factor on a lattice at rest (about 1.6 on the hexagonal
// lattice with horizon 3: not every bond can stretch against every neighbour at once), and
// tighter where a few bonds stiffen alone. So the plan scales the measured rest frequency by
// this bound over the same bound at rest, which is exact at rest and never lets the true
// omega_max exceed the planned one by more than sqrt(bound at rest / measured at rest)
// (docs/bodies.md, "Integrator").
#include <vector>

#include "physics/core/worker_pool.hpp"
#include "physics/peri/body.hpp"
#include "physics/peri/energy.hpp"

namespace mb {

// max_i 2 lambda_max(S_i) / m_i for the body in the state pass 1 left in `st` (energy.hpp:
// theta, g, F, det F, has_h of the same positions). Units 1/s^2.
double frequency_bound(const PeriBody& body, const PeriPointState& st, WorkerPool& pool);

// The same bound for the body at its reference positions, with its constants and broken
// bonds as they are (build_body_from_points calls it on the body as built: PeriBody::rest_bound).
double rest_frequency_bound(const PeriBody& body);

}  // namespace mb
