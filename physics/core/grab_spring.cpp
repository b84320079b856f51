#include "physics/core/grab_spring.hpp"

#include <array>
#include <cmath>
#include <numbers>

namespace mb {

namespace {
using P = Parameter<GrabSettings>;
using S = GrabSettings;
constexpr ParameterKind kReal = ParameterKind::Real;

const std::array<P, 3> kTable = {
    P{"", "grab-hertz", kReal, 0.1, 60.0, false, "Hz",
      "How firmly the mouse holds: the natural frequency of the spring from the cursor to what "
      "it holds. Higher follows the cursor more closely.",
      [](const S& s) { return s.hertz; }, [](S& s, double v) { s.hertz = v; }, true},
    P{"", "grab-damping-ratio", kReal, 0.0, 10.0, false, "",
      "Damping of the grab spring: 1 is critically damped (no overshoot), below 1 it wobbles, "
      "above 1 it creeps.",
      [](const S& s) { return s.damping_ratio; }, [](S& s, double v) { s.damping_ratio = v; }},
    P{"", "grab-max-acceleration", kReal, 0.0, 1e7, true, "u/s^2",
      "The strongest pull of the mouse per unit of held mass: the largest grab force is this "
      "times the mass held. Lower lets fast drags slip instead of straining the material.",
      [](const S& s) { return s.max_acceleration; }, [](S& s, double v) { s.max_acceleration = v; },
      true},
};
}  // namespace

std::span<const Parameter<GrabSettings>> grab_parameters() {
  return kTable;
}

double grab_weight(double distance, double radius) {
  if (!(radius > 0.0) || !(distance < radius)) return 0.0;
  const double q = distance / radius;
  const double u = 1.0 - q * q;
  return u * u;
}

Vec2 grab_velocity_change(const GrabSettings& s, double weight, Vec2 x, Vec2 v, Vec2 p, Vec2 vp,
                          double h) {
  const double omega = 2.0 * std::numbers::pi * s.hertz;
  const double k = weight * omega * omega, c = weight * 2.0 * s.damping_ratio * omega;
  // dv (1 + c h + k h^2) = h (k (p - x - h v) + c (vp - v))
  Vec2 dv = h * (k * (p - x - h * v) + c * (vp - v)) / (1.0 + c * h + k * h * h);
  const double limit = weight * h * s.max_acceleration;
  const double len = glm::length(dv);
  if (len > limit) dv *= limit / len;
  return dv;
}

Vec2 GrabPatch::step(const GrabSettings& s, double h, double settle) {
  if (!(h > 0.0)) return Vec2{0.0, 0.0};
  const Vec2 cursor_velocity = (cursor - previous_cursor) / h;
  previous_cursor = cursor;
  const Vec2 from = x;
  v += grab_velocity_change(s, 1.0, x, v, cursor, cursor_velocity, h);
  const double speed = glm::length(v);
  if (speed > kMaxGrabSpeed) v *= kMaxGrabSpeed / speed;
  const bool cursor_still = cursor_velocity == Vec2{0.0, 0.0};
  if (cursor_still && glm::length(cursor - x) <= settle && speed * h <= settle)
    x = cursor, v = Vec2{0.0, 0.0};
  else
    x += h * v;
  return x - from;
}

}  // namespace mb
