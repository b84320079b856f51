// One pass's search in the planner: the cross-entropy method's update (plan_search.hpp).
#include "physics/world/plan_search.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>
#include <utility>

namespace mb::plan_detail {

double wrap_angle(double a) {
  const double two_pi = 2.0 * std::numbers::pi;
  a = std::fmod(a, two_pi);
  return a < 0.0 ? a + two_pi : a;
}

namespace {

// The mean of x(k) over the first e elites and their spread about it (the population
// standard deviation: what the elites are, not an estimate beyond them).
template <class X>
std::pair<double, double> mean_and_sd(size_t e, X x) {
  double sum = 0.0, squares = 0.0;
  for (size_t k = 0; k < e; ++k) sum += x(k);
  const double mean = sum / e;
  for (size_t k = 0; k < e; ++k) squares += (x(k) - mean) * (x(k) - mean);
  return {mean, std::sqrt(squares / e)};
}

}  // namespace

void refit(const std::vector<Candidate>& ranked, int elites, double weight, bool speeds, bool pokes,
           Distribution& d) {
  const size_t e = std::min<size_t>(static_cast<size_t>(elites), ranked.size());
  auto blend = [weight](double& into, double elite) {
    into = weight * elite + (1.0 - weight) * into;
  };
  double sx = 0.0, sy = 0.0;
  for (size_t k = 0; k < e; ++k) {
    sx += std::cos(ranked[k].angle);
    sy += std::sin(ranked[k].angle);
  }
  const double resultant = std::min(1.0, std::hypot(sx, sy) / e);
  const double turn = std::remainder(std::atan2(sy, sx) - d.mean_angle, 2.0 * std::numbers::pi);
  d.mean_angle = wrap_angle(d.mean_angle + weight * turn);
  blend(d.sd_angle, std::sqrt(-2.0 * std::log(std::max(resultant, 1e-12))));
  const auto [m_offset, s_offset] = mean_and_sd(e, [&](size_t k) { return ranked[k].offset; });
  blend(d.mean_offset, m_offset);
  blend(d.sd_offset, s_offset);
  if (speeds) {
    const auto [m, s] = mean_and_sd(e, [&](size_t k) { return std::log(ranked[k].speed); });
    blend(d.mean_log_speed, m);
    blend(d.sd_log_speed, s);
  }
  if (pokes) {
    const auto [m, s] = mean_and_sd(e, [&](size_t k) { return ranked[k].poke; });
    blend(d.mean_poke, m);
    blend(d.sd_poke, s);
  }
}

}  // namespace mb::plan_detail
