#pragma once
// A small deterministic random source for the gas (generator, thermostat walls, reactions).
// SplitMix64 (Steele, Lea & Flood 2014): one 64-bit word of state, so a scene file can
// save it and a reloaded run continues bit for bit; identical on every platform (the
// std:: distributions are not specified exactly, so we do not use them).
#include <cmath>
#include <cstdint>
#include <numbers>

namespace mb {

struct SplitMix64 {
  uint64_t state = 0;

  uint64_t next() {
    uint64_t z = (state += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in [0, 1): the top 53 bits.
  double uniform() { return static_cast<double>(next() >> 11) * 0x1.0p-53; }
  // Uniform in (0, 1]: safe under log().
  double uniform_open0() { return 1.0 - uniform(); }
  // Standard normal by Box-Muller (one of the pair; simple and exact enough here).
  double normal() {
    const double u = uniform_open0(), v = uniform();
    return std::sqrt(-2.0 * std::log(u)) * std::cos(2.0 * std::numbers::pi * v);
  }
};

namespace gas {
// A disc leaving a thermal wall at kT (mass m), in the wall's frame: the Maxwell flux
// distribution, the normal speed Rayleigh with density (m/kT) v exp(-m v^2 / 2kT) (by
// inversion), the tangential velocity normal with variance kT/m. Returns (normal speed,
// tangential velocity), drawn in that order. The box's thermostat walls (gas_step.cpp) and
// thermal spring particles (gas_obstacles.cpp) both draw with it.
struct WallVelocity {
  double normal, tangential;
};
inline WallVelocity thermal_wall_velocity(SplitMix64& rng, double kT, double m) {
  const double s = std::sqrt(kT / m);
  const double normal = s * std::sqrt(-2.0 * std::log(rng.uniform_open0()));
  return {normal, s * rng.normal()};
}
}  // namespace gas

}  // namespace mb
