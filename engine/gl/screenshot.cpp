#include "engine/gl/screenshot.hpp"

#include <glad/gl.h>
#include <stb_image_write.h>

#include <vector>

namespace mb::engine::gl {

bool save_screenshot(const std::string& path, int width, int height, std::string& error) {
  std::vector<unsigned char> pixels(static_cast<size_t>(width) * static_cast<size_t>(height) * 3);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadBuffer(GL_BACK);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, pixels.data());
  stbi_flip_vertically_on_write(1);
  if (!stbi_write_png(path.c_str(), width, height, 3, pixels.data(), width * 3)) {
    error = "cannot write screenshot " + path;
    return false;
  }
  return true;
}

}  // namespace mb::engine::gl
