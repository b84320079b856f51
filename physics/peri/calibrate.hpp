#pragma once
// Calibration of the energy constants on the actual lattice (design note recipe).
//
// Small-strain energy density at a point i under a homogeneous strain eps (s - 1 ~
// xi_hat . eps xi_hat):
//   bond part    c * S_i(eps),  S_i(eps) = 1/4 sum_j k_ij |xi| (xi_hat . eps xi_hat)^2 V_j
//   volumetric   kappa/2 theta^2,  theta = 2/m_i sum_j |xi|^2 (xi_hat . eps xi_hat) V_j
// At an interior point (the full hexagonal stencil within delta):
//   pure shear eps = diag(1,-1) (theta = 0), target mu eps:eps = 2 mu  ->  c = 2 mu / S(shear)
//   uniaxial strain eps = diag(1,0), target (lambda2 + 2 mu)/2
//                          ->  kappa = 2 [(lambda2 + 2 mu)/2 - c S(uni)] / theta(uni)^2
// (plane stress lambda2 = E nu / (1 - nu^2)). Calibration uses k = 1: E and nu are the
// isotropic matrix's. kappa < 0 when nu < 1/3: a pure bond model has nu = 1/3 in 2D.
//
// Boundary correction (body.cpp): a point near the surface lacks neighbours; its bonds are
// scaled by a directional factor built from S_0(uni x) / S_i(uni x) and the same along y
// (Madenci & Oterkus 2014, sec. 4.2). The dilatation is already normalised by each point's
// own weighted volume m_i. four_mode_sum is kept for diagnostics.
#include <array>
#include <vector>

#include "physics/core/vec2.hpp"
#include "physics/peri/material.hpp"

namespace mb {

struct PeriCalibration {
  double c = 0.0;
  double kappa = 0.0;
  double mode_sum = 0.0;  // S_0: the four-mode sum at an interior point (k = 1)
};

// The neighbour offsets of an interior hexagonal lattice point within delta = horizon * dx.
std::vector<Vec2> hex_stencil(double spacing, double horizon);
double hex_point_area(double spacing);

// S(eps) for a set of neighbour offsets with volumes V (k = 1); eps = {exx, eyy, exy}.
double bond_mode_density(const std::vector<Vec2>& offsets, double vol, std::array<double, 3> eps);
double four_mode_sum(const std::vector<Vec2>& offsets, double vol);

PeriCalibration calibrate(const PeriMaterial& material, double spacing, double horizon);

}  // namespace mb
