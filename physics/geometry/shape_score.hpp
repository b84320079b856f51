#pragma once
// Shape scores for the planner (world/planner.hpp): distances between closed outlines that are
// 0 for equal outlines whatever vertex each outline starts at, and intersection over union.
#include <span>

#include "physics/core/vec2.hpp"

namespace mb {

// Procrustes distance made independent of where each outline starts: both outlines are
// sampled counter-clockwise by arc length, `a` at `samples` points and `b` at `refine` times
// as many, and the result is the smallest root-mean-square distance between a's samples and
// every `refine`-th sample of b over all cyclic shifts of b (a discretised minimum over the
// continuous offset between the two arc-length parametrisations). In length units. For two
// copies of one outline that start at different vertices the shift that aligns them leaves
// each pair at most half of b's sample pitch apart (perimeter / (2 * samples * refine)).
double procrustes_cyclic_distance(std::span<const Vec2> a, std::span<const Vec2> b,
                                  int samples = 100, int refine = 8);

// Intersection over union of the two filled outlines (even-odd rule), on a square raster of
// `cells` cells along the longer side of their common bounding box, sampled at cell centres.
// 1 for equal outlines, 0 for disjoint ones. PlasticineLab (Huang et al., ICLR 2021) scores a
// task by the IoU of the final shape with the target, normalised as
// (IoU_end - IoU_start) / (1 - IoU_start); the planner's "share closed" for this metric is
// exactly that, with the score 1 - IoU.
double intersection_over_union(std::span<const Vec2> a, std::span<const Vec2> b, int cells = 200);

// True when two edges of the closed outline that do not share a vertex cross, or when two
// consecutive edges fold back over each other. O(n^2).
bool self_intersects(std::span<const Vec2> poly);

}  // namespace mb
