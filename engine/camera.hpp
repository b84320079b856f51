#pragma once
// The 2D camera: world <-> screen conversion used by the renderer and every mouse
// tool. Screen pixels have y pointing down, and so does the world (as in the Spring Simulator's
// images: a PNG mask's rows go down the y axis), so the picture is never mirrored.
#include <array>

#include "physics/geometry/polygon.hpp"
#include "physics/world/snapshot.hpp"

namespace mb::engine {

struct Camera {
  Vec2 center{0.0, 0.0};         // world point at the viewport's centre
  double zoom = 1.0;             // pixels per world length unit
  Vec2 viewport{1280.0, 720.0};  // size in pixels

  Vec2 world_to_screen(Vec2 w) const { return (w - center) * zoom + 0.5 * viewport; }
  Vec2 screen_to_world(Vec2 s) const { return (s - 0.5 * viewport) / zoom + center; }

  // Zooms by `factor`, keeping the world point under `screen` where it is.
  void zoom_about(Vec2 screen, double factor);
  // Moves the view by a mouse drag of `pixels`.
  void pan(Vec2 pixels) { center -= pixels / zoom; }
  // Fits `box` (world) into `region` (screen pixels) with a margin fraction.
  void frame(const Box& box, const Box& region, double margin = 0.08);

  // ndc = world * (x, y) + (z, w): the vertex shaders' view uniform.
  std::array<float, 4> ndc_transform() const;
};

// The part of the world worth looking at: the spring particles, actuators and their paths
// (with each actuator's outline all along its path), and the whole box when there are gas
// discs or bodies (they roam it) or nothing at all.
Box scene_bounds(const Snapshot& snapshot);

}  // namespace mb::engine
