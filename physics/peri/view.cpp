#include "physics/peri/view.hpp"

#include <cmath>

namespace mb {

namespace {
Vec2 centre(const std::vector<double>& xs, const std::vector<double>& ys) {
  double cx = 0.0, cy = 0.0;
  for (size_t i = 0; i < xs.size(); ++i) cx += xs[i], cy += ys[i];
  const double n = static_cast<double>(xs.size());
  return xs.empty() ? Vec2{0.0, 0.0} : Vec2{cx / n, cy / n};
}
}  // namespace

Vec2 body_centroid(const PeriBody& body) {
  return centre(body.x, body.y);
}

double body_rotation(const PeriBody& body) {
  const Vec2 c0 = centre(body.X, body.Y), c = centre(body.x, body.y);
  double cross = 0.0, dot = 0.0;
  for (size_t i = 0; i < body.x.size(); ++i) {
    const double ax = body.X[i] - c0.x, ay = body.Y[i] - c0.y;
    const double bx = body.x[i] - c.x, by = body.y[i] - c.y;
    cross += ax * by - ay * bx;
    dot += ax * bx + ay * by;
  }
  return cross == 0.0 && dot == 0.0 ? 0.0 : std::atan2(cross, dot);
}

void append_bonds(const PeriBody& body, int32_t first, std::vector<int32_t>& a,
                  std::vector<int32_t>& b, std::vector<float>& stretch) {
  for (int32_t i = 0; i < body.size(); ++i)
    for (int32_t e = body.bond_start[i]; e < body.bond_start[i + 1]; ++e) {
      const int32_t j = body.bond_j[e];
      if (j < i || body.bond_broken[e]) continue;
      const double ex = body.x[j] - body.x[i], ey = body.y[j] - body.y[i];
      a.push_back(first + i);
      b.push_back(first + j);
      stretch.push_back(static_cast<float>(std::sqrt(ex * ex + ey * ey) / body.bond_len[e] - 1.0));
    }
}

}  // namespace mb
