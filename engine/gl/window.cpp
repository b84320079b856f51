#include "engine/gl/window.hpp"

#include <SDL.h>
#include <glad/gl.h>

namespace mb::engine::gl {

std::unique_ptr<Window> Window::create(const WindowOptions& o, std::string& error) {
  if (SDL_Init(SDL_INIT_VIDEO | SDL_INIT_TIMER) != 0) {
    error = std::string("cannot start SDL video: ") + SDL_GetError();
    return nullptr;
  }
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_PROFILE_MASK, SDL_GL_CONTEXT_PROFILE_CORE);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MAJOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_MINOR_VERSION, 3);
  SDL_GL_SetAttribute(SDL_GL_CONTEXT_FLAGS, SDL_GL_CONTEXT_FORWARD_COMPATIBLE_FLAG);
  SDL_GL_SetAttribute(SDL_GL_DOUBLEBUFFER, 1);
  SDL_GL_SetAttribute(SDL_GL_DEPTH_SIZE, 0);
  SDL_GL_SetAttribute(SDL_GL_STENCIL_SIZE, 8);
  std::unique_ptr<Window> w(new Window);
  w->window_ = SDL_CreateWindow(
      o.title.c_str(), SDL_WINDOWPOS_CENTERED, SDL_WINDOWPOS_CENTERED, o.width, o.height,
      SDL_WINDOW_OPENGL | SDL_WINDOW_RESIZABLE | SDL_WINDOW_ALLOW_HIGHDPI);
  if (!w->window_) {
    error = std::string("cannot create a window with OpenGL: ") + SDL_GetError();
    return nullptr;
  }
  w->context_ = SDL_GL_CreateContext(w->window_);
  if (!w->context_) {
    error = std::string("cannot create an OpenGL 3.3 core context: ") + SDL_GetError();
    return nullptr;
  }
  SDL_GL_MakeCurrent(w->window_, w->context_);
  const int version = gladLoadGL(reinterpret_cast<GLADloadfunc>(SDL_GL_GetProcAddress));
  if (version == 0 || GLAD_VERSION_MAJOR(version) * 10 + GLAD_VERSION_MINOR(version) < 33) {
    error = "OpenGL 3.3 core is not available (got " + std::to_string(GLAD_VERSION_MAJOR(version)) +
            "." + std::to_string(GLAD_VERSION_MINOR(version)) + ")";
    return nullptr;
  }
  SDL_GL_SetSwapInterval(o.vsync ? 1 : 0);
  return w;
}

Window::~Window() {
  if (context_) SDL_GL_DeleteContext(context_);
  if (window_) SDL_DestroyWindow(window_);
  SDL_Quit();
}

void Window::drawable_size(int& w, int& h) const {
  SDL_GL_GetDrawableSize(window_, &w, &h);
}

void Window::swap() {
  SDL_GL_SwapWindow(window_);
}

std::string Window::gl_description() const {
  const auto str = [](GLenum e) {
    const auto* s = reinterpret_cast<const char*>(glGetString(e));
    return std::string(s ? s : "?");
  };
  return str(GL_RENDERER) + ", OpenGL " + str(GL_VERSION);
}

}  // namespace mb::engine::gl
