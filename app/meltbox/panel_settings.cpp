#include <imgui.h>
#include <imgui_stdlib.h>

#include <cstring>

#include "app/meltbox/panels.hpp"
#include "physics/io/settings_io.hpp"

namespace mb::app {

namespace {
std::string g_cfg_path = "meltbox.cfg";
}

// One widget per row of the parameter table: the panel never names a setting itself.
void settings_panel(AppState& s) {
  Settings edited = s.frame->settings;
  bool changed = false;
  const char* section = "";
  for (const Parameter& p : parameters()) {
    if (std::strcmp(section, p.section) != 0) {
      section = p.section;
      ImGui::TextDisabled("[%s]", section);
    }
    double& value = edited.*(p.member);
    ImGui::PushID(p.key);
    ImGui::SetNextItemWidth(140.0f);
    if (p.integer) {
      int v = static_cast<int>(value);
      if (ImGui::InputInt(p.key, &v, 1, 10, ImGuiInputTextFlags_EnterReturnsTrue)) {
        value = v;
        changed = true;
      }
    } else if (ImGui::InputDouble(p.key, &value, 0.0, 0.0, "%.6g",
                                  ImGuiInputTextFlags_EnterReturnsTrue)) {
      changed = true;
    }
    if (ImGui::IsItemHovered())
      ImGui::SetTooltip("%s\nunit: %s   range: %s%g .. %g", p.tooltip, p.unit,
                        p.min_exclusive ? "above " : "", p.min, p.max);
    ImGui::PopID();
  }
  if (changed) {
    const auto problems = validate(edited);
    if (problems.empty()) {
      s.push(engine::SetSettings{edited});
      s.spot_settings = edited;
      s.message = "settings applied at the next tick";
    } else {
      s.message = problems.front();
    }
  }
  ImGui::SetNextItemWidth(200.0f);
  ImGui::InputText("##cfg", &g_cfg_path);
  ImGui::SameLine();
  if (ImGui::Button("Load")) {
    try {
      Warnings warnings;
      const Settings loaded = load_settings(g_cfg_path, warnings, s.frame->settings);
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
