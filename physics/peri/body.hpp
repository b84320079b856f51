#pragma once
// A peridynamic body: points on a hexagonal lattice, bonds within the horizon, and the
// per-point constants of the calibrated energy (energy.hpp). Struct of arrays, integer
// indices; bonds are stored per point (CSR, both directions) so every force loop gathers
// into its own point and parallelises without atomics.
//
// Why hexagonal: its bond set is elastically isotropic by symmetry, so two constants fit E
// and nu; a square lattice cannot (docs/bodies.md, "Discretisation").
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

#include "physics/geometry/grey_mask.hpp"
#include "physics/geometry/polygon.hpp"
#include "physics/peri/lattice.hpp"
#include "physics/peri/material.hpp"

namespace mb {

enum class PeriShapeKind : int { Circle = 0, Rectangle = 1, Polygon = 2, Mask = 3 };

// Where a body's points come from (kept so a scene can be written back exactly).
struct PeriShape {
  PeriShapeKind kind = PeriShapeKind::Circle;
  double radius = 20.0;                // Circle
  double width = 40.0, height = 20.0;  // Rectangle (centred on the position)
  mb::Polygon outline;                 // Polygon, in body coordinates (centred by the builder)
  GreyMask mask;                       // Mask: 1 pixel = mask_scale length units
  double mask_scale = 1.0;
  std::string source;  // file the outline / mask came from ("" = inline)
  bool operator==(const PeriShape& o) const;
};

// Where a body's points are when it does not start at rest in its build positions (a saved
// running world): per point, in lattice order, x, y, vx, vy; the broken bonds as point pairs
// (i < j). Empty: the body starts as built, every point moving with PeriBodySpec::velocity.
struct PeriMotion {
  std::vector<double> x, y, vx, vy;
  std::vector<std::pair<int32_t, int32_t>> broken;
  std::vector<double> heat;  // heater softening per point (softening.hpp); empty: all cold
  bool empty() const { return x.empty() && broken.empty() && heat.empty(); }
  bool operator==(const PeriMotion&) const = default;
};

// Everything needed to build a body.
struct PeriBodySpec {
  PeriShape shape;
  PeriMaterial material;
  double spacing = 2.0;     // lattice spacing dx
  double horizon = 3.0;     // delta / dx
  Vec2 position{0.0, 0.0};  // where the shape's centre goes
  double angle = 0.0;       // rotation of the body (radians); fibres rotate with it
  Vec2 velocity{0.0, 0.0};
  PeriMotion motion;  // optional start state (build_body applies it)
  bool operator==(const PeriBodySpec&) const = default;
};

struct PeriBody {
  PeriBodySpec spec;
  // Points.
  std::vector<double> X, Y;     // reference positions (world frame at build time)
  std::vector<double> x, y;     // current positions
  std::vector<double> vx, vy;   // velocities
  std::vector<double> vol;      // V_i = area * thickness: one value per body (the force loops
                                // factor it out of their sums)
  std::vector<double> mass;     // rho * V_i
  std::vector<double> wvol;     // m_i = sum_j |xi|^2 V_j (weighted volume, all bonds)
  std::vector<double> kinv;     // K_i^-1, 4 per point (row-major), K_i = sum_j xi (x) xi V_j
  std::vector<double> kappa;    // volumetric constant per point
  std::vector<uint8_t> pinned;  // 1: kinematic (tests, grab); forces do not move it
  // Bonds, CSR over points: bonds of i are [bond_start[i], bond_start[i+1]).
  std::vector<int32_t> bond_start, bond_j;
  std::vector<double> bond_len;          // |xi|
  std::vector<double> bond_dx, bond_dy;  // xi = X_j - X_i
  std::vector<double> bond_c;        // (c_ij / 2) k(xi_hat) V_i V_j: force = bond_c phi'(s) eta_hat
  std::vector<int32_t> bond_broken;  // 1: broken (int32 like bond_j: the force loop vectorises)
  std::vector<int32_t> bond_rev;     // the same pair seen from j: bond_j[bond_rev[e]] == i
  // Every pair once (its bond from the lower index, i < j), grouped so that no two pairs of
  // a group share a point (greedy colouring): the viscosity sweep (viscosity.hpp) runs a
  // group without a chain of dependent updates. Pair k: point pair_i[k], bond pair_bond[k];
  // group g is [pair_group[g], pair_group[g + 1]).
  std::vector<int32_t> pair_i, pair_bond, pair_group;
  // Heater softening (softening.hpp): per point heat in [0, 1] (empty: all cold), and the
  // cold bond_c and kappa while softened constants stand in for them (empty otherwise).
  std::vector<double> heat, bond_c_cold, kappa_cold;
  // The conduction model's point temperatures in K (world/world_heat.hpp; empty: all at
  // ambient). There a point's heat is its temperature's place between ambient and liquidus.
  std::vector<double> temperature;
  double c_interior = 0.0;      // calibrated bond constant c at an interior point
  double kappa_interior = 0.0;  // calibrated volumetric constant
  double stable_dt = 0.0;       // 2 / omega_max of the reference lattice (see integrator)
  int64_t broken_bonds = 0;
  // The points as cells of their lattice, for the stencil force pass (lattice.hpp); empty
  // for a body whose points are not a lattice (the force pass then walks the CSR bonds).
  PeriLattice lattice;
  // A new value each time bond_c, bond_broken, kappa or kinv change (bonds_changed()): the
  // stencil pass keeps them in its own layout and copies them again when this differs from
  // its copy's; PeriSystem reuses a refresh's forces only under the same stamp.
  uint64_t bonds_stamp = 0;

