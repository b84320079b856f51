#pragma once
// Places a gas: N discs with radii uniform in [radius_min, radius_max], one mass, random
// positions without overlap (random sequential addition with a cell grid; it reaches area
// fractions up to about 0.5 for equal discs), and velocities drawn from the 2D
// Maxwell-Boltzmann distribution at kT, then shifted to zero total momentum and scaled
// so the kinetic temperature is exactly kT. Deterministic for a seed.
#include <cstdint>

#include "physics/core/error.hpp"
#include "physics/gas/gas.hpp"

namespace mb::gas {

// A gas holds at most this many discs (a typo in a count is an error, not an hour's wait).
inline constexpr int32_t kMaxDiscs = 1'000'000;
// Random sequential addition jams near an area fraction of 0.55: asking for more than this
// is refused at once instead of after millions of failed tries.
inline constexpr double kMaxGeneratedAreaFraction = 0.5;
// The largest kT / m a generator takes. Each velocity component is s z with s^2 = kT / m and
// z a normal draw (|z| <= 8.6: Box-Muller from a uniform >= 2^-53); removing the mean at most
// doubles it, so v^2 <= 4 * 2 * 8.6^2 kT / m ~ 600 kT / m, which stays below the largest
// double (1.8e308) for kT / m up to 1e300. Beyond, speeds would overflow to inf and the
// kinetic energy to NaN (a mass of 1e-323, say).
inline constexpr double kMaxTemperatureOverMass = 1e300;

struct GeneratorSpec {
  int32_t count = 0;
  double radius_min = 1.0, radius_max = 1.0;
  double mass = 1.0;
  double temperature = 1.0;  // kT per disc
  uint64_t seed = 1;
  int32_t species = 0;
};

// Appends the discs to `g`, avoiding its existing discs and keeping all inside `box`.
// Throws mb::Error for a temperature / mass above kMaxTemperatureOverMass and when the
// discs do not fit: more than kMaxDiscs in all, an
// area fraction (at radius_min) above kMaxGeneratedAreaFraction, or no room found for a
// disc after many tries.
void generate(Gas& g, const Box& box, const GeneratorSpec& spec);

// Moves every disc from index `first` on whose circle overlaps an entry of `avoid` (other
// matter in the box: a wax spot, a body) to a random place in `box` free of both, keeping
// its velocity, so that generated gas never starts inside other matter. Deterministic for a
// seed. Returns how many moved; throws mb::Error when one finds no room.
int32_t move_out_of(Gas& g, const Box& box, int32_t first, const ContactView& avoid, uint64_t seed);

}  // namespace mb::gas
