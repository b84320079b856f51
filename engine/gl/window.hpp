#pragma once
// An SDL window with an OpenGL 3.3 core context, functions loaded by glad.
// create() returns null and an error message (never crashes) when SDL's video,
// the window or the GL context cannot be made.
#include <memory>
#include <string>

struct SDL_Window;

namespace mb::engine::gl {

struct WindowOptions {
  std::string title = "meltbox";
  int width = 1280, height = 720;
  bool vsync = true;
};

class Window {
 public:
  static std::unique_ptr<Window> create(const WindowOptions& options, std::string& error);
  ~Window();
  Window(const Window&) = delete;
  Window& operator=(const Window&) = delete;

  SDL_Window* sdl() const { return window_; }
  void* gl_context() const { return context_; }
  // Drawable size in pixels.
  void drawable_size(int& w, int& h) const;
  void swap();
  std::string gl_description() const;  // renderer and version strings

 private:
  Window() = default;
  SDL_Window* window_ = nullptr;
  void* context_ = nullptr;
};

}  // namespace mb::engine::gl
