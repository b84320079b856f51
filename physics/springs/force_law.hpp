#pragma once
// The spring force law of seed 000, made finite at contact.
//
// x = gap between particle surfaces, L = rest gap, k = stiffness.
//   stretch     (x >= L):  F = k (L - x)                 Hooke; F < 0 pulls the ends together
//   compression (x <  L):  F = k L (L - x) / (2 x)       the seed's handcrafted law; F > 0 pushes
//   apart
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
  const double f_c = k * L * (L - xc) / (2.0 * xc);
  const double slope_c = -k * L * L / (2.0 * xc * xc);  // dF/dx at x_c
  return f_c + slope_c * (x - xc);
}

}  // namespace mb
