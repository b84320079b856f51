#include "app/meltbox/parameter_widgets.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>

namespace mb::app {

namespace {
constexpr float kWidth = 140.0f;

void tooltip(const char* text, const char* unit, double min, double max, bool min_exclusive) {
  if (!ImGui::IsItemHovered()) return;
  ImGui::SetTooltip("%s\nunit: %s   range: %s%g .. %g", text, unit[0] ? unit : "-",
                    min_exclusive ? "above " : "", min, max);
}
}  // namespace

bool parameter_widget(const char* name, ParameterKind kind, double& value, double min, double max,
                      bool min_exclusive, bool log_scale, const char* unit, const char* text,
                      WidgetStyle style) {
  ImGui::PushID(name);
  bool changed = false;
  if (kind == ParameterKind::Boolean) {
    bool on = value != 0.0;
    changed = ImGui::Checkbox(name, &on);
    value = on ? 1.0 : 0.0;
  } else if (kind == ParameterKind::Integer) {
    int v = static_cast<int>(std::clamp(value, -2.0e9, 2.0e9));
    ImGui::SetNextItemWidth(kWidth);
    if (style == WidgetStyle::Typed) {
      changed = ImGui::InputInt(name, &v, 1, 10, ImGuiInputTextFlags_EnterReturnsTrue) ||
                ImGui::IsItemDeactivatedAfterEdit();  // typed and left without Enter
    } else {
      const int lo = static_cast<int>(std::max(min, -2.0e9)),
                hi = static_cast<int>(std::min(max, 2.0e9));
      changed = ImGui::DragInt(name, &v, 0.2f, lo, hi);
    }
    if (changed) value = v;
  } else {
    ImGui::SetNextItemWidth(kWidth);
    if (style == WidgetStyle::Typed) {
      changed = ImGui::InputDouble(name, &value, 0.0, 0.0, "%.6g",
                                   ImGuiInputTextFlags_EnterReturnsTrue) ||
                ImGui::IsItemDeactivatedAfterEdit();  // typed and left without Enter
    } else {
      // A drag of about 1% of the value per pixel (of the range's scale near 0).
      const float speed = static_cast<float>(std::max(std::abs(value) * 0.01, 0.001));
      const double lo = min, hi = max;
      changed = ImGui::DragScalar(name, ImGuiDataType_Double, &value, speed, &lo, &hi, "%.4g",
                                  log_scale ? ImGuiSliderFlags_Logarithmic : 0);
    }
  }
  tooltip(text, unit, min, max, min_exclusive);
  ImGui::PopID();
  return changed;
}

}  // namespace mb::app
