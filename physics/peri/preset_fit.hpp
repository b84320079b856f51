#pragma once
// Fitting a preset's nonlinear weights to the law it claims to reproduce, at the material's
// own Poisson ratio (docs/bodies.md, "presets").
//
// A preset is a one-parameter family for the bond mix and one for the volumetric mix:
//   neo-Hookean-like:  (1 + t) A_2 - t B_2,  t in [-1, 1]  (phi'' = (1 - t) s + (1 + t) / s^3
//                      stays positive: convex for every stretch)
//   StVK-like:         a path through B_2 -> B_3 -> B_4, q in [0, 2] (q = 1 is B_3)
// The two parameters minimise sum over a in {1.1, 1.3, 1.5} of (P_model(a) / P_law(a) - 1)^2,
// where P is the first Piola stress of uniaxial stress (free lateral stretch minimising the
// energy) at an interior point of the hexagonal lattice (delta = 3 dx), and P_law the 2D
// closed form with the same plane-stress mu and lambda:
//   neo-Hookean  W = mu/2 (I1 - 2 - 2 ln J) + lambda/2 (ln J)^2
//   StVK         W = mu E:E + lambda/2 (tr E)^2,  E = (F^T F - I) / 2.
// When kappa <= 0 (nu < 1/3) the volumetric term is quadratic (energy.hpp) and only the
// bond parameter is fitted. A grid search and a finer grid around its best: ~0.1 s.
#include <array>

#include "physics/peri/material.hpp"

namespace mb {

struct PresetFit {
  NonlinearMix bond, volume;
  std::array<double, 3> deviation{};  // P_model / P_law - 1 at 1.1, 1.3, 1.5
};

// The weights for `preset` (StVK or NeoHookean) at material.poisson (E and density do not
// matter: the law scales with E).
PresetFit fit_preset(PeriPreset preset, double poisson);

// The closed-form uniaxial-stress P of the preset's law (2D, plane stress constants).
double preset_law_stress(PeriPreset preset, double mu, double lambda2, double stretch);

// P of the peridynamic model at an interior lattice point (delta = 3 dx) for the material.
double model_uniaxial_stress(const PeriMaterial& material, double stretch);

}  // namespace mb
