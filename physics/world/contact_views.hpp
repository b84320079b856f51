#pragma once
// How the World's kinds of matter see one another (README, "One world"): each exposes its
// matter as a ContactView (core/contact_view.hpp) and the other kind's contact pass uses it.
//
//  - spring particles: discs of radius R + L/2 (their radius plus half the rest gap), so a
//    network at rest is a closed surface to other matter (neighbours 2R + L apart touch);
//    immovable, because the network is relaxed quasi-statically and has no mass, and with
//    no velocity of its own: a gas disc reflects off a particle as off a still wall, and
//    one that the particle's move this tick would overrun is carried out of its way at the
//    particle's speed (gas_obstacles.cpp); body points are projected out of it. (Taking a
//    relaxation's move as a velocity would bat discs away at twice any jump the network
//    makes when it re-equilibrates);
//  - body points: discs of radius dx/2 with their mass and their own velocity (a gas
//    disc's impulse changes it after the gas's tick).
#include <cstdint>
#include <vector>

#include "physics/core/contact_view.hpp"
#include "physics/peri/system.hpp"
#include "physics/springs/simulator_settings.hpp"
#include "physics/springs/spring_network.hpp"

namespace mb {

// What a spring particle's contact radius adds to its radius: half the rest gap L / 2.
inline double particle_contact_gap(const SimulatorSettings& settings) {
  return 0.5 * settings.default_length;
}
double particle_contact_radius(const SpringNetwork& net, const SimulatorSettings& settings,
                               int32_t i);

// Appends every spring particle on its path from (x0[i], y0[i]) to where it is now over a
// tick of length T; with x0 empty, at rest where it is now.
void add_particles(ContactView& view, const SpringNetwork& net, const SimulatorSettings& settings,
                   const std::vector<double>& x0, const std::vector<double>& y0, double T);

// Every body point's position, bodies in order (the layout add_body_points reads).
void body_positions(const PeriSystem& bodies, std::vector<double>& x, std::vector<double>& y);
// Appends every body point on its path from (x0, y0) (body_positions' layout) to where it
// is now over T, with inverse mass 1 / m (0 when pinned) and its velocity now.
void add_body_points(ContactView& view, const PeriSystem& bodies, const std::vector<double>& x0,
                     const std::vector<double>& y0, double T);
// Gives every body point the impulse its view entry (from `first` on, add_body_points'
// layout) received, v += J / m, and takes the energy the discs were given to stay out of its
// points' paths (ContactView::work) from each body's vibration (peri/vibration.hpp), so
// gas and bodies together keep their momentum, angular momentum and energy. Returns the
// energy a body's vibration did not hold (0 unless a still body was overrun).
double apply_body_impulses(PeriSystem& bodies, const ContactView& view, int32_t first);

}  // namespace mb
