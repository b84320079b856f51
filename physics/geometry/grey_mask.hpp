#pragma once
// A greyscale mask (a PNG read by physics/io): pixel (px, py) is material when its value is
// above 0. 1 pixel = 1 length unit; pixel (px, py) is centred at (px, py) with y pointing
// down the image rows. Spots (springs/lattice.hpp) and bodies (peri/body.hpp) are filled
// from it.
#include <cstddef>
#include <cstdint>
#include <vector>

namespace mb {

struct GreyMask {
  int width = 0, height = 0;
  std::vector<uint8_t> pixels;  // row-major, width * height
  bool material(int px, int py) const {
    return px >= 0 && py >= 0 && px < width && py < height &&
           pixels[static_cast<size_t>(py) * static_cast<size_t>(width) + static_cast<size_t>(px)] >
               0;
  }
};

}  // namespace mb
