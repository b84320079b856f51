#include "physics/world/body_push.hpp"

#include <algorithm>
#include <cmath>

#include "physics/world/contact_views.hpp"

namespace mb {

bool BodyPush::begin(const PeriSystem& bodies, const SpringNetwork& net,
                     const SimulatorSettings& settings) {
  xs_.clear(), ys_.clear(), rs_.clear();
  r_max_ = 0.0;
  for (const PeriBody& b : bodies.bodies) {
    xs_.insert(xs_.end(), b.x.begin(), b.x.end());
    ys_.insert(ys_.end(), b.y.begin(), b.y.end());
    rs_.insert(rs_.end(), b.x.size(), b.point_radius());
    r_max_ = std::max(r_max_, b.point_radius());
  }
  if (xs_.empty() || net.particle_count() == 0) return false;
  double k_max = 0.0;
  for (double k : net.stiffness) k_max = std::max(k_max, k);
  k_ = kBodyPushStiffness * (k_max > 0.0 ? k_max : settings.default_stiffness);
  half_gap_ = particle_contact_gap(settings);  // R_c = R + this (contact_views.hpp)
  skin_ = kBodyPushSkin * settings.default_length;
  double r_particle = 0.0;
  for (double r : net.radius) r_particle = std::max(r_particle, r);
  const double reach = r_max_ + r_particle + half_gap_ + skin_;
  const auto [x0, x1] = std::minmax_element(xs_.begin(), xs_.end());
  const auto [y0, y1] = std::minmax_element(ys_.begin(), ys_.end());
  xlo_ = *x0 - reach, xhi_ = *x1 + reach, ylo_ = *y0 - reach, yhi_ = *y1 + reach;
  hash_.build(xs_, ys_, reach);
  return true;
}

void BodyPush::add_forces(const SpringNetwork& net, const std::vector<int32_t>& mobile, double* fx,
                          double* fy) const {
  for (int32_t i : mobile) {
    const double px = net.x[i], py = net.y[i];
    if (px < xlo_ || px > xhi_ || py < ylo_ || py > yhi_) continue;  // far from every body
    const double rc = net.radius[i] + half_gap_ + skin_;
    hash_.for_each_near({px, py}, rc + r_max_, [&](int32_t q) {
      const double dx = px - xs_[q], dy = py - ys_[q];
      const double reach = rc + rs_[q];
      const double d2 = dx * dx + dy * dy;
      if (d2 >= reach * reach || d2 == 0.0) return;  // apart (or coincident: no direction)
      const double d = std::sqrt(d2);
      const double f = k_ * (reach - d) / d;
      fx[i] += f * dx;
      fy[i] += f * dy;
    });
  }
}

}  // namespace mb
