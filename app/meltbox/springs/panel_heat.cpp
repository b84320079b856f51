// The Heat panel: the spring network's thermal model ([Heat] rows of the settings table), the
// particles coloured by temperature with its legend, and plots of the total heat, the molten
// mass and the melt front (TickStats, physics/world/world_heat.hpp).
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "app/meltbox/legend.hpp"
#include "app/meltbox/panels.hpp"
#include "app/meltbox/parameter_widgets.hpp"

namespace mb::app {

namespace {
namespace gl = engine::gl;

bool g_auto_scale = true;       // the scale spans ambient .. ambient + 2 (liquidus - ambient)
int64_t g_coloured_scene = -1;  // the scene whose colouring was chosen from its model

void fit_scale(gl::RenderStyle& style, const HeatSettings& heat) {
  style.temperature_min = static_cast<float>(heat.ambient);
  style.temperature_max =
      static_cast<float>(heat.ambient + 2.0 * std::max(heat.liquidus - heat.ambient, 1.0));
}

}  // namespace

void heat_panel(AppState& s) {
  SimulatorSettings edited = s.frame->settings;
  int model = static_cast<int>(edited.heat.model);
  bool changed = false;
  ImGui::TextUnformatted("model");
  ImGui::SameLine();
  changed |= ImGui::RadioButton("timer", &model, 0);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "The Spring Simulator's: a particle under a heater is molten for CooldownTime ticks.");
  ImGui::SameLine();
  changed |= ImGui::RadioButton("conduction", &model, 1);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Each particle has a temperature: heaters deliver power, springs conduct it, the "
        "surroundings cool it; it melts over [Solidus, Liquidus] with latent heat.");
  edited.heat.model = static_cast<HeatModel>(model);
  if (changed)  // show what the model is about
    s.style.particle_coloring = edited.heat.model == HeatModel::Conduction
                                    ? gl::ParticleColoring::Temperature
                                    : gl::ParticleColoring::State;
  for (const Parameter<SimulatorSettings>& p : simulator_parameters())
    if (std::strcmp(p.group, "Heat") == 0)
      changed |= parameter_widget(p, edited, WidgetStyle::Typed);
  if (changed) apply_spring_settings(s, edited);

  ImGui::Separator();
  int coloring = static_cast<int>(s.style.particle_coloring);
  ImGui::TextUnformatted("particles by");
  ImGui::SameLine();
  ImGui::RadioButton("state", &coloring, 0);
  ImGui::SameLine();
  ImGui::RadioButton("temperature", &coloring, 1);
  s.style.particle_coloring = static_cast<gl::ParticleColoring>(coloring);
  ImGui::Checkbox("fit scale", &g_auto_scale);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Ambient at the cold end; the band in the middle.");
  float range[2] = {s.style.temperature_min, s.style.temperature_max};
  if (ImGui::DragFloat2("scale (K)", range, 0.5f, 0.0f, 1e5f, "%.1f")) {
    g_auto_scale = false;
    s.style.temperature_min = range[0];
    s.style.temperature_max = std::max(range[1], range[0] + 1.0f);
  }

  const TickStats& t = s.frame->snapshot.stats;
  if (s.frame->settings.heat.model == HeatModel::Timer) {
    ImGui::Text("molten particles %.0f", t.molten_mass);
    ImGui::TextDisabled("temperatures, heat and the melt front: conduction model");
    return;
  }
  ImGui::Text("hottest %.1f K   molten %.1f   front %.1f", t.max_temperature, t.molten_mass,
              t.melt_front);
  if (t.heat_substeps > 0)
    ImGui::TextDisabled("heat step: %d explicit substep%s", t.heat_substeps,
                        t.heat_substeps == 1 ? "" : "s");
  else
    ImGui::TextDisabled("heat step: implicit (%d CG iterations)", t.heat_cg_iterations);
  history_plot("heat (J)", s.history.heat, "%.4g");
  history_plot("molten mass", s.history.molten, "%.1f");
  history_plot("melt front", s.history.melt_front, "%.1f");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("Farthest half-molten particle from a heater acting now (length units).");
}

void heat_overlay(AppState& s) {
  const HeatSettings& heat = s.frame->settings.heat;
  if (s.frame->scene_serial != g_coloured_scene) {  // a new scene: colour by what it models
    g_coloured_scene = s.frame->scene_serial;
    s.style.particle_coloring = heat.model == HeatModel::Conduction
                                    ? gl::ParticleColoring::Temperature
                                    : gl::ParticleColoring::State;
  }
  if (g_auto_scale) fit_scale(s.style, heat);
  const SpringsView& springs = s.frame->snapshot.springs;
  if (s.style.particle_coloring != gl::ParticleColoring::Temperature ||
      springs.temperature.empty() || !s.style.particles || !s.show_hint)
    return;
  // At the top right, under the gas's and the bodies' legends where they are shown.
  const Snapshot& snap = s.frame->snapshot;
  const float below = (!snap.gas.x.empty() && s.style.gas.show ? 100.0f : 0.0f) +
                      (!snap.bodies.x.empty() && s.style.bodies.show ? 100.0f : 0.0f);
  const Box c = s.canvas_area();
  begin_legend_window("##heat_legend", static_cast<float>(c.max.x) - 10.0f, 10.0f + below, 1.0f,
                      0.0f);
  const float lo = s.style.temperature_min, hi = s.style.temperature_max, width = 220.0f;
  ImGui::Text("particle temperature (K)   band %.0f..%.0f", heat.solidus, heat.liquidus);
  const ImVec2 at = ImGui::GetCursorScreenPos();
  colour_bar(width, gl::temperature_color);
  // The band's two ends as ticks on the bar.
  ImDrawList* draw = ImGui::GetWindowDrawList();
  for (const double band_end : {heat.solidus, heat.liquidus}) {
    const float u = static_cast<float>((band_end - lo) / std::max(hi - lo, 1e-6f));
    if (u < 0.0f || u > 1.0f) continue;
    const float x = at.x + u * width;
    draw->AddLine({x, at.y - 2.0f}, {x, at.y + 14.0f}, IM_COL32(255, 255, 255, 220), 1.5f);
  }
  ImGui::Text("%.0f", lo);
  ImGui::SameLine(width - 30.0f);
  ImGui::Text("%.0f", hi);
  ImGui::End();
}

}  // namespace mb::app
