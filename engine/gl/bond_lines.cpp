#include "engine/gl/bond_lines.hpp"

#include <glad/gl.h>

#include "engine/gl/gpu_buffers.hpp"
#include "engine/gl/shader.hpp"

namespace mb::engine::gl {

struct BondLines::Impl {
  GLuint program = 0, vao = 0;
  StreamBuffer a, b, stretch;
  FloatTexture px, py;
  ~Impl() {
    glDeleteProgram(program);
    glDeleteVertexArrays(1, &vao);
  }
};

BondLines::BondLines() = default;
BondLines::~BondLines() = default;

bool BondLines::init(const std::string& shader_dir, std::string& error) {
  impl_ = std::make_unique<Impl>();
  Impl& r = *impl_;
  if (!(r.program = load_program(shader_dir, "bond", error))) return false;
  glGenVertexArrays(1, &r.vao);
  for (StreamBuffer* s : {&r.a, &r.b, &r.stretch}) s->upload(nullptr, 0);
  glBindVertexArray(r.vao);
  instanced_attribute(0, r.a, GL_INT, true);
  instanced_attribute(1, r.b, GL_INT, true);
  instanced_attribute(2, r.stretch, GL_FLOAT, false);
  glBindVertexArray(0);
  glUseProgram(r.program);
  glUniform1i(glGetUniformLocation(r.program, "u_px"), 0);
  glUniform1i(glGetUniformLocation(r.program, "u_py"), 1);
  glUseProgram(0);
  return true;
}

void BondLines::draw(const float* x, const float* y, size_t n, const int32_t* a, const int32_t* b,
                     const float* stretch, size_t m, float stretch_scale, float alpha,
                     const Camera& camera) {
  if (!impl_ || n == 0 || m == 0) return;
  Impl& r = *impl_;
  r.px.upload(x, n);
  r.py.upload(y, n);
  r.a.upload(a, m * sizeof(int32_t));
  r.b.upload(b, m * sizeof(int32_t));
  r.stretch.upload(stretch, m * sizeof(float));
  glUseProgram(r.program);
  const auto v = camera.ndc_transform();
  glUniform4f(glGetUniformLocation(r.program, "u_view"), v[0], v[1], v[2], v[3]);
  glUniform1f(glGetUniformLocation(r.program, "u_scale"), stretch_scale);
  glUniform1f(glGetUniformLocation(r.program, "u_alpha"), alpha);
  r.px.bind(0);
  r.py.bind(1);
  glBindVertexArray(r.vao);
  glDrawArraysInstanced(GL_LINES, 0, 2, static_cast<GLsizei>(m));
  glBindVertexArray(0);
}

}  // namespace mb::engine::gl
