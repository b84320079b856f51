#pragma once
// One kind of matter as another kind's contact pass sees it (docs/one_world.md, how the
// kinds meet): round things, each on a straight path through the tick, with an inverse mass
// (0: immovable, the partner bounces off it as off a moving wall). The pass that uses a
// view writes back what it did to each entry: the impulse it received and how many
// contacts it took part in, so the owner can apply the impulse to its own state.
//
// Struct of arrays, integer indices; the builder knows which entry is which of its items
// (world/contact_views.hpp: the spring particles in order, then every body's points).
#include <cstdint>
#include <vector>

namespace mb {

// Largest |v| of the entries (0 when empty).
double max_abs(const std::vector<double>& v);

struct ContactView {
  std::vector<double> x, y;    // at the tick start
  std::vector<double> vx, vy;  // over the tick: (end - start) / tick length
  // The entry's own velocity, which a collision's response uses: a body point's path also
  // holds the moves its contacts made (projections, no velocity), and taking those as
  // velocity would make energy in every collision. add() sets it to (vx, vy).
  std::vector<double> ux, uy;
  std::vector<double> radius;
  std::vector<double> inv_mass;  // 0: immovable
  // A thermal wall (an immovable entry with wall_kT > 0): a gas disc leaves it with a
  // velocity drawn at that kT in its frame instead of bouncing elastically (gas_obstacles.cpp).
  std::vector<double> wall_kT;
  // Written by the pass: impulse received (momentum change), contacts and the energy
  // received from thermal-wall contacts (gas energy units), per entry.
  std::vector<double> jx, jy;
  std::vector<int32_t> hits;
  std::vector<double> heat;
  // Energy the pass made at a movable entry beyond the exact collisions, by carrying a disc
  // out of the entry's path (gas_obstacles.cpp); the entry's owner pays it from its own
  // matter, so that the kinds together make none (world/contact_views.hpp).
  std::vector<double> work;

  int32_t size() const { return static_cast<int32_t>(x.size()); }
  bool empty() const { return x.empty(); }
  void clear();
  void add(double px, double py, double pvx, double pvy, double r, double w);
  // The last entry's own velocity, when it differs from its path's.
  void set_velocity(double vx_own, double vy_own) { ux.back() = vx_own, uy.back() = vy_own; }
  // Makes the last entry a thermal wall at kT (immovable entries only).
  void set_wall_kT(double kT) { wall_kT.back() = kT; }
  // Zeroes the pass's outputs (sizes them to the entries).
  void reset_outputs();
  double max_radius() const;
  // Largest |vx| and |vy| of any entry: how far one strays from its start within a tick.
  double max_speed_x() const;
  double max_speed_y() const;
  int64_t total_hits(int32_t begin, int32_t end) const;
};

}  // namespace mb
