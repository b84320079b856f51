#include "physics/world/contact_views.hpp"

#include "physics/peri/vibration.hpp"

namespace mb {

double particle_contact_radius(const SpringNetwork& net, const SimulatorSettings& settings,
                               int32_t i) {
  return net.radius[i] + particle_contact_gap(settings);
}

void add_particles(ContactView& view, const SpringNetwork& net, const SimulatorSettings& settings,
                   const std::vector<double>& x0, const std::vector<double>& y0, double T) {
  const bool moving = !x0.empty() && T > 0.0;
  for (int32_t i = 0; i < net.particle_count(); ++i) {
    const double r = particle_contact_radius(net, settings, i);
    if (moving)
      view.add(x0[i], y0[i], (net.x[i] - x0[i]) / T, (net.y[i] - y0[i]) / T, r, 0.0);
    else
      view.add(net.x[i], net.y[i], 0.0, 0.0, r, 0.0);
    view.set_velocity(0.0, 0.0);  // quasi-static: no velocity of its own
  }
}

void body_positions(const PeriSystem& bodies, std::vector<double>& x, std::vector<double>& y) {
  x.clear(), y.clear();
  for (const PeriBody& b : bodies.bodies) {
    x.insert(x.end(), b.x.begin(), b.x.end());
    y.insert(y.end(), b.y.begin(), b.y.end());
  }
}

void add_body_points(ContactView& view, const PeriSystem& bodies, const std::vector<double>& x0,
                     const std::vector<double>& y0, double T) {
  size_t a = 0;
  for (const PeriBody& b : bodies.bodies)
    for (int32_t i = 0; i < b.size(); ++i, ++a) {
      const double w = b.pinned[i] ? 0.0 : 1.0 / b.model->mass[i];
      view.add(x0[a], y0[a], (b.x[i] - x0[a]) / T, (b.y[i] - y0[a]) / T, b.point_radius(), w);
      view.set_velocity(b.vx[i], b.vy[i]);
    }
}

double apply_body_impulses(PeriSystem& bodies, const ContactView& view, int32_t first) {
  if (view.jx.empty()) return 0.0;
  size_t a = static_cast<size_t>(first);
  double unpaid = 0.0;
  for (PeriBody& b : bodies.bodies) {
    double work = 0.0;
    for (int32_t i = 0; i < b.size(); ++i, ++a) {
      b.vx[i] += view.jx[a] * view.inv_mass[a];
      b.vy[i] += view.jy[a] * view.inv_mass[a];
      if (view.inv_mass[a] > 0.0) work += view.work[a];
    }
    unpaid += take_vibration_energy(b, work);
  }
  return unpaid;
}

}  // namespace mb
