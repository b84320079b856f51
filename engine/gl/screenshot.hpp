#pragma once
// Reads the current framebuffer (call before swapping buffers) and writes a PNG,
// right way up.
#include <string>

namespace mb::engine::gl {

// Returns false and sets `error` when the file cannot be written.
bool save_screenshot(const std::string& path, int width, int height, std::string& error);

}  // namespace mb::engine::gl
