#include "tests/fuzz/budget.hpp"

#include <tinyxml2.h>

#include <algorithm>
#include <cmath>
#include <numbers>

#include "physics/io/text_number.hpp"

namespace fuzz {

namespace {

long long count_generators(const tinyxml2::XMLElement* el) {
  long long sum = 0;
  for (; el; el = el->NextSiblingElement()) {
    if (std::string_view(el->Name()) == "generator")
      if (const char* c = el->Attribute("count"))
        // Capped before adding: a count near the integer's limit would overflow the sum.
        if (const auto n = mb::parse_integer(c); n && *n > 0)
          sum += std::min<long long>(*n, kMaxGeneratedDiscs + 1);
    sum += count_generators(el->FirstChildElement());
    if (sum > kMaxGeneratedDiscs) return sum;  // enough to say no (and no deep recursion)
  }
  return sum;
}

// Sites of a lattice of spacing dx and row height `row` over `size`, with the margins the
// builders add; infinite when the size is not finite.
double sites(mb::Vec2 size, double dx, double row) {
  const double n = (size.x / dx + 5.0) * (size.y / row + 3.0);
  return std::isfinite(n) ? n : INFINITY;
}

}  // namespace

long long generated_discs(const std::string& xml) {
  tinyxml2::XMLDocument doc;
  if (doc.Parse(xml.data(), xml.size()) != tinyxml2::XML_SUCCESS) return 0;
  return count_generators(doc.RootElement());
}

double lattice_sites(const mb::Box& bounds, const mb::SimulatorSettings& settings) {
  const double s = settings.lattice_spacing();
  const double row = settings.lattice == mb::LatticeType::Hexagonal ? s * std::sqrt(3.0) / 2 : s;
  return sites(bounds.size(), s, row);
}

double body_build_work(const mb::PeriBodySpec& b) {
  const mb::PeriShape& s = b.shape;
  mb::Vec2 size{0.0, 0.0};
  switch (s.kind) {
    case mb::PeriShapeKind::Circle:
      size = {2 * s.radius, 2 * s.radius};
      break;
    case mb::PeriShapeKind::Rectangle:
      size = {s.width, s.height};
      break;
    case mb::PeriShapeKind::Polygon:
      size = mb::bounding_box(s.outline).size();
      break;
    case mb::PeriShapeKind::Mask:
      size = mb::Vec2{s.mask.width, s.mask.height} * s.mask_scale;
      break;
  }
  const double dx = b.spacing, row = dx * std::sqrt(3.0) / 2;
  const double bonds_per_point = 1.0 + std::numbers::pi * b.horizon * b.horizon;
  const double patch = 2.0 * (b.horizon + 4.0) * dx;
  return (sites(size, dx, row) + 120.0 * sites({patch, patch}, dx, row)) * bonds_per_point;
}

bool bodies_fit(const mb::Scene& scene) {
  double work = 0.0;
  for (const mb::PeriBodySpec& b : scene.bodies) work += body_build_work(b);
  return work <= kMaxBodyBuildWork;
}

double body_tick_work(const mb::PeriSystem& bodies) {
  double bonds = 0.0;
  for (const mb::PeriBody& b : bodies.bodies) bonds += static_cast<double>(b.model->bond_j.size());
  return bonds * bodies.settings.max_substeps;
}

bool gas_fits(const mb::Gas& g, const mb::Box& box) {
  if (g.size() > kMaxWorldDiscs) return false;
  double v = 0.0, m = INFINITY;
  for (int32_t i = 0; i < g.size(); ++i)
    v = std::max({v, std::fabs(g.vx[i]), std::fabs(g.vy[i])}), m = std::min(m, g.mass[i]);
  for (double kT : g.settings.wall_temperature)
    if (kT > 0.0 && g.size() > 0) v = std::max(v, 5.0 * std::sqrt(kT / m));
  const mb::Vec2 size = box.size();
  return v * g.settings.tick_seconds <= std::min(size.x, size.y);
}

}  // namespace fuzz
