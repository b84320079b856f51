#pragma once
// Actuators of the Spring Simulator: heaters melt the particles they cover, pushers grip and drag
// them. An actuator has a shape polygon (in its own frame), an orientation, a path it follows at
// `speed` length units per tick, and its progress along that path.
#include <cstdint>
#include <limits>
#include <string>
#include <vector>

#include "physics/geometry/path.hpp"
#include "physics/geometry/polygon.hpp"

namespace mb {

enum class ActuatorType { Heater, Pusher };

const char* to_string(ActuatorType type);

// A point of a peridynamic body (World::bodies) by index.
struct BodyPointRef {
  int32_t body, point;
  bool operator==(const BodyPointRef&) const = default;
};

// An actuator slower than this stands still at its path's first point (or where its
// path-advancement puts it) and acts on every tick of the run, as long as it is enabled: the
// original Spring Simulator's rule, which its users' scripts rely on to hold an edge with a
// pusher of speed 0. It keeps no run going by itself: its own run is its first tick.
inline constexpr double kStillSpeed = 1e-5;

struct Actuator {
  ActuatorType type = ActuatorType::Pusher;
  std::string name;
  bool enabled = true;
  double speed = 2.0;                    // length units per tick (below kStillSpeed: still)
  double path_advancement = 0.0;         // arc length travelled along the path
  double orientation_deg = 0.0;          // shape rotation about its vertex average
  bool spring_crossing_allowed = false;  // pusher may drag particles through springs
  bool firm_grip = true;                 // pusher keeps only what it caught on its first tick
  bool final_release = false;            // pusher lets go when the run ends
  Polygon shape;                         // empty for a heater: a disc of [Heater] Size
  // A heater in the conduction model ([Heat] Model = conduction): its power in W per unit
  // area (NaN: [Heat] HeaterPower), or the temperature it holds what it covers at (NaN: none).
  double heat_power = std::numeric_limits<double>::quiet_NaN();
  double heat_temperature = std::numeric_limits<double>::quiet_NaN();
  Path path;
  // Speeds by path segment, length units per tick: path_speeds[i] on the segment from path
  // point i (the last point's on a cyclic path's closing segment). Empty: `speed` on every
  // segment, as in the original. Else one per path point, each at least kStillSpeed; a tick's
  // move is at the speed of the segment it starts on (a planned pass's own speed). An actuator
  // whose `speed` is below kStillSpeed stands still whatever these say.
  std::vector<double> path_speeds;

  // Run-time state (not saved): the particles a pusher holds, and whether it has started.
  std::vector<int32_t> gripped;
  std::vector<BodyPointRef> gripped_points;  // body points it holds (world/pusher_matter.hpp)
  bool started = false;
  // How far the grip trails the pusher: the part of its moves that could not yet be
  // applied without making springs cross (only without spring crossing; see
  // World::advance_grip). Always zero for a pusher allowed to cross.
  Vec2 grip_lag{0.0, 0.0};

  double path_length() const { return path.length(); }
  bool stands_still() const { return speed < kStillSpeed; }
  // The speed of a move that starts at arc length `advancement` (a segment's end belongs to
  // the next segment).
  double speed_at(double advancement) const;
  // Ticks this actuator needs from its current advancement to the end of its path:
  // one tick at the start plus ceil(remaining / speed) moves, the last one clamped
  // so the actuator ends exactly at the end of the path. A still actuator's is its first tick.
  // With path_speeds, the moves are counted segment by segment (m moves of its speed leave a
  // segment, the next segment's speed from where they land).
  int64_t ticks_remaining() const;
  bool finished() const;
  // Where the shape's pivot (vertex average) sits: the path point at the advancement.
  Vec2 position() const { return path.at_distance(path_advancement); }
  // The shape rotated by the orientation about its vertex average and placed at position().
  // A heater without a shape returns a 32-gon of diameter `heater_size`.
  Polygon placed_shape(double heater_size) const;
};

}  // namespace mb
