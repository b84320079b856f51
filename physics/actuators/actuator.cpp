#include "physics/actuators/actuator.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace mb {

namespace {
constexpr int kHeaterDiscSegments = 32;
}

const char* to_string(ActuatorType type) {
  return type == ActuatorType::Heater ? "Heater" : "Pusher";
}

double Actuator::speed_at(double advancement) const {
  if (path_speeds.empty()) return speed;
  const size_t n = path.points.size(), segments = path.segment_count();
  double s = advancement;
  for (size_t i = 0; i < segments; ++i) {
    const double length = glm::length(path.points[(i + 1) % n] - path.points[i]);
    if (s < length) return path_speeds[i];
    s -= length;
  }
  return segments > 0 ? path_speeds[segments - 1] : speed;
}

namespace {
// Moves from `advancement` to the end of a path whose segments have their own speeds.
double segment_moves(const Actuator& a, double advancement) {
  const size_t n = a.path.points.size(), segments = a.path.segment_count();
  double moves = 0.0, start = 0.0;
  for (size_t i = 0; i < segments; ++i) {
    const double end = start + glm::length(a.path.points[(i + 1) % n] - a.path.points[i]);
    if (advancement < end) {
      const double m = std::ceil((end - advancement) / a.path_speeds[i] - 1e-12);
      if (m > 0.0) {
        moves += m;
        advancement += m * a.path_speeds[i];
      }
    }
    start = end;
  }
  return moves;
}
}  // namespace

int64_t Actuator::ticks_remaining() const {
  if (!enabled) return 0;
  const double remaining = std::max(path_length() - path_advancement, 0.0);
  double moves = stands_still()        ? 0.0
                 : path_speeds.empty() ? std::ceil(remaining / speed - 1e-12)
                                       : segment_moves(*this, path_advancement);
  // A path far longer than the speed (or of infinite length) has more ticks than int64
  // holds: converting those was undefined. 2^62 ticks is "never" here.
  constexpr double kNever = 4.611686018427387904e18;
  if (!(moves < kNever)) moves = kNever;
  return static_cast<int64_t>(moves) + (started ? 0 : 1);
}

bool Actuator::finished() const {
  return ticks_remaining() == 0;
}

Polygon Actuator::placed_shape(double heater_size) const {
  const Vec2 at = position();
  if (shape.size() < 3) return circle_polygon(at, 0.5 * heater_size, kHeaterDiscSegments);
  const Vec2 pivot = vertex_average(shape);
  return transformed(shape, orientation_deg * std::numbers::pi / 180.0, pivot, at - pivot);
}

}  // namespace mb