  int32_t size() const { return static_cast<int32_t>(x.size()); }
  int64_t bond_count() const { return static_cast<int64_t>(bond_j.size()) / 2; }  // pairs
  double point_radius() const { return 0.5 * spec.spacing; }
  // How close each point may come to a wall or a spring particle: dx / 2 on the surface,
  // more below it (contact_skin.hpp); the largest of them (or more: an upper bound); and
  // each point's depth below the surface it is taken from (infinity past the horizon). The
  // radius follows from the depth; it is kept because every contact pass reads it, and the
  // depth because the update after a fracture compares against it.
  std::vector<double> skin_radius, skin_depth;
  double max_skin_radius = 0.0;
};

// Limits that turn a typo into a hang (radius 1e6 at spacing 1) into an error at once.
inline constexpr int64_t kMaxBodyPoints = 200'000;
inline constexpr double kMaxBodyBytes = 2e9;

// Points and bytes the spec's body would take, from its shape's area (before building).
double estimated_points(const PeriBodySpec& spec);
double estimated_bytes(const PeriBodySpec& spec);
// Throws std::invalid_argument, naming the limit, when the body would exceed one.
void check_body_size(const PeriBodySpec& spec);

// Hexagonal lattice points (spacing dx, rows dx sqrt(3)/2) inside the spec's shape, centred
// on spec.position and rotated by spec.angle. Area per point: dx^2 sqrt(3)/2.
std::vector<Vec2> peri_lattice_points(const PeriBodySpec& spec);

// Builds the body: points, bonds (SpatialHash, |xi| <= delta), calibration (calibrate.hpp),
// boundary correction, the stable step, then spec.motion if any. Throws
// std::invalid_argument on a bad spec (a motion that does not fit the built points included).
PeriBody build_body(const PeriBodySpec& spec);
// Builds from explicit reference points (tests); spec.shape is ignored.
// estimate_dt = false skips the stable-step estimate (which itself builds a small patch).
PeriBody build_body_from_points(const PeriBodySpec& spec, const std::vector<Vec2>& points,
                                bool estimate_dt = true);

// Puts the body in `motion`'s state (throws std::invalid_argument, changing nothing, when
// the point count differs, a value is not finite, or a broken pair is not a bond).
void apply_motion(PeriBody& body, const PeriMotion& motion);
// The body's state as a PeriMotion; empty while it is exactly as built.
PeriMotion current_motion(const PeriBody& body);

// Marks the body's constants as changed: call it after writing bond_c, bond_broken, kappa or
// kinv (every writer in physics/ does).
void bonds_changed(PeriBody& body);

// Recomputes K_i^-1 of the given points from their unbroken bonds (after fracture).
void refresh_shape_tensors(PeriBody& body, const std::vector<int32_t>& points);

}  // namespace mb
