#pragma once
// The World: the box, the matter in it, the actuators and the settings, advanced
// one fixed tick at a time. Both meltbox (live, on its physics thread) and
// meltbox-cli (batch) drive the same World.
//
// One tick, in the order of the Spring Simulator ("Simulation details"):
//   1. move actuators along their paths (an actuator's first tick holds it at its start);
//   2. pre-process: (timer model) molten particles whose cooldown has ended freeze (frozen
//      radius) but stay movable for this tick's relaxation, so the material contracts;
//      heated body points cool by 1 / CooldownTime (peri/softening.hpp);
//   3. actuators act: heaters melt what they cover (timer model) or heat it (conduction
//      model: then one heat step and the phases, world_heat.hpp) and heat the body points they
//      cover (softening.hpp), pushers move what they grip (body points too, pusher_matter.hpp)
//      (the mouse grab is a pusher that the grab spring carries towards the cursor: GrabPatch,
//      crossing allowed). A pusher whose grip may not make springs cross pushes the free
//      particles in its way ahead of the grip (SweepGuard); a move it cannot make whole
//      (something in the way may not move) is owed as the grip's lag, retried after the
//      relaxation and on later ticks, and settled at finish_run as far as it can be;
//   4. relax the spring network to equilibrium, body points pushing the particles they
//      overlap (body_push.hpp, where the bodies were at the tick's start); in the inelastic
//      simulator the springs are updated during it (ConnectivityUpdater), and once after it if it
//      did not iterate but something was dragged, so springs stretched past the threshold break
//      this tick (those that the mouse stretches tear, connectivity.hpp);
//   5. post-process: with a heater in the scene the frozen material is rigid wax,
//      so every particle that is not molten becomes immovable. Without heaters the
//      material is an elastic solid and every particle not gripped stays movable.
//   6. the peridynamic bodies (physics/peri) advance bodies.settings.tick_seconds in `box`
//      (their own substeps, gravity, contacts and mouse grab; see peri/system.hpp), the
//      spring particles held still where the relaxation left them (obstacle_contact.hpp);
//      heated points soft by their heat (softening.hpp);
//   7. the gas (physics/gas) advances gas.settings.tick_seconds in `box`, its discs
//      meeting the spring particles and the body points exactly in its event loop, each on
//      its straight path from where it was at the tick's start to where steps 1 to 6 put
//      it (gas.hpp); the impulses the body points received change their velocities. Discs
//      that leave a heater that acted this tick take its temperature (heater_region.hpp).
//      In the conduction model the spring particles are thermal walls at their temperatures
//      (world_heat.hpp): the energy a disc leaves behind heats the particle it touched.
// Steps 4, 6 and 7 see the other kinds through contact views (contact_views.hpp) when
// cross_contacts is on; with it off the kinds pass through one another.
#include <cstdint>
#include <optional>
#include <vector>

#include "physics/actuators/actuator.hpp"
#include "physics/core/grab_spring.hpp"
#include "physics/core/scratch.hpp"
#include "physics/gas/gas.hpp"
#include "physics/gas/grab.hpp"
#include "physics/geometry/polygon.hpp"
#include "physics/peri/system.hpp"
#include "physics/springs/connectivity.hpp"
#include "physics/springs/relaxation.hpp"
#include "physics/springs/simulator_settings.hpp"
#include "physics/springs/spring_network.hpp"
#include "physics/springs/sweep_guard.hpp"
#include "physics/world/body_push.hpp"
#include "physics/world/pusher_matter.hpp"
#include "physics/world/tick_profile.hpp"
#include "physics/world/world_heat.hpp"

