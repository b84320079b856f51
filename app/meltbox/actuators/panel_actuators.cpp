#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <cmath>
#include <limits>

#include "app/meltbox/panels.hpp"

namespace mb::app {

namespace {

// A value that may be unset (NaN): a checkbox sets it to `when_set` or unsets it, and while
// set it is typed in `unit`, kept within [lo, hi]. Returns true when the user changed it.
bool optional_value(const char* label, const char* tooltip, double& value, double when_set,
                    const char* unit, const char* format, double lo, double hi) {
  bool changed = false, set = !std::isnan(value);
  if (ImGui::Checkbox(label, &set)) {
    value = set ? when_set : std::numeric_limits<double>::quiet_NaN();
    changed = true;
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", tooltip);
  if (!set) return changed;
  ImGui::SameLine();
  ImGui::SetNextItemWidth(120.0f);
  double typed = value;
  if (ImGui::InputDouble(unit, &typed, 1.0, 10.0, format, ImGuiInputTextFlags_EnterReturnsTrue)) {
    value = std::clamp(typed, lo, hi);
    changed = true;
  }
  return changed;
}

// A heater's own power or held temperature in the conduction model ([Heat] Model); a heater
// without them heats at [Heat] HeaterPower. Returns true when the user changed one.
bool heater_heat_fields(Actuator& a) {
  bool changed =
      optional_value("own power", "Conduction model: this heater's power; off: [Heat] HeaterPower",
                     a.heat_power, 12.0, "W/area", "%.3g", 0.0, 1e9);
  changed |= optional_value("holds a temperature",
                            "Conduction model: what it covers is held at this temperature",
                            a.heat_temperature, 350.0, "K", "%.1f", 0.0, 1e5);
  return changed;
}

// The editable fields of one actuator; returns true when the user changed one.
bool actuator_fields(Actuator& a) {
  bool changed = false;
  ImGui::SetNextItemWidth(180.0f);
  changed |= ImGui::InputText("name", &a.name, ImGuiInputTextFlags_EnterReturnsTrue);
  changed |= ImGui::Checkbox("enabled", &a.enabled);
  ImGui::SetNextItemWidth(140.0f);
  changed |=
      ImGui::InputDouble("speed", &a.speed, 0.1, 1.0, "%.3g", ImGuiInputTextFlags_EnterReturnsTrue);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("length units per tick along the path");
  ImGui::SetNextItemWidth(140.0f);
  changed |= ImGui::InputDouble("orientation", &a.orientation_deg, 15.0, 45.0, "%.1f deg",
                                ImGuiInputTextFlags_EnterReturnsTrue);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("also: mouse wheel over the actuator");
  changed |= ImGui::Checkbox("cyclic path", &a.path.cyclic);
  if (a.type == ActuatorType::Pusher) {
    changed |= ImGui::Checkbox("firm grip", &a.firm_grip);
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("keeps only what it caught on its first tick");
    changed |= ImGui::Checkbox("spring crossing allowed", &a.spring_crossing_allowed);
    changed |= ImGui::Checkbox("final release", &a.final_release);
  }
  if (a.type == ActuatorType::Heater) changed |= heater_heat_fields(a);
  const double length = a.path.length();
  ImGui::Text("path: %zu points, length %.1f, at %.1f", a.path.points.size(), length,
              a.path_advancement);
  if (!a.path_speeds.empty()) {
    // A planned path's passes each have a speed; the speed field above then only says
    // whether the actuator stands still (below 1e-5).
    const auto [lo, hi] = std::minmax_element(a.path_speeds.begin(), a.path_speeds.end());
    ImGui::Text("speeds along the path: %.3g to %.3g", *lo, *hi);
    ImGui::SameLine();
    if (ImGui::Button("One speed")) {
      a.path_speeds.clear();
      changed = true;
    }
  }
  if (ImGui::Button("Restart path")) {
    a.path_advancement = 0.0;
    changed = true;
  }
  return changed;
}

}  // namespace

void actuators_panel(AppState& s) {
  ToolState& t = s.tools;
  if (ImGui::Button("Add pusher (P)")) s.canvas.actuators.begin_place(s, ActuatorType::Pusher);
  ImGui::SameLine();
  if (ImGui::Button("Add heater (H)")) s.canvas.actuators.begin_place(s, ActuatorType::Heater);
  ImGui::SetNextItemWidth(110.0f);
  ImGui::InputDouble("##pw", &t.pusher_width, 1.0, 5.0, "w %.0f");
  ImGui::SameLine();
  ImGui::SetNextItemWidth(110.0f);
  ImGui::InputDouble("pusher size", &t.pusher_height, 1.0, 5.0, "h %.0f");
  t.pusher_width = std::clamp(t.pusher_width, 1.0, 1000.0);
  t.pusher_height = std::clamp(t.pusher_height, 1.0, 1000.0);
  ImGui::BeginDisabled(!s.undo.can_undo());
  if (ImGui::Button("Undo (Ctrl+Z)")) s.undo_last();
  ImGui::EndDisabled();
  ImGui::SameLine();
  ImGui::BeginDisabled(!s.undo.can_redo());
  if (ImGui::Button("Redo (Ctrl+Y)")) s.redo_last();
  ImGui::EndDisabled();

  const auto& list = s.frame->actuators;
  for (size_t k = 0; k < list.size(); ++k) {
    const Actuator& a = list[k];
    const std::string label = a.name + " (" + to_string(a.type) + ")" + (a.enabled ? "" : " off") +
                              (a.finished() ? " done" : "") + "##" + std::to_string(k);
    if (ImGui::Selectable(label.c_str(), t.selected == static_cast<int>(k)))
      t.selected = static_cast<int>(k);
  }
  if (t.selected < 0 || t.selected >= static_cast<int>(list.size())) return;
  ImGui::Separator();
  const Actuator& before = list[static_cast<size_t>(t.selected)];
  Actuator after = before;
  if (actuator_fields(after)) s.edit({ActuatorEdit::Kind::Change, t.selected, before, after});
  if (ImGui::Button("Draw path (D)")) s.canvas.actuators.begin_path(s);
  ImGui::SameLine();
  if (ImGui::Button("Delete (Del)")) s.canvas.actuators.delete_selected(s);
}

}  // namespace mb::app
