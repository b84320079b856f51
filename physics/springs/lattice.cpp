#include "physics/springs/lattice.hpp"

#include <cmath>

namespace mb {

namespace {
// Points exactly on a region's edge count as inside.
constexpr double kEdgeTolerance = 1e-9;

int parity(int64_t j) {
  return static_cast<int>(((j % 2) + 2) % 2);
}
}  // namespace

SpringNetwork build_lattice(const Box& bounds, Vec2 anchor, const std::function<bool(Vec2)>& inside,
                            const Settings& settings) {
  const bool hex = settings.lattice == LatticeType::Hexagonal;
  const double s = settings.lattice_spacing();
  const double row = hex ? s * std::sqrt(3.0) / 2.0 : s;
  const double shift = hex ? s / 2.0 : 0.0;

  const int64_t j0 = static_cast<int64_t>(std::floor((bounds.min.y - anchor.y) / row)) - 1;
  const int64_t j1 = static_cast<int64_t>(std::ceil((bounds.max.y - anchor.y) / row)) + 1;
  const int64_t i0 = static_cast<int64_t>(std::floor((bounds.min.x - anchor.x) / s)) - 1;
  const int64_t i1 = static_cast<int64_t>(std::ceil((bounds.max.x - anchor.x) / s)) + 1;
  const int64_t cols = i1 - i0 + 1, rows = j1 - j0 + 1;

  SpringNetwork net;
  std::vector<int32_t> id(static_cast<size_t>(cols * rows), -1);
  auto at = [&](int64_t i, int64_t j) -> int32_t {
    if (i < i0 || i > i1 || j < j0 || j > j1) return -1;
    return id[static_cast<size_t>((j - j0) * cols + (i - i0))];
  };
  for (int64_t j = j0; j <= j1; ++j) {
    for (int64_t i = i0; i <= i1; ++i) {
      const Vec2 p{anchor.x + static_cast<double>(i) * s + parity(j) * shift,
                   anchor.y + static_cast<double>(j) * row};
      if (p.x < bounds.min.x - kEdgeTolerance || p.x > bounds.max.x + kEdgeTolerance ||
          p.y < bounds.min.y - kEdgeTolerance || p.y > bounds.max.y + kEdgeTolerance || !inside(p))
        continue;
      id[static_cast<size_t>((j - j0) * cols + (i - i0))] =
          net.add_particle(p.x, p.y, settings.default_radius);
    }
  }
  const double L = settings.default_length, k = settings.default_stiffness;
  auto join = [&](int32_t p, int32_t q) {
    if (q >= 0) net.add_spring(p, q, L, k);
  };
  for (int64_t j = j0; j <= j1; ++j) {
    for (int64_t i = i0; i <= i1; ++i) {
      const int32_t p = at(i, j);
      if (p < 0) continue;
      join(p, at(i - 1, j));  // left
      if (!hex) {
        join(p, at(i, j - 1));      // below
      } else if (parity(j) == 1) {  // odd row sits s/2 right of the row below
        join(p, at(i, j - 1));
        join(p, at(i + 1, j - 1));
      } else {
        join(p, at(i - 1, j - 1));
        join(p, at(i, j - 1));
      }
    }
  }
  return net;
}

SpringNetwork circle_spot(Vec2 center, double radius, const Settings& settings) {
  const Box box{center - Vec2{radius, radius}, center + Vec2{radius, radius}};
  return build_lattice(
      box, center, [&](Vec2 p) { return glm::length(p - center) <= radius + kEdgeTolerance; },
      settings);
}

SpringNetwork rectangle_spot(Vec2 min, Vec2 max, const Settings& settings) {
  return build_lattice(
      Box{min, max}, min, [](Vec2) { return true; }, settings);
}

SpringNetwork polygon_spot(const Polygon& outline, const Settings& settings) {
  const Box box = bounding_box(outline);
  return build_lattice(
      box, box.min, [&](Vec2 p) { return contains(outline, p); }, settings);
}

SpringNetwork mask_spot(const GreyMask& mask, const Settings& settings) {
  const Box box{{0.0, 0.0}, {mask.width - 1.0, mask.height - 1.0}};
  return build_lattice(
      box, box.min,
      [&](Vec2 p) {
        return mask.material(static_cast<int>(std::lround(p.x)),
                             static_cast<int>(std::lround(p.y)));
      },
      settings);
}

}  // namespace mb
