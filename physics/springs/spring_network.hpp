#pragma once
// The particle-spring network of the Spring Simulator, stored as flat arrays indexed by integers.
// Copying a network, saving it and snapshotting it are plain array copies.
#include <cstdint>
#include <vector>

namespace mb {

enum class ParticleState : uint8_t {
  Frozen = 0,   // solid: its radius is Settings::default_radius
  Molten = 1,   // melted: larger radius, free to move (freezes at freeze_tick, or below the
                // solidus in the conduction model)
  Gripped = 2,  // held by a pusher: moved by the pusher, fixed during relaxation
};

struct SpringNetwork {
  // Particles (hot data first: the solver touches only x, y, radius, movable).
  std::vector<double> x, y, radius;
  std::vector<uint8_t> movable;  // 1: relaxation may move it
  std::vector<ParticleState> state;
  std::vector<int64_t> freeze_tick;  // molten particles freeze when the tick reaches this
  // Heat content in J (the conduction model, springs/heat.hpp); NaN until the model first
  // runs, which starts the particle at the ambient temperature.
  std::vector<double> enthalpy;

  // Springs join particles a[s] and b[s]; rest gap `rest_length`, constant `stiffness`.
  std::vector<int32_t> a, b;
  std::vector<double> rest_length, stiffness;
  // Changed by every edit of the spring list (to a value no other network has had), so
  // caches of the connectivity know to rebuild. Code that edits a or b directly must
  // call touch_topology().
  uint64_t topology_version = 0;
  void touch_topology();

  int32_t particle_count() const { return static_cast<int32_t>(x.size()); }
  int32_t spring_count() const { return static_cast<int32_t>(a.size()); }

  int32_t add_particle(double px, double py, double r);
  int32_t add_spring(int32_t i, int32_t j, double length, double k);
  // Removes spring s by moving the last spring into its slot (indices of later springs change).
  void remove_spring(int32_t s);
  void clear();

  // Gap between the two particles' surfaces: the spring's length in the Spring Simulator's force
  // law.
  double gap(int32_t s) const;
  // The largest gap / rest length over the springs (0 without springs): above
  // DisconnectionThreshold, the inelastic simulator would break that spring.
  double max_stretch() const;
};

// Per-particle spring lists in compressed form: springs of particle i are
// spring_ids[offset[i] .. offset[i+1]). Rebuilt whenever connectivity changes.
struct Adjacency {
  std::vector<int32_t> offset;
  std::vector<int32_t> spring_ids;

  void build(const SpringNetwork& net);
  int32_t degree(int32_t i) const { return offset[i + 1] - offset[i]; }
};

}  // namespace mb
