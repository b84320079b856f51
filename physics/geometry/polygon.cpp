#include "physics/geometry/polygon.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace mb {

double signed_area(std::span<const Vec2> poly) {
  double twice = 0.0;
  for (size_t i = 0, n = poly.size(); i < n; ++i) twice += cross(poly[i], poly[(i + 1) % n]);
  return 0.5 * twice;
}

double area(std::span<const Vec2> poly) {
  return std::abs(signed_area(poly));
}

double perimeter(std::span<const Vec2> poly) {
  double sum = 0.0;
  for (size_t i = 0, n = poly.size(); i < n; ++i) sum += glm::length(poly[(i + 1) % n] - poly[i]);
  return sum;
}

Vec2 area_centroid(std::span<const Vec2> poly) {
  // Standard shoelace centroid: C = 1/(6A) sum (p_i + p_i+1) cross(p_i, p_i+1).
  const double a = signed_area(poly);
  if (std::abs(a) < 1e-300) return vertex_average(poly);
  Vec2 c{0.0, 0.0};
  for (size_t i = 0, n = poly.size(); i < n; ++i) {
    const Vec2 p = poly[i], q = poly[(i + 1) % n];
    c += (p + q) * cross(p, q);
  }
  return c / (6.0 * a);
}

Vec2 vertex_average(std::span<const Vec2> poly) {
  Vec2 c{0.0, 0.0};
  for (Vec2 p : poly) c += p;
  return poly.empty() ? c : c / static_cast<double>(poly.size());
}

bool contains(std::span<const Vec2> poly, Vec2 p) {
  int winding = 0;
  for (size_t i = 0, n = poly.size(); i < n; ++i) {
    const Vec2 a = poly[i], b = poly[(i + 1) % n];
    if (a.y <= p.y) {
      if (b.y > p.y && orient(a, b, p) > 0) ++winding;  // upward crossing, p left of edge
    } else if (b.y <= p.y && orient(a, b, p) < 0) {
      --winding;  // downward crossing, p right of edge
    }
  }
  return winding != 0;
}

Box bounding_box(std::span<const Vec2> points) {
  if (points.empty()) return {};
  Box box{points[0], points[0]};
  for (Vec2 p : points) {
    box.min = glm::min(box.min, p);
    box.max = glm::max(box.max, p);
  }
  return box;
}

Polygon transformed(std::span<const Vec2> poly, double angle_rad, Vec2 pivot, Vec2 offset) {
  const double c = std::cos(angle_rad), s = std::sin(angle_rad);
  Polygon out;
  out.reserve(poly.size());
  for (Vec2 p : poly) {
    const Vec2 d = p - pivot;
    out.push_back(pivot + Vec2{c * d.x - s * d.y, s * d.x + c * d.y} + offset);
  }
  return out;
}

Polygon circle_polygon(Vec2 center, double radius, int segments) {
  Polygon out;
  out.reserve(static_cast<size_t>(segments));
  for (int i = 0; i < segments; ++i) {
    const double t = 2.0 * std::numbers::pi * i / segments;
    out.push_back(center + radius * Vec2{std::cos(t), std::sin(t)});
  }
  return out;
}

Polygon rectangle_polygon(Vec2 min, Vec2 max) {
  return {min, {max.x, min.y}, max, {min.x, max.y}};
}

std::vector<Vec2> resample_closed(std::span<const Vec2> poly, int count) {
  std::vector<Vec2> out;
  if (poly.empty() || count <= 0) return out;
  const double total = perimeter(poly);
  if (total <= 0.0) return std::vector<Vec2>(static_cast<size_t>(count), poly[0]);
  const size_t n = poly.size();
  size_t edge = 0;
  double edge_start = 0.0;  // arc length at the start of `edge`
  for (int k = 0; k < count; ++k) {
    const double s = total * k / count;
    double len = glm::length(poly[(edge + 1) % n] - poly[edge]);
    while (edge_start + len < s && edge + 1 < n) {
      edge_start += len;
      ++edge;
      len = glm::length(poly[(edge + 1) % n] - poly[edge]);
    }
    const double t = len > 0.0 ? std::clamp((s - edge_start) / len, 0.0, 1.0) : 0.0;
    out.push_back(poly[edge] + t * (poly[(edge + 1) % n] - poly[edge]));
  }
  return out;
}

std::vector<Vec2> ccw_samples(std::span<const Vec2> poly, int samples) {
  std::vector<Vec2> outline(poly.begin(), poly.end());
  if (signed_area(outline) < 0.0) std::reverse(outline.begin(), outline.end());
  return resample_closed(outline, samples);
}

}  // namespace mb
