#pragma once
// Contacts of peridynamic points, resolved by projection after each substep (stable for
// any stiffness, no penalty constant to tune):
//  - box walls: a point (radius dx/2) is put back inside; its normal velocity into the wall
//    is removed and its tangential velocity reduced by Coulomb friction mu |dv_n|;
//  - point pairs closer than r_i + r_j, from different bodies, or from one body when their
//    reference distance exceeds the horizon (distant parts, so bonded neighbours never
//    collide): pushed apart along the line of centres in inverse proportion to mass, the
//    approaching normal velocity removed (perfectly inelastic) and the tangential relative
//    velocity reduced by friction. Pairs come from one mb::SpatialHash over all points.
#include <cstdint>
#include <vector>

#include "physics/geometry/polygon.hpp"
#include "physics/geometry/spatial_hash.hpp"
#include "physics/peri/body.hpp"

namespace mb {

void collide_walls(PeriBody& body, const Box& box, double friction);

class PeriContacts {
 public:
  // Returns the number of contacts resolved.
  int64_t resolve(std::vector<PeriBody>& bodies, double friction, bool self_contact);

 private:
  SpatialHash hash_;
  std::vector<double> xs_, ys_;
  std::vector<int32_t> body_of_, point_of_;
};

}  // namespace mb
