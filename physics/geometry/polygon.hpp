#pragma once
// Polygons as plain point lists (closed implicitly: last point joins the first).
#include <span>
#include <vector>

#include "physics/core/vec2.hpp"

namespace mb {

using Polygon = std::vector<Vec2>;

double signed_area(std::span<const Vec2> poly);  // > 0 for counter-clockwise
double area(std::span<const Vec2> poly);
double perimeter(std::span<const Vec2> poly);
Vec2 area_centroid(std::span<const Vec2> poly);   // centre of mass of the filled polygon
Vec2 vertex_average(std::span<const Vec2> poly);  // pivot the original rotates shapes about

// Point-in-polygon by winding number (Sunday 2001): works for any winding and
// for self-overlapping outlines; points exactly on an edge may go either way.
bool contains(std::span<const Vec2> poly, Vec2 p);

struct Box {
  Vec2 min{0.0, 0.0};
  Vec2 max{0.0, 0.0};
  Vec2 size() const { return max - min; }
  Vec2 center() const { return 0.5 * (min + max); }
};
Box bounding_box(std::span<const Vec2> points);

// Rotates by `angle_rad` about `pivot`, then translates by `offset`.
Polygon transformed(std::span<const Vec2> poly, double angle_rad, Vec2 pivot, Vec2 offset);

// A regular n-gon approximating a circle (counter-clockwise).
Polygon circle_polygon(Vec2 center, double radius, int segments);
Polygon rectangle_polygon(Vec2 min, Vec2 max);

// Points `count` evenly spaced by arc length along the closed outline, starting at poly[0].
std::vector<Vec2> resample_closed(std::span<const Vec2> poly, int count);
// The same, turned counter-clockwise first: two outlines compared point by point run the
// same way round whichever way they were drawn.
std::vector<Vec2> ccw_samples(std::span<const Vec2> poly, int samples);

}  // namespace mb
