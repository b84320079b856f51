#include "physics/gas/reaction.hpp"

#include <algorithm>
#include <cctype>
#include <cmath>
#include <map>

namespace mb::gas {

std::string species_name(const std::vector<Species>& table, int32_t s) {
  const size_t k = static_cast<size_t>(s);
  return k < table.size() && !table[k].name.empty() ? table[k].name
                                                    : std::string("#").append(std::to_string(s));
}

std::string describe(const std::vector<Species>& table, const Reaction& r) {
  std::string out = species_name(table, r.a);
  if (!r.decay()) out.append(" + ").append(species_name(table, r.b));
  out.append(" -> ").append(species_name(table, r.c));
  if (r.d != kNoSpecies) out.append(" + ").append(species_name(table, r.d));
  return out;
}

namespace {

const Species* entry(const std::vector<Species>& species, int32_t s) {
  const size_t k = static_cast<size_t>(s);
  return s >= 0 && k < species.size() ? &species[k] : nullptr;
}

// Atoms of the reaction's reactants minus its products, or false when a species has none.
bool atom_balance(const std::vector<Species>& species, const Reaction& r,
                  std::map<std::string, int64_t>& balance) {
  const int32_t reactants[] = {r.a, r.b}, products[] = {r.c, r.d};
  for (int side = 0; side < 2; ++side)
    for (const int32_t s : side == 0 ? reactants : products) {
      if (s == kNoSpecies) continue;
      const Species* e = entry(species, s);
      if (e == nullptr || e->composition.empty()) return false;
      for (const auto& [element, count] : atoms_of(e->composition))
        balance[element] += side == 0 ? count : -count;
    }
  return true;
}
}  // namespace

bool is_composition(const std::string& c) {
  if (c.empty() || !std::isupper(static_cast<unsigned char>(c[0]))) return false;
  return std::all_of(c.begin(), c.end(), [](unsigned char ch) { return std::isalnum(ch); });
}

std::vector<std::pair<std::string, int64_t>> atoms_of(const std::string& c) {
  std::vector<std::pair<std::string, int64_t>> out;
  if (!is_composition(c)) return out;
  size_t k = 0;
  while (k < c.size()) {
    std::string element(1, c[k++]);
    while (k < c.size() && std::islower(static_cast<unsigned char>(c[k]))) element += c[k++];
    int64_t count = 0;
    bool digits = false;
    while (k < c.size() && std::isdigit(static_cast<unsigned char>(c[k])) && count < 1'000'000) {
      count = 10 * count + (c[k++] - '0');
      digits = true;
    }
    if (!digits) count = 1;
    auto same = std::find_if(out.begin(), out.end(), [&](auto& e) { return e.first == element; });
    if (same == out.end())
      out.emplace_back(element, count);
    else
      same->second += count;
  }
  return out;
}

std::string check_reactions(const std::vector<Species>& species,
                            const std::vector<Reaction>& reactions) {
  auto bad_id = [](int32_t s, bool optional) {
    return optional && s == kNoSpecies ? false : s < 0 || s >= kMaxSpecies;
  };
  for (size_t k = 0; k < reactions.size(); ++k) {
    const Reaction& r = reactions[k];
    if (bad_id(r.a, false) || bad_id(r.b, true) || bad_id(r.c, false) || bad_id(r.d, true))
      return "a reaction names a species id outside 0.." + std::to_string(kMaxSpecies - 1);
    const std::string what = describe(species, r);
    if (!(r.activation >= 0.0) || !std::isfinite(r.activation))
      return what + ": activation must be a finite number >= 0";
    if (!(r.probability >= 0.0 && r.probability <= 1.0))
      return what + ": probability must be in 0..1";
    if (!std::isfinite(r.enthalpy)) return what + ": enthalpy must be finite";
    if (r.decay() && !(r.rate > 0.0 && std::isfinite(r.rate)))
      return what + ": a decay needs a finite rate > 0";
    for (size_t e = 0; e < k; ++e) {
      const Reaction& q = reactions[e];
      const bool same =
          r.decay() ? q.decay() && q.a == r.a
                    : !q.decay() && ((q.a == r.a && q.b == r.b) || (q.a == r.b && q.b == r.a));
      if (same) return what + ": these reactants already have a reaction";
    }
    if (r.merge() || r.split()) {
      for (const int32_t s : {r.c, r.d}) {
        if (s == kNoSpecies) continue;
        const Species* e = entry(species, s);
        if (e == nullptr || !(e->mass > 0.0) || !(e->radius > 0.0))
          return what + ": species " + species_name(species, s) +
                 " needs a mass and a radius in its <species> (a merge or split makes its discs)";
      }
    }
    if (r.merge()) {
      const Species *a = entry(species, r.a), *b = entry(species, r.b), *c = entry(species, r.c);
      if (a && b && a->mass > 0.0 && b->mass > 0.0 &&
          std::fabs(a->mass + b->mass - c->mass) > 1e-12 * c->mass)
        return what + ": the mass of " + species_name(species, r.c) + " must be the mass of " +
               species_name(species, r.a) + " + " + species_name(species, r.b);
    }
    if (r.split()) {
      const Species *a = entry(species, r.a), *c = entry(species, r.c), *d = entry(species, r.d);
      if (a && a->mass > 0.0 && std::fabs(c->mass + d->mass - a->mass) > 1e-12 * a->mass)
        return what + ": the masses of " + species_name(species, r.c) + " + " +
               species_name(species, r.d) + " must add up to the mass of " +
               species_name(species, r.a);
    }
    std::map<std::string, int64_t> balance;
    if (atom_balance(species, r, balance))
      for (const auto& [element, surplus] : balance)
        if (surplus != 0) return what + ": atoms of " + element + " are not conserved";
  }
  return "";
}

void ReactionTable::build(const std::vector<Reaction>& reactions) {
  n_ = 0;
  reactions_ = reactions.size();
  decays_ = changes_discs_ = false;
  for (const Reaction& r : reactions) n_ = std::max({n_, r.a + 1, r.b + 1});
  index_.assign(static_cast<size_t>(n_) * static_cast<size_t>(n_), 0);
  decay_.assign(static_cast<size_t>(n_), -1);
  // The first reaction listed for a pair is the one it takes (check_reactions refuses two).
  for (size_t k = 0; k < reactions.size(); ++k) {
    const Reaction& r = reactions[k];
    changes_discs_ = changes_discs_ || r.merge() || r.split();
    if (r.decay()) {
      decays_ = true;
      if (decay_[static_cast<size_t>(r.a)] < 0)
        decay_[static_cast<size_t>(r.a)] = static_cast<int32_t>(k);
      continue;
    }
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

Merged merge_motion(double mi, double mj, Vec2 vi, Vec2 vj, double ui, double uj, double dH) {
  const double M = mi + mj;
  const Vec2 g = vi - vj;
  return {(mi * vi + mj * vj) / M, ui + uj + 0.5 * (mi * mj / M) * glm::dot(g, g) + dH};
}

void split_velocities(double M, Vec2 V, double mi, double energy, Vec2 n, Vec2& vi, Vec2& vj) {
  const double mj = M - mi, mu = mi * mj / M;
  const double g = std::sqrt(2.0 * std::max(energy, 0.0) / mu);
  vi = V - (mj / M * g) * n;
  vj = V + (mi / M * g) * n;
}

}  // namespace mb::gas
