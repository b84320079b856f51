#pragma once
// A peridynamic body: points on a hexagonal lattice, bonds within the horizon, and the
// per-point constants of the calibrated energy (energy.hpp). Struct of arrays, integer
// indices; bonds are stored per point (CSR, both directions) so every force loop gathers
// into its own point and parallelises without atomics.
//
// Why hexagonal: its bond set is elastically isotropic by symmetry, so two constants fit E
// and nu; a square lattice cannot (docs/bodies.md, "Discretisation").
#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "physics/core/error.hpp"
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

// A body is split the way MuJoCo splits mjModel from mjData: what it is made of (the model,
// built once and never written) apart from what changes as it moves (the state). Copying a
// body (and so a PeriSystem or a World) copies the state and shares the model.
//
// Some constants change while a body runs: bond_c and kappa while it is softened by heat
// (softening.hpp); the broken flags, K^-1 and the contact skin after a fracture. They are
// not kept with the state: they change a few times in a body's life (fracture) or at most
// once a tick (softening), and bond_c and the broken flags are as large as the bond table
// (2 * n_bonds entries), which every copy of the state would then carry. Each group is an
// immutable object of its own, shared like the model, and replaced whole when it changes
// (copy-on-write): fracture copies the damage and writes the copy (break_bonds), softening
// computes a new stiffness from the model's cold one and the heat (apply_softening), and the
// body takes the new object. A copy of the body that holds the old object keeps it; a cache
// made from the old one sees another object (PeriConstantsKey) and makes itself again. Two
// groups, not one, so that a softened tick does not copy the broken flags, nor a fracture
// bond_c.

// The constants softening changes: sizes in parentheses.
struct PeriStiffness {
  std::vector<double> bond_c;  // (2 * n_bonds) (c_ij / 2) k(xi_hat) V_i V_j: force =
                               // bond_c phi'(s) eta_hat
  std::vector<double> kappa;   // (n_points) volumetric constant
};

// The constants fracture changes.
struct PeriDamage {
  std::vector<int32_t> bond_broken;  // (2 * n_bonds) 1: broken (int32 like bond_j: the
                                     // force loop vectorises)
  int64_t broken_bonds = 0;          // broken pairs
  std::vector<double> kinv;          // (4 * n_points) K_i^-1 (row-major), K_i = sum_j xi (x) xi V_j
                                     // over the unbroken bonds
  // How close each point may come to a wall or a spring particle: dx / 2 on the surface,
  // more below it (contact_skin.hpp); the largest of them (or more: an upper bound); and
  // each point's depth below the surface it is taken from (infinity past the horizon). The
  // radius follows from the depth; it is kept because every contact pass reads it, and the
  // depth because the update after a fracture compares against it.
  std::vector<double> skin_radius, skin_depth;  // (n_points)
  double max_skin_radius = 0.0;
};

// What a body is made of: built by build_body, then read-only (shared between copies).
struct PeriBodyModel {
  PeriBodySpec spec;  // as built (its motion: the state the body started in)
  // Points.
  std::vector<double> X, Y;  // (n_points) reference positions (world frame at build time)
  std::vector<double> vol;   // (n_points) V_i = area * thickness: one value per body (the
                             // force loops factor it out of their sums)
  std::vector<double> mass;  // (n_points) rho * V_i
  std::vector<double> wvol;  // (n_points) m_i = sum_j |xi|^2 V_j (weighted volume, all bonds)
  // Bonds, CSR over points: bonds of i are [bond_start[i], bond_start[i+1]).
  std::vector<int32_t> bond_start;       // (n_points + 1)
  std::vector<int32_t> bond_j;           // (2 * n_bonds) the far point
  std::vector<double> bond_len;          // (2 * n_bonds) |xi|
  std::vector<double> bond_dx, bond_dy;  // (2 * n_bonds) xi = X_j - X_i
  // (2 * n_bonds) the same pair seen from j: bond_j[bond_rev[e]] == i.
  std::vector<int32_t> bond_rev;
  // Every pair once (its bond from the lower index, i < j), grouped so that no two pairs of
  // a group share a point (greedy colouring): the viscosity sweep (viscosity.hpp) runs a
  // group without a chain of dependent updates. Pair k: point pair_i[k], bond pair_bond[k];
  // group g is [pair_group[g], pair_group[g + 1]).
  std::vector<int32_t> pair_i, pair_bond;  // (n_bonds)
  std::vector<int32_t> pair_group;         // (n_groups + 1)
  double c_interior = 0.0;                 // calibrated bond constant c at an interior point
  double kappa_interior = 0.0;             // calibrated volumetric constant
  double stable_dt = 0.0;  // 2 / omega_max of the reference lattice (see integrator)
  // The points as cells of their lattice, for the stencil force pass (lattice.hpp); empty
  // for a body whose points are not a lattice (the force pass then walks the CSR bonds).
  PeriLattice lattice;
  // The calibrated constants of the body cold and whole: what PeriBody::stiffness and
  // PeriBody::damage are when nothing is heated and nothing broke.
  std::shared_ptr<const PeriStiffness> cold;
  std::shared_ptr<const PeriDamage> intact;

