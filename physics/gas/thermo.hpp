#pragma once
// Thermodynamic read-outs of the gas and the 2D Maxwell-Boltzmann law.
// Convention (k_B = 1, 2 degrees of freedom per disc): kT = <m v^2 / 2>, in the lab frame.
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "physics/gas/gas.hpp"

namespace mb::gas {

double kinetic_energy(const Gas& g);   // sum of m v^2 / 2
double internal_energy(const Gas& g);  // sum of the discs' internal energy (reaction.hpp)
Vec2 momentum(const Gas& g);           // sum of m v
// kT = kinetic energy per disc (0 for an empty gas). species >= 0: only that species.
double temperature(const Gas& g, int32_t species = -1);

// Discs per species id, up to the largest id in use or that a reaction makes.
std::vector<int64_t> species_counts(const Gas& g);
// Atoms per element over all discs, by their species' compositions (reaction.hpp); discs
// of species without one are not counted.
std::vector<std::pair<std::string, int64_t>> atom_counts(const Gas& g);

// kT per region of an nx-by-ny grid over the box (row-major, y up): the mean m v^2 / 2 of
// the discs whose centres lie in the region (0 where a region is empty).
std::vector<double> region_temperature(const Gas& g, const Box& box, int nx, int ny);

// 2D Maxwell-Boltzmann speed distribution for one mass at temperature kT:
//   f(v) = (m v / kT) exp(-m v^2 / 2kT),   F(v) = 1 - exp(-m v^2 / 2kT)
// (the Rayleigh distribution with sigma^2 = kT / m). Mean speed sqrt(pi kT / 2m).
double mb_speed_pdf(double v, double m, double kT);
double mb_speed_cdf(double v, double m, double kT);

}  // namespace mb::gas
