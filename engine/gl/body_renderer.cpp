#include "engine/gl/body_renderer.hpp"

#include <algorithm>
#include <cmath>

#include "engine/gl/gas_renderer.hpp"

namespace mb::engine::gl {

namespace {

const std::vector<float>& values(const Snapshot& s, BodyColoring coloring) {
  switch (coloring) {
    case BodyColoring::EnergyDensity:
      return s.bodies.energy;
    case BodyColoring::DetF:
      return s.bodies.detf;
    case BodyColoring::Heat:
      return s.bodies.heat;
    case BodyColoring::VolumetricStrain:
      break;
  }
  return s.bodies.theta;
}

// How far the finite values reach from `centre` (at least `floor`): the 99th percentile of
// |x - centre|, so one extreme point (a squashed corner, a point being torn off) saturates
// the scale's end instead of washing out the colours of every other point.
float reach(const std::vector<float>& v, float centre, float floor) {
  thread_local std::vector<float> d;
  d.clear();
  for (float x : v)
    if (std::isfinite(x)) d.push_back(std::abs(x - centre));
  if (d.empty()) return floor;
  const auto k = d.begin() + static_cast<std::ptrdiff_t>((d.size() - 1) * 99 / 100);
  std::nth_element(d.begin(), k, d.end());
  return std::max(floor, *k);
}

}  // namespace

BodyRange body_range(const Snapshot& s, BodyColoring coloring) {
  const std::vector<float>& v = values(s, coloring);
  switch (coloring) {
    case BodyColoring::EnergyDensity:
      return {0.0f, reach(v, 0.0f, 1e-6f)};
    case BodyColoring::DetF: {
      const float a = reach(v, 1.0f, 1e-3f);
      return {1.0f - a, 1.0f + a};
    }
    case BodyColoring::Heat:  // fixed: cold is always the scale's bottom, under a heater its top
      return {0.0f, 1.0f};
    case BodyColoring::VolumetricStrain:
      break;
  }
  const float a = reach(v, 0.0f, 1e-3f);
  return {-a, a};
}

const char* body_coloring_name(BodyColoring coloring) {
  switch (coloring) {
    case BodyColoring::EnergyDensity:
      return "energy density";
    case BodyColoring::DetF:
      return "det F";
    case BodyColoring::Heat:
      return "heat";
    case BodyColoring::VolumetricStrain:
      break;
  }
  return "volumetric strain";
}

std::array<float, 3> body_color(float t) {
  return gas_speed_color(t);
}

bool BodyRenderer::init(const std::string& shader_dir, std::string& error) {
  return discs_.init(shader_dir, error) && bonds_.init(shader_dir, error);
}

void BodyRenderer::draw(const Snapshot& s, const Camera& camera, const BodyStyle& style) {
  const size_t n = s.bodies.x.size();
  if (!style.show || n == 0) return;
  const std::vector<float>& v = values(s, style.coloring);
  const BodyRange range = body_range(s, style.coloring);
  const float inv = 1.0f / std::max(range.hi - range.lo, 1e-12f);
  rgba_.resize(n);
  for (size_t i = 0; i < n; ++i)
    rgba_[i] = pack_rgba(body_color(i < v.size() ? (v[i] - range.lo) * inv : 0.5f));
  discs_.draw(s.bodies.x.data(), s.bodies.y.data(), s.bodies.radius.data(), rgba_.data(), n,
              camera);
  if (style.bonds)
    bonds_.draw(s.bodies.x.data(), s.bodies.y.data(), n, s.bodies.bond_a.data(),
                s.bodies.bond_b.data(), s.bodies.bond_stretch.data(), s.bodies.bond_a.size(),
                style.bonds_by_stretch ? style.bond_stretch_scale : 0.0f, style.bond_alpha, camera);
}

}  // namespace mb::engine::gl
