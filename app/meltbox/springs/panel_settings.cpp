#include <imgui.h>
#include <imgui_stdlib.h>

#include <cstring>

#include "app/meltbox/panels.hpp"
#include "app/meltbox/parameter_widgets.hpp"
#include "physics/io/settings_io.hpp"

namespace mb::app {

namespace {
std::string g_cfg_path = "meltbox.cfg";
}

void apply_spring_settings(AppState& s, const SimulatorSettings& edited) {
  const auto problems = validate(edited);
  if (problems.empty()) {
    s.push(engine::SetSettings{edited});
    s.spot_settings = edited;
    s.message = "settings applied at the next tick";
  } else {
    s.message = problems.front();
  }
}

// One widget per row of the parameter table: the panel never names a setting itself. The
// [Heat] rows are the Heat panel's.
void settings_panel(AppState& s) {
  SimulatorSettings edited = s.frame->settings;
  bool changed = false;
  const char* section = "";
  for (const Parameter<SimulatorSettings>& p : simulator_parameters()) {
    if (std::strcmp(p.group, "Heat") == 0) continue;
    if (std::strcmp(section, p.group) != 0) {
      section = p.group;
      ImGui::TextDisabled("[%s]", section);
    }
    changed |= parameter_widget(p, edited, WidgetStyle::Typed);
  }
  if (changed) apply_spring_settings(s, edited);
  ImGui::SetNextItemWidth(200.0f);
  ImGui::InputText("##cfg", &g_cfg_path);
  ImGui::SameLine();
  if (ImGui::Button("Load")) {
    try {
      Warnings warnings;
      const SimulatorSettings loaded = load_settings(g_cfg_path, warnings, s.frame->settings);
      s.push(engine::SetSettings{loaded});
      s.spot_settings = loaded;
      s.message = "loaded " + g_cfg_path;
      s.report(warnings);
    } catch (const std::exception& e) {
      s.message = e.what();
    }
  }
  ImGui::SameLine();
  if (ImGui::Button("Save")) {
    try {
      save_settings(g_cfg_path, s.frame->settings);
      s.message = "saved " + g_cfg_path;
    } catch (const std::exception& e) {
      s.message = e.what();
    }
  }
}

}  // namespace mb::app
