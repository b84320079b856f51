#pragma once
// Contacts of peridynamic points, resolved by projection after each substep (stable for
// any stiffness, no penalty constant to tune):
//  - box walls: a point is put back inside, its skin radius (contact_skin.hpp: dx / 2 on the
//    surface, more below it) from the wall; its normal velocity into the wall
//    is removed and its tangential velocity reduced by Coulomb friction mu |dv_n|;
//  - point pairs closer than r_i + r_j, from different bodies, or from one body when their
//    reference distance exceeds the horizon (distant parts, so bonded neighbours never
//    collide): pushed apart along the line of centres in inverse proportion to mass, the
//    approaching normal velocity removed (perfectly inelastic) and the tangential relative
//    velocity reduced by friction.
// Candidate pairs (a Verlet list): every such pair closer than 2 r + skin, found with one
// mb::SpatialHash over all points and kept while no two points can have closed in by more
// than the skin since (Verlet 1967; Allen & Tildesley, "Computer Simulation of Liquids",
// sec. 5.3): the moves are measured from each body's mean move, so a body falling or sliding
// whole keeps its list (PeriContacts::stale). A body at rest keeps it for good: its bonded
// neighbours are never candidates, so the per-substep cost is the list, not a hash build.
// A build takes each pair of points in neighbouring cells of the hash once, on the worker
// pool in bands of the hash's rows, each band its own list; the list is then sorted by
// point index, so it, and so the order contacts are resolved in, is the same for any
// thread count.
#include <cstdint>
#include <vector>

#include "physics/core/worker_pool.hpp"
#include "physics/geometry/polygon.hpp"
#include "physics/geometry/spatial_hash.hpp"
#include "physics/peri/body.hpp"

namespace mb {

void collide_walls(PeriBody& body, const Box& box, double friction);

// One point of a contact pair: its position and velocity (changed in place) and inverse
// mass (0: it does not move).
struct ContactPoint {
  double &x, &y, &vx, &vy;
  double w;
};
// Resolves an overlapping pair at distance d < rmin (the pair rule above): pushed apart to
// rmin in inverse proportion to mass, the approaching normal velocity removed and the
// tangential one reduced by friction. False (nothing done) when neither can move.
bool separate(ContactPoint a, ContactPoint c, double d, double rmin, double friction);

class PeriContacts {
 public:
  // Returns the number of contacts resolved. With `active`, only pairs of two bodies with
  // (*active)[k] != 0 (the island stepping now: islands.hpp) are resolved. A list build
  // runs on `pool` where one is given.
  int64_t resolve(std::vector<PeriBody>& bodies, double friction, bool self_contact,
                  const std::vector<uint8_t>* active = nullptr, WorkerPool* pool = nullptr);
  int64_t rebuilds() const { return rebuilds_; }  // candidate-list builds so far
  size_t candidates() const { return pairs_.size(); }

 private:
  bool stale(const std::vector<PeriBody>& bodies, bool self_contact) const;
  void rebuild(const std::vector<PeriBody>& bodies, bool self_contact, WorkerPool* pool);

  struct Ref {
    int32_t body, point;
  };
  struct Pair {
    Ref a, c;
  };
  SpatialHash hash_;
  std::vector<double> xs_, ys_;  // positions at the last build
  // A point as the list build reads it, in the hash's cell order: position, reference
  // position, body.
  struct CellPoint {
    double x, y, X, Y;
    int32_t body;
  };
  std::vector<CellPoint> cells_;
  mutable std::vector<Vec2> mean_moves_;  // stale()'s scratch: each body's mean move
  std::vector<Ref> refs_;
  std::vector<Pair> pairs_;
  std::vector<std::vector<Pair>> band_pairs_;  // rebuild's per-band lists
  double skin_ = 0.0;
  bool self_contact_ = true;
  int64_t rebuilds_ = 0;
};

}  // namespace mb
