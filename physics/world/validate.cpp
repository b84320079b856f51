#include "physics/world/validate.hpp"

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "physics/gas/validate.hpp"

namespace mb {

namespace {

using Problems = std::vector<std::string>;

bool finite(double v) {
  return std::isfinite(v);
}

template <class... Vectors>
bool same_sizes(size_t n, const Vectors&... v) {
  return ((v.size() == n) && ...);
}

void check_network(const SpringNetwork& net, Problems& out) {
  const size_t n = net.x.size();
  if (!same_sizes(n, net.y, net.radius, net.movable, net.state, net.freeze_tick, net.enthalpy))
    return out.push_back("network: particle arrays of different lengths");
  const size_t s = net.a.size();
  if (!same_sizes(s, net.b, net.rest_length, net.stiffness))
    return out.push_back("network: spring arrays of different lengths");
  for (size_t i = 0; i < n; ++i)
    if (!finite(net.x[i]) || !finite(net.y[i]) || !(net.radius[i] >= 0.0) || !finite(net.radius[i]))
      out.push_back("particle " + std::to_string(i) + ": position or radius not finite");
  std::vector<uint64_t> pairs;
  pairs.reserve(s);
  for (size_t k = 0; k < s; ++k) {
    const int32_t a = net.a[k], b = net.b[k];
    const std::string name = "spring " + std::to_string(k);
    if (a < 0 || b < 0 || static_cast<size_t>(a) >= n || static_cast<size_t>(b) >= n || a == b) {
      out.push_back(name + ": joins " + std::to_string(a) + " and " + std::to_string(b));
      continue;
    }
    if (!(net.rest_length[k] >= 0.0) || !finite(net.rest_length[k]) || !(net.stiffness[k] >= 0.0) ||
        !finite(net.stiffness[k]))
      out.push_back(name + ": rest length or stiffness negative or not finite");
    pairs.push_back(static_cast<uint64_t>(std::min(a, b)) << 32 |
                    static_cast<uint32_t>(std::max(a, b)));
  }
  std::sort(pairs.begin(), pairs.end());
  for (size_t k = 1; k < pairs.size(); ++k)
    if (pairs[k] == pairs[k - 1])
      out.push_back("springs: two join particles " + std::to_string(pairs[k] >> 32) + " and " +
                    std::to_string(pairs[k] & 0xffffffffu));
}

// holders[i] counts the grips that list particle i (one at most: whoever lets go of a
// particle sets it Frozen, which would strand it in another grip's list).
void check_gripped(const SpringNetwork& net, const std::vector<int32_t>& held,
                   const std::string& who, std::vector<int>& holders, Problems& out) {
  for (int32_t i : held) {
    if (i < 0 || i >= net.particle_count()) {
      out.push_back(who + ": grips particle " + std::to_string(i) + ", out of range");
      continue;
    }
    if (net.state[i] != ParticleState::Gripped)
      out.push_back(who + ": grips particle " + std::to_string(i) + ", not in the Gripped state");
    if (++holders[static_cast<size_t>(i)] == 2)
      out.push_back(who + ": grips particle " + std::to_string(i) + ", held by another grip too");
  }
}

void check_actuators(const World& w, Problems& out) {
  std::vector<int> holders(static_cast<size_t>(std::max(w.net.particle_count(), 0)), 0);
  for (size_t k = 0; k < w.actuators.size(); ++k) {
    const Actuator& a = w.actuators[k];
    const std::string who = "actuator " + std::to_string(k);
    check_gripped(w.net, a.gripped, who, holders, out);
    for (const BodyPointRef& p : a.gripped_points) {
      const bool in_range = p.body >= 0 && static_cast<size_t>(p.body) < w.bodies.bodies.size() &&
                            p.point >= 0 && p.point < w.bodies.bodies[p.body].size();
      if (!in_range) out.push_back(who + ": grips a body point out of range");
    }
    if (!(a.path_advancement >= 0.0)) out.push_back(who + ": path advancement below 0");
    if (!a.path_speeds.empty() && a.path_speeds.size() != a.path.points.size())
      out.push_back(who + ": " + std::to_string(a.path_speeds.size()) + " path speeds for " +
                    std::to_string(a.path.points.size()) + " path points");
    for (double v : a.path_speeds)
      if (!(v >= kStillSpeed)) out.push_back(who + ": a path speed below 1e-5 (or NaN)");
  }
  check_gripped(w.net, w.grab().particles, "the mouse grab", holders, out);
}

void check_gas(const Gas& g, const Box& box, Problems& out) {
  const size_t problems_before = out.size();
  if (!same_sizes(g.x.size(), g.y, g.vx, g.vy, g.mass, g.radius, g.species, g.internal))
    return out.push_back("gas: disc arrays of different lengths");
  if (g.reaction_counts.size() != g.reactions.size())
    out.push_back("gas: " + std::to_string(g.reaction_counts.size()) + " reaction counts for " +
                  std::to_string(g.reactions.size()) + " reactions");
  // Rounding: an exact event loop leaves discs touching to within a few ulps of the box's
  // coordinates or of the two radii, never deeper (gas/validate.cpp allows a relative 1e-12
  // at load time, before any arithmetic).
  const double slack = 1e-9 * std::max({std::fabs(box.min.x), std::fabs(box.max.x),
                                        std::fabs(box.min.y), std::fabs(box.max.y)});
  for (int32_t i = 0; i < g.size(); ++i) {
    const std::string name = "disc " + std::to_string(i);
    const double v[] = {g.x[i], g.y[i], g.vx[i], g.vy[i], g.mass[i], g.radius[i], g.internal[i]};
    if (!std::all_of(std::begin(v), std::end(v), finite)) {
      out.push_back(name + ": a value is not finite");
      continue;
    }
    if (!(g.mass[i] > 0.0) || !(g.radius[i] > 0.0))
      out.push_back(name + ": mass or radius not above 0");
    if (g.species[i] < 0) out.push_back(name + ": species " + std::to_string(g.species[i]));
    const double r = g.radius[i];
    if (g.x[i] - r < box.min.x - slack || g.x[i] + r > box.max.x + slack ||
        g.y[i] - r < box.min.y - slack || g.y[i] + r > box.max.y + slack)
      out.push_back(name + ": not inside the box");
  }
  if (out.size() > problems_before) return;  // the overlap search needs finite positions
  for (const gas::OverlapPair& p : gas::find_overlaps(g))
    if (p.depth > 1e-9 * (g.radius[p.i] + g.radius[p.j]))
      out.push_back("discs " + std::to_string(p.i) + " and " + std::to_string(p.j) +
                    " overlap by " + std::to_string(p.depth));
}

void check_body(const PeriBody& b, const std::string& name, Problems& out) {
  if (!b.model || !b.stiffness || !b.damage) return out.push_back(name + ": no model");
  const PeriBodyModel& m = *b.model;
  const std::vector<int32_t>& broken = b.damage->bond_broken;
  const size_t n = b.x.size();
  if (!same_sizes(n, b.y, b.vx, b.vy, m.X, m.Y, b.pinned) || m.bond_start.size() != n + 1)
    return out.push_back(name + ": point arrays of different lengths");
  for (size_t i = 0; i < n; ++i)
    if (!finite(b.x[i]) || !finite(b.y[i]) || !finite(b.vx[i]) || !finite(b.vy[i]))
      out.push_back(name + ": point " + std::to_string(i) + " not finite");
  const size_t bonds = m.bond_j.size();
  if (m.bond_start.front() != 0 || static_cast<size_t>(m.bond_start.back()) != bonds ||
      !std::is_sorted(m.bond_start.begin(), m.bond_start.end()))
    return out.push_back(name + ": bond_start does not rise from 0 to the bond count");
  if (!same_sizes(bonds, m.bond_rev, broken, b.stiffness->bond_c))
    return out.push_back(name + ": bond arrays of different lengths");
  for (size_t i = 0; i < n; ++i) {
    for (int32_t e = m.bond_start[i]; e < m.bond_start[i + 1]; ++e) {
      const int32_t j = m.bond_j[e], r = m.bond_rev[e];
      const bool ok = j >= 0 && static_cast<size_t>(j) < n && static_cast<size_t>(j) != i &&
                      r >= m.bond_start[j] && r < m.bond_start[j + 1] &&
                      static_cast<size_t>(m.bond_j[r]) == i && m.bond_rev[r] == e &&
                      broken[r] == broken[e];
      if (!ok) {
        out.push_back(name + ": bond " + std::to_string(e) + " of point " + std::to_string(i) +
                      " and its reverse disagree");
        return;
      }
    }
  }
}

}  // namespace

std::vector<std::string> validate(const World& world) {
  Problems out;
  check_network(world.net, out);
  if (out.empty()) check_actuators(world, out);
  if (!world.gas.empty()) check_gas(world.gas, world.box, out);
  for (size_t k = 0; k < world.bodies.bodies.size(); ++k)
    check_body(world.bodies.bodies[k], "body " + std::to_string(k), out);
  return out;
}

void check_valid(const World& world) {
  const Problems problems = validate(world);
  if (problems.empty()) return;
  std::fprintf(stderr, "validate(World) after tick %lld: %zu broken rule(s)\n",
               static_cast<long long>(world.time), problems.size());
  for (size_t k = 0; k < problems.size() && k < 20; ++k)
    std::fprintf(stderr, "  %s\n", problems[k].c_str());
  std::fflush(stderr);
  std::abort();
}

}  // namespace mb
