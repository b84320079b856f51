#pragma once
// Delaunay triangulation of a point set by Bowyer-Watson insertion (A. Bowyer, "Computing
// Dirichlet tessellations", Comput. J. 24(2):162-166, 1981; D. F. Watson, "Computing the
// n-dimensional Delaunay tessellation with application to Voronoi polytopes", Comput. J.
// 24(2):167-172, 1981). Each point is located by a walk from the last triangle made (a
// visibility walk always ends in a Delaunay triangulation), the triangles whose
// circumcircle holds it are removed, and the cavity is re-triangulated from it. Inserting
// points in a spatially coherent order (the Poisson-disc sampler's growth order) keeps the
// walks short: about O(n) for the amorphous lattice's points.
//
// Points must be distinct. The predicates are plain doubles: four exactly co-circular
// points may be triangulated either way (both are Delaunay), which random points never are
// in practice; the tests check the result has no crossing edges.
#include <array>
#include <cstdint>
#include <span>
#include <vector>

#include "physics/core/vec2.hpp"

namespace mb {

// Counter-clockwise triangles, as indices into `points`. The triangles of the convex hull
// of the points (fewer than n - 2 only when every point is on one line).
std::vector<std::array<int32_t, 3>> delaunay_triangles(std::span<const Vec2> points);

}  // namespace mb
