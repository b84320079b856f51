#pragma once
// Heaters soften bodies (issue 12): a point under a heater is heated, and a heated point is
// softer by the material's `heated_stiffness` scale s. Its heat h (0 cold, 1 under a
// heater this tick) decays linearly to 0 over the cooldown ticks once the heater has moved
// on, so the stiffness comes back gradually rather than in one jump. With
//   f_i = 1 - (1 - s) h_i
// a point's volumetric constant is kappa_i = f_i kappa_i(cold), and a bond between i and j
//   c_ij = c_ij(cold) (f_i + f_j) / 2,
// symmetric in i and j, so the two halves of a pair stay bitwise equal and the internal
// forces still cancel pair by pair (energy.hpp). The anti-inversion penalty keeps its full
// stiffness: a soft region must still never turn inside out. The softened constants are a
// new PeriStiffness object computed from the model's cold one (body.hpp) and put in the
// body's place of it, so the force passes are unchanged; when all has cooled the body takes
// the cold object back, exactly.
#include <cstdint>
#include <vector>

#include "physics/peri/body.hpp"

namespace mb {

// Sets the heat of the listed points to 1 (indices outside the body are skipped).
void heat_points(PeriBody& body, const std::vector<int32_t>& points);
// True while some point of the body has heat (or its constants are still softened).
bool softened(const PeriBody& body);
// Gives the body the stiffness of its current heat: a new PeriStiffness, or the model's cold
// one when it has none.
void apply_softening(PeriBody& body);
// Lowers every point's heat by `step` (1 / cooldown ticks), not below 0; once all of it is
// cold, puts the cold constants back.
void cool(PeriBody& body, double step);
// Points with heat > 0.
int64_t heated_points(const PeriBody& body);

}  // namespace mb
