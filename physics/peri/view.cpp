#include "physics/peri/view.hpp"

#include <algorithm>
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
  const Vec2 c0 = centre(body.model->X, body.model->Y), c = centre(body.x, body.y);
  double cross = 0.0, dot = 0.0;
  for (size_t i = 0; i < body.x.size(); ++i) {
    const double ax = body.model->X[i] - c0.x, ay = body.model->Y[i] - c0.y;
    const double bx = body.x[i] - c.x, by = body.y[i] - c.y;
    cross += ax * by - ay * bx;
    dot += ax * bx + ay * by;
  }
  return cross == 0.0 && dot == 0.0 ? 0.0 : std::atan2(cross, dot);
}

double shape_error(const PeriBody& body) {
  if (body.x.empty()) return 0.0;
  const Vec2 c0 = centre(body.model->X, body.model->Y), c = centre(body.x, body.y);
  const double a = body_rotation(body), cs = std::cos(a), sn = std::sin(a);
  double sum = 0.0;
  for (size_t i = 0; i < body.x.size(); ++i) {
    const double ax = body.model->X[i] - c0.x, ay = body.model->Y[i] - c0.y;
    const double dx = body.x[i] - c.x - (cs * ax - sn * ay);
    const double dy = body.y[i] - c.y - (sn * ax + cs * ay);
    sum += dx * dx + dy * dy;
  }
  return std::sqrt(sum / static_cast<double>(body.x.size())) / body.spec().spacing;
}

void append_bonds(const PeriBody& body, int32_t first, std::vector<int32_t>& a,
                  std::vector<int32_t>& b, std::vector<float>& stretch) {
  for (int32_t i = 0; i < body.size(); ++i)
    for (int32_t e = body.model->bond_start[i]; e < body.model->bond_start[i + 1]; ++e) {
      const int32_t j = body.model->bond_j[e];
      if (j < i || body.damage->bond_broken[e]) continue;
      const double ex = body.x[j] - body.x[i], ey = body.y[j] - body.y[i];
      a.push_back(first + i);
      b.push_back(first + j);
      stretch.push_back(
          static_cast<float>(std::sqrt(ex * ex + ey * ey) / body.model->bond_len[e] - 1.0));
    }
}

namespace {

PeriBodyView body_view(const PeriBody& b) {
  PeriBodyView v;
  v.shape = b.spec().shape.kind;
  v.material = b.spec().material;
  v.spacing = b.spec().spacing;
  v.horizon = b.spec().horizon;
  v.points = b.size();
  v.bonds = b.bond_count();
  v.broken_bonds = b.broken_bonds();
  v.stable_dt = b.model->stable_dt;
  v.centroid = body_centroid(b);
  for (int32_t i = 0; i < b.size(); ++i)
    v.reach = std::max(v.reach, glm::length(Vec2{b.x[i], b.y[i]} - v.centroid));
  v.build_angle = b.spec().angle;
  v.rotation = body_rotation(b);
  return v;
}

}  // namespace

// Positions and the colour quantities of the last step.
void BodiesView::fill(const PeriSystem& system, bool with_bonds) {
  x.clear(), y.clear(), radius.clear();
  theta.clear(), energy.clear(), detf.clear(), heat.clear(), body_first.clear();
  bodies.clear();
  bond_a.clear(), bond_b.clear(), bond_stretch.clear();
  const std::vector<PeriPointState>& states = system.states();
  for (size_t k = 0; k < system.bodies.size(); ++k) {
    const PeriBody& b = system.bodies[k];
    const auto first = static_cast<int32_t>(x.size());
    body_first.push_back(first);
    bodies.push_back(body_view(b));
    if (with_bonds) append_bonds(b, first, bond_a, bond_b, bond_stretch);
    const bool has_state = k < states.size() && states[k].detF.size() == b.x.size();
    for (int32_t i = 0; i < b.size(); ++i) {
      x.push_back(static_cast<float>(b.x[i]));
      y.push_back(static_cast<float>(b.y[i]));
      radius.push_back(static_cast<float>(b.point_radius()));
      theta.push_back(has_state ? static_cast<float>(states[k].theta[i]) : 0.0f);
      energy.push_back(has_state ? static_cast<float>(states[k].energy[i] / b.model->vol[i])
                                 : 0.0f);
      detf.push_back(has_state ? static_cast<float>(states[k].detF[i]) : 1.0f);
      heat.push_back(b.heat.empty() ? 0.0f : static_cast<float>(b.heat[i]));
    }
  }
  settings = system.settings;
  stats = system.stats();
}

}  // namespace mb
