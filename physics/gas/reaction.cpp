#include "physics/gas/reaction.hpp"

#include <algorithm>
#include <cmath>

namespace mb::gas {

void ReactionTable::build(const std::vector<Reaction>& reactions) {
  n_ = 0;
  for (const Reaction& r : reactions) n_ = std::max({n_, r.a + 1, r.b + 1});
  index_.assign(static_cast<size_t>(n_) * static_cast<size_t>(n_), 0);
  // The first reaction listed for a pair is the one it takes (the reader refuses two).
  for (size_t k = 0; k < reactions.size(); ++k) {
    const Reaction& r = reactions[k];
    int32_t& ab = index_[static_cast<size_t>(r.a) * n_ + r.b];
    int32_t& ba = index_[static_cast<size_t>(r.b) * n_ + r.a];
    if (ab == 0) ab = static_cast<int32_t>(k) + 1;
    if (ba == 0 && r.a != r.b) ba = -(static_cast<int32_t>(k) + 1);
  }
}

int32_t ReactionTable::find(int32_t sa, int32_t sb, bool& swapped) const {
  if (sa < 0 || sb < 0 || sa >= n_ || sb >= n_) return -1;
  const int32_t e = index_[static_cast<size_t>(sa) * n_ + sb];
  swapped = e < 0;
  return e == 0 ? -1 : std::abs(e) - 1;
}

double line_of_centres_energy(Vec2 n, double mi, double mj, Vec2 vi, Vec2 vj) {
  const double gn = glm::dot(vi - vj, n);
  return 0.5 * mi * mj / (mi + mj) * gn * gn;
}

bool release_enthalpy(double enthalpy, double mi, double mj, Vec2& vi, Vec2& vj) {
  const double M = mi + mj, mu = mi * mj / M;
  const Vec2 V = (mi * vi + mj * vj) / M;  // centre of mass
  const Vec2 g = vi - vj;
  const double relative = 0.5 * mu * glm::dot(g, g);
  const double after = relative + enthalpy;
  if (after < 0.0 || (relative == 0.0 && after > 0.0)) return false;  // no direction to give it
  const Vec2 g2 = relative > 0.0 ? g * std::sqrt(after / relative) : g;
  vi = V + (mj / M) * g2;
  vj = V - (mi / M) * g2;
  return true;
}

}  // namespace mb::gas
