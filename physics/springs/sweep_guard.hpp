#pragma once
// Moves a pusher's grip without letting springs cross: what is in the way is pushed ahead.
//
// A pusher drags the particles it grips as one rigid group while every other particle
// stays where it is. Two springs that share no particle can only start to cross (or pass
// through each other) at a moment when an end of one lies on the other. Seen from that
// end, the other spring stands still (no event), translates by the step (it sweeps a
// parallelogram), or turns about one end while the other end slides (it sweeps a
// triangle): the relative motions are 0 or +-step, and never opposite at the two ends.
// So a translation by f * step is safe when no spring end lies in the region the other
// spring sweeps relative to it over [0, f]. Growing f only grows those regions, so the
// largest safe fraction is found by bisection.
//
// At a contact the free particles give way: the spring end that would be swept through
// (or the free ends of the spring a gripped particle would pass through) joins the moving
// group for the rest of the step, like material in front of a plough; the relaxation
// then lets it settle. A contact with a particle that may not move (rigid wax, another
// grip) cannot be resolved that way: the step stops there, and the caller keeps the rest.
//
// Only pairs that can meet are tested: the relative motion is at most |step|, so a pair
// must start within |step| of each other. They are found with a spatial hash of the
// particles around each spring that holds a moving particle.
#include <cstdint>
#include <span>
#include <vector>

#include "physics/core/vec2.hpp"
#include "physics/geometry/spatial_hash.hpp"
#include "physics/springs/spring_network.hpp"

namespace mb {

class SweepGuard {
 public:
  // Translates the particles in `group` by `step`, pushing ahead the free movable
  // particles they would otherwise drag springs through, so that no two springs come to
  // cross. Returns the part of `step` that could not be applied (zero when all of it was):
  // the group then stops just short of a contact it could not push.
  Vec2 advance(SpringNetwork& net, std::span<const int32_t> group, Vec2 step);

  // Particles pushed ahead (not gripped) by the last advance().
  const std::vector<int32_t>& pushed() const { return pushed_; }

 private:
  struct Pair {
    int32_t moving, other;  // spring ids; `moving` holds a moving particle
  };
  // A pair's four particles (the moving spring's ends, then the other's), where they are
  // and whether each moves.
  struct PairEnds {
    int32_t id[4];
    Vec2 p[4];
    int moves[4];
  };
  PairEnds ends_of(const SpringNetwork& net, const Pair& pair) const;
  // Largest f in [0, 1] for which moving the current movers by f * step touches nothing;
  // when below 1, the pairs that touch just beyond it are left in contacts_.
  double safe_fraction(const SpringNetwork& net, Vec2 step);
  void refresh_adjacency(const SpringNetwork& net);
  // Bins the particles for the partner search of one advance by `step`.
  void prepare_search(const SpringNetwork& net, Vec2 step);
  // Adds the pairs of the springs of movers_[first_new_mover..] with every spring that
  // may come within `reach` of them (the rest of the step).
  void list_pairs(const SpringNetwork& net, size_t first_new_mover, double reach);
  bool clear_of_contacts(const SpringNetwork& net, Vec2 shift) const;
  bool pair_meets(const SpringNetwork& net, const Pair& pair, Vec2 shift) const;
  // Lists in giving_way_ the particles that must give way for the contacts; false when
  // some contact involves a particle that may not be pushed (or names nobody new).
  bool name_give_way(const SpringNetwork& net);
  // Next round's candidates: the pairs that met, those with an end that has just joined
  // the movers, and the pairs from first_new_pair on (just listed).
  void queue_candidates(const SpringNetwork& net, size_t first_new_pair);
  void move_movers(SpringNetwork& net, Vec2 shift) const;

  Adjacency adjacency_;
  uint64_t adjacency_version_ = 0;
  int32_t adjacency_particles_ = -1, adjacency_springs_ = -1;
  std::vector<int32_t> movers_;  // the group, then the pushed particles
  std::vector<int32_t> pushed_;  // movers that are not in the group
  std::vector<uint8_t> moving_;  // 1 for a mover (all 0 between calls)
  std::vector<int64_t> seen_;    // seen_[t] == stamp_: spring t already paired this round
  int64_t stamp_ = 0;
  std::vector<uint8_t> listed_;  // 1: a spring whose pairs are listed (all 0 between calls)
  std::vector<int32_t> listed_springs_;
  double longest_ = 0.0, hash_slack_ = 0.0;
  std::vector<int32_t> giving_way_;
  std::vector<Pair> pairs_;          // every pair that may meet during this advance
  std::vector<int32_t> candidates_;  // indices into pairs_ to test in this round
  std::vector<int32_t> meeting_;     // the candidates that meet over the rest of the step
  std::vector<uint8_t> queued_;      // per pair, while candidates_ is rebuilt (else 0)
  std::vector<uint8_t> fresh_;       // per particle: it joined the movers this round
  std::vector<Pair> contacts_;
  Vec2 contact_shift_{0.0, 0.0};  // a shift at which the contacts_ touch
  SpatialHash hash_;
};

}  // namespace mb
