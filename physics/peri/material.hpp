#pragma once
// Material of a peridynamic body (the peridynamics patent CN109002630B; docs/bodies.md).
//
// Plane condition: PLANE STRESS (a thin sheet of thickness t). The 2D Lamé constants are
//   mu = E / (2 (1 + nu)),   lambda2 = E nu / (1 - nu^2)
// and the small-strain Poisson contraction of a strip in uniaxial tension is nu itself.
//
// Nonlinear response: a weighted mix of the authors' basis functions (n = 2, 3, 4)
//   A_n(s) = [(s^(n+1) - 1)/(n+1) + (s^(1-n) - 1)/(n-1)] / n,   A_n'(s) = (s^n - s^-n) / n
//   B_n(s) = 2 [(s^(n+1) - 1)/(n+1) - s + 1] / n,               B_n'(s) = 2 (s^n - 1) / n
// Each has phi(1) = phi'(1) = 0 and phi''(1) = 2, so a mix whose weights sum to 1 behaves
// like (s - 1)^2 near rest (the weights are normalised). A_n resists compression without
// bound; B_n stays finite. Outside [kStretchLow, kStretchHigh] the mix is continued by its
// second-order Taylor polynomial (C2, finite), so a collapsed bond never yields inf/NaN.
//
// Anisotropy: fibre direction f (angle in the body's reference frame) and the bond kernel
//   k(xi_hat) = 1 + (fibre_ratio - 1) (xi_hat . f)^2          (fibre_ratio = 1: isotropic).
// E and nu are those of the isotropic matrix (k = 1); fibres stiffen bonds along f.
#include <array>
#include <string>

namespace mb {

enum class PeriPreset : int { StVK = 0, NeoHookean = 1, Custom = 2 };

// Weights of A_2, A_3, A_4, B_2, B_3, B_4 (normalised to sum 1 when used).
struct NonlinearMix {
  std::array<double, 6> w{1.0, 0.0, 0.0, 0.0, 0.0, 0.0};
  bool operator==(const NonlinearMix&) const = default;
};

constexpr double kStretchLow = 0.2;   // below: Taylor continuation
constexpr double kStretchHigh = 4.0;  // above: Taylor continuation

struct PhiValue {
  double phi = 0.0, d1 = 0.0, d2 = 0.0;  // phi(s), phi'(s), phi''(s)
};
// The mix as polynomials in s and u = 1/s, weights normalised (a_n on A_n, b_n on B_n):
//   phi   = k0 + k1 s + s^3 (t3 + s (t4 + s t5)) + u (v1 + u (v2 + u v3))
//           t_(n+1) = (a_n + 2 b_n) / (n (n+1)),  v_(n-1) = a_n / (n (n-1)),  k1 = -sum 2 b_n / n
//   phi'  = c0 + s^2 (p2 + s (p3 + s p4)) - u^2 (q2 + u (q3 + u q4))
//           p_n = (a_n + 2 b_n) / n,  q_n = a_n / n,  c0 = -sum 2 b_n / n
//   phi'' = s (m1 + s (m2 + s m3)) + u^3 (z3 + u (z4 + u z5))
//           m_(n-1) = a_n + 2 b_n,  z_(n+1) = a_n
// (k0 makes phi(1) = 0). Branch-free inside the band, so the force loops vectorise; eval()
// adds the Taylor continuation outside it.
struct MixPolynomial {
  double k0 = 0, k1 = 0, t3 = 0, t4 = 0, t5 = 0, v1 = 0, v2 = 0, v3 = 0;
  double c0 = 0, p2 = 0, p3 = 0, p4 = 0, q2 = 0, q3 = 0, q4 = 0;
  double m1 = 0, m2 = 0, m3 = 0, z3 = 0, z4 = 0, z5 = 0;
  explicit MixPolynomial(const NonlinearMix& mix);
  double phi(double s, double u) const {
    return k0 + k1 * s + s * s * s * (t3 + s * (t4 + s * t5)) + u * (v1 + u * (v2 + u * v3));
  }
  double d1(double s, double u) const {
    return c0 + s * s * (p2 + s * (p3 + s * p4)) - u * u * (q2 + u * (q3 + u * q4));
  }
  double d2(double s, double u) const {
    return s * (m1 + s * (m2 + s * m3)) + u * u * u * (z3 + u * (z4 + u * z5));
  }
  static bool in_band(double s) { return s >= kStretchLow && s <= kStretchHigh; }
  PhiValue eval(double s) const;   // any s > 0 or not: Taylor continuation outside the band
  double eval_d1(double s) const;  // eval(s).d1, bit for bit, without phi
};

// The mix at stretch s (with the Taylor continuation outside the band).
PhiValue eval_mix(const NonlinearMix& mix, double s);
// Only phi'(s).
double mix_derivative(const NonlinearMix& mix, double s);

struct PeriMaterial {
  PeriPreset preset = PeriPreset::NeoHookean;
  double youngs = 2.0e4;             // E (force / length^2 per unit thickness... i.e. a 3D modulus)
  double poisson = 0.35;             // nu, plane stress
  double density = 1.0;              // mass per volume
  double thickness = 1.0;            // sheet thickness t (volume = area * t)
  NonlinearMix bond;                 // shapes the bond (deviatoric / anisotropic) part
  NonlinearMix volume;               // shapes the volumetric part (used when kappa > 0)
  double fibre_angle = 0.0;          // radians, reference frame
  double fibre_ratio = 1.0;          // stiffness along the fibre / across it (>= 0)
  double critical_stretch = 0.0;     // fracture: bonds break past this stretch (0 = off)
  double inversion_threshold = 0.3;  // anti-inversion acts when det F < this
  double inversion_stiffness = 10.0;  // penalty = this * E * (threshold - det F)^2 / 2
  double heated_stiffness = 0.3;      // stiffness scale under a heater (softening.hpp; 1: none)
  double viscosity = 0.0;  // Kelvin-Voigt retardation time tau, s (viscosity.hpp; 0: none)

  double mu() const { return youngs / (2.0 * (1.0 + poisson)); }
  double lambda2() const { return youngs * poisson / (1.0 - poisson * poisson); }  // plane stress
  // P-wave modulus of the sheet, lambda2 + 2 mu (stable-step estimates).
  double p_modulus() const { return lambda2() + 2.0 * mu(); }
  double fibre_kernel(double cx, double cy) const;  // k(xi_hat) for a unit reference direction
  bool operator==(const PeriMaterial&) const = default;
};

// Sets material.bond / material.volume for a preset, fitted at material.poisson
// (preset_fit.hpp); Custom keeps the weights. Call it again after changing nu.
void apply_preset(PeriMaterial& material, PeriPreset preset);
PeriMaterial preset_material(PeriPreset preset, double youngs, double poisson, double density);
const char* preset_name(PeriPreset preset);
bool parse_preset(const std::string& name, PeriPreset& out);

}  // namespace mb
