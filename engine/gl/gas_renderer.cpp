#include "engine/gl/gas_renderer.hpp"

#include <algorithm>
#include <cmath>

namespace mb::engine::gl {

std::array<float, 3> gas_speed_color(float t) {
  static constexpr std::array<std::array<float, 3>, 5> kStops{{{0.16f, 0.26f, 0.78f},
                                                               {0.15f, 0.62f, 0.95f},
                                                               {0.35f, 0.88f, 0.55f},
                                                               {1.0f, 0.85f, 0.2f},
                                                               {0.95f, 0.22f, 0.12f}}};
  if (!(t > 0.0f)) return kStops[0];  // also NaN
  const float u = std::min(t, 1.0f) * 4.0f;
  const int k = std::min(static_cast<int>(u), 3);
  const float f = u - static_cast<float>(k);
  const auto& a = kStops[static_cast<size_t>(k)];
  const auto& b = kStops[static_cast<size_t>(k) + 1];
  return {a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f, a[2] + (b[2] - a[2]) * f};
}

std::array<float, 3> gas_species_color(int32_t species) {
  static constexpr std::array<std::array<float, 3>, 8> kPalette{{{0.5f, 0.72f, 1.0f},
                                                                 {1.0f, 0.58f, 0.2f},
                                                                 {0.45f, 0.9f, 0.4f},
                                                                 {0.95f, 0.45f, 0.75f},
                                                                 {0.95f, 0.9f, 0.35f},
                                                                 {0.7f, 0.5f, 1.0f},
                                                                 {0.3f, 0.85f, 0.8f},
                                                                 {0.75f, 0.75f, 0.75f}}};
  const int32_t k = ((species % 8) + 8) % 8;
  return kPalette[static_cast<size_t>(k)];
}

std::array<float, 3> gas_species_color(const std::vector<gas::Species>& table, int32_t species) {
  const size_t k = static_cast<size_t>(species);
  if (species < 0 || k >= table.size() || table[k].colour < 0) return gas_species_color(species);
  const int32_t c = table[k].colour;
  return {static_cast<float>((c >> 16) & 0xff) / 255.0f,
          static_cast<float>((c >> 8) & 0xff) / 255.0f, static_cast<float>(c & 0xff) / 255.0f};
}

bool GasRenderer::init(const std::string& shader_dir, std::string& error) {
  return discs_.init(shader_dir, error);
}

void GasRenderer::draw(const Snapshot& s, const Camera& camera, const GasStyle& style) {
  const size_t n = s.gas.x.size();
  if (!style.show || n == 0) return;
  rgba_.resize(n);
  const float inv = 1.0f / std::max(style.speed_max, 1e-6f);
  for (size_t i = 0; i < n; ++i)
    rgba_[i] = pack_rgba(style.coloring == GasColoring::Speed
                             ? gas_speed_color(s.gas.speed[i] * inv)
                             : gas_species_color(s.gas.species_table, s.gas.species[i]));
  for (const int32_t i : s.gas.held)  // the discs the mouse holds
    if (i >= 0 && static_cast<size_t>(i) < n)
      rgba_[static_cast<size_t>(i)] = pack_rgba({1.0f, 1.0f, 1.0f});
  discs_.draw(s.gas.x.data(), s.gas.y.data(), s.gas.radius.data(), rgba_.data(), n, camera);
}

}  // namespace mb::engine::gl
