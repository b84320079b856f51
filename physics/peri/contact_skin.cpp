#include "physics/peri/contact_skin.hpp"

#include <algorithm>
#include <limits>

namespace mb {

namespace {

// The hexagonal lattice's full shell: six whole bonds of length dx.
bool on_surface(const PeriBodyModel& m, const PeriDamage& d, size_t i) {
  const double nearest = 1.01 * m.spec.spacing;
  int shell = 0;
  for (int32_t e = m.bond_start[i]; e < m.bond_start[i + 1]; ++e)
    shell += !d.bond_broken[e] && m.bond_len[e] < nearest;
  return shell < 6;
}

void set_depth(const PeriBodyModel& m, PeriDamage& b, size_t i, double d) {
  b.skin_depth[i] = d;
  b.skin_radius[i] = m.point_radius() + (1.0 - kSkinSqueeze) * d;
  b.max_skin_radius = std::max(b.max_skin_radius, b.skin_radius[i]);
}

// Surface point s: depth 0 itself, and at most |xi| for every point within the horizon of it
// (its bond list, whole or broken).
void spread_from(const PeriBodyModel& m, PeriDamage& b, size_t s) {
  set_depth(m, b, s, 0.0);
  for (int32_t e = m.bond_start[s]; e < m.bond_start[s + 1]; ++e) {
    const size_t j = static_cast<size_t>(m.bond_j[e]);
    if (m.bond_len[e] < b.skin_depth[j]) set_depth(m, b, j, m.bond_len[e]);
  }
}

}  // namespace

void refresh_contact_skin(const PeriBodyModel& m, PeriDamage& b) {
  const size_t n = static_cast<size_t>(m.size());
  // Past the horizon from every surface point: the bulk, at dx/2.
  b.skin_depth.assign(n, std::numeric_limits<double>::infinity());
  b.skin_radius.assign(n, m.point_radius());
  b.max_skin_radius = n > 0 ? m.point_radius() : 0.0;
  for (size_t i = 0; i < n; ++i)
    if (on_surface(m, b, i)) spread_from(m, b, i);
}

void contact_skin_after_breaks(const PeriBodyModel& m, PeriDamage& b,
                               const std::vector<int32_t>& touched) {
  // The surface only grows as bonds break, so every depth can only fall: spreading from the
  // points that are surface now gives what a full refresh would.
  for (const int32_t i : touched)
    if (on_surface(m, b, static_cast<size_t>(i))) spread_from(m, b, static_cast<size_t>(i));
}

}  // namespace mb
