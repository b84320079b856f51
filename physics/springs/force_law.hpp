#pragma once
// The spring force law of the Spring Simulator, made finite at contact.
//
// x = gap between particle surfaces, L = rest gap, k = stiffness.
//   stretch     (x >= L):  F = k (L - x)                 Hooke; F < 0 pulls the ends together
//   compression (x <  L):  F = k L (L - x) / (2 x)       the Spring Simulator's handcrafted law; F
//   > 0 pushes apart
// The compression branch diverges as x -> 0 (the original divided by zero and, for
// x < 0, made overlapping particles attract). Below x_c = kContactFraction * L we
// continue it along its tangent at x_c, so the force stays finite, keeps growing
// as particles overlap, and always pushes apart.
namespace mb {

inline constexpr double kContactFraction = 0.1;

inline double spring_force(double x, double L, double k) {
  if (x >= L) return k * (L - x);
  const double xc = kContactFraction * L;
  if (x >= xc) return k * L * (L - x) / (2.0 * x);
  // The tangent at x_c, written with L / x_c = 1 / kContactFraction so that it stays finite
  // for a rest gap of 0 (a file may say so): then the law is F = -k x / (2 c^2) for x < 0.
  constexpr double c = kContactFraction;
  const double f_c = k * L * (1.0 - c) / (2.0 * c);  // = k L (L - x_c) / (2 x_c)
  const double slope_c = -k / (2.0 * c * c);         // dF/dx at x_c = -k L^2 / (2 x_c^2)
  return f_c + slope_c * (x - xc);
}

}  // namespace mb