namespace mb {

struct TickStats {
  int iterations = 0;
  double max_force = 0.0;
  bool converged = true;
  int rollbacks = 0;
  int springs_made = 0;
  int springs_broken = 0;
  int melted = 0;  // particles melted or re-heated this tick
  // Farthest a grip trails its pusher after this tick (a move shortened so that no springs
  // cross; caught up later). After finish_run: what could not be caught up at all.
  double grip_lag = 0.0;
  int pushed = 0;  // particles pushed ahead of non-crossing grips (once per try that pushed)
  // Contacts between kinds of matter this tick (contact_views.hpp).
  int64_t disc_particle = 0;   // gas discs with spring particles
  int64_t disc_point = 0;      // gas discs with body points
  int64_t point_particle = 0;  // body points projected out of spring particles
  int32_t heated_discs = 0;    // gas discs that left a heater with its temperature
  // Energy the discs were given to stay out of body points' paths that the bodies'
  // vibration could not pay (contact_views.hpp, apply_body_impulses): made, not moved.
  double unpaid_work = 0.0;
  // Body points under a heater (timer model), or with heat (conduction model); softened.
  int64_t heated_points = 0;
  // The spring network's heat after this tick (world_heat.hpp). Timer model: molten_mass
  // counts molten particles and the rest stay 0.
  double total_heat = 0.0;       // J above every particle solid at ambient
  double molten_mass = 0.0;      // sum of melt fractions (particles)
  double max_temperature = 0.0;  // K
  double melt_front = 0.0;       // farthest half-molten particle from a heater acting now
  int heat_substeps = 0;         // explicit substeps of the heat step (0: implicit)
  int heat_cg_iterations = 0;    // conjugate-gradient iterations of an implicit step
  double gas_heat = 0.0;         // J the gas gave the wax this tick (negative: it took)
};

// The mouse grab on the spring network: the particles picked under the cursor are gripped
// (immovable in the relaxation) and carried as one piece by the grab spring (GrabPatch), like
// a pusher that follows the cursor softly.
struct Grab {
  bool active() const { return !particles.empty(); }
  GrabPatch patch;  // patch.cursor: where the cursor is; patch.x: where the pick point is now
  std::vector<int32_t> particles;
};

// What travels in a copy, in four groups (MuJoCo's mjModel/mjData split, Box2D's world
// definition apart from its step context):
//   - state: what a tick changes; state_hash(World) covers all of it (world/state_hash.hpp);
//   - settings: what a person or a file chooses, read by every tick, changed only by edits;
//   - debug switches: benchmarks' clocks, which never change what a tick does;
//   - scratch (private, Scratch<T>): working memory kept between ticks for its capacity only;
//     a copy starts with none, so copying or restoring a world costs its state.
// The model data of the peridynamic bodies (reference lattice, bonds, constants) is shared
// between copies, not copied (peri/body.hpp).
class World {
 public:
  // State.
  SpringNetwork net;                // the spring network (steps 1 to 5)
  Gas gas;                          // hard discs in `box` (step 7); its settings in gas.settings
  PeriSystem bodies;                // peridynamic bodies in `box` (step 6); bodies.settings
  std::vector<Actuator> actuators;  // shapes and paths are settings; advancement and grips state
  int64_t time = 0;                 // ticks since the scene started

  // Settings.
  SimulatorSettings settings;  // the .cfg file: particles, springs, relaxation, heat
  Box box{{-1000.0, -1000.0}, {1000.0, 1000.0}};
  GrabSettings grab_settings;  // the mouse grab's spring (core/grab_spring.hpp)
  bool inelastic = false;      // the original's `-w`: springs break and form (the "wax" simulator)
  bool cross_contacts = true;  // the kinds of matter collide with one another (steps 4, 6, 7)
  RelaxMethod relax_method = RelaxMethod::Fire;

  // Switches of tests and benchmarks (core/debug_switches.hpp); each tick hands them to the
  // gas and the bodies.
  DebugSwitches debug;

  // Advances one tick (the steps above). Returns what happened.
  TickStats tick();

  // True while some enabled actuator still has ticks to run.
  bool actuators_running() const;
  // The Spring Simulator's end of a run: molten particles freeze, pushers with final_release let
  // go, one final relaxation at a tenth of the convergence limit and ten times the
  // iterations, then every actuator is disabled.
  TickStats finish_run();

  // Mouse grab: picks the particles within `radius` of `at` (or the nearest one within
  // 2 * radius when none is that close). Returns how many were picked. When no spring
  // particle is picked, body points are grabbed instead (PeriSystem::grab_begin), and when
  // there are none, gas discs (gas/grab.hpp: the same soft spring).
  int grab_begin(Vec2 at, double radius);
  void grab_move(Vec2 to) {
    grab_.patch.cursor = to;
    bodies.grab_move(to);  // no-op unless body points are held
    gas_grab_.move(to);    // no-op unless discs are held
  }
  // Lets go. `throw_velocity` (the mouse's, on release) is given to a held body
  // (PeriSystem::grab_end) and to held discs (GasGrab::end); spring particles have no
  // inertia in the quasi-static network and stay where they were let go.
  void grab_end(std::optional<Vec2> throw_velocity = std::nullopt);
  const Grab& grab() const { return grab_; }
  const gas::GasGrab& gas_grab() const { return gas_grab_; }

