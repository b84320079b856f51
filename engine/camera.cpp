#include "engine/camera.hpp"

#include <algorithm>
#include <cmath>
#include <limits>

namespace mb::engine {

void Camera::zoom_about(Vec2 screen, double factor) {
  const Vec2 anchor = screen_to_world(screen);
  zoom = std::clamp(zoom * factor, 1e-4, 1e4);
  center = anchor - (screen - 0.5 * viewport) / zoom;
}

void Camera::frame(const Box& box, const Box& region, double margin) {
  const Vec2 size = glm::max(box.size(), Vec2{1.0, 1.0});
  const Vec2 room = glm::max(region.size(), Vec2{1.0, 1.0});
  zoom = std::min(room.x / size.x, room.y / size.y) * (1.0 - 2.0 * margin);
  center = box.center() - (region.center() - 0.5 * viewport) / zoom;
}

std::array<float, 4> Camera::ndc_transform() const {
  const double sx = 2.0 * zoom / viewport.x, sy = -2.0 * zoom / viewport.y;
  return {static_cast<float>(sx), static_cast<float>(sy), static_cast<float>(-center.x * sx),
          static_cast<float>(-center.y * sy)};
}

Box scene_bounds(const Snapshot& s) {
  constexpr double kInf = std::numeric_limits<double>::infinity();
  Box b{{kInf, kInf}, {-kInf, -kInf}};
  const auto add = [&](Vec2 p, double r) {
    b.min = glm::min(b.min, p - Vec2{r, r});
    b.max = glm::max(b.max, p + Vec2{r, r});
  };
  for (size_t i = 0; i < s.springs.x.size(); ++i)
    add({s.springs.x[i], s.springs.y[i]}, s.springs.radius[i]);
  // Gas discs and bodies roam the whole box: frame the box when there are any.
  if (!s.gas.x.empty() || !s.bodies.x.empty()) {
    add(s.box.min, 0.0);
    add(s.box.max, 0.0);
  }
  for (const ActuatorView& a : s.actuators) {
    // The outline where it is now, and as far as it reaches anywhere along its path.
    double reach = 0.0;
    for (Vec2 p : a.outline) {
      add(p, 0.0);
      reach = std::max({reach, std::abs(p.x - a.position.x), std::abs(p.y - a.position.y)});
    }
    for (Vec2 p : a.path) add(p, reach);
  }
  if (b.min.x > b.max.x) return s.box;
  return b;
}

}  // namespace mb::engine
