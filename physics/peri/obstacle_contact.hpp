#pragma once
// Body points against other matter that holds still while the bodies take their substeps
// (the World's spring particles, after the network's relaxation: see world/world.hpp).
// The same projection as between bodies (contact.hpp, `separate`), with the obstacle
// immovable: the point is put back at distance r + R from the obstacle's centre (r its skin
// radius, contact_skin.hpp: dx / 2 on the surface, more below it), its
// velocity into it removed and its tangential velocity reduced by Coulomb friction.
//
// Candidates: the (point, obstacle) pairs closer than r + R + skin, kept until some point
// has moved more than the skin since (a Verlet list, as in contact.hpp; the obstacles hold
// still, so a pair left off the list, farther apart than r + R + skin, touches only after
// its point has moved the skin), so no contact is missed however fast a body moves. The
// obstacles are binned once a tick (one SpatialHash, rebuilt only if the reach changes).
#include <cstdint>
#include <vector>

#include "physics/core/contact_view.hpp"
#include "physics/geometry/spatial_hash.hpp"
#include "physics/peri/body.hpp"

namespace mb {

class PeriObstacleContacts {
 public:
  // This tick's obstacles (positions x, y and radius are read; null: none). The candidate
  // list is rebuilt at the next resolve.
  void begin_tick(const ContactView* obstacles);
  // Returns the number of contacts resolved (with `active`, of the bodies with
  // (*active)[k] != 0 only).
  int64_t resolve(std::vector<PeriBody>& bodies, double friction,
                  const std::vector<uint8_t>* active = nullptr);
  int64_t rebuilds() const { return rebuilds_; }  // candidate-list builds so far

 private:
  bool stale(const std::vector<PeriBody>& bodies) const;
  void rebuild(const std::vector<PeriBody>& bodies);

  struct Pair {
    int32_t body, point, obstacle;
  };
  const ContactView* obs_ = nullptr;
  SpatialHash hash_;
  std::vector<double> xs_, ys_;  // point positions at the last build, bodies in order
  std::vector<Pair> pairs_;
  double skin_ = 0.0, reach_ = 0.0;
  double hash_reach_ = 0.0;  // the reach hash_ was built for this tick (0: not built)
  bool built_ = false;
  int64_t rebuilds_ = 0;
};

}  // namespace mb
