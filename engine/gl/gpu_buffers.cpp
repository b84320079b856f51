#include "engine/gl/gpu_buffers.hpp"

#include <glad/gl.h>

namespace mb::engine::gl {

void instanced_attribute(unsigned index, const StreamBuffer& buffer, unsigned gl_type,
                         bool integer) {
  glBindBuffer(GL_ARRAY_BUFFER, buffer.id());
  glEnableVertexAttribArray(index);
  if (integer)
    glVertexAttribIPointer(index, 1, gl_type, 0, nullptr);
  else
    glVertexAttribPointer(index, 1, gl_type, GL_FALSE, 0, nullptr);
  glVertexAttribDivisor(index, 1);
}

StreamBuffer::StreamBuffer() {
  glGenBuffers(1, &id_);
}
StreamBuffer::~StreamBuffer() {
  glDeleteBuffers(1, &id_);
}

void StreamBuffer::upload(const void* data, size_t bytes) {
  glBindBuffer(GL_ARRAY_BUFFER, id_);
  glBufferData(GL_ARRAY_BUFFER, static_cast<GLsizeiptr>(bytes > 0 ? bytes : 4), nullptr,
               GL_STREAM_DRAW);
  if (bytes > 0) glBufferSubData(GL_ARRAY_BUFFER, 0, static_cast<GLsizeiptr>(bytes), data);
}

FloatTexture::FloatTexture() {
  glGenTextures(1, &texture_);
}
FloatTexture::~FloatTexture() {
  glDeleteTextures(1, &texture_);
}

void FloatTexture::upload(const float* data, size_t count) {
  buffer_.upload(data, count * sizeof(float));
  glBindTexture(GL_TEXTURE_BUFFER, texture_);
  glTexBuffer(GL_TEXTURE_BUFFER, GL_R32F, buffer_.id());
}

void FloatTexture::bind(int unit) const {
  glActiveTexture(static_cast<GLenum>(GL_TEXTURE0 + unit));
  glBindTexture(GL_TEXTURE_BUFFER, texture_);
}

}  // namespace mb::engine::gl
