#pragma once
// The geometry of a plan's path (world/planner.hpp): chords through the material that enter
// and leave on a travel circle, and the travel along that circle between them.
#include <optional>
#include <vector>

#include "physics/core/vec2.hpp"

namespace mb {

struct TravelCircle {
  Vec2 centre{0.0, 0.0};  // the start's area centroid
  double radius = 0.0;    // length units; the actuator's shape on it touches no material
};

// The chord at direction `angle_rad` (from entry to exit) and signed lateral offset `offset`
// (along the direction turned +90 degrees) between its two crossings of the circle.
// Requires |offset| < radius.
struct Chord {
  Vec2 entry, exit;
};
Chord pass_chord(const TravelCircle& circle, double angle_rad, double offset);

// The points that take the actuator from `from` to `to`, both on (or just outside) the circle,
// the shorter way round, excluding `from` and including `to`: a radial step out to
// radius / cos(step / 2), a polygon of steps of at most 15 degrees whose edges touch the circle
// from outside, and a radial step back in. Every point of the travel is at least `radius` from
// the centre.
std::vector<Vec2> travel_points(const TravelCircle& circle, Vec2 from, Vec2 to);

// One pass as the path's next points: the travel from `previous` (the path's last point; none
// for the first pass) and the chord. The exit is moved on along the chord so that this part's
// length is a whole number of `speed` steps: each pass then ends on a tick, and the ticks of a
// whole path are the ticks of its passes run one after another (planner.cpp relies on it).
std::vector<Vec2> pass_points(const TravelCircle& circle, std::optional<Vec2> previous,
                              const Chord& chord, double speed);

// A poke: the chord's entry, in along the chord to `depth` from the entry, and back out to
// the entry, after the travel from `previous` as pass_points() does. The depth is moved on so
// that this part's length is a whole number of `speed` steps (half the excess each way), so a
// poke too ends on a tick. Requires depth >= 0.
std::vector<Vec2> poke_points(const TravelCircle& circle, std::optional<Vec2> previous,
                              const Chord& chord, double depth, double speed);

struct PlannedPass {
  double angle_rad = 0.0;  // pass_chord's direction
  double offset = 0.0;     // and offset (length units)
  double speed = 1.0;      // length units per tick
  double depth = -1.0;     // < 0: a chord that crosses; else a poke to this depth (length units)
};

struct PlannedPath {
  std::vector<Vec2> points;
  // One per point: a pass's speed from the previous pass's last point on (its travel is
  // part of it), as Actuator::path_speeds reads them.
  std::vector<double> speeds;
};

// The whole path of `passes`, one pass_points() after another, as the planner writes it.
PlannedPath planned_path(const TravelCircle& circle, const std::vector<PlannedPass>& passes);

}  // namespace mb
