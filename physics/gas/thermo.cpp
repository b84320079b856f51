#include "physics/gas/thermo.hpp"

#include <algorithm>
#include <cmath>

namespace mb::gas {

double kinetic_energy(const Gas& g) {
  double e = 0.0;
  for (int32_t i = 0; i < g.size(); ++i)
    e += 0.5 * g.mass[i] * (g.vx[i] * g.vx[i] + g.vy[i] * g.vy[i]);
  return e;
}

double internal_energy(const Gas& g) {
  double e = 0.0;
  for (const double u : g.internal) e += u;
  return e;
}

std::vector<int64_t> species_counts(const Gas& g) {
  size_t ids = 0;
  for (const int32_t s : g.species) ids = std::max(ids, static_cast<size_t>(s) + 1);
  for (const Reaction& r : g.reactions)
    for (const int32_t s : {r.c, r.d}) ids = std::max(ids, static_cast<size_t>(s + 1));
  std::vector<int64_t> out(ids, 0);
  for (const int32_t s : g.species) ++out[static_cast<size_t>(s)];
  return out;
}

std::vector<std::pair<std::string, int64_t>> atom_counts(const Gas& g) {
  std::vector<std::pair<std::string, int64_t>> out;
  const std::vector<int64_t> discs = species_counts(g);
  for (size_t k = 0; k < discs.size() && k < g.species_table.size(); ++k)
    for (const auto& atoms : atoms_of(g.species_table[k].composition)) {
      auto e =
          std::find_if(out.begin(), out.end(), [&](auto& a) { return a.first == atoms.first; });
      if (e == out.end()) e = out.insert(out.end(), {atoms.first, 0});
      e->second += atoms.second * discs[k];
    }
  std::sort(out.begin(), out.end());
  return out;
}

Vec2 momentum(const Gas& g) {
  Vec2 p{0.0, 0.0};
  for (int32_t i = 0; i < g.size(); ++i) p += g.mass[i] * Vec2{g.vx[i], g.vy[i]};
  return p;
}

double temperature(const Gas& g, int32_t species) {
  double e = 0.0;
  int64_t n = 0;
  for (int32_t i = 0; i < g.size(); ++i) {
    if (species >= 0 && g.species[i] != species) continue;
    e += 0.5 * g.mass[i] * (g.vx[i] * g.vx[i] + g.vy[i] * g.vy[i]);
    ++n;
  }
  return n ? e / static_cast<double>(n) : 0.0;
}

std::vector<double> region_temperature(const Gas& g, const Box& box, int nx, int ny) {
  nx = std::max(nx, 1);
  ny = std::max(ny, 1);
  const size_t cells = static_cast<size_t>(nx) * static_cast<size_t>(ny);
  std::vector<double> e(cells, 0.0);
  std::vector<int64_t> n(cells, 0);
  const Vec2 size = box.size();
  for (int32_t i = 0; i < g.size(); ++i) {
    const int cx = std::clamp(static_cast<int>((g.x[i] - box.min.x) / size.x * nx), 0, nx - 1);
    const int cy = std::clamp(static_cast<int>((g.y[i] - box.min.y) / size.y * ny), 0, ny - 1);
    const size_t c = static_cast<size_t>(cy) * static_cast<size_t>(nx) + static_cast<size_t>(cx);
    e[c] += 0.5 * g.mass[i] * (g.vx[i] * g.vx[i] + g.vy[i] * g.vy[i]);
    ++n[c];
  }
  for (size_t c = 0; c < cells; ++c) e[c] = n[c] ? e[c] / static_cast<double>(n[c]) : 0.0;
  return e;
}

double mb_speed_pdf(double v, double m, double kT) {
  if (v < 0.0 || !(kT > 0.0)) return 0.0;
  return m * v / kT * std::exp(-m * v * v / (2.0 * kT));
}

double mb_speed_cdf(double v, double m, double kT) {
  if (v <= 0.0 || !(kT > 0.0)) return 0.0;
  return -std::expm1(-m * v * v / (2.0 * kT));
}

}  // namespace mb::gas
