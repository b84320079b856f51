#pragma once
// Distances between closed outlines (the Spring Simulator's Shape distance).
#include <span>

#include "physics/core/vec2.hpp"

namespace mb {

// Number of arc-length samples the original takes on each contour.
inline constexpr int kShapeSamples = 100;

// Symmetric Hausdorff distance between the two closed outlines, each sampled at
// `samples` points evenly spaced by arc length: max over samples of the distance to
// the nearest sample of the other outline.
double hausdorff_distance(std::span<const Vec2> a, std::span<const Vec2> b,
                          int samples = 4 * kShapeSamples);

// Symmetric chamfer distance (Barrow, Tenenbaum, Bolles and Wolf 1977): both outlines
// sampled as for hausdorff_distance, the mean over one outline's samples of the distance to
// the nearest sample of the other, averaged over the two directions. The Hausdorff distance
// is the largest such distance; this is their mean, so one stray particle moves it little.
double chamfer_distance(std::span<const Vec2> a, std::span<const Vec2> b,
                        int samples = 4 * kShapeSamples);

// The mean of the largest `share` (0 to 1] of the 2 x samples distances chamfer_distance
// averages (each outline's samples to the nearest sample of the other, both directions
// pooled), at least one of them: share 1 is the chamfer distance, one distance's share the
// Hausdorff distance. Between them it sees the part of the outline that is far off (a tenth,
// say) without being ruled by its single farthest sample.
double tail_mean_distance(std::span<const Vec2> a, std::span<const Vec2> b, double share,
                          int samples = 4 * kShapeSamples);

// The original's "modified Procrustes" distance: sample both contours at kShapeSamples
// points by arc length, both counter-clockwise, start b's samples at the one nearest
// a's first sample, and return sqrt(sum |a_i - b_i|^2). No rotation or scaling is
// fitted (predict normalises position and area beforehand).
double procrustes_distance(std::span<const Vec2> a, std::span<const Vec2> b,
                           int samples = kShapeSamples);

}  // namespace mb
