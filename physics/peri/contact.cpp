#include "physics/peri/contact.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

namespace mb {

namespace {
// Bands of hash rows of a threaded list build: enough to balance the threads.
constexpr int64_t kBands = 16;

// Removes the velocity component into a wall (normal n points into the box) and applies
// Coulomb friction to the tangential part.
void wall_hit(double& vx, double& vy, Vec2 n, double friction) {
  const double vn = vx * n.x + vy * n.y;
  if (vn >= 0.0) return;
  vx -= vn * n.x, vy -= vn * n.y;
  const Vec2 t{-n.y, n.x};
  const double vt = vx * t.x + vy * t.y;
  const double cut = std::min(std::abs(vt), friction * -vn);
  const double dv = vt > 0.0 ? -cut : cut;
  vx += dv * t.x, vy += dv * t.y;
}
}  // namespace

void collide_walls(PeriBody& b, const Box& box, double friction) {
  for (int32_t i = 0; i < b.size(); ++i) {
    if (b.pinned[i]) continue;
    const double r = b.damage->skin_radius[i];  // contact_skin.hpp
    const double x0 = box.min.x + r, x1 = box.max.x - r, y0 = box.min.y + r, y1 = box.max.y - r;
    double& x = b.x[i];
    double& y = b.y[i];
    if (x < x0) x = x0, wall_hit(b.vx[i], b.vy[i], {1.0, 0.0}, friction);
    if (x > x1) x = x1, wall_hit(b.vx[i], b.vy[i], {-1.0, 0.0}, friction);
    if (y < y0) y = y0, wall_hit(b.vx[i], b.vy[i], {0.0, 1.0}, friction);
    if (y > y1) y = y1, wall_hit(b.vx[i], b.vy[i], {0.0, -1.0}, friction);
  }
}

bool PeriContacts::stale(const std::vector<PeriBody>& bodies, bool self_contact) const {
  if (self_contact != self_contact_ || rebuilds_ == 0) return true;
  size_t n = 0;
  for (const PeriBody& b : bodies) n += static_cast<size_t>(b.size());
  if (n != refs_.size()) return true;
  // Two points' distance changes by at most 2 r + D since the build, r the largest move of a
  // point relative to its body's mean move and D the largest difference of two bodies' mean
  // moves: while that stays within the skin, no pair left off the list (farther apart than
  // reach + skin then) can touch. A body falling or sliding whole keeps its list.
  std::vector<Vec2>& mean = mean_moves_;
  mean.assign(bodies.size(), Vec2{0.0, 0.0});
  for (size_t a = 0; a < n; ++a) {
    const PeriBody& b = bodies[static_cast<size_t>(refs_[a].body)];
    const size_t i = static_cast<size_t>(refs_[a].point);
    mean[static_cast<size_t>(refs_[a].body)] += Vec2{b.x[i] - xs_[a], b.y[i] - ys_[a]};
  }
  for (size_t k = 0; k < bodies.size(); ++k)
    if (bodies[k].size() > 0) mean[k] /= static_cast<double>(bodies[k].size());
  double drift = 0.0;
  for (size_t k = 0; k < mean.size(); ++k)
    for (size_t l = k + 1; l < mean.size(); ++l)
      drift = std::max(drift, glm::length(mean[k] - mean[l]));
  const double room = 0.5 * (skin_ - drift);  // r may be up to this
  if (room <= 0.0) return true;
  for (size_t a = 0; a < n; ++a) {
    const PeriBody& b = bodies[static_cast<size_t>(refs_[a].body)];
    const size_t i = static_cast<size_t>(refs_[a].point);
    const Vec2 m = mean[static_cast<size_t>(refs_[a].body)];
    const double dx = b.x[i] - xs_[a] - m.x, dy = b.y[i] - ys_[a] - m.y;
    if (dx * dx + dy * dy > room * room) return true;
  }
  return false;
}

void PeriContacts::rebuild(const std::vector<PeriBody>& bodies, bool self_contact,
                           WorkerPool* pool) {
  xs_.clear(), ys_.clear(), refs_.clear(), pairs_.clear();
  double reach = 0.0;
  for (size_t k = 0; k < bodies.size(); ++k) {
    const PeriBody& b = bodies[k];
    for (int32_t i = 0; i < b.size(); ++i) {
      xs_.push_back(b.x[i]), ys_.push_back(b.y[i]);
      refs_.push_back({static_cast<int32_t>(k), i});
    }
    reach = std::max(reach, 2.0 * b.point_radius());
  }
  self_contact_ = self_contact;
  ++rebuilds_;
  if (xs_.empty()) return;
  skin_ = 0.5 * reach;
  const double cut = reach + skin_;
  hash_.build(xs_, ys_, cut);
  // The points in the hash's cell order: each cell pair's loops read two runs of these.
  const std::span<const uint32_t> items = hash_.items();
  const size_t n = xs_.size();
  cells_.resize(n);
  for (size_t k = 0; k < n; ++k) {
    const Ref r = refs_[items[k]];
    const PeriBody& b = bodies[static_cast<size_t>(r.body)];
    cells_[k] = {xs_[items[k]], ys_[items[k]], b.model->X[r.point], b.model->Y[r.point], r.body};
  }
  const int rows = hash_.rows();
  const int64_t bands =
      pool != nullptr && pool->threads() > 1 ? std::min<int64_t>(kBands, rows) : 1;
  band_pairs_.resize(static_cast<size_t>(bands));
  const double cut2 = cut * cut;
  auto find_pairs = [&](int64_t band) {
    std::vector<Pair>& out = band_pairs_[static_cast<size_t>(band)];
    out.clear();
    const int row0 = static_cast<int>(rows * band / bands);
    const int row1 = static_cast<int>(rows * (band + 1) / bands);
    hash_.for_each_item_pair(row0, row1, [&](uint32_t p, uint32_t q) {
      const CellPoint &u = cells_[p], &v = cells_[q];
      const double dx = v.x - u.x, dy = v.y - u.y;
      if (dx * dx + dy * dy >= cut2) return;  // most pairs of neighbouring cells
      if (u.body == v.body) {                 // one body: only parts beyond the horizon collide
        if (!self_contact) return;
        const PeriBody& b = bodies[static_cast<size_t>(u.body)];
        const double h = b.spec().horizon * b.spec().spacing * (1.0 + 1e-9);
        const double rx = v.X - u.X, ry = v.Y - u.Y;
        if (rx * rx + ry * ry <= h * h) return;
      }
      const uint32_t a = std::min(items[p], items[q]), c = std::max(items[p], items[q]);
      out.push_back({refs_[a], refs_[c]});
    });
  };
  if (bands == 1)
    find_pairs(0);
  else
    pool->run(bands, find_pairs, 1);
  for (const std::vector<Pair>& band : band_pairs_)
    pairs_.insert(pairs_.end(), band.begin(), band.end());
  // Resolved in (a, c) order, not in the hash's order around a, which depends on where the
  // points stood at the build: so a list built at another moment (a world loaded from a
  // save, say) resolves the same contacts in the same order, and the run is the same bit
  // for bit.
  const auto by_index = [](const Pair& p, const Pair& q) {
    return std::tie(p.a.body, p.a.point, p.c.body, p.c.point) <
           std::tie(q.a.body, q.a.point, q.c.body, q.c.point);
  };
  std::sort(pairs_.begin(), pairs_.end(), by_index);
}

int64_t PeriContacts::resolve(std::vector<PeriBody>& bodies, double friction, bool self_contact,
                              const std::vector<uint8_t>* active, WorkerPool* pool) {
  if (stale(bodies, self_contact)) rebuild(bodies, self_contact, pool);
  int64_t count = 0;
  for (const Pair& pair : pairs_) {
    if (active && (!(*active)[static_cast<size_t>(pair.a.body)] ||
                   !(*active)[static_cast<size_t>(pair.c.body)]))
      continue;
    PeriBody& ba = bodies[static_cast<size_t>(pair.a.body)];
    PeriBody& bc = bodies[static_cast<size_t>(pair.c.body)];
    const int32_t i = pair.a.point, j = pair.c.point;
    // Current positions (earlier contacts this pass may have moved them).
    const double dx = bc.x[j] - ba.x[i], dy = bc.y[j] - ba.y[i];
    const double rmin = ba.point_radius() + bc.point_radius();
    const double d2 = dx * dx + dy * dy;
    if (d2 >= rmin * rmin) continue;
    ContactPoint a{ba.x[i], ba.y[i], ba.vx[i], ba.vy[i],
                   ba.pinned[i] ? 0.0 : 1.0 / ba.model->mass[i]};
    ContactPoint c{bc.x[j], bc.y[j], bc.vx[j], bc.vy[j],
                   bc.pinned[j] ? 0.0 : 1.0 / bc.model->mass[j]};
    count += separate(a, c, std::sqrt(d2), rmin, friction);
  }
  return count;
}

bool separate(ContactPoint a, ContactPoint c, double d, double rmin, double friction) {
  const double dx = c.x - a.x, dy = c.y - a.y;
  double nx = 1.0, ny = 0.0;
  if (d > 1e-12) nx = dx / d, ny = dy / d;
  const double w = a.w + c.w;
  if (w <= 0.0) return false;
  const double push = (rmin - d) / w;
  a.x -= push * a.w * nx, a.y -= push * a.w * ny;
  c.x += push * c.w * nx, c.y += push * c.w * ny;
  // Relative velocity of c with respect to a.
  const double rvx = c.vx - a.vx, rvy = c.vy - a.vy;
  const double vn = rvx * nx + rvy * ny;
  if (vn >= 0.0) return true;  // separating
  const double tx = -ny, ty = nx;
  const double vt = rvx * tx + rvy * ty;
  const double jt = std::min(std::abs(vt), friction * -vn) * (vt > 0.0 ? -1.0 : 1.0);
  // Impulse per unit (inverse-mass-weighted) velocity change: -vn normal, jt tangential.
  const double ix = (-vn * nx + jt * tx) / w, iy = (-vn * ny + jt * ty) / w;
  a.vx -= ix * a.w, a.vy -= iy * a.w;
  c.vx += ix * c.w, c.vy += iy * c.w;
  return true;
}

}  // namespace mb
