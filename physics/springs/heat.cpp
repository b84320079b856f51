#include "physics/springs/heat.hpp"

#include <algorithm>
#include <cmath>

namespace mb {

const char* to_string(HeatModel model) {
  return model == HeatModel::Conduction ? "conduction" : "timer";
}

double MeltCurve::temperature(double h) const {
  const double hs = solid_enthalpy(), hl = liquid_enthalpy();
  if (h <= hs) return h / c;
  if (h >= hl) return (h - latent) / c;
  return solidus + (h - hs) / (hl - hs) * (liquidus - solidus);
}

double MeltCurve::fraction(double h) const {
  const double hs = solid_enthalpy(), hl = liquid_enthalpy();
  if (h <= hs) return 0.0;
  if (h >= hl) return 1.0;
  return (h - hs) / (hl - hs);
}

double MeltCurve::enthalpy(double t, double phi_if_in_band) const {
  if (t < solidus) return c * t;
  if (t > liquidus) return c * t + latent;
  if (liquidus == solidus)  // an isothermal melt: the fraction says where in the band
    return solid_enthalpy() + phi_if_in_band * latent;
  return solid_enthalpy() +
         (t - solidus) / (liquidus - solidus) * (liquid_enthalpy() - solid_enthalpy());
}

double MeltCurve::capacity(double h) const {
  const double hs = solid_enthalpy(), hl = liquid_enthalpy();
  if (h <= hs || h >= hl) return c;
  // An isothermal melt has no finite band capacity: a large one keeps T near T_m.
  if (liquidus == solidus) return 1e6 * c;
  return (hl - hs) / (liquidus - solidus);
}

MeltCurve melt_curve(const HeatSettings& s) {
  return {s.heat_capacity, s.latent_heat, s.solidus, s.liquidus};
}

void give_ambient_enthalpy(SpringNetwork& net, const HeatSettings& settings) {
  const double h = melt_curve(settings).enthalpy(settings.ambient);
  net.enthalpy.resize(net.x.size(), h);
  for (double& e : net.enthalpy)
    if (std::isnan(e)) e = h;
}

double heat_stiffness(const SpringNetwork& net, const HeatSettings& s,
                      std::vector<int32_t>& degree) {
  degree.assign(net.x.size(), 0);
  for (int32_t k = 0; k < net.spring_count(); ++k) ++degree[net.a[k]], ++degree[net.b[k]];
  const int32_t most = degree.empty() ? 0 : *std::max_element(degree.begin(), degree.end());
  return s.tick_seconds * (most * s.conductance + s.convection) / s.heat_capacity;
}

HeatStepStats HeatSolver::step(SpringNetwork& net, const HeatSettings& s,
                               std::span<const HeatSource> sources) {
  give_ambient_enthalpy(net, s);
  const size_t n = net.x.size();
  const MeltCurve curve = melt_curve(s);
  power_.assign(n, 0.0);
  fixed_.assign(n, 0);
  for (const HeatSource& src : sources) {
    for (int32_t i : src.particles) {
      power_[i] += src.power;
      if (!src.fixed) continue;
      // Held at the heater's temperature: a particle already melting keeps its fraction.
      fixed_[i] = 1;
      net.enthalpy[i] = curve.enthalpy(src.temperature, curve.fraction(net.enthalpy[i]));
    }
  }
  HeatStepStats stats;
  const double dt = s.tick_seconds;
  const int substeps =
      std::max(1, static_cast<int>(std::ceil(heat_stiffness(net, s, degree_) - 1e-12)));
  if (substeps <= kMaxExplicitSubsteps) {
    stats.substeps = substeps;
    for (int k = 0; k < substeps; ++k) {
      explicit_rates(net, s);
      for (size_t i = 0; i < n; ++i) net.enthalpy[i] += rate_[i] * (dt / substeps);
    }
  } else {
    stats.cg_iterations = implicit_step(net, s, dt);
    for (size_t i = 0; i < n; ++i) net.enthalpy[i] += rate_[i] * dt;
  }
  // A held particle ends the tick at the heater's temperature too (the heat it gave or took
  // came from the heater).
  for (const HeatSource& src : sources)
    if (src.fixed)
      for (int32_t i : src.particles)
        net.enthalpy[i] = curve.enthalpy(src.temperature, curve.fraction(net.enthalpy[i]));
  return stats;
}

// rate_ = dH/dt at the temperatures of the enthalpies now.
void HeatSolver::explicit_rates(const SpringNetwork& net, const HeatSettings& s) {
  const MeltCurve curve = melt_curve(s);
  temperature_.resize(net.x.size());
  for (size_t i = 0; i < temperature_.size(); ++i)
    temperature_[i] = curve.temperature(net.enthalpy[i]);
  rates_at(net, s, temperature_);
}

// rate_ = dH/dt at temperatures T. Each spring's flow is added to one end and taken from the
// other, so conduction alone conserves the total exactly; a held particle's rate is 0 (the
// heater holds it; its flows still reach its neighbours).
void HeatSolver::rates_at(const SpringNetwork& net, const HeatSettings& s,
                          const std::vector<double>& T) {
  const size_t n = T.size();
  rate_.resize(n);
  for (size_t i = 0; i < n; ++i) rate_[i] = power_[i] + s.convection * (s.ambient - T[i]);
  for (int32_t k = 0; k < net.spring_count(); ++k) {
    const int32_t i = net.a[k], j = net.b[k];
    const double q = s.conductance * (T[j] - T[i]);
    rate_[i] += q;
    rate_[j] -= q;
  }
  for (size_t i = 0; i < n; ++i)
    if (fixed_[i]) rate_[i] = 0.0;
}

// Backward Euler, linearised about the tick's start: (C/dt + K) T* = C T/dt + P + h T_amb,
// C the capacity dH/dT of each particle now, K the conductance matrix (+ h on its diagonal);
// a held particle's row is T* = its temperature. Solved by conjugate gradients with a
// Jacobi preconditioner (the matrix is symmetric positive definite once the held rows'
// columns are moved to the right-hand side). The flows are then taken at T*, spring by
// spring as in the explicit step, so the step conserves heat exactly whatever the solver's
// tolerance. Returns the iterations.
int HeatSolver::implicit_step(const SpringNetwork& net, const HeatSettings& s, double dt) {
  const size_t n = net.x.size();
  const MeltCurve curve = melt_curve(s);
  const double g = s.conductance;
  temperature_.resize(n);
  for (size_t i = 0; i < n; ++i) temperature_[i] = curve.temperature(net.enthalpy[i]);
  diagonal_.assign(n, 0.0);
  rhs_.resize(n);
  for (size_t i = 0; i < n; ++i) {
    if (fixed_[i]) {
      diagonal_[i] = 1.0;
      rhs_[i] = temperature_[i];
      continue;
    }
    const double cap = curve.capacity(net.enthalpy[i]) / dt;
    diagonal_[i] = cap + s.convection;
    rhs_[i] = cap * temperature_[i] + power_[i] + s.convection * s.ambient;
  }
  for (int32_t k = 0; k < net.spring_count(); ++k) {
    const int32_t i = net.a[k], j = net.b[k];
    if (!fixed_[i]) diagonal_[i] += g;
    if (!fixed_[j]) diagonal_[j] += g;
    // A held neighbour's known temperature moves to the right-hand side: symmetric system.
    if (fixed_[j] && !fixed_[i]) rhs_[i] += g * temperature_[j];
    if (fixed_[i] && !fixed_[j]) rhs_[j] += g * temperature_[i];
  }
  solution_ = temperature_;
  product_.assign(n, 0.0);
  const auto apply = [&](const std::vector<double>& v, std::vector<double>& out) {
    for (size_t i = 0; i < n; ++i) out[i] = diagonal_[i] * v[i];
    for (int32_t k = 0; k < net.spring_count(); ++k) {
      const int32_t i = net.a[k], j = net.b[k];
      if (fixed_[i] || fixed_[j]) continue;  // a held end's coupling is on the right
      out[i] -= g * v[j];
      out[j] -= g * v[i];
    }
  };
  apply(solution_, product_);
  residual_.resize(n);
  double rhs_norm = 0.0;
  for (size_t i = 0; i < n; ++i) {
    residual_[i] = rhs_[i] - product_[i];
    rhs_norm += rhs_[i] * rhs_[i];
  }
  std::vector<double>& z = preconditioned_;
  z.resize(n);
  for (size_t i = 0; i < n; ++i) z[i] = residual_[i] / diagonal_[i];
  direction_ = z;
  double rz = 0.0;
  for (size_t i = 0; i < n; ++i) rz += residual_[i] * z[i];
  // |r| <= 1e-9 |b|: b holds C T / dt, so temperatures come out within about 1e-9 T, far
  // below the step's own time error; heat is conserved exactly whatever the residual.
  const double tolerance = 1e-18 * std::max(rhs_norm, 1e-300);
  int iterations = 0;
  for (; iterations < static_cast<int>(n) + 10; ++iterations) {
    double rr = 0.0;
    for (size_t i = 0; i < n; ++i) rr += residual_[i] * residual_[i];
    if (rr <= tolerance) break;
    apply(direction_, product_);
    double pap = 0.0;
    for (size_t i = 0; i < n; ++i) pap += direction_[i] * product_[i];
    if (!(pap > 0.0)) break;
    const double alpha = rz / pap;
    for (size_t i = 0; i < n; ++i) {
      solution_[i] += alpha * direction_[i];
      residual_[i] -= alpha * product_[i];
      z[i] = residual_[i] / diagonal_[i];
    }
    double rz_next = 0.0;
    for (size_t i = 0; i < n; ++i) rz_next += residual_[i] * z[i];
    const double beta = rz_next / rz;
    rz = rz_next;
    for (size_t i = 0; i < n; ++i) direction_[i] = z[i] + beta * direction_[i];
  }
  rates_at(net, s, solution_);  // the flows at T*
  return iterations;
}

HeatTotals heat_totals(const SpringNetwork& net, const HeatSettings& s) {
  HeatTotals t;
  const MeltCurve curve = melt_curve(s);
  const double ambient = curve.enthalpy(s.ambient);
  t.max_temperature = s.ambient;
  for (size_t i = 0; i < net.enthalpy.size(); ++i) {
    const double h = std::isnan(net.enthalpy[i]) ? ambient : net.enthalpy[i];
    t.heat += h - ambient;
    t.molten_mass += curve.fraction(h);
    t.max_temperature = std::max(t.max_temperature, curve.temperature(h));
  }
  return t;
}

}  // namespace mb
