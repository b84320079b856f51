#include "physics/peri/lattice.hpp"

#include <algorithm>
#include <cmath>
#include <map>
#include <utility>

#include "physics/peri/body.hpp"

namespace mb {

namespace {

struct LatticeSite {
  int32_t row = 0, col = 0;
};

// The lattice row and column of each point (body frame, as peri_lattice_points places
// them: x = (col + row parity / 2) dx, y = row dx sqrt(3) / 2); false when a point is off
// the lattice.
bool lattice_sites(const PeriBodyModel& b, std::vector<LatticeSite>& out) {
  const double dx = b.spec.spacing, row_height = dx * std::sqrt(3.0) / 2.0;
  const double ca = std::cos(b.spec.angle), sa = std::sin(b.spec.angle);
  const double tolerance = 1e-6 * dx;
  out.resize(static_cast<size_t>(b.size()));
  for (int32_t i = 0; i < b.size(); ++i) {
    const double qx = b.X[i] - b.spec.position.x, qy = b.Y[i] - b.spec.position.y;
    const double px = ca * qx + sa * qy, py = -sa * qx + ca * qy;
    const double row = std::round(py / row_height);
    if (!(std::abs(row) < 1e8)) return false;
    const double shift = std::fmod(std::abs(row), 2.0) != 0.0 ? 0.5 * dx : 0.0;
    const double col = std::round((px - shift) / dx);
    if (!(std::abs(col) < 1e8) || std::abs(px - (col * dx + shift)) > tolerance ||
        std::abs(py - row * row_height) > tolerance)
      return false;
    out[static_cast<size_t>(i)] = {static_cast<int32_t>(row), static_cast<int32_t>(col)};
  }
  return true;
}

int32_t parity(int32_t row) {
  return row & 1;
}  // two's complement: -1 is odd too

}  // namespace

PeriLattice build_lattice(const PeriBodyModel& b, double min_fill) {
  PeriLattice L;
  std::vector<LatticeSite> site;
  if (b.size() == 0 || !lattice_sites(b, site)) return L;
  int32_t r0 = site[0].row, r1 = r0, c0 = site[0].col, c1 = c0;
  for (const LatticeSite& s : site)
    r0 = std::min(r0, s.row), r1 = std::max(r1, s.row), c0 = std::min(c0, s.col),
    c1 = std::max(c1, s.col);
  // Directions, keyed by (row offset, x offset in half spacings), from the bonds themselves.
  std::map<std::pair<int32_t, int32_t>, size_t> key_of;
  int32_t reach = 0;
  for (int32_t i = 0; i < b.size(); ++i)
    for (int32_t e = b.bond_start[i]; e < b.bond_start[i + 1]; ++e) {
      const LatticeSite &s = site[static_cast<size_t>(i)],
                        &t = site[static_cast<size_t>(b.bond_j[e])];
      const int32_t dr = t.row - s.row;
      const int32_t half_dx = 2 * (t.col - s.col) + parity(t.row) - parity(s.row);
      key_of.emplace(std::make_pair(dr, half_dx), 0);
      reach = std::max({reach, std::abs(dr), std::abs(t.col - s.col)});
    }
  const int64_t cells = static_cast<int64_t>(c1 - c0 + 1 + 2 * reach) * (r1 - r0 + 1 + 2 * reach);
  // Bonds come in pairs, so directions in opposite pairs: an even count, which the stencil
  // takes two at a time.
  if (key_of.empty() || key_of.size() % 2 != 0 ||
      static_cast<double>(b.size()) < min_fill * static_cast<double>(cells))
    return L;
  const double dx = b.spec.spacing, row_height = dx * std::sqrt(3.0) / 2.0;
  const double ca = std::cos(b.spec.angle), sa = std::sin(b.spec.angle);
  for (auto& [key, k] : key_of) {
    k = L.directions.size();
    const auto [dr, half_dx] = key;
    const double ox = 0.5 * dx * half_dx, oy = row_height * dr;  // body frame
    // From a row of parity p to one of parity q: half_dx = 2 dcol + q - p.
    const int32_t to_odd = parity(dr);  // parity change
    PeriLatticeDirection d;
    d.rows = dr;
    d.cols_from_even = (half_dx - to_odd) / 2;
    d.cols_from_odd = (half_dx + to_odd) / 2;
    d.dx = ca * ox - sa * oy, d.dy = sa * ox + ca * oy;
    L.directions.push_back(d);
  }
  for (const auto& [key, k] : key_of) {
    const auto [dr, half_dx] = key;
    if (dr < 0 || (dr == 0 && half_dx < 0)) continue;
    const auto opposite = key_of.find({-dr, -half_dx});
    if (opposite == key_of.end()) return {};  // (bonds come in pairs: never)
    L.half.push_back(static_cast<int32_t>(k));
    L.opposite.push_back(static_cast<int32_t>(opposite->second));
  }
  L.pad = reach;
  L.width = c1 - c0 + 1 + 2 * reach;
  L.height = r1 - r0 + 1 + 2 * reach;
  L.first_row_odd = parity(r0 - reach);
  L.cell_of.resize(site.size());
  L.point_of.assign(static_cast<size_t>(L.cells()), -1);
  for (size_t i = 0; i < site.size(); ++i) {
    const int32_t cell = (site[i].row - r0 + reach) * L.width + (site[i].col - c0 + reach);
    if (L.point_of[static_cast<size_t>(cell)] >= 0) return {};  // two points in one cell
    L.cell_of[i] = cell;
    L.point_of[static_cast<size_t>(cell)] = static_cast<int32_t>(i);
  }
  L.bond_of.assign(L.directions.size() * static_cast<size_t>(L.cells()), -1);
  for (int32_t i = 0; i < b.size(); ++i)
    for (int32_t e = b.bond_start[i]; e < b.bond_start[i + 1]; ++e) {
      const LatticeSite &s = site[static_cast<size_t>(i)],
                        &t = site[static_cast<size_t>(b.bond_j[e])];
      const int32_t half_dx = 2 * (t.col - s.col) + parity(t.row) - parity(s.row);
      const size_t k = key_of.at({t.row - s.row, half_dx});
      const int32_t cell = L.cell_of[static_cast<size_t>(i)];
      const int32_t row = cell / L.width;
      if (cell + L.offset(k, row) != L.cell_of[static_cast<size_t>(b.bond_j[e])]) return {};
      L.bond_of[k * static_cast<size_t>(L.cells()) + static_cast<size_t>(cell)] = e;
    }
  return L;
}

}  // namespace mb
