#include "engine/gl/body_renderer.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>

#include "engine/gl/gas_renderer.hpp"
#include "engine/gl/gpu_buffers.hpp"
#include "engine/gl/shader.hpp"

namespace mb::engine::gl {

namespace {

const std::vector<float>& values(const Snapshot& s, BodyColoring coloring) {
  switch (coloring) {
    case BodyColoring::EnergyDensity:
      return s.peri_energy;
    case BodyColoring::DetF:
      return s.peri_detf;
    case BodyColoring::VolumetricStrain:
      break;
  }
  return s.peri_theta;
}

// How far the finite values reach from `centre` (at least `floor`).
float reach(const std::vector<float>& v, float centre, float floor) {
  float out = floor;
  for (float x : v)
    if (std::isfinite(x)) out = std::max(out, std::abs(x - centre));
  return out;
}

uint32_t pack(std::array<float, 3> c) {
  const auto byte = [](float v) {
    return static_cast<uint32_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f));
  };
  return byte(c[0]) | byte(c[1]) << 8 | byte(c[2]) << 16 | 255u << 24;  // little-endian RGBA
}

void float_attribute(GLuint index, const StreamBuffer& buffer) {
  glBindBuffer(GL_ARRAY_BUFFER, buffer.id());
  glEnableVertexAttribArray(index);
  glVertexAttribPointer(index, 1, GL_FLOAT, GL_FALSE, 0, nullptr);
  glVertexAttribDivisor(index, 1);
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
    case BodyColoring::VolumetricStrain:
      break;
  }
  return "volumetric strain";
}

std::array<float, 3> body_color(float t) {
  return gas_speed_color(t);
}

struct BodyRenderer::Impl {
  GLuint program = 0, vao = 0;
  StreamBuffer x, y, radius, color;
  std::vector<uint32_t> rgba;
  ~Impl() {
    glDeleteProgram(program);
    glDeleteVertexArrays(1, &vao);
  }
};

BodyRenderer::BodyRenderer() = default;
BodyRenderer::~BodyRenderer() = default;

bool BodyRenderer::init(const std::string& shader_dir, std::string& error) {
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

void BodyRenderer::draw(const Snapshot& s, const Camera& camera, const BodyStyle& style) {
  const size_t n = s.peri_x.size();
  if (!impl_ || !style.show || n == 0) return;
  Impl& r = *impl_;
  const std::vector<float>& v = values(s, style.coloring);
  const BodyRange range = body_range(s, style.coloring);
  const float inv = 1.0f / std::max(range.hi - range.lo, 1e-12f);
  r.rgba.resize(n);
  for (size_t i = 0; i < n; ++i)
    r.rgba[i] = pack(body_color(i < v.size() ? (v[i] - range.lo) * inv : 0.5f));
  r.x.upload(s.peri_x.data(), n * sizeof(float));
  r.y.upload(s.peri_y.data(), n * sizeof(float));
  r.radius.upload(s.peri_radius.data(), n * sizeof(float));
  r.color.upload(r.rgba.data(), n * sizeof(uint32_t));
  glUseProgram(r.program);
  const auto view = camera.ndc_transform();
  glUniform4f(glGetUniformLocation(r.program, "u_view"), view[0], view[1], view[2], view[3]);
  glUniform1f(glGetUniformLocation(r.program, "u_pixel"), static_cast<float>(1.0 / camera.zoom));
  glBindVertexArray(r.vao);
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(n));
}

}  // namespace mb::engine::gl
