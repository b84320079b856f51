#include <imgui.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>

#include "app/meltbox/panels.hpp"
#include "app/meltbox/parameter_widgets.hpp"

namespace mb::app {

namespace {
void plot(const char* label, const std::vector<float>& values, const char* format) {
  if (values.empty()) return;
  char overlay[64];
  std::snprintf(overlay, sizeof overlay, format, values.back());
  const float top = *std::max_element(values.begin(), values.end());
  ImGui::PlotLines(label, values.data(), static_cast<int>(values.size()), 0, overlay, 0.0f,
                   std::max(top * 1.1f, 1e-3f), ImVec2(0, 48));
}
}  // namespace

void simulation_panel(AppState& s) {
  const engine::Frame& f = *s.frame;
  if (ImGui::Button(f.paused ? "Play (Space)" : "Pause (Space)")) s.push(engine::TogglePause{});
  ImGui::SameLine();
  if (ImGui::Button("Step (.)")) s.push(engine::Step{1});
  ImGui::SameLine();
  if (ImGui::Button("Reset (R)")) s.push(engine::Reset{});

  float rate = static_cast<float>(f.ticks_per_second);
  float scale = static_cast<float>(f.time_scale);
  bool fast = f.fast;
  bool changed = ImGui::SliderFloat("tick rate", &rate, 1.0f, 240.0f, "%.0f ticks/s");
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Physics ticks per second at time scale 1.");
  changed |=
      ImGui::SliderFloat("time scale", &scale, 0.05f, 1.0f, "%.2f", ImGuiSliderFlags_Logarithmic);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Slow motion: 1/20 .. 1 of the tick rate.");
  changed |= ImGui::Checkbox("as fast as possible", &fast);
  if (changed) s.push(engine::SetRate{rate, scale, fast});
  bool inelastic = f.inelastic;
  if (ImGui::Checkbox("inelastic (springs break and form)", &inelastic))
    s.push(engine::SetInelastic{inelastic});
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "The Spring Simulator's -w. Molten particles let go of their springs and form new ones: "
        "phase-change pumping needs it. On when a scene with a heater opens.");
  bool cross = f.cross_contacts;
  if (ImGui::Checkbox("kinds collide (wax, gas, bodies)", &cross))
    s.push(engine::SetCrossContacts{cross});
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Gas discs bounce off the wax and the bodies, bodies rest on the wax and press molten "
        "wax aside. Off: the kinds pass through one another (README, \"One world\").");
  ImGui::TextDisabled("mouse grab (all matter)");
  GrabSettings grab = f.grab_settings;
  if (parameter_widgets(grab_parameters(), grab, WidgetStyle::Dragged))
    s.push(engine::SetGrabSettings{grab});
  const std::string scene = std::filesystem::path(s.scene_name).filename().string();
  const std::string cfg = std::filesystem::path(s.settings_name).filename().string();
  ImGui::TextDisabled("scene %s   settings %s",
                      scene.empty() ? s.scene_name.c_str() : scene.c_str(),
                      cfg.empty() ? "(current)" : cfg.c_str());

  const Snapshot& snap = f.snapshot;
  ImGui::Text("tick %lld   %.1f ticks/s%s", static_cast<long long>(snap.tick), f.achieved_tps,
              f.paused ? "   (paused)" : "");
  ImGui::Text("tick time %.2f ms   frame time %.1f ms", snap.tick_seconds * 1e3, s.frame_ms);
  ImGui::Text("particles %zu   springs %zu", snap.springs.particle_count(),
              snap.springs.spring_count());
  ImGui::Text("iterations/tick %d%s   max force %.3g", snap.stats.iterations,
              snap.stats.converged ? "" : " (not converged)", snap.stats.max_force);
  ImGui::Text("springs made %lld   broken %lld", static_cast<long long>(f.springs_made),
              static_cast<long long>(f.springs_broken));
  plot("tick ms", s.history.tick_ms, "%.2f ms");
  plot("frame ms", s.history.frame_ms, "%.1f ms");
  plot("iterations", s.history.iterations, "%.0f");
  plot("made/tick", s.history.made, "%.0f");
  plot("broken/tick", s.history.broken, "%.0f");

  ImGui::Separator();
  ImGui::TextUnformatted("View");
  ImGui::Checkbox("springs", &s.style.springs);
  ImGui::SameLine();
  ImGui::Checkbox("particles", &s.style.particles);
  ImGui::SameLine();
  ImGui::Checkbox("actuators", &s.style.actuators);
  ImGui::SliderFloat("strain scale", &s.style.strain_scale, 0.01f, 1.0f, "%.2f",
                     ImGuiSliderFlags_Logarithmic);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Strain (gap - L) / L drawn at full blue / red.");
  if (ImGui::Button("Frame scene (Home)")) s.request_home = true;
}

}  // namespace mb::app
