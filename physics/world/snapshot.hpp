#pragma once
// A Snapshot is what a renderer needs of one tick, in flat arrays it can upload
// as they are: it never touches the World. The physics thread fills one after
// every tick; a new kind of matter adds its own section here.
#include <array>
#include <cstdint>
#include <vector>

#include "physics/world/world.hpp"

namespace mb {

struct ActuatorView {
  ActuatorType type = ActuatorType::Pusher;
  bool enabled = true;
  bool finished = false;
  std::vector<Vec2> outline;  // placed shape, world coordinates
  std::vector<Vec2> path;     // path points (closed when cyclic)
  bool cyclic = false;
  Vec2 position{0.0, 0.0};
};

// What a Snapshot carries beyond the default, asked for by the UI.
struct SnapshotOptions {
  bool peri_bonds = false;  // the bodies' unbroken bonds (large: only while they are drawn)
  bool operator==(const SnapshotOptions&) const = default;
};

// One peridynamic body as the Bodies panel and the fibre handle see it.
struct PeriBodyView {
  PeriShapeKind shape = PeriShapeKind::Circle;
  PeriMaterial material;
  double spacing = 0.0, horizon = 0.0;  // lattice spacing dx, delta / dx
  int32_t points = 0;
  int64_t bonds = 0, broken_bonds = 0;
  double stable_dt = 0.0;    // 2 / omega_max of its material and lattice (seconds)
  Vec2 centroid{0.0, 0.0};   // mass centre now
  double reach = 0.0;        // farthest point from the centroid now
  double build_angle = 0.0;  // the body's turn when built (spec.angle); fibres turn with it
  double rotation = 0.0;     // its turn since then (best fit, physics/peri/pose.hpp)
  // World direction of the fibres now (radians): they were built at fibre_angle +
  // build_angle and turn with the body.
  double fibre_world_angle() const { return material.fibre_angle + build_angle + rotation; }
};

struct Snapshot {
  int64_t tick = 0;
  // Particles.
  std::vector<float> px, py, radius;
  std::vector<uint8_t> state;        // ParticleState
  std::vector<float> cooldown_left;  // molten: fraction of CooldownTime left (0..1)
  // Springs: particle index pairs and strain (gap - L) / L.
  std::vector<int32_t> spring_a, spring_b;
  std::vector<float> strain;
  // Gas discs (physics/gas): centres, radii, speeds, species; and totals for plots.
  std::vector<float> gas_x, gas_y, gas_radius, gas_speed, gas_mass;
  std::vector<int32_t> gas_species;
  std::array<double, 4> gas_wall_temperature{0.0, 0.0, 0.0, 0.0};  // left, right, bottom, top
  double gas_kinetic_energy = 0.0;
  Vec2 gas_momentum{0.0, 0.0};
  double gas_temperature = 0.0;  // kT = mean m v^2 / 2 per disc
  GasTickStats gas_stats;
  // Peridynamic bodies (physics/peri): every body's points in one list; body_first[k] is
  // body k's first point. Colour quantities per point: volumetric strain (dilatation
  // theta), energy density (energy / V) and det F. Totals in peri_stats.
  std::vector<float> peri_x, peri_y, peri_radius, peri_theta, peri_energy, peri_detf;
  std::vector<int32_t> peri_body_first;
  std::vector<PeriBodyView> peri_bodies;  // one per body
  PeriSettings peri_settings;
  PeriStats peri_stats;
  // With SnapshotOptions::peri_bonds only (else empty): each unbroken bond once, as indices
  // into the point list above, with its stretch |eta| / |xi| - 1.
  std::vector<int32_t> peri_bond_a, peri_bond_b;
  std::vector<float> peri_bond_stretch;
  // Actuators and the mouse grab.
  std::vector<ActuatorView> actuators;
  bool grab_active = false;
  Vec2 grab_target{0.0, 0.0};
  Box box;
  TickStats stats;
  double tick_seconds = 0.0;  // wall time of the last tick (filled by the physics thread)

  void fill_from(const World& world, const SnapshotOptions& options = {});
  void fill_gas(const Gas& gas);  // the gas section only (called by fill_from)
  // The bodies section only (called by fill_from).
  void fill_peri(const PeriSystem& bodies, const SnapshotOptions& options = {});
};

}  // namespace mb
