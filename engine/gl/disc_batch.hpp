#pragma once
// Instanced signed-distance discs with a colour each (shaders/gas.vert with disc.frag):
// what the gas and the peridynamic bodies are drawn with. Callers compute the colours
// on the CPU, so the legends the UI draws use the very same functions.
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/camera.hpp"

namespace mb::engine::gl {

// Packs an RGB colour (components 0..1) as little-endian RGBA bytes, fully opaque.
uint32_t pack_rgba(std::array<float, 3> c);

class DiscBatch {
 public:
  DiscBatch();
  ~DiscBatch();
  bool init(const std::string& shader_dir, std::string& error);
  // Uploads n discs (centre x, y, radius in world units; packed colour) and draws them.
  void draw(const float* x, const float* y, const float* radius, const uint32_t* rgba, size_t n,
            const Camera& camera);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace mb::engine::gl
