// Gas: per-frame bookkeeping (plot history, speed scale) and grab-and-throw of a disc.
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
    g.held = -1;
    g.trail.clear();
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

Vec2 mouse_world(const AppState& s) {
  return s.camera.screen_to_world(s.tools.mouse);
}

bool on_material(const Snapshot& snap, Vec2 at, double tolerance) {
  const auto near = [&](const std::vector<float>& xs, const std::vector<float>& ys,
                        const std::vector<float>& rs) {
    for (size_t i = 0; i < xs.size(); ++i) {
      const double r = std::max(static_cast<double>(rs[i]), tolerance);
      if (glm::length(Vec2{xs[i], ys[i]} - at) <= r) return true;
    }
    return false;
  };
  return near(snap.springs.x, snap.springs.y, snap.springs.radius) ||
         near(snap.bodies.x, snap.bodies.y, snap.bodies.radius);
}

// A merge removes discs and so shifts the indices after them (reaction.hpp). After a tick
// that changed the disc count, where the disc at the held index is not near where the last
// moves put it (the snapshot may be a few frames behind them), the held disc is the one of
// its species nearest to there; when there is none, it reacted, and the hand lets go.
void follow_held(GasUi& g, const GasView& gas) {
  const size_t n = gas.x.size();
  const bool shifted = n != g.held_count;
  g.held_count = n;
  if (g.held < 0) return;
  if (!shifted || g.last_sent_tick < 0) {
    g.held_species = gas.species[static_cast<size_t>(g.held)];  // a reaction may change it
    return;
  }
  const Vec2 v = g.trail.velocity();
  const double reach = 4.0 * glm::length(v) * gas.tick_seconds + 4.0 * gas.radius[g.held];
  const auto off = [&](size_t i) { return glm::length(Vec2{gas.x[i], gas.y[i]} - g.last_sent); };
  if (off(static_cast<size_t>(g.held)) <= reach) {
    g.held_species = gas.species[static_cast<size_t>(g.held)];
    return;
  }
  int best = -1;
  for (size_t i = 0; i < n; ++i)
    if (gas.species[i] == g.held_species && off(i) <= reach &&
        (best < 0 || off(i) < off(static_cast<size_t>(best))))
      best = static_cast<int>(i);
  g.held = best;
}

}  // namespace

void gas_frame_update(AppState& s) {
  record(s);
  auto_scale(s);
  GasUi& g = s.gas;
  const Snapshot& snap = s.frame->snapshot;
  if (g.held >= static_cast<int>(snap.gas.x.size())) g.held = -1;  // the gas was cleared
  if (!snap.gas.reactions.empty()) follow_held(g, snap.gas);
  s.style.gas.highlight = g.held;
  if (g.held < 0) return;
  const Vec2 at = mouse_world(s);
  g.trail.sample(s.clock, at);
  // One command per physics tick, or sooner when the mouse moved (paused).
  if (snap.tick == g.last_sent_tick && at == g.last_sent) return;
  s.push(engine::GasMoveDisc{g.held, at, g.trail.velocity()});
  g.last_sent = at;
  g.last_sent_tick = snap.tick;
}

bool gas_grab_begin(AppState& s, Vec2 at) {
  if (!s.frame) return false;
  const Snapshot& snap = s.frame->snapshot;
  const double tolerance = 3.0 / s.camera.zoom;  // a few pixels around small discs
  if (snap.gas.x.empty() || on_material(snap, at, 2.0 * tolerance)) return false;
  int best = -1;
  double best_d = 0.0;
  for (size_t i = 0; i < snap.gas.x.size(); ++i) {
    const double d = glm::length(Vec2{snap.gas.x[i], snap.gas.y[i]} - at);
    if (d <= snap.gas.radius[i] + tolerance && (best < 0 || d < best_d)) {
      best = static_cast<int>(i);
      best_d = d;
    }
  }
  if (best < 0) return false;
  GasUi& g = s.gas;
  g.held = best;
  g.held_species = snap.gas.species[static_cast<size_t>(best)];
  g.held_count = snap.gas.x.size();
  g.trail.clear();
  g.trail.sample(s.clock, at);
  g.last_sent_tick = -1;
  s.message = "holding a disc: release to throw it";
  return true;
}

void gas_grab_end(AppState& s) {
  GasUi& g = s.gas;
  if (g.held < 0) {
    s.message = "the disc you held is gone (a reaction or a clear took it)";
    return;
  }
  const Vec2 at = mouse_world(s);
  g.trail.sample(s.clock, at);
  const Vec2 v = g.trail.velocity();
  s.push(engine::GasMoveDisc{g.held, at, v});
  char text[96];
  std::snprintf(text, sizeof text, "threw a disc at %.0f units/s", glm::length(v));
  s.message = text;
  g.held = -1;
  g.trail.clear();
  s.style.gas.highlight = -1;
}

}  // namespace mb::app
