#pragma once
// The World's peridynamic bodies (physics/peri): a list of bodies advanced together each
// tick, with gravity, damping, wall and body-body contact, the mouse grab and fracture.
//
// One tick (PeriSystem::step): the bodies are grouped into islands that cannot touch within
// the tick (islands.hpp), and each island repeats, for each of its own `substeps` substeps
// of length h:
//   1. internal forces of every body (energy.hpp), exact gradient of the discrete energy;
//   2. symplectic Euler (integrator.hpp) with gravity and damping; grabbed points are
//      pulled to the cursor by the grab spring (core/grab_spring.hpp: soft, damped, with a
//      force limit scaled by the mass held; the cursor interpolated across substeps);
//   3. fracture (if critical_stretch > 0): bonds past the critical stretch break;
//   4. contacts (contact.hpp): points of different bodies and distant parts of one body,
//      then other matter held still (obstacle_contact.hpp: the World's spring particles),
//      then the box walls with Coulomb friction, each resolved by projection.
// Afterwards every body's per-point state (det F, dilatation, energy) is refreshed for the
// snapshot and the stats.
#include <cstdint>
#include <optional>
#include <vector>

#include "physics/core/debug_switches.hpp"
#include "physics/core/grab_spring.hpp"
#include "physics/core/scratch.hpp"
#include "physics/core/state_hash.hpp"
#include "physics/geometry/polygon.hpp"
#include "physics/peri/body.hpp"
#include "physics/peri/contact.hpp"
#include "physics/peri/energy.hpp"
#include "physics/peri/obstacle_contact.hpp"
#include "physics/peri/peri_settings.hpp"
#include "physics/peri/viscosity.hpp"

namespace mb {

struct PeriStats {
  int64_t points = 0, bonds = 0, broken_bonds = 0;
  double kinetic = 0.0, elastic = 0.0;
  double min_det_f = 1.0;
  int substeps = 0;
  double mass_scale = 1.0;
  // Force passes the last tick's substeps made, over all bodies: one a substep, less the
  // first substep's of each body that reused the refresh's forces (refresh_forces_).
  int64_t force_passes = 0;
  int64_t contacts = 0;             // point-point contacts resolved in the last tick
  int64_t obstacle_contacts = 0;    // point-obstacle contacts resolved in the last tick
  int64_t contact_list_builds = 0;  // point-pair candidate lists built so far (contact.hpp)
  int64_t nan_resets = 0;           // bodies reset because a value went non-finite (never expected)
  double obstacle_seconds =
      0.0;  // the last tick's obstacle contacts, when debug.time_cross_contacts
};

// A copy holds the same bodies (their state copied, their models shared: body.hpp), the
// settings, the grab and the last results; its scratch starts empty, and it steps on bit for
// bit as the original does.
class PeriSystem {
 public:
  // State.
  std::vector<PeriBody> bodies;
  // Settings.
  PeriSettings settings;
  // Switches of tests and benchmarks (core/debug_switches.hpp): time_cross_contacts times
  // the obstacle contacts into PeriStats::obstacle_seconds; reuse_refresh_forces and
  // split_islands.
  DebugSwitches debug;

  bool empty() const { return bodies.empty(); }
  void add(PeriBody body);
  void clear();

  // Advances one tick inside `box`; `obstacles` (null: none) is other matter that holds
  // still meanwhile (positions and radii are read; obstacle_contact.hpp).
  const PeriStats& step(const Box& box, const ContactView* obstacles = nullptr);
  const PeriStats& stats() const { return stats_; }
  // Per-body point state of the last step (det F, theta, energy); refreshed by refresh().
  const std::vector<PeriPointState>& states() const { return states_; }
  // Recomputes states and stats without stepping. Changing a body (its constants:
  // softening, broken bonds; or its points) other than through edit.hpp needs it before
  // the next step for the stats and the substep plan, which reads the stiffness it leaves.
  void refresh();

