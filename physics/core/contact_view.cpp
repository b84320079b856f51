#include "physics/core/contact_view.hpp"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace mb {

double max_abs(const std::vector<double>& v) {
  double m = 0.0;
  for (double a : v) m = std::max(m, std::fabs(a));
  return m;
}

void ContactView::clear() {
  x.clear(), y.clear(), vx.clear(), vy.clear(), ux.clear(), uy.clear();
  radius.clear(), inv_mass.clear(), wall_kT.clear();
  jx.clear(), jy.clear(), hits.clear(), heat.clear(), work.clear();
}

void ContactView::add(double px, double py, double pvx, double pvy, double r, double w) {
  x.push_back(px), y.push_back(py), vx.push_back(pvx), vy.push_back(pvy);
  ux.push_back(pvx), uy.push_back(pvy);
  radius.push_back(r), inv_mass.push_back(w), wall_kT.push_back(0.0);
}

void ContactView::reset_outputs() {
  jx.assign(x.size(), 0.0);
  jy.assign(x.size(), 0.0);
  hits.assign(x.size(), 0);
  heat.assign(x.size(), 0.0);
  work.assign(x.size(), 0.0);
}

double ContactView::max_radius() const {
  return max_abs(radius);
}
double ContactView::max_speed_x() const {
  return max_abs(vx);
}
double ContactView::max_speed_y() const {
  return max_abs(vy);
}

int64_t ContactView::total_hits(int32_t begin, int32_t end) const {
  if (hits.empty()) return 0;
  return std::accumulate(hits.begin() + begin, hits.begin() + end, int64_t{0});
}

}  // namespace mb
