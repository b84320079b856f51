#include "physics/springs/lattice.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <string>

#include "physics/core/error.hpp"
#include "physics/geometry/scanline.hpp"
#include "physics/springs/amorphous_lattice.hpp"

namespace mb {

namespace {
// Points exactly on a region's edge count as inside.
constexpr double kEdgeTolerance = 1e-9;

int parity(int64_t j) {
  return static_cast<int>(((j % 2) + 2) % 2);
}

double cell_area(const SimulatorSettings& settings) {
  const double s = settings.lattice_spacing();
  // The amorphous lattice has the hexagonal one's density (amorphous_lattice.hpp).
  return settings.lattice == LatticeType::Square ? s * s : s * s * std::sqrt(3.0) / 2.0;
}

// contains() (nonzero winding) for many points: each edge is listed in the horizontal bands
// its y-range meets, and a point counts the crossings of its band's edges only (an edge
// that crosses the point's height lies in its band), so a point costs the edges near its
// height rather than all of them.
class BandedPolygon {
 public:
  explicit BandedPolygon(const Polygon& poly) : poly_(poly) {
    const Box box = bounding_box(poly);
    y0_ = box.min.y;
    bands_ = static_cast<int>(std::clamp<size_t>(poly.size() / 4, 1, 4096));
    height_ = std::max((box.max.y - box.min.y) / bands_, 1e-300);
    start_.assign(static_cast<size_t>(bands_) + 1, 0);
    for (int pass = 0; pass < 2; ++pass) {
      std::vector<uint32_t> fill(start_.begin(), start_.end() - 1);
      if (pass == 1) edges_.resize(start_.back());
      for (size_t e = 0; e < poly.size(); ++e) {
        const Vec2 a = poly[e], b = poly[(e + 1) % poly.size()];
        for (int k = band(std::min(a.y, b.y)); k <= band(std::max(a.y, b.y)); ++k) {
          if (pass == 0)
            ++start_[k + 1];
          else
            edges_[fill[k]++] = static_cast<int32_t>(e);
        }
      }
      if (pass == 0)
        for (int k = 0; k < bands_; ++k) start_[k + 1] += start_[k];
    }
  }
  bool contains(Vec2 p) const {
    if (p.y < y0_ || p.y > y0_ + height_ * bands_) return false;
    const int k = band(p.y);
    int winding = 0;
    for (uint32_t i = start_[k]; i < start_[k + 1]; ++i) {
      const size_t e = static_cast<size_t>(edges_[i]);
      const Vec2 a = poly_[e], b = poly_[(e + 1) % poly_.size()];
      const double side = (b.x - a.x) * (p.y - a.y) - (p.x - a.x) * (b.y - a.y);
      if (a.y <= p.y) {
        if (b.y > p.y && side > 0) ++winding;
      } else if (b.y <= p.y && side < 0) {
        --winding;
      }
    }
    return winding != 0;
  }

