#include "physics/peri/body.hpp"

#include <algorithm>
#include <atomic>
#include <bit>
#include <cmath>
#include <functional>
#include <numbers>
#include <string>

#include "physics/core/error.hpp"
#include "physics/geometry/spatial_hash.hpp"
#include "physics/peri/calibrate.hpp"
#include "physics/peri/contact_skin.hpp"
#include "physics/peri/integrator.hpp"
#include "physics/peri/material_parameters.hpp"
#include "physics/peri/softening.hpp"

namespace mb {

bool PeriShape::operator==(const PeriShape& o) const {
  return kind == o.kind && radius == o.radius && width == o.width && height == o.height &&
         outline == o.outline && mask.width == o.mask.width && mask.height == o.mask.height &&
         mask.pixels == o.mask.pixels && mask_scale == o.mask_scale && source == o.source;
}

namespace {

// Shape in body coordinates (centred at the origin): bounds and inside test.
struct LocalShape {
  Box bounds;
  std::function<bool(Vec2)> inside;
};

LocalShape local_shape(const PeriShape& s) {
  switch (s.kind) {
    case PeriShapeKind::Circle:
      return {{{-s.radius, -s.radius}, {s.radius, s.radius}},
              [r = s.radius](Vec2 p) { return glm::dot(p, p) <= r * r * (1.0 + 1e-12); }};
    case PeriShapeKind::Rectangle: {
      const Vec2 h{0.5 * s.width, 0.5 * s.height};
      return {{-h, h}, [h](Vec2 p) {
                return std::abs(p.x) <= h.x * (1 + 1e-12) && std::abs(p.y) <= h.y * (1 + 1e-12);
              }};
    }
    case PeriShapeKind::Polygon: {
      if (s.outline.size() < 3) throw Error("body outline needs 3 points");
      const Vec2 c = area_centroid(s.outline);
      Polygon poly = s.outline;
      for (Vec2& v : poly) v -= c;
      return {bounding_box(poly), [poly](Vec2 p) { return contains(poly, p); }};
    }
    case PeriShapeKind::Mask: {
      const GreyMask& m = s.mask;
      if (m.width <= 0 || m.height <= 0) throw Error("body mask is empty");
      const double k = s.mask_scale;
      const Vec2 half{0.5 * m.width * k, 0.5 * m.height * k};
      // Pixel (px, py) covers [px, px+1) x [py, py+1) scaled; image rows point down.
      return {{-half, half}, [&m, k, half](Vec2 p) {
                const double px = std::floor((p.x + half.x) / k);
                const double py = std::floor((half.y - p.y) / k);
                // Outside the image (or not a number) is no material; checked before the
                // cast, which is undefined for a value an int cannot hold (found by
                // fuzz-world: a point 1.8e20 units away).
                if (!(px >= 0.0 && px < m.width && py >= 0.0 && py < m.height)) return false;
                return m.material(static_cast<int>(px), static_cast<int>(py));
              }};
    }
  }
  throw Error("unknown body shape");
}

double shape_area(const PeriShape& s) {
  switch (s.kind) {
    case PeriShapeKind::Circle:
      return std::numbers::pi * s.radius * s.radius;
    case PeriShapeKind::Rectangle:
      return s.width * s.height;
    case PeriShapeKind::Polygon:
      return area(s.outline);
    case PeriShapeKind::Mask: {
      size_t material = 0;
      for (uint8_t v : s.mask.pixels) material += v > 0 ? 1 : 0;
      return static_cast<double>(material) * s.mask_scale * s.mask_scale;
    }
  }
  return 0.0;
}

std::string rounded(double v) {
  return v < 1e15 ? std::to_string(static_cast<long long>(std::llround(v))) : std::to_string(v);
}

}  // namespace

double estimated_points(const PeriBodySpec& spec) {
  return shape_area(spec.shape) / (spec.spacing * spec.spacing * std::sqrt(3.0) / 2.0);
}

double estimated_bytes(const PeriBodySpec& spec) {
  // Neighbours within delta on the hex lattice: pi h^2 / (sqrt(3)/2) (h = delta / dx). Each
  // is a directed bond (index, length, xi, constant, flags: ~44 bytes), plus up to 40 bytes
  // of the lattice's stencil layout (20 bytes a direction and cell at no less than half the
  // cells filled: lattice.hpp); a point holds ~200 bytes of its own.
  const double h = std::max(spec.horizon, 1.0);
  const double bonds_per_point = std::numbers::pi * h * h / (std::sqrt(3.0) / 2.0);
  return estimated_points(spec) * (bonds_per_point * 84.0 + 200.0);
}

void check_body_size(const PeriBodySpec& spec) {
  if (!(spec.spacing > 0.0)) throw Error("body spacing must be > 0");
  const double points = estimated_points(spec), bytes = estimated_bytes(spec);
  if (!(points <= static_cast<double>(kMaxBodyPoints)))
    throw Error("the body would hold about " + rounded(points) + " points at spacing " +
                std::to_string(spec.spacing) + " (at most " + std::to_string(kMaxBodyPoints) +
                " allowed)");
  if (!(bytes <= kMaxBodyBytes))
    throw Error("the body would need about " + rounded(bytes / 1e6) +
                " MB for its bonds (at most " + rounded(kMaxBodyBytes / 1e6) +
                " MB allowed; use a smaller horizon or a larger spacing)");
}

std::vector<Vec2> peri_lattice_points(const PeriBodySpec& spec) {
  check_body_size(spec);
  const LocalShape shape = local_shape(spec.shape);
  const double dx = spec.spacing, row = dx * std::sqrt(3.0) / 2.0;
  const Vec2 extent = shape.bounds.size();
  if (!(extent.x / dx * (extent.y / row) <= 1e8))  // a thin shape with a huge bounding box
    throw Error("the body's bounding box spans more than 1e8 lattice cells");
  const int j0 = static_cast<int>(std::floor(shape.bounds.min.y / row)) - 1;
  const int j1 = static_cast<int>(std::ceil(shape.bounds.max.y / row)) + 1;
  const int i0 = static_cast<int>(std::floor(shape.bounds.min.x / dx)) - 2;
  const int i1 = static_cast<int>(std::ceil(shape.bounds.max.x / dx)) + 2;
  const double ca = std::cos(spec.angle), sa = std::sin(spec.angle);
  std::vector<Vec2> out;
  for (int j = j0; j <= j1; ++j)
    for (int i = i0; i <= i1; ++i) {
      const Vec2 p{i * dx + ((j % 2 != 0) ? 0.5 * dx : 0.0), j * row};
      if (!shape.inside(p)) continue;
      out.push_back(spec.position + Vec2{ca * p.x - sa * p.y, sa * p.x + ca * p.y});
    }
  return out;
}

void refresh_shape_tensors(const PeriBodyModel& m, PeriDamage& d,
                           const std::vector<int32_t>& points) {
  for (int32_t i : points) {
    double k00 = 0, k01 = 0, k11 = 0;
    for (int32_t e = m.bond_start[i]; e < m.bond_start[i + 1]; ++e) {
      if (d.bond_broken[e]) continue;
      const double v = m.vol[m.bond_j[e]];
      k00 += m.bond_dx[e] * m.bond_dx[e] * v;
      k01 += m.bond_dx[e] * m.bond_dy[e] * v;
      k11 += m.bond_dy[e] * m.bond_dy[e] * v;
    }
    const double det = k00 * k11 - k01 * k01;
    double* K = &d.kinv[4 * static_cast<size_t>(i)];
    if (det <= 1e-12 * (k00 + k11) * (k00 + k11)) {  // degenerate neighbourhood: no F
      K[0] = K[1] = K[2] = K[3] = 0.0;
      continue;
    }
    K[0] = k11 / det, K[1] = -k01 / det, K[2] = -k01 / det, K[3] = k00 / det;
  }
}

void break_bonds(PeriBody& b, const std::vector<int32_t>& halves,
                 const std::vector<int32_t>& touched) {
  if (touched.empty()) return;
  const PeriBodyModel& m = *b.model;
  auto d = std::make_shared<PeriDamage>(*b.damage);
  int64_t broken = 0;  // halves: both halves of a pair break together
  for (const int32_t e : halves) {
    if (d->bond_broken[static_cast<size_t>(e)]) continue;
    d->bond_broken[static_cast<size_t>(e)] = 1;
    ++broken;
  }
  d->broken_bonds += broken / 2;
  refresh_shape_tensors(m, *d, touched);
  contact_skin_after_breaks(m, *d, touched);  // a crack's faces are surface now
  b.damage = std::move(d);
}

namespace {
// Greedy colouring of the pairs (PeriBody::pair_group): each pair takes the first group
// neither of its points is in yet. A point is in as many groups as it has bonds, so at most
// 2 * (most bonds of a point) - 1 groups are needed.
void group_pairs(PeriBodyModel& b) {
  const size_t n = static_cast<size_t>(b.size());
  int32_t most = 0;
  for (size_t i = 0; i < n; ++i) most = std::max(most, b.bond_start[i + 1] - b.bond_start[i]);
  const size_t words = static_cast<size_t>(2 * most + 63) / 64;
  std::vector<uint64_t> used(n * words, 0);
  std::vector<int32_t> group_of;
  std::vector<int32_t> count;
  for (size_t i = 0; i < n; ++i)
    for (int32_t e = b.bond_start[i]; e < b.bond_start[i + 1]; ++e) {
      const size_t j = static_cast<size_t>(b.bond_j[e]);
      if (j < i) continue;
      size_t g = 0;
      for (size_t w = 0; w < words; ++w) {
        const uint64_t busy = used[i * words + w] | used[j * words + w];
        if (busy != ~uint64_t{0}) {
          g = 64 * w + static_cast<size_t>(std::countr_one(busy));
          break;
        }
      }
      used[i * words + g / 64] |= uint64_t{1} << (g % 64);
      used[j * words + g / 64] |= uint64_t{1} << (g % 64);
      group_of.push_back(static_cast<int32_t>(g));
      if (g >= count.size()) count.resize(g + 1, 0);
      ++count[g];
    }
  b.pair_group.assign(count.size() + 1, 0);
  for (size_t g = 0; g < count.size(); ++g) b.pair_group[g + 1] = b.pair_group[g] + count[g];
  b.pair_i.resize(group_of.size()), b.pair_bond.resize(group_of.size());
  std::vector<int32_t> next(b.pair_group.begin(), b.pair_group.end() - 1);
  size_t k = 0;
  for (size_t i = 0; i < n; ++i)
    for (int32_t e = b.bond_start[i]; e < b.bond_start[i + 1]; ++e) {
      if (static_cast<size_t>(b.bond_j[e]) < i) continue;
      const int32_t slot = next[static_cast<size_t>(group_of[k++])]++;
      b.pair_i[static_cast<size_t>(slot)] = static_cast<int32_t>(i);
      b.pair_bond[static_cast<size_t>(slot)] = e;
    }
}
}  // namespace

PeriBody build_body_from_points(const PeriBodySpec& spec, const std::vector<Vec2>& pts,
                                bool estimate_dt) {
  if (!(spec.horizon >= 1.0)) throw Error("body horizon must be >= 1 spacing");
  const PeriMaterial& mat = spec.material;
  if (const std::vector<std::string> problems = validate(mat); !problems.empty())
    throw Error("body material: " + problems.front());
  auto model = std::make_shared<PeriBodyModel>();
  PeriBodyModel& b = *model;
  b.spec = spec;
  const size_t n = pts.size();
  const double dx = spec.spacing, delta = spec.horizon * dx;
  const double vol = hex_point_area(dx) * mat.thickness;
  b.X.resize(n), b.Y.resize(n);
  for (size_t i = 0; i < n; ++i) b.X[i] = pts[i].x, b.Y[i] = pts[i].y;
  b.vol.assign(n, vol);
  b.mass.assign(n, vol * mat.density);
  // Bonds: every pair within delta (a hair over, so lattice points exactly at delta count).
  SpatialHash hash;
  hash.build(b.X, b.Y, delta);
  const double reach = delta * (1.0 + 1e-9);
  b.bond_start.assign(n + 1, 0);
  for (size_t i = 0; i < n; ++i) {
    const Vec2 p{b.X[i], b.Y[i]};
    hash.for_each_near(p, reach, [&](int32_t j) {
      if (static_cast<size_t>(j) == i) return;
      const Vec2 xi = Vec2{b.X[j], b.Y[j]} - p;
      const double len = glm::length(xi);
      if (len > reach || len <= 0.0) return;
      b.bond_j.push_back(j);
      b.bond_dx.push_back(xi.x);
      b.bond_dy.push_back(xi.y);
      b.bond_len.push_back(len);
    });
    b.bond_start[i + 1] = static_cast<int32_t>(b.bond_j.size());
  }
  auto intact = std::make_shared<PeriDamage>();
  intact->bond_broken.assign(b.bond_j.size(), 0);
  // Reverse bonds (the force passes compute each pair once and fill both halves).
  b.bond_rev.assign(b.bond_j.size(), -1);
  for (size_t i = 0; i < n; ++i)
    for (int32_t e = b.bond_start[i]; e < b.bond_start[i + 1]; ++e) {
      const size_t j = static_cast<size_t>(b.bond_j[e]);
      for (int32_t r = b.bond_start[j]; r < b.bond_start[j + 1]; ++r)
        if (b.bond_j[r] == static_cast<int32_t>(i)) b.bond_rev[e] = r;
    }
  group_pairs(b);
  // Calibration at an interior point, then the per-point boundary correction.
  const PeriCalibration cal = calibrate(mat, dx, spec.horizon);
  b.c_interior = cal.c;
  b.kappa_interior = cal.kappa;
  auto cold = std::make_shared<PeriStiffness>();
  cold->kappa.assign(n, cal.kappa);
  // Directional surface correction (Madenci & Oterkus 2014, "Peridynamic Theory and Its
  // Applications", sec. 4.2): per point, the ratio of the interior bond energy density to
  // the point's own under uniaxial strain along the body's x and y axes; a bond's factor
  // combines the two ends' means by the ellipse G = [(n_x/g_x)^2 + (n_y/g_y)^2]^(-1/2).
  const double ca = std::cos(spec.angle), sa = std::sin(spec.angle);
  std::vector<double> gx(n, 1.0), gy(n, 1.0);
  b.wvol.assign(n, 0.0);
  std::vector<Vec2> offs;
  const std::vector<Vec2> stencil = hex_stencil(dx, spec.horizon);
  const double s0x = bond_mode_density(stencil, vol, {1.0, 0.0, 0.0});
  const double s0y = bond_mode_density(stencil, vol, {0.0, 1.0, 0.0});
  for (size_t i = 0; i < n; ++i) {
    offs.clear();
    for (int32_t e = b.bond_start[i]; e < b.bond_start[i + 1]; ++e) {
      const double ux = b.bond_dx[e], uy = b.bond_dy[e];
      offs.push_back({ca * ux + sa * uy, -sa * ux + ca * uy});  // body frame
      b.wvol[i] += b.bond_len[e] * b.bond_len[e] * b.vol[b.bond_j[e]];
    }
    if (offs.empty()) continue;
    gx[i] = std::min(s0x / bond_mode_density(offs, vol, {1.0, 0.0, 0.0}), 10.0);
    gy[i] = std::min(s0y / bond_mode_density(offs, vol, {0.0, 1.0, 0.0}), 10.0);
  }
  // The fibre direction turns with the body: the kernel sees the bond in the body's frame.
  PeriMaterial frame = mat;
  frame.fibre_angle = mat.fibre_angle + spec.angle;
  std::vector<double>& bond_c = cold->bond_c;
  bond_c.resize(b.bond_j.size());
  for (size_t i = 0; i < n; ++i)
    for (int32_t e = b.bond_start[i]; e < b.bond_start[i + 1]; ++e) {
      const size_t j = static_cast<size_t>(b.bond_j[e]);
      const double nx = b.bond_dx[e] / b.bond_len[e], ny = b.bond_dy[e] / b.bond_len[e];
      const double bx = ca * nx + sa * ny, by = -sa * nx + ca * ny;
      const double mx = 0.5 * (gx[i] + gx[j]), my = 0.5 * (gy[i] + gy[j]);
      const double G = 1.0 / std::sqrt((bx / mx) * (bx / mx) + (by / my) * (by / my));
      bond_c[e] = 0.5 * G * cal.c * frame.fibre_kernel(nx, ny) * b.vol[i] * b.vol[j];
    }
  intact->kinv.assign(4 * n, 0.0);
  std::vector<int32_t> all(n);
  for (size_t i = 0; i < n; ++i) all[i] = static_cast<int32_t>(i);
  refresh_shape_tensors(b, *intact, all);
  refresh_contact_skin(b, *intact);
  if (estimate_dt) b.stable_dt = estimate_stable_dt(spec);
  b.lattice = build_lattice(b);
  b.cold = cold;
  b.intact = intact;
  PeriBody body;
  body.model = std::move(model);
  body.stiffness = std::move(cold);
  body.damage = std::move(intact);
  body.x = b.X, body.y = b.Y;
  body.vx.assign(n, spec.velocity.x), body.vy.assign(n, spec.velocity.y);
  body.pinned.assign(n, 0);
  return body;
}

void drop_lattice(PeriBody& b) {
  auto model = std::make_shared<PeriBodyModel>(*b.model);
  model->lattice = {};
  b.model = std::move(model);
}

PeriBody build_body(const PeriBodySpec& spec) {
  const std::vector<Vec2> pts = peri_lattice_points(spec);
  if (pts.empty()) throw Error("body shape holds no lattice point");
  PeriBody b = build_body_from_points(spec, pts);
  if (!spec.motion.empty()) apply_motion(b, spec.motion);
  return b;
}

namespace {
int32_t find_bond(const PeriBodyModel& b, int32_t i, int32_t j) {
  for (int32_t e = b.bond_start[i]; e < b.bond_start[i + 1]; ++e)
    if (b.bond_j[e] == j) return e;
  return -1;
}
}  // namespace

void apply_motion(PeriBody& b, const PeriMotion& m) {
  const PeriBodyModel& m0 = *b.model;
  const size_t n = static_cast<size_t>(b.size());
  if (!m.x.empty()) {
    if (m.x.size() != n || m.y.size() != n || m.vx.size() != n || m.vy.size() != n)
      throw Error("motion has " + std::to_string(m.x.size()) + " points but the body builds " +
                  std::to_string(n));
    for (size_t i = 0; i < n; ++i)
      if (!std::isfinite(m.x[i]) || !std::isfinite(m.y[i]) || !std::isfinite(m.vx[i]) ||
          !std::isfinite(m.vy[i]))
        throw Error("motion of point " + std::to_string(i) + " is not finite");
  }
  if (!m.heat.empty()) {
    if (m.heat.size() != n)
      throw Error("heat has " + std::to_string(m.heat.size()) + " points but the body builds " +
                  std::to_string(n));
    for (size_t i = 0; i < n; ++i)
      if (!(m.heat[i] >= 0.0 && m.heat[i] <= 1.0))
        throw Error("heat of point " + std::to_string(i) + " is not in 0..1");
  }
  std::vector<int32_t> halves;
  for (const auto& [i, j] : m.broken) {
    const bool in_range = i >= 0 && j >= 0 && i < b.size() && j < b.size();
    const int32_t e = in_range ? find_bond(m0, i, j) : -1;
    if (e < 0)
      throw Error("broken bond " + std::to_string(i) + " " + std::to_string(j) +
                  " is not a bond of the body");
    halves.push_back(e), halves.push_back(m0.bond_rev[static_cast<size_t>(e)]);
  }
  if (!m.x.empty()) b.x = m.x, b.y = m.y, b.vx = m.vx, b.vy = m.vy;
  std::vector<int32_t> touched;  // both ends of each newly broken bond
  for (int32_t e : halves)
    if (!b.damage->bond_broken[static_cast<size_t>(e)])
      touched.push_back(m0.bond_j[static_cast<size_t>(e)]);
  std::sort(touched.begin(), touched.end());
  touched.erase(std::unique(touched.begin(), touched.end()), touched.end());
  break_bonds(b, halves, touched);
  if (!m.heat.empty()) b.heat = m.heat, apply_softening(b);
}

PeriMotion current_motion(const PeriBody& b) {
  const PeriBodyModel& m0 = *b.model;
  const std::vector<int32_t>& broken = b.damage->bond_broken;
  PeriMotion m;
  bool moved = false;
  for (int32_t i = 0; i < b.size() && !moved; ++i)
    moved = b.x[i] != m0.X[i] || b.y[i] != m0.Y[i] || b.vx[i] != m0.spec.velocity.x ||
            b.vy[i] != m0.spec.velocity.y;
  if (moved) m.x = b.x, m.y = b.y, m.vx = b.vx, m.vy = b.vy;
  for (int32_t i = 0; i < b.size(); ++i)
    for (int32_t e = m0.bond_start[i]; e < m0.bond_start[i + 1]; ++e)
      if (broken[e] && i < m0.bond_j[e]) m.broken.emplace_back(i, m0.bond_j[e]);
  if (heated_points(b) > 0) m.heat = b.heat;
  return m;
}

}  // namespace mb
