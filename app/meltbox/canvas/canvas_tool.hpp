#pragma once
// One tool of the canvas: what a press, a drag, a release, the wheel or a key does for one
// kind of thing on the canvas (bodies, actuators, gas discs, the matter grab). The canvas
// (canvas.hpp) offers each press to its tools in a fixed order; the first that takes it
// holds the press and gets its drag and release. A tool armed for a click (placing an
// actuator or a body, drawing a path) gets the next press before any other.
#include <SDL.h>

#include <vector>

#include "engine/gl/renderer.hpp"
#include "physics/core/vec2.hpp"

namespace mb::app {

struct AppState;

// A rotation handle (an actuator's orientation, a body's fibre): a circle of this radius on
// screen at the end of a stalk this long past the thing's reach, in pixels at any zoom.
constexpr double kRotateHandlePixels = 7.0;
constexpr double kRotateHandleStalkPixels = 28.0;

class CanvasTool {
 public:
  virtual ~CanvasTool() = default;
  // A left press at world point `at` (`clicks`: 2 for a double click). True: taken.
  virtual bool press(AppState& s, Vec2 at, int clicks) = 0;
  virtual void drag(AppState&, Vec2) {}
  virtual void release(AppState&, Vec2) {}
  // The wheel over world point `at`, when no tool holds a press. True: used (no zoom).
  virtual bool wheel(AppState&, Vec2, int) { return false; }
  // A key without Ctrl. True: used.
  virtual bool key(AppState&, SDL_Keycode) { return false; }
  // True while waiting for a click (it then gets the next press first).
  virtual bool armed() const { return false; }
  // Esc, a new scene: back to idle.
  virtual void cancel(AppState&) {}
  // Preview shapes; `held` is the tool holding a press now (nullptr: none).
  virtual void overlay(const AppState&, const CanvasTool*,
                       std::vector<engine::gl::OverlayShape>&) const {}
};

}  // namespace mb::app
