#include "physics/peri/obstacle_contact.hpp"

#include <algorithm>
#include <cmath>
#include <tuple>

#include "physics/peri/contact.hpp"

namespace mb {

namespace {
// The list's skin, in point radii. The obstacles hold still, so a build lasts until some
// point has moved the skin: with two radii a landing body rebuilt its list 270 times over
// the large world benchmark's 150 ticks, against 457 with one (and 766 before, when a
// build lasted half a radius); the longer list costs little, its pairs lie at the contact.
constexpr double kSkinRadii = 2.0;
}  // namespace

void PeriObstacleContacts::begin_tick(const ContactView* obstacles) {
  obs_ = obstacles != nullptr && !obstacles->empty() ? obstacles : nullptr;
  built_ = false;
  hash_reach_ = 0.0;
}

bool PeriObstacleContacts::stale(const std::vector<PeriBody>& bodies) const {
  if (!built_) return true;
  const double limit = skin_ * skin_;
  size_t a = 0;
  for (const PeriBody& b : bodies)
    for (int32_t i = 0; i < b.size(); ++i, ++a) {
      if (a >= xs_.size()) return true;
      const double dx = b.x[i] - xs_[a], dy = b.y[i] - ys_[a];
      if (dx * dx + dy * dy > limit) return true;
    }
  return a != xs_.size();
}

void PeriObstacleContacts::rebuild(const std::vector<PeriBody>& bodies) {
  built_ = true;
  ++rebuilds_;
  xs_.clear(), ys_.clear(), pairs_.clear();
  double r_skin = 0.0, r_surface = 0.0;  // the largest skin radius and point radius
  for (const PeriBody& b : bodies) {
    xs_.insert(xs_.end(), b.x.begin(), b.x.end());
    ys_.insert(ys_.end(), b.y.begin(), b.y.end());
    r_skin = std::max(r_skin, b.damage->max_skin_radius);
    r_surface = std::max(r_surface, b.point_radius());
  }
  const double r_obstacle = obs_->max_radius();
  skin_ = kSkinRadii * r_surface;
  reach_ = r_skin + r_obstacle + skin_;
  if (reach_ != hash_reach_) hash_.build(obs_->x, obs_->y, reach_), hash_reach_ = reach_;
  for (size_t k = 0; k < bodies.size(); ++k) {
    const PeriBody& b = bodies[k];
    for (int32_t i = 0; i < b.size(); ++i)
      hash_.for_each_near({b.x[i], b.y[i]}, reach_, [&](int32_t m) {
        const double dx = obs_->x[m] - b.x[i], dy = obs_->y[m] - b.y[i];
        const double cut = b.damage->skin_radius[i] + obs_->radius[m] + skin_;
        if (dx * dx + dy * dy < cut * cut) pairs_.push_back({static_cast<int32_t>(k), i, m});
      });
  }
  // In index order, not the hash's order around the point (which depends on where it stood
  // at the build): a list built at another moment resolves the same contacts in the same
  // order (as in contact.cpp).
  std::sort(pairs_.begin(), pairs_.end(), [](const Pair& p, const Pair& q) {
    return std::tie(p.body, p.point, p.obstacle) < std::tie(q.body, q.point, q.obstacle);
  });
}

int64_t PeriObstacleContacts::resolve(std::vector<PeriBody>& bodies, double friction,
                                      const std::vector<uint8_t>* active) {
  if (obs_ == nullptr) return 0;
  if (stale(bodies)) rebuild(bodies);
  int64_t count = 0;
  for (const Pair& p : pairs_) {
    if (active && !(*active)[static_cast<size_t>(p.body)]) continue;
    PeriBody& b = bodies[static_cast<size_t>(p.body)];
    const int32_t i = p.point;
    if (b.pinned[i]) continue;
    double ox = obs_->x[p.obstacle], oy = obs_->y[p.obstacle], ovx = 0.0, ovy = 0.0;
    const double dx = ox - b.x[i], dy = oy - b.y[i];
    const double rmin = b.damage->skin_radius[i] + obs_->radius[p.obstacle];
    const double d2 = dx * dx + dy * dy;
    if (d2 >= rmin * rmin) continue;
    ContactPoint point{b.x[i], b.y[i], b.vx[i], b.vy[i], 1.0 / b.model->mass[i]};
    ContactPoint obstacle{ox, oy, ovx, ovy, 0.0};
    count += separate(point, obstacle, std::sqrt(d2), rmin, friction);
  }
  return count;
}

}  // namespace mb
