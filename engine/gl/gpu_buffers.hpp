#pragma once
// Small owners of GL objects: a streaming vertex buffer (re-specified each upload,
// so the driver never stalls on a buffer still in use) and a buffer texture that
// lets a shader fetch particle positions by index.
#include <cstddef>

namespace mb::engine::gl {

class StreamBuffer {
 public:
  StreamBuffer();
  ~StreamBuffer();
  StreamBuffer(const StreamBuffer&) = delete;
  StreamBuffer& operator=(const StreamBuffer&) = delete;
  void upload(const void* data, size_t bytes);  // binds it to GL_ARRAY_BUFFER
  unsigned id() const { return id_; }

 private:
  unsigned id_ = 0;
};

// Binds `buffer` as per-instance vertex attribute `index` of the bound vertex array: one
// scalar of `gl_type` (e.g. GL_FLOAT, GL_INT) per instance; `integer` keeps it an integer
// in the shader (glVertexAttribIPointer) instead of converting it to float.
void instanced_attribute(unsigned index, const StreamBuffer& buffer, unsigned gl_type,
                         bool integer);

// A GL_R32F buffer texture over a StreamBuffer.
class FloatTexture {
 public:
  FloatTexture();
  ~FloatTexture();
  FloatTexture(const FloatTexture&) = delete;
  FloatTexture& operator=(const FloatTexture&) = delete;
  void upload(const float* data, size_t count);
  void bind(int unit) const;

 private:
  StreamBuffer buffer_;
  unsigned texture_ = 0;
};

}  // namespace mb::engine::gl