  bool has_heater() const;
  const TickStats& last_tick() const { return last_; }
  // Where the last tick's time went (tick_profile.hpp).
  const TickProfile& profile() const { return profile_; }

 private:
  // steps[k]: how far actuator k moved this tick; active[k]: it runs this tick.
  void move_actuators(std::vector<Vec2>& steps, std::vector<uint8_t>& active);
  void pre_process();
  void act(const std::vector<Vec2>& steps, const std::vector<uint8_t>& active, TickStats& stats);
  void apply_pusher(Actuator& pusher, Vec2 step, bool first_tick, TickStats& stats);
  // Moves a pusher's grip by its lag, pushing free particles in the way ahead (SweepGuard)
  // so that no springs cross; keeps what could not be applied. True when it made progress.
  bool advance_grip(Actuator& pusher, TickStats& stats);
  // Grips that still trail their pushers try again, relaxing after each try that made
  // progress, at most `attempts` times.
  void catch_up_grips(int attempts, double convergence_limit, int iteration_limit,
                      TickStats& stats);
  void apply_heater(const Actuator& heater, TickStats& stats);
  void step_heat(TickStats& stats);  // step 3, conduction model
  void count_heat(TickStats& stats) const;
  void apply_grab();
  TickStats relax(double convergence_limit, int iteration_limit);
  void post_process();
  void step_bodies(TickStats& stats);            // step 6
  void step_gas(TickStats& stats);               // step 7
  void step_gas_among_matter(TickStats& stats);  // step 7 with cross contacts

  // State the tick keeps to itself.
  Grab grab_;
  gas::GasGrab gas_grab_;
  bool moved_ = false;   // an actuator or the grab moved particles since the last relaxation
  TickStats last_;       // what the last tick did (not state: an output)
  TickProfile profile_;  // where its time went (not state: an output)

  // The relaxation: a copy carries only its crossing guard's pair list (relaxation.hpp).
  Relaxer relaxer_;

  // Scratch (Scratch<T>: a copy starts without it).
  Scratch<SweepGuard> sweep_;  // moves non-crossing grips, pushing what is in the way
  Scratch<ConnectivityUpdater> connectivity_;  // the inelastic update's removal and creation
  // Cross contacts (steps 4, 6, 7): the body points pushing the network, the tick-start
  // positions of particles and points, and the views the other kinds' passes read.
  Scratch<BodyPush> body_push_;
  bool pushing_ = false;  // this tick: body_push_ holds the bodies
  double* cross_timing() { return debug.time_cross_contacts ? &profile_.cross : nullptr; }
  Scratch<std::vector<double>> particle_x0_, particle_y0_, point_x0_, point_y0_;
  Scratch<ContactView> particles_view_, gas_view_;
  // The heaters that acted this tick, where they acted.
  Scratch<std::vector<Polygon>> heater_shapes_;
  struct MovedOutline {
    Polygon shape;  // where it is at the tick's end
    Vec2 step;      // how far it moved this tick
  };
  Scratch<std::vector<MovedOutline>> pusher_outlines_;  // the pushers' outlines for the gas
  Scratch<std::vector<Vec2>> steps_;                    // this tick's move of each actuator
  Scratch<HeldPoints> held_points_;
  Scratch<HeatSolver> heat_;                       // the conduction model (world_heat.hpp)
  Scratch<std::vector<HeatSource>> heat_sources_;  // the heaters' sources this tick
  Scratch<std::vector<BodyHeatSource>> body_heat_sources_;
  Scratch<std::vector<Vec2>> heater_centres_;
  Scratch<std::vector<uint8_t>> in_heater_;  // per disc: inside one of them before the gas's tick
};

// Particles whose centres lie inside `poly` (bounding-box prefilter, then winding number).
std::vector<int32_t> particles_inside(const SpringNetwork& net, const Polygon& poly);

}  // namespace mb
