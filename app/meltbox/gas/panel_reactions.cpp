// The Gas panel's Reactions section (gas/reaction.hpp, docs/reactions.md): each species with
// its colour and count, each reaction with its parameters and the fraction of its collisions
// that 2D collision theory expects to react at the gas's temperature, and the counts of every
// species and the reactions per tick over the last GasUi::kHistory ticks.
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app/meltbox/app_state.hpp"
#include "app/meltbox/gas/gas_ui.hpp"
#include "app/meltbox/legend.hpp"
#include "engine/gl/gas_renderer.hpp"

namespace mb::app {

namespace {
std::string species_name(const GasView& g, int32_t id) {
  const size_t k = static_cast<size_t>(id);
  return k < g.species_names.size() && !g.species_names[k].empty()
             ? g.species_names[k]
             : std::string("#").append(std::to_string(id));
}
}  // namespace

void reactions_section(AppState& s) {
  const GasView& g = s.frame->snapshot.gas;
  ImGui::Text("Reactions   taken %lld   this tick %lld", static_cast<long long>(g.total_reactions),
              static_cast<long long>(g.stats.reactions));
  for (size_t k = 0; k < g.species_counts.size(); ++k) {
    const auto c = engine::gl::gas_species_color(static_cast<int32_t>(k));
    ImGui::TextColored({c[0], c[1], c[2], 1.0f}, "%s",
                       species_name(g, static_cast<int32_t>(k)).c_str());
    ImGui::SameLine(90.0f);
    ImGui::Text("%lld discs", static_cast<long long>(g.species_counts[k]));
  }
  for (const gas::Reaction& r : g.reactions) {
    ImGui::Text("%s + %s -> %s + %s", species_name(g, r.a).c_str(), species_name(g, r.b).c_str(),
                species_name(g, r.c).c_str(), species_name(g, r.d).c_str());
    // Per collision of the pair: p exp(-E_a / kT) (docs/reactions.md).
    const double expected =
        g.temperature > 0.0 ? r.probability * std::exp(-r.activation / g.temperature) : 0.0;
    ImGui::TextDisabled("  E_a %.4g p %.3g dH %.4g; kT %.0f: %.3g/collision", r.activation,
                        r.probability, r.enthalpy, g.temperature, expected);
  }
  if (g.stats.reactive_collisions > 0)
    ImGui::TextDisabled("this tick: %lld of %lld such collisions reacted",
                        static_cast<long long>(g.stats.reactions),
                        static_cast<long long>(g.stats.reactive_collisions));
  const GasUi& ui = s.gas;
  for (size_t k = 0; k < ui.species_counts.size(); ++k) {
    const std::vector<float> v(ui.species_counts[k].begin(), ui.species_counts[k].end());
    history_plot(species_name(g, static_cast<int32_t>(k)).c_str(), v, "%.0f");
  }
  const std::vector<float> taken(ui.reactions.begin(), ui.reactions.end());
  history_plot("reactions/tick", taken, "%.0f");
  // Measured against 2D collision theory (docs/reactions.md): the fraction of the reacting
  // pairs' collisions that react, and p exp(-E_a / kT) at the gas's mean temperature.
  const std::vector<float> measured(ui.measured_fraction.begin(), ui.measured_fraction.end());
  history_plot("reacted/collision", measured, "%.3g measured");
  if (!ui.theory_fraction.empty()) {
    const std::vector<float> theory(ui.theory_fraction.begin(), ui.theory_fraction.end());
    history_plot("theory", theory, "%.3g p exp(-Ea/kT)");
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip(
          "At the gas's mean temperature; a gas with hot and cold walls reacts more where it is "
          "hot, so the two agree in a gas of one temperature.");
  }
}

}  // namespace mb::app
