#include "physics/peri/contact_skin.hpp"

#include <algorithm>
#include <limits>

namespace mb {

namespace {

// The hexagonal lattice's full shell: six whole bonds of length dx.
bool on_surface(const PeriBody& b, size_t i) {
  const double nearest = 1.01 * b.spec.spacing;
  int shell = 0;
  for (int32_t e = b.bond_start[i]; e < b.bond_start[i + 1]; ++e)
    shell += !b.bond_broken[e] && b.bond_len[e] < nearest;
  return shell < 6;
}

void set_depth(PeriBody& b, size_t i, double d) {
  b.skin_depth[i] = d;
  b.skin_radius[i] = b.point_radius() + (1.0 - kSkinSqueeze) * d;
  b.max_skin_radius = std::max(b.max_skin_radius, b.skin_radius[i]);
}

// Surface point s: depth 0 itself, and at most |xi| for every point within the horizon of it
// (its bond list, whole or broken).
void spread_from(PeriBody& b, size_t s) {
  set_depth(b, s, 0.0);
  for (int32_t e = b.bond_start[s]; e < b.bond_start[s + 1]; ++e) {
    const size_t j = static_cast<size_t>(b.bond_j[e]);
    if (b.bond_len[e] < b.skin_depth[j]) set_depth(b, j, b.bond_len[e]);
  }
}

}  // namespace

void refresh_contact_skin(PeriBody& b) {
  const size_t n = static_cast<size_t>(b.size());
  // Past the horizon from every surface point: the bulk, at dx/2.
  b.skin_depth.assign(n, std::numeric_limits<double>::infinity());
  b.skin_radius.assign(n, b.point_radius());
  b.max_skin_radius = n > 0 ? b.point_radius() : 0.0;
  for (size_t i = 0; i < n; ++i)
    if (on_surface(b, i)) spread_from(b, i);
}

void contact_skin_after_breaks(PeriBody& b, const std::vector<int32_t>& touched) {
  // The surface only grows as bonds break, so every depth can only fall: spreading from the
  // points that are surface now gives what a full refresh would.
  for (const int32_t i : touched)
    if (on_surface(b, static_cast<size_t>(i))) spread_from(b, static_cast<size_t>(i));
}

}  // namespace mb