 private:
  int band(double y) const {
    return std::clamp(static_cast<int>(std::floor((y - y0_) / height_)), 0, bands_ - 1);
  }
  const Polygon& poly_;
  double y0_ = 0.0, height_ = 1.0;
  int bands_ = 1;
  std::vector<uint32_t> start_;
  std::vector<int32_t> edges_;
};

std::string count_text(double n) {
  return n < 1e15 ? std::to_string(static_cast<long long>(n)) : std::to_string(n);
}

// Columns i0..i1 and rows j0..j1 of the lattice anchored at `anchor` that cover `bounds`.
struct LatticeFrame {
  double s, row, shift;
  int64_t i0, i1, j0, j1;
};

LatticeFrame frame_for(const Box& bounds, Vec2 anchor, const SimulatorSettings& settings) {
  const bool hex = settings.lattice == LatticeType::Hexagonal;
  LatticeFrame f;
  f.s = settings.lattice_spacing();
  f.row = hex ? f.s * std::sqrt(3.0) / 2.0 : f.s;
  f.shift = hex ? f.s / 2.0 : 0.0;
  const double rows = (bounds.max.y - bounds.min.y) / f.row,
               cols = (bounds.max.x - bounds.min.x) / f.s;
  if (!(rows <= static_cast<double>(kMaxLatticeRows)) ||
      !(cols <= static_cast<double>(kMaxLatticeRows)))
    throw Error("the region spans " + count_text(std::max(rows, cols)) +
                " lattice spacings across (at most " + std::to_string(kMaxLatticeRows) +
                " allowed)");
  f.j0 = static_cast<int64_t>(std::floor((bounds.min.y - anchor.y) / f.row)) - 1;
  f.j1 = static_cast<int64_t>(std::ceil((bounds.max.y - anchor.y) / f.row)) + 1;
  f.i0 = static_cast<int64_t>(std::floor((bounds.min.x - anchor.x) / f.s)) - 1;
  f.i1 = static_cast<int64_t>(std::ceil((bounds.max.x - anchor.x) / f.s)) + 1;
  return f;
}

// Builds the network row by row: `row_inside(j, y, x_of, columns)` appends, in increasing
// order, the columns of row j (at height y; column i at x_of(i)) that hold a particle.
// Particles are numbered row by row, and each joins its left neighbour and its neighbours
// in the row below, so only two rows are kept at a time.
using RowFilter =
    std::function<void(int64_t j, double y, const LatticeFrame& f,
                       const std::function<double(int64_t)>& x_of, std::vector<int64_t>& columns)>;

SpringNetwork build_rows(const Box& bounds, Vec2 anchor, const SimulatorSettings& settings,
                         const RowFilter& row_inside) {
  const LatticeFrame f = frame_for(bounds, anchor, settings);
  const bool hex = settings.lattice == LatticeType::Hexagonal;
  const double L = settings.default_length, k = settings.default_stiffness;
  SpringNetwork net;
  struct Cell {
    int64_t i;
    int32_t id;
  };
  std::vector<Cell> below, here;
  std::vector<int64_t> columns;
  auto find = [](const std::vector<Cell>& row, int64_t i) -> int32_t {
    const auto it = std::lower_bound(row.begin(), row.end(), i,
                                     [](const Cell& c, int64_t v) { return c.i < v; });
    return it != row.end() && it->i == i ? it->id : -1;
  };
  auto join = [&](int32_t p, int32_t q) {
    if (q >= 0) net.add_spring(p, q, L, k);
  };
  for (int64_t j = f.j0; j <= f.j1; ++j) {
    const double y = anchor.y + static_cast<double>(j) * f.row;
    const double offset = parity(j) * f.shift;
    const auto x_of = [&](int64_t i) { return anchor.x + static_cast<double>(i) * f.s + offset; };
    columns.clear();
    row_inside(j, y, f, x_of, columns);
    if (net.particle_count() + static_cast<int64_t>(columns.size()) > kMaxSpotParticles)
      throw Error("the spot holds more than the " + std::to_string(kMaxSpotParticles) +
                  " particles allowed");
    here.clear();
    for (int64_t i : columns) {
      const int32_t p = net.add_particle(x_of(i), y, settings.default_radius);
      if (!here.empty() && here.back().i == i - 1) join(p, here.back().id);  // left
      if (!hex) {
        join(p, find(below, i));    // below
      } else if (parity(j) == 1) {  // odd row sits s/2 right of the row below
        join(p, find(below, i));
        join(p, find(below, i + 1));
      } else {
        join(p, find(below, i - 1));
        join(p, find(below, i));
      }
      here.push_back({i, p});
    }
    std::swap(below, here);
  }
  return net;
}

}  // namespace

void check_spot_area(double region_area, const SimulatorSettings& settings) {
  const double estimate = region_area / cell_area(settings);
  if (!(estimate <= static_cast<double>(kMaxSpotParticles)))
    throw Error("the spot would hold about " + count_text(estimate) +
                " particles at lattice spacing " + std::to_string(settings.lattice_spacing()) +
                " (at most " + std::to_string(kMaxSpotParticles) + " allowed)");
}

SpringNetwork build_lattice(const Box& bounds, Vec2 anchor, const std::function<bool(Vec2)>& inside,
                            const SimulatorSettings& settings) {
  if (settings.lattice == LatticeType::Amorphous) {
    const auto in_box = [&](Vec2 p) {
      return p.x >= bounds.min.x - kEdgeTolerance && p.x <= bounds.max.x + kEdgeTolerance &&
             p.y >= bounds.min.y - kEdgeTolerance && p.y <= bounds.max.y + kEdgeTolerance &&
             inside(p);
    };
    return amorphous_network(bounds, anchor, in_box, settings);
  }
  return build_rows(bounds, anchor, settings,
                    [&](int64_t, double y, const LatticeFrame& f,
                        const std::function<double(int64_t)>& x_of, std::vector<int64_t>& out) {
                      if (y < bounds.min.y - kEdgeTolerance || y > bounds.max.y + kEdgeTolerance)
                        return;
                      for (int64_t i = f.i0; i <= f.i1; ++i) {
                        const Vec2 p{x_of(i), y};
                        if (p.x < bounds.min.x - kEdgeTolerance ||
                            p.x > bounds.max.x + kEdgeTolerance || !inside(p))
                          continue;
                        out.push_back(i);
                      }
                    });
}

SpringNetwork circle_spot(Vec2 center, double radius, const SimulatorSettings& settings) {
  check_spot_area(std::numbers::pi * radius * radius, settings);
  const Box box{center - Vec2{radius, radius}, center + Vec2{radius, radius}};
  return build_lattice(
      box, center, [&](Vec2 p) { return glm::length(p - center) <= radius + kEdgeTolerance; },
      settings);
}

SpringNetwork rectangle_spot(Vec2 min, Vec2 max, const SimulatorSettings& settings) {
  check_spot_area((max.x - min.x) * (max.y - min.y), settings);
  return build_lattice(
      Box{min, max}, min, [](Vec2) { return true; }, settings);
}

SpringNetwork polygon_spot(const Polygon& outline, const SimulatorSettings& settings) {
  check_spot_area(area(outline), settings);
  const Box box = bounding_box(outline);
  if (settings.lattice == LatticeType::Amorphous) {
    const BandedPolygon region(outline);
    return amorphous_network(
        box, box.min, [&](Vec2 p) { return region.contains(p); }, settings);
  }
  PolygonScanner scanner(outline);
  return build_rows(
      box, box.min, settings,
      [&](int64_t, double y, const LatticeFrame& f, const std::function<double(int64_t)>& x_of,
          std::vector<int64_t>& out) { scanner.row(y, f.i0, f.i1, x_of, out); });
}

SpringNetwork mask_spot(const GreyMask& mask, const SimulatorSettings& settings) {
  size_t material = 0;
  for (uint8_t v : mask.pixels) material += v > 0 ? 1 : 0;
  check_spot_area(static_cast<double>(material), settings);
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
