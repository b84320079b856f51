#pragma once
// The sandbox's gas controls (docs/gas.md, "In the sandbox"): the Gas panel and the speed
// legend on the canvas. They read the Snapshot's gas section and push gas commands
// (engine/gas_commands.hpp); none touches the World. Discs are grabbed by the canvas's
// matter grab (World::grab_begin, gas/grab.hpp).
#include <deque>
#include <utility>
#include <vector>

#include "physics/core/vec2.hpp"
#include "physics/gas/gas.hpp"
#include "physics/gas/generator.hpp"

namespace mb::app {

struct AppState;

struct GasUi {
  static constexpr size_t kHistory = 600;  // samples (ticks) kept for the plots
  // "Add discs": the generator's parameters (the Particles gas program steps after every add).
  gas::GeneratorSpec spec{200, 2.0, 3.0, 1.0, 800.0, 1, 0};
  bool auto_speed_scale = true;
  int histogram_bins = 40;
  // Per physics tick: kinetic energy, |p|, px, py, collisions.
  std::deque<float> energy, momentum, px, py, collisions;
  // With reactions: discs of each species id, and reactions, per tick.
  std::vector<std::deque<float>> species_counts;
  std::deque<float> reactions;
  // Per reaction, per tick: what was measured over the last second of ticks and what theory
  // gives (docs/reactions.md). A collision reaction: the fraction of its reactants'
  // collisions that reacted (or would have, but found no room for the products), and
  // p exp(-E_a / kT) at the gas's temperature; a decay: the decays (and tries without room)
  // per disc and unit time, and its rate constant k.
  struct ReactionTrace {
    std::deque<std::pair<int64_t, double>> recent;  // (taken, chances) per tick
    std::deque<float> measured, theory;
  };
  std::vector<ReactionTrace> traces;
  std::vector<gas::Reaction> traced;        // the reactions the traces are of
  std::vector<Gas::ReactionCount> counted;  // the counts at the last tick recorded
  int64_t last_tick = -1, scene_serial = -1;
};

void gas_panel(AppState& s);    // the Gas panel (panel_gas.cpp)
void gas_overlay(AppState& s);  // the speed or species legend at the canvas's top right
// The Gas panel's Reactions section: species, reactions, counts over time (panel_reactions.cpp).
void reactions_section(AppState& s);

}  // namespace mb::app
