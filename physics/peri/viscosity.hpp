#pragma once
// Internal damping of a body: Kelvin-Voigt viscosity on its bonds (a solid whose stress is
// E (strain + tau d strain/dt); tau, the retardation time, is the material's `viscosity`).
// Each bond resists its rate of extension with a force along it,
//   f = tau k (v_j - v_i).e,   k = bond_c phi_b''(1) / |xi| = 2 bond_c / |xi|,
// k the bond's stiffness at rest (energy.hpp), e = (x_j - x_i) / |x_j - x_i|. The damping is
// tau times the bond part of the stiffness, so a vibration mode of angular frequency omega
// decays as exp(-omega^2 tau t / 2), a damping ratio omega tau / 2: high modes die at once,
// a jelly still wobbles, and rigid motion (translation, rotation: no bond changes length)
// is not damped at all. The volumetric term is not damped.
//
// It is applied twice a tick, each time after the contacts of the substep that ends half the
// tick (PeriSystem::step), as one sweep of sequential impulses over the bonds (as Box2D
// solves soft constraints): each bond in turn, alone, takes the backward-Euler step of its
// relative speed g = (v_j - v_i).e over its share h of the tick,
//   g' = g / (1 + h tau k (w_i + w_j)),   w = 1 / m,
// with equal and opposite impulses along e. Momentum and angular momentum are kept exactly
// (central impulses), each bond's step lowers the kinetic energy by m_red (g^2 - g'^2) / 2,
// and the sweep is stable at any step, where an explicit viscous force would need tau below
// about half a substep. One sweep is not the exact backward-Euler step of all bonds at once:
// a bar's fundamental decays about 6 % slower than the formula with two sweeps a tick, 2.5 %
// with four, 13 % with one (tests/unit/peri/peri_viscosity_test.cpp). Two a tick, not one a
// substep: a sweep costs about half a force pass, and a stiff body takes ten substeps.
#include <vector>

#include "physics/peri/body.hpp"

namespace mb {

// Per pair (PeriBody::pair_i order), the constants of a step h: with a = h tau k (w_i + w_j),
// the impulse is q g, q = a / ((1 + a)(w_i + w_j)), kept as q w_i and q w_j, and the energy it
// takes r g^2, r = q (2 + a) / (2 (1 + a)). Empty: the material has no viscosity.
struct ViscousStep {
  std::vector<double> qi, qj, r;
};

// The constants for steps of length h (once per tick: the substep is fixed within one).
void prepare_viscosity(const PeriBody& body, double h, ViscousStep& step);
// One step of the material's viscosity with prepared constants. Returns the kinetic energy it
// took.
double apply_viscosity(PeriBody& body, const ViscousStep& step);
// Both at once (tests).
double apply_viscosity(PeriBody& body, double h);

}  // namespace mb
