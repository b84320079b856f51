#pragma once
// Bodies that cannot touch during a tick take their substeps apart, each group on its own
// plan: a soft body beside a stiff one does not pay for the stiff one's short step.
//
// The explicit step of a body is set by its own stiffness (PeriSystem::substep_plan), so
// bodies that share a substep loop share its shortest step. Only bodies that may meet
// within the tick have to: their contacts are resolved once per substep, and both must be
// at the same time then. Two bodies are in one island when their bounding boxes, each grown
// by the farthest any of its points can travel in the tick,
//   reach_k = T max_i |v_i| + (|g| + a_k) T^2 / 2 + dx_k,
// come within contact distance (the sum of the point radii) of each other; islands are the
// connected groups of that relation. a_k is the grab's largest pull where the mouse holds
// body k (core/grab_spring.hpp), and dx_k (one lattice spacing) allows for the internal
// forces' share of a point's move, which no bound of the last tick's velocities holds (a
// strained body springing back). That share is an allowance, not a bound (the substeps
// only cap a point at a spacing each): a point that outruns it meets the other body in the
// next tick, as one island, and the contact projection puts it back out then. A body near
// no other is its own island. (Box2D groups its bodies into islands of touching bodies to
// put them to sleep, src/island.c; here they group for the step length.)
#include <cstdint>
#include <vector>

#include "physics/core/contact_view.hpp"
#include "physics/core/vec2.hpp"
#include "physics/geometry/polygon.hpp"
#include "physics/peri/body.hpp"

namespace mb {

struct IslandInput {
  double tick = 0.0;                       // T
  Vec2 gravity{0.0, 0.0};                  // g
  int32_t held_body = -1;                  // the body the mouse holds (-1: none)
  double grab_pull = 0.0;                  // its largest pull per unit mass, a
  const Box* box = nullptr;                // the walls (null: none)
  const ContactView* obstacles = nullptr;  // other matter held still (null: none)
};

struct Island {
  std::vector<int32_t> bodies;  // body indices, increasing
  // The island's bodies may hit something within the tick: each other (it has more than
  // one), the box's walls or an obstacle, each within the reach above. Its substeps then cap
  // a point's speed at a spacing a substep (PeriSystem::substep), as an impact needs; a body
  // flying free is capped only relative to its own mean motion, so a thrown body keeps its
  // speed.
  bool may_hit = false;
};

// The islands, in order of their first body. Every body is in exactly one.
std::vector<Island> contact_islands(const std::vector<PeriBody>& bodies, const IslandInput& in);

}  // namespace mb
