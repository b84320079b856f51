#pragma once
// Keeps springs from crossing during relaxation.
//
// Two springs that share no particle must not come to cross. We keep a Verlet list
// of spring pairs closer than a skin distance, found with a spatial hash of the
// particles and the springs they hold. A pair outside the list was at least `skin`
// apart when it was examined, so it can only meet after one of its four particles
// has moved half the skin from where it was then. When particles move that far we
// re-examine just the springs they hold (a local update), and rebuild the whole list
// only when the connectivity changes.
//
// After each solver step every listed pair is tested: if the two segments cross now
// but did not before the step, the step created a crossing, and the particles that
// moved go back to where they were. A crossing that was already there (a pusher
// allowed to cross dragged a particle through a spring) may persist or come undone;
// it is never blocked from resolving. Rolling back only returns particles to an
// allowed state, so repeating the check until nothing changes terminates.
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
  // Forces a full rebuild (connectivity changes are noticed by themselves).
  void invalidate() { built_ = false; }

  // The network holds the proposed new positions, old_x/old_y the positions before the
  // step. Moves offending particles back to their old positions and sets
  // rolled_back[i] = 1 for them. Returns the number of particles rolled back.
  int enforce(SpringNetwork& net, std::span<const double> old_x, std::span<const double> old_y,
              std::vector<uint8_t>& rolled_back);

  size_t pair_count() const { return pairs_.size(); }
  int64_t rebuilds() const { return rebuilds_; }
  int64_t local_updates() const { return local_updates_; }

 private:
  void full_rebuild(const SpringNetwork& net, std::span<const double> px,
                    std::span<const double> py);
  void local_update(const SpringNetwork& net, std::span<const double> px,
                    std::span<const double> py);
  // Appends the pairs (s, t) within the skin, for t accepted by `consider(t)`.
  template <class Accept>
  void find_pairs(const SpringNetwork& net, int32_t s, double reach_extra,
                  std::span<const double> px, std::span<const double> py, Accept&& consider);
  void measure_lengths(const SpringNetwork& net, std::span<const double> px,
                       std::span<const double> py);
  double current_length(const SpringNetwork& net, int32_t s, std::span<const double> px,
                        std::span<const double> py) const;

  struct Pair {
    int32_t s1, s2;
  };
  double skin_ = 1.0;
  bool built_ = false;
  int64_t rebuilds_ = 0, local_updates_ = 0;
  uint64_t built_version_ = 0;
  int32_t built_springs_ = -1;
  std::vector<Pair> pairs_;
  std::vector<double> ref_x_, ref_y_;  // where each particle was when its springs were examined
  std::vector<double> length_;
  double short_cut_ = 0.0;  // springs longer than this are "long" (few)
  std::vector<int32_t> long_springs_;
  std::vector<int64_t> seen_;  // seen_[t] == stamp_: spring t already considered for this s
  int64_t stamp_ = 0;
  std::vector<int32_t> fast_;  // particles past half the skin
  std::vector<uint8_t> redo_;  // springs being re-examined (all 0 between updates)
  std::vector<int32_t> redo_list_;
  Adjacency adjacency_;
  SpatialHash hash_;
};

// Distance between segments ab and cd (0 when they cross).
double segment_distance(Vec2 a, Vec2 b, Vec2 c, Vec2 d);

}  // namespace mb
