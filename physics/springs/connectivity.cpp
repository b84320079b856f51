#include "physics/springs/connectivity.hpp"

#include <algorithm>
#include <cmath>

#include "physics/geometry/segment.hpp"

namespace mb {

namespace {
Vec2 pos(const SpringNetwork& net, int32_t i) {
  return {net.x[i], net.y[i]};
}
double gap_between(const SpringNetwork& net, int32_t i, int32_t j) {
  return glm::length(pos(net, j) - pos(net, i)) - net.radius[i] - net.radius[j];
}
double longest_spring(const SpringNetwork& net) {
  double longest = 0.0;
  for (int32_t s = 0; s < net.spring_count(); ++s)
    longest = std::max(longest, glm::length(pos(net, net.b[s]) - pos(net, net.a[s])));
  return longest;
}
}  // namespace

void ConnectivityUpdater::build_neighbours(const SpringNetwork& net) {
  const size_t n = static_cast<size_t>(net.particle_count());
  // Emptied, not replaced: the lists keep their storage from one update to the next (the
  // update runs every few dozen solver iterations).
  neighbours_.resize(n);
  springs_of_.resize(n);
  for (size_t i = 0; i < n; ++i) {
    neighbours_[i].clear();
    springs_of_[i].clear();
  }
  for (int32_t s = 0; s < net.spring_count(); ++s) {
    neighbours_[net.a[s]].push_back(net.b[s]);
    neighbours_[net.b[s]].push_back(net.a[s]);
    springs_of_[net.a[s]].push_back(s);
    springs_of_[net.b[s]].push_back(s);
  }
}

bool ConnectivityUpdater::joined(int32_t i, int32_t j) const {
  const auto& ni = neighbours_[i];
  return std::find(ni.begin(), ni.end(), j) != ni.end();
}

int32_t ConnectivityUpdater::find_spring(const SpringNetwork& net, int32_t i, int32_t j) const {
  for (int32_t s : springs_of_[i])
    if (net.a[s] == j || net.b[s] == j) return s;
  return -1;
}

bool ConnectivityUpdater::crosses_any(const SpringNetwork& net, int32_t i, int32_t j,
                                      int32_t ignore) const {
  const Vec2 p = pos(net, i), q = pos(net, j);
  // A spring crossing pq has an end within half its length of the crossing point.
  const double reach = 0.5 * glm::length(q - p) + 0.5 * longest_;
  bool crossed = false;
  hash_.for_each_near(0.5 * (p + q), reach, [&](int32_t k) {
    if (crossed) return;
    for (int32_t s : springs_of_[k]) {
      if (s == ignore) continue;
      const int32_t a = net.a[s], b = net.b[s];
      if (a == i || a == j || b == i || b == j) continue;
      if (segments_cross(p, q, pos(net, a), pos(net, b))) {
        crossed = true;
        return;
      }
    }
  });
  return crossed;
}

void ConnectivityUpdater::link(SpringNetwork& net, int32_t i, int32_t j,
                               const SimulatorSettings& settings) {
  const int32_t s = net.add_spring(i, j, settings.default_length, settings.default_stiffness);
  neighbours_[i].push_back(j);
  neighbours_[j].push_back(i);
  springs_of_[i].push_back(s);
  springs_of_[j].push_back(s);
  longest_ = std::max(longest_, glm::length(pos(net, j) - pos(net, i)));
}

void ConnectivityUpdater::unlink(SpringNetwork& net, int32_t s) {
  const int32_t i = net.a[s], j = net.b[s];
  std::erase(neighbours_[i], j);
  std::erase(neighbours_[j], i);
  std::erase(springs_of_[i], s);
  std::erase(springs_of_[j], s);
  // remove_spring moves the last spring into slot s: rename it in the lists.
  const int32_t last = net.spring_count() - 1;
  if (s != last) {
    for (int32_t end : {net.a[last], net.b[last]})
      std::replace(springs_of_[end].begin(), springs_of_[end].end(), last, s);
  }
  net.remove_spring(s);
}

bool ConnectivityUpdater::try_remove(SpringNetwork& net, int32_t s,
                                     const SimulatorSettings& settings) {
  const int32_t a = net.a[s], b = net.b[s];
  if (neighbours_[a].size() <= 2 || neighbours_[b].size() <= 2) return false;
  const Vec2 pa = pos(net, a), pb = pos(net, b);
  // Apexes of the triangles on each side of a-b: the nearest common neighbour each side.
  int32_t left = -1, right = -1;
  double left_d = 0.0, right_d = 0.0;
  for (int32_t c : neighbours_[a]) {
    if (!joined(c, b)) continue;
    const double side = orient(pa, pb, pos(net, c));
    const double d = glm::length(pos(net, c) - 0.5 * (pa + pb));
    if (side > 0.0 && (left < 0 || d < left_d)) left = c, left_d = d;
    if (side < 0.0 && (right < 0 || d < right_d)) right = c, right_d = d;
  }
  // A new diagonal must not itself be past the threshold, or the next update would flip
  // it straight back.
  const double max_gap = settings.disconnection_threshold * settings.default_length;
  if (left >= 0 && right >= 0) {  // interior spring: flip it
    if (joined(left, right) || gap_between(net, left, right) > max_gap ||
        crosses_any(net, left, right, s))
      return false;
    unlink(net, s);
    link(net, left, right, settings);
    return true;
  }
  if (left >= 0 || right >= 0) {  // boundary spring: its triangle stays closed
    unlink(net, s);
    return true;
  }
  // In no triangle: look for a quad a-x-y-b and add its shorter diagonal first.
  int32_t best_i = -1, best_j = -1;
  double best = 0.0;
  for (int32_t x : neighbours_[a]) {
    if (x == b) continue;
    for (int32_t y : neighbours_[b]) {
      if (y == a || y == x || !joined(x, y)) continue;
      const double ay = glm::length(pos(net, y) - pa), xb = glm::length(pos(net, x) - pb);
      const int32_t i = ay <= xb ? a : x, j = ay <= xb ? y : b;
      const double len = std::min(ay, xb);
      if (joined(i, j) || (best_i >= 0 && len >= best) || gap_between(net, i, j) > max_gap)
        continue;
      if (crosses_any(net, i, j, s)) continue;
      best_i = i, best_j = j, best = len;
    }
  }
  if (best_i < 0) return false;
  link(net, best_i, best_j, settings);
  unlink(net, find_spring(net, a, b));
  return true;
}

int ConnectivityUpdater::create_springs(SpringNetwork& net, const SimulatorSettings& settings) {
  const double limit = settings.default_length * settings.connection_threshold;
  double max_radius = 0.0;
  for (double r : net.radius) max_radius = std::max(max_radius, r);
  const double search = 2.0 * max_radius + limit;
  candidates_.clear();  // its storage kept between updates
  // i < j.
  auto consider = [&](int32_t i, int32_t j) {
    // Most pairs lie beyond reach: gap < limit needs the centres closer than
    // limit + r_i + r_j. Rejected on the squared distance first, with a margin (1e-9 of the
    // square) far above the rounding of the exact test below, so that test alone still
    // decides every pair near the edge and the springs made are the same to the bit.
    const Vec2 d = pos(net, j) - pos(net, i);
    const double reach = limit + net.radius[i] + net.radius[j];
    if (glm::dot(d, d) > reach * reach * (1.0 + 1e-9)) return;
    if (joined(i, j)) return;
    const double g = gap_between(net, i, j);
    if (g < limit) candidates_.push_back({g, i, j});
  };
  if (search <= hash_.cell_size()) {
    // Every pair within reach lies in one cell or two adjacent ones: each such pair once.
    const std::span<const uint32_t> items = hash_.items();
    hash_.for_each_item_pair(0, hash_.rows(), [&](uint32_t a, uint32_t b) {
      const int32_t i = static_cast<int32_t>(items[a]), j = static_cast<int32_t>(items[b]);
      i < j ? consider(i, j) : consider(j, i);
    });
  } else {  // molten particles far larger than the lattice: a query round each particle
    for (int32_t i = 0; i < net.particle_count(); ++i)
      hash_.for_each_near(pos(net, i), search, [&](int32_t j) {
        if (j > i) consider(i, j);
      });
  }
  // The order found does not matter: (gap, i, j) orders the candidates totally.
  std::sort(candidates_.begin(), candidates_.end(), [](const Candidate& l, const Candidate& r) {
    return l.gap != r.gap ? l.gap < r.gap : (l.i != r.i ? l.i < r.i : l.j < r.j);
  });
  int added = 0;
  for (const Candidate& c : candidates_) {
    if (joined(c.i, c.j) || crosses_any(net, c.i, c.j, -1)) continue;
    link(net, c.i, c.j, settings);
    ++added;
  }
  return added;
}

int ConnectivityUpdater::tear_held(SpringNetwork& net, const SimulatorSettings& settings,
                                   const std::vector<int32_t>& held) {
  is_held_.assign(static_cast<size_t>(net.particle_count()), 0);
  for (int32_t i : held)
    if (i >= 0 && i < net.particle_count()) is_held_[i] = 1;
  int torn = 0;
  // From the last spring down: unlink moves the last spring into the freed slot, and the
  // last one has been looked at already.
  for (int32_t s = net.spring_count() - 1; s >= 0; --s) {
    if (is_held_[net.a[s]] == is_held_[net.b[s]]) continue;
    if (net.gap(s) / net.rest_length[s] <= settings.disconnection_threshold) continue;
    unlink(net, s);
    ++torn;
  }
  return torn;
}

ConnectivityChange ConnectivityUpdater::update(SpringNetwork& net,
                                               const SimulatorSettings& settings,
                                               const std::vector<int32_t>& held) {
  ConnectivityChange change;
  if (net.particle_count() == 0) return change;
  build_neighbours(net);
  longest_ = longest_spring(net);
  hash_.build(net.x, net.y, std::max(2.0 * settings.lattice_spacing(), 1e-6));

  // Removal, most stretched first. Indices shift as springs go, so identify by ends.
  struct Stretched {
    double ratio;
    int32_t a, b;
  };
  std::vector<Stretched> stretched;
  for (int32_t s = 0; s < net.spring_count(); ++s) {
    // Most springs are far from breaking: gap / rest > threshold needs the centres farther
    // apart than threshold * rest + r_a + r_b. Kept on the squared distance first, with a
    // margin (1e-9 of the square) far above the rounding of the exact ratio below, so the
    // ratio alone still decides every spring near the edge (and the order of removal).
    const int32_t a = net.a[s], b = net.b[s];
    const double rest = net.rest_length[s];
    const double apart = settings.disconnection_threshold * rest + net.radius[a] + net.radius[b];
    const double dx = net.x[b] - net.x[a], dy = net.y[b] - net.y[a];
    if (rest > 0.0 && apart > 0.0 && dx * dx + dy * dy < apart * apart * (1.0 - 1e-9)) continue;
    const double ratio = net.gap(s) / rest;
    if (ratio > settings.disconnection_threshold) stretched.push_back({ratio, a, b});
  }
  std::sort(stretched.begin(), stretched.end(), [](const Stretched& l, const Stretched& r) {
    return l.ratio != r.ratio ? l.ratio > r.ratio : (l.a != r.a ? l.a < r.a : l.b < r.b);
  });
  for (const Stretched& st : stretched) {
    const int32_t s = find_spring(net, st.a, st.b);
    if (s >= 0 && try_remove(net, s, settings)) ++change.removed;
  }
  if (!held.empty()) {
    change.torn = tear_held(net, settings, held);
    change.removed += change.torn;
  }
  change.added = create_springs(net, settings);
  return change;
}

int64_t count_crossings(const SpringNetwork& net) {
  if (net.spring_count() < 2) return 0;
  std::vector<double> mx(static_cast<size_t>(net.spring_count())), my(mx.size());
  const double longest = longest_spring(net);
  for (int32_t s = 0; s < net.spring_count(); ++s) {
    mx[s] = 0.5 * (net.x[net.a[s]] + net.x[net.b[s]]);
    my[s] = 0.5 * (net.y[net.a[s]] + net.y[net.b[s]]);
  }
  SpatialHash hash;
  hash.build(mx, my, std::max(longest, 1e-6));
  int64_t crossings = 0;
  for (int32_t s = 0; s < net.spring_count(); ++s) {
    // Two crossing springs have midpoints within (|s| + |t|) / 2 <= longest.
    hash.for_each_near({mx[s], my[s]}, longest, [&](int32_t t) {
      if (t <= s) return;
      const int32_t a = net.a[s], b = net.b[s], c = net.a[t], d = net.b[t];
      if (a == c || a == d || b == c || b == d) return;
      if (segments_cross(pos(net, a), pos(net, b), pos(net, c), pos(net, d))) ++crossings;
    });
  }
  return crossings;
}

}  // namespace mb
