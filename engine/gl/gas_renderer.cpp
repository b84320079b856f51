#include "engine/gl/gas_renderer.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>

#include "engine/gl/gpu_buffers.hpp"
#include "engine/gl/shader.hpp"

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

struct GasRenderer::Impl {
  GLuint program = 0, vao = 0;
  StreamBuffer x, y, radius, color;
  std::vector<uint32_t> rgba;
  ~Impl() {
    glDeleteProgram(program);
    glDeleteVertexArrays(1, &vao);
  }
};

GasRenderer::GasRenderer() = default;
GasRenderer::~GasRenderer() = default;

namespace {
void float_attribute(GLuint index, const StreamBuffer& buffer) {
  glBindBuffer(GL_ARRAY_BUFFER, buffer.id());
  glEnableVertexAttribArray(index);
  glVertexAttribPointer(index, 1, GL_FLOAT, GL_FALSE, 0, nullptr);
  glVertexAttribDivisor(index, 1);
}

uint32_t pack(std::array<float, 3> c) {
  const auto byte = [](float v) {
    return static_cast<uint32_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f));
  };
  return byte(c[0]) | byte(c[1]) << 8 | byte(c[2]) << 16 | 255u << 24;  // little-endian RGBA
}
}  // namespace

bool GasRenderer::init(const std::string& shader_dir, std::string& error) {
  impl_ = std::make_unique<Impl>();
  Impl& r = *impl_;
  if (!(r.program = load_program(shader_dir, "gas", "disc", error))) return false;
  glGenVertexArrays(1, &r.vao);
  for (StreamBuffer* b : {&r.x, &r.y, &r.radius, &r.color}) b->upload(nullptr, 0);
  glBindVertexArray(r.vao);
  float_attribute(0, r.x);
  float_attribute(1, r.y);
  float_attribute(2, r.radius);
  glBindBuffer(GL_ARRAY_BUFFER, r.color.id());
  glEnableVertexAttribArray(3);
  glVertexAttribPointer(3, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, nullptr);
  glVertexAttribDivisor(3, 1);
  glBindVertexArray(0);
  return true;
}

void GasRenderer::draw(const Snapshot& s, const Camera& camera, const GasStyle& style) {
  const size_t n = s.gas_x.size();
  if (!impl_ || !style.show || n == 0) return;
  Impl& r = *impl_;
  r.rgba.resize(n);
  const float inv = 1.0f / std::max(style.speed_max, 1e-6f);
  for (size_t i = 0; i < n; ++i)
    r.rgba[i] = pack(style.coloring == GasColoring::Speed ? gas_speed_color(s.gas_speed[i] * inv)
                                                          : gas_species_color(s.gas_species[i]));
  if (style.highlight >= 0 && static_cast<size_t>(style.highlight) < n)
    r.rgba[static_cast<size_t>(style.highlight)] = pack({1.0f, 1.0f, 1.0f});
  r.x.upload(s.gas_x.data(), n * sizeof(float));
  r.y.upload(s.gas_y.data(), n * sizeof(float));
  r.radius.upload(s.gas_radius.data(), n * sizeof(float));
  r.color.upload(r.rgba.data(), n * sizeof(uint32_t));
  glUseProgram(r.program);
  const auto v = camera.ndc_transform();
  glUniform4f(glGetUniformLocation(r.program, "u_view"), v[0], v[1], v[2], v[3]);
  glUniform1f(glGetUniformLocation(r.program, "u_pixel"), static_cast<float>(1.0 / camera.zoom));
  glBindVertexArray(r.vao);
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(n));
}

}  // namespace mb::engine::gl
