#pragma once
// A gas of hard discs in the World's box with exactly elastic collisions (the Particles gas
// program).
//
// Storage is struct-of-arrays (copying, saving and snapshotting are plain array copies).
// Gas::step advances one tick by event-driven dynamics (Alder & Wainwright 1959; the
// priority queue with per-disc collision counters of Lubachevsky 1991 and Rapaport,
// "The Art of Molecular Dynamics Simulation", ch. 14): every disc-disc and disc-wall
// contact inside the tick is found at its exact time and handled in time order, so nothing
// tunnels and a disc may collide many times in one tick. See gas_step.cpp.
//
// Units: k_B = 1, so temperature is an energy. Convention (2D, two degrees of freedom per
// disc, equipartition): kT = <m v^2 / 2>, the mean kinetic energy per disc (lab frame).
#include <array>
#include <cstdint>
#include <string>
#include <vector>

#include "physics/core/contact_view.hpp"
#include "physics/core/debug_switches.hpp"
#include "physics/core/worker_pool.hpp"
#include "physics/gas/gas_settings.hpp"
#include "physics/gas/reaction.hpp"
#include "physics/gas/tick_scratch.hpp"
#include "physics/geometry/polygon.hpp"

namespace mb {

enum class Wall : uint8_t { Left = 0, Right = 1, Bottom = 2, Top = 3 };

namespace gas {
// The lightest disc, in mass units. A disc leaving a thermal wall at kT gets v^2 up to about
// 150 kT / m (rng.hpp: its normal and Rayleigh draws, from uniforms >= 2^-53, stay within
// 8.6 standard deviations), and walls reach kT 1e12 (gas_settings.cpp), so 1e-280 keeps v^2
// below 1.5e294, short of the largest double (1.8e308). A lighter disc's speed overflowed
// to inf and its position to NaN at the first wall it met.
inline constexpr double kMinDiscMass = 1e-280;
inline constexpr const char* kMinDiscMassText = "mass must be at least 1e-280";
}  // namespace gas

struct GasTickStats {
  int64_t collisions = 0;           // disc-disc collisions this tick
  int64_t wall_hits = 0;            // disc-wall collisions (thermostat ones included)
  int64_t stale_events = 0;         // predicted events dropped because a disc collided first
  int64_t candidate_pairs = 0;      // pairs the broad phase handed to the contact test
  int64_t obstacle_hits = 0;        // collisions with other matter (Gas::step's obstacles)
  int64_t squeezed = 0;             // discs that stopped meeting obstacles this tick (see step)
  int64_t reactive_collisions = 0;  // collisions of species pairs that have a reaction
  int64_t reactions = 0;            // reactions taken: collisions that reacted, and decays
  int64_t decays = 0;               // of those, decays (reaction.hpp)
  int64_t blocked = 0;              // merges and splits not taken: no room for the products
  double enthalpy_released = 0.0;   // sum of the reactions' Delta H taken this tick
  // Seconds spent meeting other matter (binning, queries, collisions), when
  // Gas::debug.time_cross_contacts is on; the threaded tick-start part counts its CPU time /
  // threads.
  double obstacle_seconds = 0.0;
  bool event_cap_hit = false;  // safety stop: more events than the cap (never expected);
                               // the tick then ends at its last event, short of dt
  GasBroadPhase used = GasBroadPhase::Auto;
};

class Gas {
 public:
  // Discs (struct of arrays; index i is one disc).
  std::vector<double> x, y, vx, vy, mass, radius;
  std::vector<int32_t> species;  // colour / species id (0, 1, ...)
  // Internal energy a merge stored in the disc (reaction.hpp; 0 for most discs).
  std::vector<double> internal;
  // The species table by id (may be shorter than the ids in use) and the reactions
  // (reaction.hpp); both saved with the scene. Edit reactions with gas::set_reactions (it
  // checks them).
  std::vector<gas::Species> species_table;
  std::vector<gas::Reaction> reactions;
  // Per reaction, since the scene began: collisions of its reactants (decays: 0), the
  // reactions taken, and those that would have been but found no room for their products.
  struct ReactionCount {
    int64_t collisions = 0, taken = 0, blocked = 0;
    bool operator==(const ReactionCount&) const = default;
  };
  std::vector<ReactionCount> reaction_counts;

  // Discs the mouse grab holds (sorted; gas/grab.hpp sets them): they stop against walls
  // and other matter instead of bouncing. Not saved.
  std::vector<int32_t> held_discs;
  // Switches of tests and benchmarks (core/debug_switches.hpp): time_cross_contacts times the
  // obstacle work into GasTickStats::obstacle_seconds.
  DebugSwitches debug;

  GasSettings settings;                      // tick, broad phase, threads, walls (gas_settings.hpp)
  uint64_t rng_state = 0x6d656c74626f78ull;  // thermostat draws; saved with the scene

  int32_t size() const { return static_cast<int32_t>(x.size()); }
  bool empty() const { return x.empty(); }
  int32_t add_disc(double px, double py, double pvx, double pvy, double m, double r,
                   int32_t sp = 0);
  void remove_disc(int32_t i);  // moves the last disc into slot i
  // Removes the discs `gone` lists (sorted, no repeats), keeping the others' order.
  void remove_discs(const std::vector<int32_t>& gone);
  void clear();

  // Advances the gas by dt inside `box`. Totals accumulate in totals().
  //
  // `obstacles`, when given, is other matter in the box (spring particles, body points),
  // each entry on its straight path from (x, y) at velocity (vx, vy) through the tick. A
  // disc meets an entry at the exact time their circles touch and the pair collides
  // elastically (gas::elastic_impulse); an immovable entry (inv_mass 0) is a moving wall.
  // Each entry's received impulse and contacts are written back into it; its path is not
  // changed within the tick (the owner applies the impulse). A disc caught between things
  // that close in on it (it would bounce ever faster) stops meeting obstacles after
  // kSqueezeHits contacts in one tick and may overlap them until it is free (`squeezed`);
  // pinched by an immovable obstacle it then moves with it, keeping none of the bounces'
  // energy (gas_obstacles.cpp).
  GasTickStats step(const Box& box, double dt, ContactView* obstacles = nullptr);
  GasTickStats step(const Box& box) { return step(box, settings.tick_seconds); }

  const GasTickStats& last_step() const { return last_; }
  // The discs the last step removed (merges, reaction.hpp), by their index before it, in
  // order: the others moved down by the number removed below them. Discs it added (splits)
  // are at the end.
  const std::vector<int32_t>& removed_in_last_step() const { return removed_; }
  int64_t total_collisions() const { return total_collisions_; }
  int64_t total_wall_hits() const { return total_wall_hits_; }
  int64_t total_reactions() const { return total_reactions_; }
  // Sum of the reactions' Delta H taken: kinetic + internal energy - this is conserved.
  double total_enthalpy_released() const { return total_enthalpy_released_; }

  // The broad phase Auto picks for this gas in this box (cost model in gas_step.cpp).
  GasBroadPhase choose_broad_phase(const Box& box, double dt) const;

 private:
  friend class GasStepper;
  gas::TickScratch scratch_;  // step()'s working state (see tick_scratch.hpp)
  WorkerPoolSlot pool_;       // `threads` persistent workers (copies make their own)
  GasTickStats last_;
  std::vector<int32_t> removed_;
  int64_t total_collisions_ = 0, total_wall_hits_ = 0, total_reactions_ = 0;
  double total_enthalpy_released_ = 0.0;
};

}  // namespace mb
