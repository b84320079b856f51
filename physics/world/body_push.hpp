#pragma once
// Body points pushing the spring network during its relaxation (World step 4): a movable
// particle within R_c + r + s of a body point (R_c its contact radius, contact_views.hpp;
// r the point's radius dx/2; s the press skin L/4) feels the penalty force
//   f = k_c delta n,  delta = (R_c + r + s) - d,  n = unit(p - q),
// the gradient of the potential k_c delta^2 / 2, so FIRE and the original's stopping
// rule apply unchanged (relaxation.hpp). k_c is twice the stiffest spring: stiff enough
// that springs cannot pull a particle deep into a body, soft enough for FIRE's step
// (omega dt = sqrt(2) < 2 at its largest step) and the original's gradient step.
// The body points hold still during the relaxation (they are where the last tick left
// them); the bodies then feel the particles as immovable obstacles (obstacle_contact.hpp)
// and are put back at R_c + r. The skin is why a body resting on molten wax dents it: the
// projection leaves it touching, at R_c + r, and within the skin it still presses, with at
// most k_c s per point. The network is quasi-static and its forces have no unit in common
// with the bodies' (no mass, no time), so the body's weight does not set the dent.
#include <cstdint>
#include <vector>

#include "physics/geometry/spatial_hash.hpp"
#include "physics/peri/system.hpp"
#include "physics/springs/simulator_settings.hpp"
#include "physics/springs/spring_network.hpp"

namespace mb {

inline constexpr double kBodyPushStiffness = 2.0;  // k_c in units of the stiffest spring
inline constexpr double kBodyPushSkin = 0.25;      // s in units of the rest gap L

class BodyPush {
 public:
  // Bins the body points where they are now; false when there is nothing to push with.
  bool begin(const PeriSystem& bodies, const SpringNetwork& net, const SimulatorSettings& settings);
  // Adds the penalty forces on the mobile particles (RelaxLimits::external_forces).
  void add_forces(const SpringNetwork& net, const std::vector<int32_t>& mobile, double* fx,
                  double* fy) const;

 private:
  SpatialHash hash_;
  std::vector<double> xs_, ys_, rs_;
  double r_max_ = 0.0, k_ = 0.0, half_gap_ = 0.0, skin_ = 0.0;
  double xlo_ = 0.0, xhi_ = 0.0, ylo_ = 0.0, yhi_ = 0.0;  // the points' box, widened
};

}  // namespace mb
