#include "physics/world/plan_path.hpp"

#include <cmath>
#include <numbers>

namespace mb {

Chord pass_chord(const TravelCircle& circle, double angle_rad, double offset) {
  const Vec2 along{std::cos(angle_rad), std::sin(angle_rad)};
  const Vec2 across{-along.y, along.x};
  const double half = std::sqrt(std::max(circle.radius * circle.radius - offset * offset, 0.0));
  const Vec2 middle = circle.centre + offset * across;
  return {middle - half * along, middle + half * along};
}

std::vector<Vec2> travel_points(const TravelCircle& circle, Vec2 from, Vec2 to) {
  const Vec2 f = from - circle.centre, t = to - circle.centre;
  const double a0 = std::atan2(f.y, f.x);
  double turn = std::atan2(t.y, t.x) - a0;
  while (turn > std::numbers::pi) turn -= 2.0 * std::numbers::pi;
  while (turn <= -std::numbers::pi) turn += 2.0 * std::numbers::pi;
  constexpr double kMaxStep = std::numbers::pi / 12.0;  // 15 degrees
  const int steps = std::max(1, static_cast<int>(std::ceil(std::abs(turn) / kMaxStep)));
  const double step = turn / steps;
  // Vertices at radius / cos(step / 2): each edge between two of them is tangent to the circle.
  const double out =
      std::max(circle.radius / std::cos(0.5 * step), std::max(glm::length(f), glm::length(t)));
  std::vector<Vec2> points;
  for (int k = 0; k <= steps; ++k) {
    const double a = a0 + k * step;
    points.push_back(circle.centre + out * Vec2{std::cos(a), std::sin(a)});
  }
  points.push_back(to);
  return points;
}

namespace {
// The travel from `previous` to the chord's entry (or the entry alone for a path's first
// pass), and its length.
std::vector<Vec2> approach(const TravelCircle& circle, std::optional<Vec2> previous,
                           const Chord& chord, double& length) {
  length = 0.0;
  if (!previous) return {chord.entry};
  std::vector<Vec2> points = travel_points(circle, *previous, chord.entry);
  Vec2 at = *previous;
  for (Vec2 p : points) length += glm::length(p - at), at = p;
  return points;
}
}  // namespace

std::vector<Vec2> poke_points(const TravelCircle& circle, std::optional<Vec2> previous,
                              const Chord& chord, double depth, double speed) {
  double length = 0.0;
  std::vector<Vec2> points = approach(circle, previous, chord, length);
  const double chord_length = glm::length(chord.exit - chord.entry);
  if (chord_length <= 0.0) return points;
  length += 2.0 * depth;
  if (speed > 0.0) depth += 0.5 * (std::ceil(length / speed - 1e-9) * speed - length);
  points.push_back(chord.entry + depth / chord_length * (chord.exit - chord.entry));
  points.push_back(chord.entry);
  return points;
}

std::vector<Vec2> pass_points(const TravelCircle& circle, std::optional<Vec2> previous,
                              const Chord& chord, double speed) {
  double length = 0.0;
  std::vector<Vec2> points = approach(circle, previous, chord, length);
  const double chord_length = glm::length(chord.exit - chord.entry);
  length += chord_length;
  Vec2 exit = chord.exit;
  if (speed > 0.0 && chord_length > 0.0) {
    const double whole = std::ceil(length / speed - 1e-9) * speed;
    exit =
        chord.entry + (chord_length + (whole - length)) / chord_length * (chord.exit - chord.entry);
  }
  points.push_back(exit);
  return points;
}

PlannedPath planned_path(const TravelCircle& circle, const std::vector<PlannedPass>& passes) {
  PlannedPath out;
  for (const PlannedPass& p : passes) {
    const std::optional<Vec2> previous =
        out.points.empty() ? std::nullopt : std::optional<Vec2>(out.points.back());
    const Chord chord = pass_chord(circle, p.angle_rad, p.offset);
    const std::vector<Vec2> points = p.depth < 0.0
                                         ? pass_points(circle, previous, chord, p.speed)
                                         : poke_points(circle, previous, chord, p.depth, p.speed);
    if (!out.speeds.empty()) out.speeds.back() = p.speed;
    out.points.insert(out.points.end(), points.begin(), points.end());
    out.speeds.insert(out.speeds.end(), points.size(), p.speed);
  }
  return out;
}

}  // namespace mb
