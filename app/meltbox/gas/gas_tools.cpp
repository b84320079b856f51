// Gas: per-frame bookkeeping (plot history, speed scale). The mouse grabs discs through the
// World's grab (gas/grab.hpp), like any matter.
#include <algorithm>
#include <cmath>

#include "app/meltbox/app_state.hpp"
#include "app/meltbox/gas/gas_tools.hpp"

namespace mb::app {

namespace {

template <class T>
void push_capped(std::deque<T>& d, T v, size_t cap) {
  d.push_back(v);
  while (d.size() > cap) d.pop_front();
}

// One tick's reactions into the traces (gas_ui.hpp): the counts since the last tick, over the
// last 60 ticks (one tick has few reactions), against theory.
void record_reactions(GasUi& g, const GasView& gas) {
  if (gas.reactions != g.traced || gas.reaction_counts.size() != gas.reactions.size()) {
    g.traced = gas.reactions;  // new or edited reactions: their traces start afresh
    g.traces.assign(gas.reactions.size(), {});
    g.counted = gas.reaction_counts;
    return;
  }
  for (size_t k = 0; k < gas.reactions.size(); ++k) {
    const gas::Reaction& r = gas.reactions[k];
    GasUi::ReactionTrace& trace = g.traces[k];
    // Those without room for their products passed the test too (reaction.hpp): they count.
    const int64_t taken = gas.reaction_counts[k].taken + gas.reaction_counts[k].blocked -
                          g.counted[k].taken - g.counted[k].blocked;
    // A decay's chances: disc-seconds of its reactant (the count after the tick, near enough).
    const size_t a = static_cast<size_t>(r.a);
    const double chances =
        r.decay()
            ? static_cast<double>(a < gas.species_counts.size() ? gas.species_counts[a] : 0) *
                  gas.tick_seconds
            : static_cast<double>(gas.reaction_counts[k].collisions - g.counted[k].collisions);
    push_capped(trace.recent, std::pair<int64_t, double>{taken, chances}, size_t{60});
    int64_t sum_taken = 0;
    double sum_chances = 0.0;
    for (const auto& [t, c] : trace.recent) sum_taken += t, sum_chances += c;
    if (sum_chances > 0.0)
      push_capped(trace.measured, static_cast<float>(static_cast<double>(sum_taken) / sum_chances),
                  GasUi::kHistory);
    const double theory = r.decay() ? r.rate
                          : gas.temperature > 0.0
                              ? r.probability * std::exp(-r.activation / gas.temperature)
                              : 0.0;
    push_capped(trace.theory, static_cast<float>(theory), GasUi::kHistory);
  }
  g.counted = gas.reaction_counts;
}

void record(AppState& s) {
  GasUi& g = s.gas;
  const engine::Frame& f = *s.frame;
  const Snapshot& snap = f.snapshot;
  if (f.scene_serial != g.scene_serial) {  // a new scene or a reset: start the plots afresh
    g.scene_serial = f.scene_serial;
    g.energy.clear(), g.momentum.clear(), g.px.clear(), g.py.clear(), g.collisions.clear();
    g.species_counts.clear(), g.reactions.clear();
    g.traces.clear(), g.traced.clear(), g.counted.clear();
    // A gas with reactions is about its species: show them (the Gas panel switches back).
    if (!snap.gas.reactions.empty()) s.style.gas.coloring = engine::gl::GasColoring::Species;
    g.last_tick = -1;
  }
  if (snap.tick == g.last_tick) return;
  g.last_tick = snap.tick;
  push_capped(g.energy, static_cast<float>(snap.gas.kinetic_energy), GasUi::kHistory);
  push_capped(g.momentum, static_cast<float>(glm::length(snap.gas.momentum)), GasUi::kHistory);
  push_capped(g.px, static_cast<float>(snap.gas.momentum.x), GasUi::kHistory);
  push_capped(g.py, static_cast<float>(snap.gas.momentum.y), GasUi::kHistory);
  push_capped(g.collisions, static_cast<float>(snap.gas.stats.collisions), GasUi::kHistory);
  if (snap.gas.reactions.empty()) return;
  push_capped(g.reactions, static_cast<float>(snap.gas.stats.reactions), GasUi::kHistory);
  record_reactions(g, snap.gas);
  g.species_counts.resize(std::max(g.species_counts.size(), snap.gas.species_counts.size()));
  for (size_t k = 0; k < g.species_counts.size(); ++k)
    push_capped(
        g.species_counts[k],
        k < snap.gas.species_counts.size() ? static_cast<float>(snap.gas.species_counts[k]) : 0.0f,
        GasUi::kHistory);
}

// Full scale of the speed colours: 2.5 times the rms speed, eased so it does not flicker.
void auto_scale(AppState& s) {
  const Snapshot& snap = s.frame->snapshot;
  if (!s.gas.auto_speed_scale || snap.gas.speed.empty()) return;
  double sum = 0.0;
  for (float v : snap.gas.speed) sum += static_cast<double>(v) * v;
  const double rms = std::sqrt(sum / static_cast<double>(snap.gas.speed.size()));
  const float target = static_cast<float>(std::max(2.5 * rms, 1e-3));
  float& scale = s.style.gas.speed_max;
  scale = std::abs(scale - target) > 0.5f * target ? target : scale + 0.05f * (target - scale);
}

}  // namespace

void gas_frame_update(AppState& s) {
  record(s);
  auto_scale(s);
}

}  // namespace mb::app
