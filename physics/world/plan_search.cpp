// One pass's search in the planner: the cross-entropy method's update (plan_search.hpp).
#include "physics/world/plan_search.hpp"

#include <algorithm>
#include <cmath>
#include <numbers>

namespace mb::plan_detail {

double wrap_angle(double a) {
  const double two_pi = 2.0 * std::numbers::pi;
  a = std::fmod(a, two_pi);
  return a < 0.0 ? a + two_pi : a;
}

void refit(const std::vector<Candidate>& ranked, int elites, double weight, bool speeds, bool pokes,
           Distribution& d) {
  const size_t e = std::min<size_t>(static_cast<size_t>(elites), ranked.size());
  double sx = 0.0, sy = 0.0, so = 0.0, soo = 0.0, sl = 0.0, sll = 0.0;
  for (size_t k = 0; k < e; ++k) {
    sx += std::cos(ranked[k].angle);
    sy += std::sin(ranked[k].angle);
    so += ranked[k].offset;
    if (speeds) sl += std::log(ranked[k].speed);
  }
  const double m_angle = std::atan2(sy, sx), m_offset = so / e, m_log_speed = sl / e;
  for (size_t k = 0; k < e; ++k) {
    soo += (ranked[k].offset - m_offset) * (ranked[k].offset - m_offset);
    if (speeds) {
      const double l = std::log(ranked[k].speed) - m_log_speed;
      sll += l * l;
    }
  }
  const double resultant = std::min(1.0, std::hypot(sx, sy) / e);
  const double s_angle = std::sqrt(-2.0 * std::log(std::max(resultant, 1e-12)));
  const double s_offset = std::sqrt(soo / e), s_log_speed = std::sqrt(sll / e);
  double turn = m_angle - d.mean_angle;
  turn = std::remainder(turn, 2.0 * std::numbers::pi);
  d.mean_angle = wrap_angle(d.mean_angle + weight * turn);
  d.mean_offset = weight * m_offset + (1.0 - weight) * d.mean_offset;
  d.mean_log_speed = weight * m_log_speed + (1.0 - weight) * d.mean_log_speed;
  d.sd_angle = weight * s_angle + (1.0 - weight) * d.sd_angle;
  d.sd_offset = weight * s_offset + (1.0 - weight) * d.sd_offset;
  d.sd_log_speed = weight * s_log_speed + (1.0 - weight) * d.sd_log_speed;
  if (pokes) {
    double sp = 0.0, spp = 0.0;
    for (size_t k = 0; k < e; ++k) sp += ranked[k].poke;
    const double m_poke = sp / e;
    for (size_t k = 0; k < e; ++k) spp += (ranked[k].poke - m_poke) * (ranked[k].poke - m_poke);
    d.mean_poke = weight * m_poke + (1.0 - weight) * d.mean_poke;
    d.sd_poke = weight * std::sqrt(spp / e) + (1.0 - weight) * d.sd_poke;
  }
}

}  // namespace mb::plan_detail
