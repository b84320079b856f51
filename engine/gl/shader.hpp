#pragma once
// GLSL programs loaded from the shaders/ folder at run time.
#include <string>

namespace mb::engine::gl {

// Where the shaders are: $MELTBOX_SHADER_DIR, then shaders/ next to or above the
// executable, then the source tree's shaders/ (compiled in). Empty when none has disc.vert.
std::string find_shader_dir();

// Compiles and links `dir`/`name`.vert and .frag. Returns 0 and sets `error` (with
// the file name and the compiler's log) on failure.
unsigned load_program(const std::string& dir, const std::string& name, std::string& error);
// `vert`.vert with `frag`.frag (a vertex shader that shares another's fragment shader).
unsigned load_program(const std::string& dir, const std::string& vert, const std::string& frag,
                      std::string& error);

}  // namespace mb::engine::gl
