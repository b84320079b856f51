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

int64_t Actuator::ticks_remaining() const {
  if (!enabled) return 0;
  const double remaining = std::max(path_length() - path_advancement, 0.0);
  double moves = stands_still() ? 0.0 : std::ceil(remaining / speed - 1e-12);
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
