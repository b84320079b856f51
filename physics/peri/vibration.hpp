#pragma once
// A body's motion split into its rigid part and its vibration: the rigid part is the
// centre-of-mass velocity V and the angular velocity omega = L / I about the centre of mass
// (L the angular momentum, I the moment of inertia of the points), and the vibration is what
// is left, v_i - V - omega x r_i. By construction the vibration carries no momentum and no
// angular momentum, so scaling it changes the body's kinetic energy alone.
#include "physics/peri/body.hpp"

namespace mb {

struct RigidMotion {
  Vec2 centre{0.0, 0.0};    // centre of mass
  Vec2 velocity{0.0, 0.0};  // V
  double omega = 0.0;       // about the centre of mass, +x towards +y
  double vibration = 0.0;   // kinetic energy of the vibration, sum m |v - V - omega x r|^2 / 2
};

// The centre-of-mass velocity V = sum m v / sum m (0 for a body without mass).
Vec2 centre_of_mass_velocity(const PeriBody& body);
RigidMotion rigid_motion(const PeriBody& body);

// Takes `energy` from the body's vibration by scaling it by sqrt(1 - energy / vibration),
// keeping its momentum and angular momentum. Returns what it could not take (when the
// vibration holds less: it is then stopped). Pinned points keep their velocity.
double take_vibration_energy(PeriBody& body, double energy);

}  // namespace mb
