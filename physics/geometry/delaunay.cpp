#include "physics/geometry/delaunay.hpp"

#include <algorithm>

#include "physics/core/error.hpp"

namespace mb {

namespace {

// > 0 when p is strictly inside the circumcircle of the counter-clockwise triangle a, b, c
// (the lifted-paraboloid determinant, Guibas & Stolfi, ACM Trans. Graph. 4(2), 1985).
double incircle(Vec2 a, Vec2 b, Vec2 c, Vec2 p) {
  const double adx = a.x - p.x, ady = a.y - p.y, bdx = b.x - p.x, bdy = b.y - p.y, cdx = c.x - p.x,
               cdy = c.y - p.y;
  return (adx * adx + ady * ady) * (bdx * cdy - cdx * bdy) -
         (bdx * bdx + bdy * bdy) * (adx * cdy - cdx * ady) +
         (cdx * cdx + cdy * cdy) * (adx * bdy - bdx * ady);
}

struct Triangle {
  std::array<int32_t, 3> v;  // counter-clockwise
  std::array<int32_t, 3> n;  // n[i]: the triangle across the edge opposite v[i], or -1
};

class BowyerWatson {
 public:
  explicit BowyerWatson(std::span<const Vec2> points) : pts_(points.begin(), points.end()) {
    const size_t count = pts_.size();
    Vec2 lo = pts_.empty() ? Vec2{0.0, 0.0} : pts_[0], hi = lo;
    for (const Vec2& p : pts_) lo = glm::min(lo, p), hi = glm::max(hi, p);
    // A super-triangle far outside: its triangles are dropped at the end. Far enough that
    // its vertices barely bend the circumcircles of the hull's triangles.
    const Vec2 c = 0.5 * (lo + hi);
    const double m = 1e3 * std::max({hi.x - lo.x, hi.y - lo.y, 1.0});
    pts_.push_back(c + Vec2{-2.0 * m, -m});
    pts_.push_back(c + Vec2{2.0 * m, -m});
    pts_.push_back(c + Vec2{0.0, 2.0 * m});
    const auto n = static_cast<int32_t>(count);
    tris_.push_back({{n, n + 1, n + 2}, {-1, -1, -1}});
    for (int32_t i = 0; i < n; ++i) insert(i);
    super_ = n;
  }

  std::vector<std::array<int32_t, 3>> result() const {
    std::vector<std::array<int32_t, 3>> out;
    for (size_t t = 0; t < tris_.size(); ++t) {
      if (dead_[t]) continue;
      const auto& v = tris_[t].v;
      if (v[0] < super_ && v[1] < super_ && v[2] < super_) out.push_back(v);
    }
    return out;
  }

 private:
  bool contains_circle(int32_t t, Vec2 p) const {
    const auto& v = tris_[t].v;
    return incircle(pts_[v[0]], pts_[v[1]], pts_[v[2]], p) > 0.0;
  }

  // The triangle holding p: a walk from the last triangle made, across any edge p lies
  // beyond; a scan of every triangle should rounding ever make the walk circle.
  int32_t locate(Vec2 p) const {
    int32_t t = last_;
    for (size_t steps = 0; steps < tris_.size() + 8; ++steps) {
      const Triangle& T = tris_[t];
      int32_t next = -1;
      for (int i = 0; i < 3 && next < 0; ++i)
        if (T.n[i] >= 0 && orient(pts_[T.v[(i + 1) % 3]], pts_[T.v[(i + 2) % 3]], p) < 0.0)
          next = T.n[i];
      if (next < 0) return t;
      t = next;
    }
    for (size_t k = 0; k < tris_.size(); ++k) {
      if (dead_[k]) continue;
      const auto& v = tris_[k].v;
      if (orient(pts_[v[0]], pts_[v[1]], p) >= 0.0 && orient(pts_[v[1]], pts_[v[2]], p) >= 0.0 &&
          orient(pts_[v[2]], pts_[v[0]], p) >= 0.0)
        return static_cast<int32_t>(k);
    }
    throw Error("delaunay: a point lies outside the super-triangle");  // not for finite points
  }

  void insert(int32_t ip) {
    const Vec2 p = pts_[ip];
    dead_.resize(tris_.size(), 0);
    bad_mark_.resize(tris_.size(), -1);
    seen_mark_.resize(tris_.size(), -1);
    // The cavity: every triangle whose circumcircle holds p, grown from the one holding p
    // (they form a connected, star-shaped region around p).
    bad_.clear();
    const int32_t first = locate(p);
    bad_.push_back(first);
    bad_mark_[first] = seen_mark_[first] = ip;
    for (size_t k = 0; k < bad_.size(); ++k)
      for (int32_t nb : tris_[bad_[k]].n) {
        if (nb < 0 || seen_mark_[nb] == ip) continue;
        seen_mark_[nb] = ip;
        if (contains_circle(nb, p)) bad_mark_[nb] = ip, bad_.push_back(nb);
      }
    // Its boundary edges, each with the triangle outside it.
    edges_.clear();
    for (int32_t t : bad_)
      for (int i = 0; i < 3; ++i) {
        const int32_t nb = tris_[t].n[i];
        if (nb >= 0 && bad_mark_[nb] == ip) continue;
        edges_.push_back({tris_[t].v[(i + 1) % 3], tris_[t].v[(i + 2) % 3], nb});
      }
    // One new triangle (a, b, p) per boundary edge: the removed slots first, then new ones.
    new_ids_.clear();
    for (size_t e = 0; e < edges_.size(); ++e) {
      int32_t id;
      if (e < bad_.size()) {
        id = bad_[e];
      } else {
        id = static_cast<int32_t>(tris_.size());
        tris_.push_back({});
        dead_.push_back(0), bad_mark_.push_back(-1), seen_mark_.push_back(-1);
      }
      new_ids_.push_back(id);
    }
    for (size_t e = 0; e < edges_.size(); ++e) {
      const auto& E = edges_[e];
      Triangle& T = tris_[new_ids_[e]];
      T.v = {E.a, E.b, ip};
      T.n = {-1, -1, E.outside};
      if (E.outside >= 0) {  // its edge a-b is the one opposite its third vertex
        Triangle& O = tris_[E.outside];
        for (int i = 0; i < 3; ++i)
          if (O.v[i] != E.a && O.v[i] != E.b) O.n[i] = new_ids_[e];
      }
    }
    // Neighbours among the new triangles: (a, b, p) meets (b, c, p) across b-p and
    // (z, a, p) across p-a. The cavity's boundary is short (about six edges).
    for (size_t e = 0; e < edges_.size(); ++e)
      for (size_t f = 0; f < edges_.size(); ++f) {
        if (edges_[f].a == edges_[e].b) tris_[new_ids_[e]].n[0] = new_ids_[f];
        if (edges_[f].b == edges_[e].a) tris_[new_ids_[e]].n[1] = new_ids_[f];
      }
    for (size_t e = edges_.size(); e < bad_.size(); ++e) dead_[bad_[e]] = 1;
    last_ = new_ids_.front();
  }

  struct Edge {
    int32_t a, b, outside;
  };
  std::vector<Vec2> pts_;
  std::vector<Triangle> tris_;
  std::vector<uint8_t> dead_;
  std::vector<int32_t> bad_mark_, seen_mark_, bad_, new_ids_;
  std::vector<Edge> edges_;
  int32_t last_ = 0;
  int32_t super_ = 0;
};

}  // namespace

std::vector<std::array<int32_t, 3>> delaunay_triangles(std::span<const Vec2> points) {
  if (points.size() < 3) return {};
  return BowyerWatson(points).result();
}

}  // namespace mb
