#pragma once
// Actuators acting on the bodies and the gas, as they act on the spring network (world.hpp).
// Heaters heat the body points they cover (peri/softening.hpp; they soften for a while).
// Pushers:
//  - body points: those inside a pusher's shape when it grips (as for particles: on its
//    first tick, or every tick without a firm grip) are held by it. Each tick they move
//    with the pusher and, during the bodies' tick, are kinematic (pinned, at the pusher's
//    velocity), so the rest of the body is dragged through its bonds. Nothing is stored in
//    the body: a point is held only while a pusher lists it (removing the pusher frees it).
//  - gas: the pusher's outline is a hard wall, a chain of immovable discs of radius rho
//    spaced rho apart along it (so no disc passes between them), moving with the pusher
//    through the tick: a piston for the discs outside, a moving box for those inside,
//    which it carries along. The discs meet it exactly in their event loop (gas.hpp).
#include <cstdint>
#include <vector>

#include "physics/actuators/actuator.hpp"
#include "physics/core/contact_view.hpp"
#include "physics/geometry/polygon.hpp"
#include "physics/peri/system.hpp"

namespace mb {

// Body points whose positions lie inside `shape`.
std::vector<BodyPointRef> body_points_inside(const PeriSystem& bodies, const Polygon& shape);
// Heats the body points inside `shape` (softening.hpp). Returns how many.
int64_t heat_points_inside(PeriSystem& bodies, const Polygon& shape);
// Moves the listed points by `step` (indices no longer in the bodies are skipped).
void move_points(PeriSystem& bodies, const std::vector<BodyPointRef>& points, Vec2 step);

// Pins the points pushers hold for one bodies' tick, then gives them back as they were.
class HeldPoints {
 public:
  // The points move at `velocity` during the tick (their pusher's step over its length).
  void hold(PeriSystem& bodies, const std::vector<BodyPointRef>& points, Vec2 velocity);
  void release(PeriSystem& bodies);  // unpins what hold() pinned

 private:
  std::vector<BodyPointRef> pinned_;
};

// Appends the outline of `shape` (where it is at the tick's end, having moved by `step`
// during a tick of length T) as a chain of immovable discs of radius rho.
void add_outline(ContactView& view, const Polygon& shape, Vec2 step, double T, double rho);

}  // namespace mb