  int32_t size() const { return static_cast<int32_t>(X.size()); }
  int64_t bond_count() const { return static_cast<int64_t>(bond_j.size()) / 2; }  // pairs
  double point_radius() const { return 0.5 * spec.spacing; }
};

struct PeriBody {
  // Model: shared by every copy; never null in a built body.
  std::shared_ptr<const PeriBodyModel> model;
  std::shared_ptr<const PeriStiffness> stiffness;  // model->cold unless softened
  std::shared_ptr<const PeriDamage> damage;        // model->intact until a bond breaks
  // State: what changes as the body moves, copied with it.
  std::vector<double> x, y;     // (n_points) current positions
  std::vector<double> vx, vy;   // (n_points) velocities
  std::vector<uint8_t> pinned;  // (n_points) 1: kinematic (tests, grab); forces do not move it
  // Heater softening (softening.hpp): heat in [0, 1] (n_points; empty: all cold).
  std::vector<double> heat;
  // The conduction model's point temperatures in K (world/world_heat.hpp; n_points, empty:
  // all at ambient). There a point's heat is its temperature's place between ambient and
  // liquidus.
  std::vector<double> temperature;

  const PeriBodySpec& spec() const { return model->spec; }
  int32_t size() const { return static_cast<int32_t>(x.size()); }
  int64_t bond_count() const { return model ? model->bond_count() : 0; }  // pairs
  int64_t broken_bonds() const { return damage ? damage->broken_bonds : 0; }
  double point_radius() const { return model->point_radius(); }
};

// Which constants a cache was made from (the stencil pass's copies of them, PeriSystem's
// kept forces): the body's model, stiffness and damage objects. They are never written and
// are replaced whole on a change, so the cache is fresh exactly while the body holds the same
// three objects. Held weakly (a cache must not keep a replaced object's arrays alive) and
// compared by owner, so a new object at a freed one's address never passes for it.
class PeriConstantsKey {
 public:
  bool matches(const PeriBody& b) const {
    return same(model_, b.model) && same(stiffness_, b.stiffness) && same(damage_, b.damage);
  }
  void set(const PeriBody& b) { model_ = b.model, stiffness_ = b.stiffness, damage_ = b.damage; }

 private:
  template <class T>
  static bool same(const std::weak_ptr<const T>& w, const std::shared_ptr<const T>& p) {
    return p && !w.owner_before(p) && !p.owner_before(w);
  }
  std::weak_ptr<const PeriBodyModel> model_;
  std::weak_ptr<const PeriStiffness> stiffness_;
  std::weak_ptr<const PeriDamage> damage_;
};

// Limits that turn a typo into a hang (radius 1e6 at spacing 1) into an error at once.
inline constexpr int64_t kMaxBodyPoints = 200'000;
inline constexpr double kMaxBodyBytes = 2e9;

// Points and bytes the spec's body would take, from its shape's area (before building).
double estimated_points(const PeriBodySpec& spec);
double estimated_bytes(const PeriBodySpec& spec);
// Throws mb::Error, naming the limit, when the body would exceed one.
void check_body_size(const PeriBodySpec& spec);

// Hexagonal lattice points (spacing dx, rows dx sqrt(3)/2) inside the spec's shape, centred
// on spec.position and rotated by spec.angle. Area per point: dx^2 sqrt(3)/2.
std::vector<Vec2> peri_lattice_points(const PeriBodySpec& spec);

// Builds the body: points, bonds (SpatialHash, |xi| <= delta), calibration (calibrate.hpp),
// boundary correction, the stable step, then spec.motion if any. Throws
// mb::Error on a bad spec (a motion that does not fit the built points included).
PeriBody build_body(const PeriBodySpec& spec);
// Builds from explicit reference points (tests); spec.shape is ignored.
// estimate_dt = false skips the stable-step estimate (which itself builds a small patch).
PeriBody build_body_from_points(const PeriBodySpec& spec, const std::vector<Vec2>& points,
                                bool estimate_dt = true);

// Puts the body in `motion`'s state (throws mb::Error, changing nothing, when
// the point count differs, a value is not finite, or a broken pair is not a bond).
void apply_motion(PeriBody& body, const PeriMotion& motion);
// The body's state as a PeriMotion; empty while it is exactly as built.
PeriMotion current_motion(const PeriBody& body);

// Breaks the directed bonds `halves` (each broken pair with both its halves; those already
// broken are skipped) and recomputes what depends on them at the points `touched` (every end
// of a newly broken bond, each once): K^-1 and the contact skin. The body's damage is
// replaced by a new object (copy-on-write); a copy of the body keeps its own. Nothing
// happens when `touched` is empty.
void break_bonds(PeriBody& body, const std::vector<int32_t>& halves,
                 const std::vector<int32_t>& touched);

// Gives the body a model of its own, the same less its lattice, so its force passes walk the
// CSR bonds (tests and benchmarks compare the two passes). A copy of the model: its other
// holders keep the lattice.
void drop_lattice(PeriBody& body);

// Recomputes K_i^-1 of the given points from their unbroken bonds (after fracture).
void refresh_shape_tensors(const PeriBodyModel& model, PeriDamage& damage,
                           const std::vector<int32_t>& points);

}  // namespace mb
