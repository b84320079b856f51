#pragma once
// Time integration of peridynamic bodies: substeps of symplectic (semi-implicit) Euler,
//   v += h (f_int / (s m) + g),  v *= exp(-damping h),  x += h v,
// with the substep h from the measured stability limit of the explicit scheme.
//
// Symplectic Euler is stable for h < 2 / omega_max, omega_max the highest angular
// frequency of the linearised system. omega_max is MEASURED once per material and lattice
// (estimate_stable_dt): power iteration on M^-1 K of a small disc of the same lattice, with
// K v from central differences of the exact forces. The substep is h = safety * 2/omega_max
// (PeriSettings::dt_safety, 0.7), shortened by sqrt(phi''(s) / 2) of the most stretched or
// squashed bond (PeriSystem::plan) for the nonlinear stiffening of a strained body.
// For reference the textbook bound dx / sqrt((lambda + 2 mu) / rho) is printed by the tests:
// with delta = 3 dx the peridynamic omega_max sits near 2.2 times the local-continuum one.
//
// When a tick would need more than max_substeps substeps (a very stiff material), the
// inertia seen by the internal forces is scaled up by s = (h_needed / h_stable)^2 ("mass
// scaling"): still stable, statics unchanged, elastic waves slowed by sqrt(s). The scale
// is reported in the tick stats so it is never silent.
#include "physics/peri/body.hpp"

namespace mb {

// 2 / omega_max for the spec's material, spacing and horizon (reference state).
double estimate_stable_dt(const PeriBodySpec& spec);
// The highest angular frequency of a body about its current state (power iteration).
double estimate_omega_max(const PeriBody& body, int iterations = 60);

}  // namespace mb
