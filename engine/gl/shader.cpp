#include "engine/gl/shader.hpp"

#include <SDL.h>
#include <glad/gl.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <vector>

namespace mb::engine::gl {

namespace fs = std::filesystem;

std::string find_shader_dir() {
  std::vector<fs::path> candidates;
  if (const char* env = std::getenv("MELTBOX_SHADER_DIR")) candidates.emplace_back(env);
  if (char* base = SDL_GetBasePath()) {
    const fs::path exe_dir(base);
    SDL_free(base);
    candidates.push_back(exe_dir / "shaders");
    candidates.push_back(exe_dir / ".." / "shaders");
    candidates.push_back(exe_dir / ".." / "share" / "meltbox" / "shaders");
  }
#ifdef MELTBOX_SHADER_DIR
  candidates.emplace_back(MELTBOX_SHADER_DIR);
#endif
  for (const fs::path& dir : candidates) {
    std::error_code ec;
    if (fs::exists(dir / "disc.vert", ec)) return dir.string();
  }
  return {};
}

namespace {

bool read_file(const fs::path& path, std::string& text) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return false;
  std::ostringstream s;
  s << in.rdbuf();
  text = s.str();
  return true;
}

unsigned compile(GLenum kind, const fs::path& path, std::string& error) {
  std::string source;
  if (!read_file(path, source)) {
    error = "cannot read shader " + path.string();
    return 0;
  }
  const GLuint shader = glCreateShader(kind);
  const char* text = source.c_str();
  glShaderSource(shader, 1, &text, nullptr);
  glCompileShader(shader);
  GLint ok = 0;
  glGetShaderiv(shader, GL_COMPILE_STATUS, &ok);
  if (!ok) {
    char log[4096] = {};
    glGetShaderInfoLog(shader, sizeof log, nullptr, log);
    error = "shader " + path.string() + " does not compile:\n" + log;
    glDeleteShader(shader);
    return 0;
  }
  return shader;
}

}  // namespace

unsigned load_program(const std::string& dir, const std::string& name, std::string& error) {
  return load_program(dir, name, name, error);
}

unsigned load_program(const std::string& dir, const std::string& vert, const std::string& frag,
                      std::string& error) {
  const fs::path base = fs::path(dir) / vert;
  const GLuint vs = compile(GL_VERTEX_SHADER, base.string() + ".vert", error);
  if (!vs) return 0;
  const GLuint fs_ = compile(GL_FRAGMENT_SHADER, (fs::path(dir) / frag).string() + ".frag", error);
  if (!fs_) {
    glDeleteShader(vs);
    return 0;
  }
  const GLuint program = glCreateProgram();
  glAttachShader(program, vs);
  glAttachShader(program, fs_);
  glLinkProgram(program);
  glDeleteShader(vs);
  glDeleteShader(fs_);
  GLint ok = 0;
  glGetProgramiv(program, GL_LINK_STATUS, &ok);
  if (!ok) {
    char log[4096] = {};
    glGetProgramInfoLog(program, sizeof log, nullptr, log);
    error = "shader program " + base.string() + " does not link:\n" + log;
    glDeleteProgram(program);
    return 0;
  }
  return program;
}

}  // namespace mb::engine::gl
