#pragma once
// Instanced lines between indexed points (shaders/bond.vert, bond.frag): the bonds of the
// peridynamic bodies, each coloured by its stretch or plain, drawn thin and see-through.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>

#include "engine/camera.hpp"

namespace mb::engine::gl {

class BondLines {
 public:
  BondLines();
  ~BondLines();
  bool init(const std::string& shader_dir, std::string& error);
  // Points (x, y: n of them) and m bonds (a, b: point indices; stretch). stretch_scale:
  // |stretch| drawn at full colour, 0 for plain grey.
  void draw(const float* x, const float* y, size_t n, const int32_t* a, const int32_t* b,
            const float* stretch, size_t m, float stretch_scale, float alpha, const Camera& camera);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace mb::engine::gl