  // Mouse grab of the body whose nearest point is within 2 radius of `at`: its points
  // within max(radius, two horizons) of `at` are pulled to their places under the cursor
  // by the grab spring `spring`, each with the weight grab_weight gives its distance over
  // that reach. Returns how many were picked.
  int grab_begin(Vec2 at, double radius, const GrabSettings& spring = {});
  void grab_move(Vec2 to) { grab_target_ = to; }
  // Lets go. With `throw_velocity`, the held body is thrown: every point's velocity is
  // shifted by the same amount so that the body's centre of mass moves at it (its spin and
  // ringing are kept; a uniform shift adds no internal energy).
  void grab_end(std::optional<Vec2> throw_velocity = std::nullopt);
  bool grab_active() const { return !grabbed_.empty(); }
  Vec2 grab_target() const { return grab_target_; }
  // Where the held patch puts the cursor: the weighted mean of each held point less its
  // offset. Equal to grab_target() when the patch sits where the cursor wants it.
  Vec2 grab_held() const;
  // Adds the grab's state (each held point, target, previous target) to a state hash
  // (world/state_hash.hpp).
  void hash_grab(StateHash& h) const;

  // Substeps and mass scale a tick of all bodies in one island would use now.
  void substep_plan(int& substeps, double& mass_scale) const;

 private:
  // The plan of the bodies in `island` (indices into bodies).
  void plan(const std::vector<int32_t>& island, int& substeps, double& mass_scale) const;
  int32_t held_body() const;                // the body the mouse holds, -1 for none
  std::vector<int32_t> all_bodies() const;  // 0, 1, ..., bodies.size() - 1
  // The tick's n substeps of one island's bodies.
  // `impact`: the island may hit something this tick (islands.hpp, Island::may_hit).
  void step_island(const Box& box, const std::vector<int32_t>& island, int n, double scale,
                   bool impact);
  void substep(const Box& box, const std::vector<int32_t>& island, double h, double mass_scale,
               double frac0, double frac1, bool damp, bool impact);
  bool refresh_forces_fit(size_t body) const;
  void fracture(PeriBody& b);

  // State: the last refresh's per-point results (the substep plan reads their stiffness;
  // the passes' scratch inside each does not travel in a copy: energy.hpp).
  std::vector<PeriPointState> states_;
  // Scratch, kept between ticks and never copied (a copy starts with an empty one).
  struct Work {
    std::vector<ViscousStep> viscous;  // (bodies) each body's viscosity constants this tick
    std::vector<uint8_t> in_island;    // (bodies) 1 for the bodies of the island stepping now
    std::vector<std::vector<double>> fx, fy;  // (bodies, n_points) the last force pass's
    // The positions refresh() computed fx, fy at. The energy refresh is a full force pass,
    // so when a body starts the next tick where it ended this one (nothing pushed or
    // dragged it in between), that tick's first substep needs no force pass of its own. A
    // heated body's constants change between ticks (softening.hpp): its forces are not
    // kept. A copy of the system, which has none, makes that pass itself: the same forces.
    struct RefreshForces {
      std::vector<double> x, y;    // (n_points)
      PeriConstantsKey constants;  // the body's constants they were computed with
      bool kept = false;
    };
    std::vector<RefreshForces> refresh_forces;  // (bodies)
    PeriContacts contacts;
    PeriObstacleContacts obstacle_contacts;
  };
  Scratch<Work> work_;
  WorkerPoolSlot pool_;  // settings.threads persistent workers (copies make their own)
  // State: the last tick's figures, the mouse grab.
  PeriStats stats_;
  struct Held {
    int32_t body, point;
    Vec2 offset;    // from the cursor, at the grab's start
    double weight;  // grab_weight of its distance from the cursor then
  };
  std::vector<Held> grabbed_;
  GrabSettings grab_spring_;
  Vec2 grab_target_{0.0, 0.0}, grab_prev_{0.0, 0.0};
};

}  // namespace mb
