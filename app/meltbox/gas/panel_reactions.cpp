// The Gas panel's Reactions section (gas/reaction.hpp, docs/reactions.md): each species with
// its colour, size, composition and count; each reaction with its parameters, editable live
// (a GasSetReactions command to the physics thread), and what was measured beside what 2D
// collision theory expects: the fraction of its reactants' collisions that react against
// p exp(-E_a / kT), or a decay's rate per disc against its k. Below, the counts of every
// species and the reactions per tick over the last GasUi::kHistory ticks.
#include <imgui.h>

#include <cmath>
#include <cstdio>
#include <string>
#include <vector>

#include "app/meltbox/app_state.hpp"
#include "app/meltbox/gas/gas_ui.hpp"
#include "app/meltbox/legend.hpp"
#include "engine/gas_commands.hpp"
#include "engine/gl/gas_renderer.hpp"

namespace mb::app {

namespace {
void species_list(const GasView& g) {
  for (size_t k = 0; k < g.species_counts.size(); ++k) {
    const int32_t id = static_cast<int32_t>(k);
    const auto c = engine::gl::gas_species_color(g.species_table, id);
    ImGui::TextColored({c[0], c[1], c[2], 1.0f}, "%s", g.species_name(id).c_str());
    ImGui::SameLine(90.0f);
    ImGui::Text("%lld discs", static_cast<long long>(g.species_counts[k]));
    if (k >= g.species_table.size()) continue;
    const gas::Species& s = g.species_table[k];
    if (s.mass > 0.0 || !s.composition.empty()) {
      ImGui::SameLine(190.0f);
      ImGui::TextDisabled("m %.3g r %.3g %s", s.mass, s.radius, s.composition.c_str());
    }
  }
}

// The reaction's parameters as inputs; true when one was changed.
bool edit_reaction(gas::Reaction& r) {
  bool changed = false;
  ImGui::PushItemWidth(110.0f);
  if (r.decay()) {
    changed |= ImGui::InputDouble("rate k (1/s)", &r.rate, 0.0, 0.0, "%.4g");
  } else {
    changed |= ImGui::InputDouble("activation E_a", &r.activation, 0.0, 0.0, "%.4g");
    changed |= ImGui::InputDouble("probability p", &r.probability, 0.0, 0.0, "%.3g");
  }
  changed |= ImGui::InputDouble("enthalpy dH", &r.enthalpy, 0.0, 0.0, "%.4g");
  ImGui::PopItemWidth();
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Released into the products' motion (< 0: absorbed); a merge stores it in "
        "the product's internal energy.");
  return changed;
}

void trace_plots(const GasUi::ReactionTrace& trace, bool decay) {
  const std::vector<float> measured(trace.measured.begin(), trace.measured.end());
  const std::vector<float> theory(trace.theory.begin(), trace.theory.end());
  history_plot(decay ? "decays/disc/s" : "reacted/collision", measured, "%.3g measured");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Over the last 60 ticks; reactions that found no room for their products "
        "count, as they passed the test.");
  history_plot("theory", theory, decay ? "%.3g k" : "%.3g p exp(-Ea/kT)");
  if (!decay && ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "At the gas's mean temperature; a gas with hot and cold walls reacts more where it is "
        "hot, so the two agree in a gas of one temperature.");
}
}  // namespace

void reactions_section(AppState& s) {
  const GasView& g = s.frame->snapshot.gas;
  ImGui::Text("Reactions   taken %lld   this tick %lld", static_cast<long long>(g.total_reactions),
              static_cast<long long>(g.stats.reactions));
  if (g.internal_energy > 0.0)
    ImGui::TextDisabled("internal energy of the discs %.4g", g.internal_energy);
  species_list(g);
  const GasUi& ui = s.gas;
  std::vector<gas::Reaction> edited = g.reactions;
  bool changed = false;
  for (size_t k = 0; k < edited.size(); ++k) {
    gas::Reaction& r = edited[k];
    ImGui::PushID(static_cast<int>(k));
    const std::string title = gas::describe(g.species_table, r);
    if (ImGui::TreeNodeEx(title.c_str(), ImGuiTreeNodeFlags_DefaultOpen)) {
      changed |= edit_reaction(r);
      if (k < g.reaction_counts.size()) {
        const Gas::ReactionCount& n = g.reaction_counts[k];
        if (r.decay())
          ImGui::TextDisabled("taken %lld", static_cast<long long>(n.taken));
        else
          ImGui::TextDisabled("taken %lld of %lld collisions", static_cast<long long>(n.taken),
                              static_cast<long long>(n.collisions));
        if (n.blocked > 0) {
          ImGui::SameLine();
          ImGui::TextDisabled("(%lld no room)", static_cast<long long>(n.blocked));
          if (ImGui::IsItemHovered())
            ImGui::SetTooltip(
                "Products that would overlap a disc, a wall or other matter are not made: the "
                "collision is elastic, the split waits. In a crowded gas this lowers the rate of "
                "reactions taken below theory by about the share without room.");
        }
      }
      if (k < ui.traces.size()) trace_plots(ui.traces[k], r.decay());
      ImGui::TreePop();
    }
    ImGui::PopID();
  }
  if (changed) {
    const std::string problem = gas::check_reactions(g.species_table, edited);
    if (problem.empty())
      s.push(engine::GasSetReactions{edited});
    else
      s.message = "reactions not applied: " + problem;
  }
  for (size_t k = 0; k < ui.species_counts.size(); ++k) {
    const std::vector<float> v(ui.species_counts[k].begin(), ui.species_counts[k].end());
    history_plot(g.species_name(static_cast<int32_t>(k)).c_str(), v, "%.0f");
  }
  const std::vector<float> taken(ui.reactions.begin(), ui.reactions.end());
  history_plot("reactions/tick", taken, "%.0f");
}

}  // namespace mb::app
