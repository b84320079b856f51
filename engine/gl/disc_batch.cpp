#include "engine/gl/disc_batch.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>

#include "engine/gl/gpu_buffers.hpp"
#include "engine/gl/shader.hpp"

namespace mb::engine::gl {

uint32_t pack_rgba(std::array<float, 3> c) {
  const auto byte = [](float v) {
    return static_cast<uint32_t>(std::lround(std::clamp(v, 0.0f, 1.0f) * 255.0f));
  };
  return byte(c[0]) | byte(c[1]) << 8 | byte(c[2]) << 16 | 255u << 24;  // little-endian RGBA
}

struct DiscBatch::Impl {
  GLuint program = 0, vao = 0;
  StreamBuffer x, y, radius, color;
  ~Impl() {
    glDeleteProgram(program);
    glDeleteVertexArrays(1, &vao);
  }
};

DiscBatch::DiscBatch() = default;
DiscBatch::~DiscBatch() = default;

bool DiscBatch::init(const std::string& shader_dir, std::string& error) {
  impl_ = std::make_unique<Impl>();
  Impl& r = *impl_;
  if (!(r.program = load_program(shader_dir, "gas", "disc", error))) return false;
  glGenVertexArrays(1, &r.vao);
  for (StreamBuffer* b : {&r.x, &r.y, &r.radius, &r.color}) b->upload(nullptr, 0);
  glBindVertexArray(r.vao);
  instanced_attribute(0, r.x, GL_FLOAT, false);
  instanced_attribute(1, r.y, GL_FLOAT, false);
  instanced_attribute(2, r.radius, GL_FLOAT, false);
  glBindBuffer(GL_ARRAY_BUFFER, r.color.id());
  glEnableVertexAttribArray(3);
  glVertexAttribPointer(3, 4, GL_UNSIGNED_BYTE, GL_TRUE, 0, nullptr);
  glVertexAttribDivisor(3, 1);
  glBindVertexArray(0);
  return true;
}

void DiscBatch::draw(const float* x, const float* y, const float* radius, const uint32_t* rgba,
                     size_t n, const Camera& camera) {
  if (!impl_ || n == 0) return;
  Impl& r = *impl_;
  r.x.upload(x, n * sizeof(float));
  r.y.upload(y, n * sizeof(float));
  r.radius.upload(radius, n * sizeof(float));
  r.color.upload(rgba, n * sizeof(uint32_t));
  glUseProgram(r.program);
  const auto v = camera.ndc_transform();
  glUniform4f(glGetUniformLocation(r.program, "u_view"), v[0], v[1], v[2], v[3]);
  glUniform1f(glGetUniformLocation(r.program, "u_pixel"), static_cast<float>(1.0 / camera.zoom));
  glBindVertexArray(r.vao);
  glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(n));
}

}  // namespace mb::engine::gl
