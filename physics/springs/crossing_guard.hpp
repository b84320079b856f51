#pragma once
// Keeps springs from crossing during relaxation.
//
// A spring (a, b) and a particle p not on it can only cross if p passes through the
// segment ab. We keep a Verlet list of (particle, spring) pairs closer than a skin
// distance, built from a spatial hash, and rebuild it whenever some particle has
// moved more than half the skin since the last build (so a pair outside the list
// cannot meet within one step). Each solver step is then checked pair by pair: if
// the signed area of (a, b, p) changes sign while p projects inside the segment,
// the step would cross, and p, a and b go back to where they were this iteration.
// Rolling back only ever returns particles to a crossing-free state, so repeating
// the check until nothing changes terminates.
#include <cstdint>
#include <span>
#include <vector>

#include "physics/geometry/spatial_hash.hpp"
#include "physics/springs/spring_network.hpp"

namespace mb {

class CrossingGuard {
 public:
  // `skin`: pair-list distance; must exceed twice the largest step of one iteration.
  void set_skin(double skin) { skin_ = skin; }
  // Forces a rebuild (call after connectivity changes).
  void invalidate() { built_ = false; }

  // The network holds the proposed new positions, old_x/old_y the positions before the
  // step. Moves offending particles back to their old positions and sets
  // rolled_back[i] = 1 for them. Returns the number of particles rolled back.
  int enforce(SpringNetwork& net, std::span<const double> old_x, std::span<const double> old_y,
              std::vector<uint8_t>& rolled_back);

  size_t pair_count() const { return pairs_.size(); }

 private:
  void rebuild(const SpringNetwork& net, std::span<const double> px, std::span<const double> py);
  bool needs_rebuild(const SpringNetwork& net) const;

  struct Pair {
    int32_t particle;
    int32_t spring;
  };
  double skin_ = 1.0;
  bool built_ = false;
  int32_t built_springs_ = -1;
  std::vector<Pair> pairs_;
  std::vector<double> ref_x_, ref_y_;
  SpatialHash hash_;
};

// True when moving p from p0 to p1 while the spring moves from (a0, b0) to (a1, b1)
// takes p across the spring (conservative: a near-miss at the segment's end may count).
bool step_crosses(Vec2 p0, Vec2 p1, Vec2 a0, Vec2 a1, Vec2 b0, Vec2 b1);

}  // namespace mb
