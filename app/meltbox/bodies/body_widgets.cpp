// The Bodies panel's editors: every material parameter of a peridynamic body and the
// bodies' settings, each with a tooltip saying what it does and its unit. Units: the
// world's length unit (u), seconds, mass units (m); "force / area" is m / (u s^2).
#include <imgui.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <glm/trigonometric.hpp>
#include <stdexcept>
#include <string>
#include <string_view>

#include "app/meltbox/bodies/body_widgets.hpp"
#include "app/meltbox/parameter_widgets.hpp"
#include "physics/peri/material_parameters.hpp"

namespace mb::app {

namespace {

// The hovered widget's explanation, wrapped to a readable width.
void tip(const char* text) {
  if (!ImGui::IsItemHovered()) return;
  ImGui::BeginTooltip();
  ImGui::PushTextWrapPos(ImGui::GetFontSize() * 36.0f);
  ImGui::TextUnformatted(text);
  ImGui::PopTextWrapPos();
  ImGui::EndTooltip();
}

bool slider(const char* label, double& v, double lo, double hi, const char* format,
            const char* tooltip, bool log = false) {
  ImGui::SetNextItemWidth(170.0f);
  const bool changed = ImGui::SliderScalar(label, ImGuiDataType_Double, &v, &lo, &hi, format,
                                           log ? ImGuiSliderFlags_Logarithmic : 0);
  tip(tooltip);
  return changed;
}

// The row of the material table (peri/material_parameters.hpp) named `name`.
const Parameter<PeriMaterial>& material_row(std::string_view name) {
  for (const Parameter<PeriMaterial>& p : peri_material_parameters())
    if (name == p.name) return p;
  throw std::logic_error("no material parameter " + std::string(name));
}

// A slider over [lo, hi], the span a person explores, within the row's range (what the
// reader and the commands accept), with the row's tooltip, unit and range.
bool material_slider(const char* label, const char* row, PeriMaterial& m, double lo, double hi,
                     const char* format) {
  const Parameter<PeriMaterial>& p = material_row(row);
  lo = std::max(lo, p.min), hi = std::min(hi, p.max);
  double v = p.get(m);
  char tooltip[768];
  std::snprintf(tooltip, sizeof tooltip, "%s\nunit: %s   accepted: %s%g .. %g (Ctrl+click to type)",
                p.tooltip, p.unit[0] ? p.unit : "-", p.min_exclusive ? "above " : "", p.min, p.max);
  if (!slider(label, v, lo, hi, format, tooltip, p.log_scale)) return false;
  p.set(m, clamp_to(p, v));
  return true;
}

constexpr std::array<const char*, 3> kPresets{"St. Venant-Kirchhoff-like", "neo-Hookean-like",
                                              "custom mix"};
constexpr std::array<const char*, 6> kBasis{"A2", "A3", "A4", "B2", "B3", "B4"};

// Six weights of the nonlinear mix; editing one makes the preset Custom.
bool weights(const char* label, NonlinearMix& mix, PeriPreset& preset) {
  bool changed = false;
  ImGui::PushID(label);
  ImGui::TextUnformatted(label);
  for (size_t k = 0; k < kBasis.size(); ++k) {
    if (k % 3 != 0) ImGui::SameLine();
    ImGui::SetNextItemWidth(62.0f);
    const double lo = -2.0, hi = 4.0;
    if (ImGui::DragScalar(kBasis[k], ImGuiDataType_Double, &mix.w[k], 0.01f, &lo, &hi, "%.2f")) {
      changed = true;
      preset = PeriPreset::Custom;
    }
    tip(k < 3 ? "Weight of A_n(s) = [(s^(n+1)-1)/(n+1) + (s^(1-n)-1)/(n-1)]/n: resists "
                "compression without bound (n = 2, 3, 4). The weights are normalised to sum 1, "
                "so near rest the bond behaves like (s-1)^2 whatever the mix. Editing a "
                "weight makes the preset 'custom mix'."
              : "Weight of B_n(s) = 2[(s^(n+1)-1)/(n+1) - s + 1]/n: stiffens in tension, stays "
                "finite in compression (n = 2, 3, 4). Normalised with the others to sum 1. "
                "Editing a weight makes the preset 'custom mix'.");
  }
  ImGui::PopID();
  return changed;
}

}  // namespace

bool material_editor(PeriMaterial& m, const char* id) {
  ImGui::PushID(id);
  bool changed = false;
  int preset = static_cast<int>(m.preset);
  ImGui::SetNextItemWidth(170.0f);
  if (ImGui::Combo("preset", &preset, kPresets.data(), static_cast<int>(kPresets.size()))) {
    apply_preset(m, static_cast<PeriPreset>(preset));
    m.preset = static_cast<PeriPreset>(preset);
    changed = true;
  }
  tip("The nonlinear response: StVK-like (a B2-B3-B4 mix, stiffens in tension) or "
      "neo-Hookean-like ((1 + t) A2 - t B2; resists squashing without bound). Each is fitted "
      "to its law's closed-form uniaxial stress at 10/30/50 % stretch for this body's nu, "
      "and fitted again when nu changes. 'custom mix' keeps the weights below.");
  changed |= material_slider("E", "youngs", m, 1.0e2, 1.0e9, "%.4g");
  if (material_slider("nu", "poisson", m, -0.5, 0.49, "%.3f")) {
    apply_preset(m, m.preset);  // a preset is fitted at nu; custom keeps its weights
    changed = true;
  }
  changed |= material_slider("density", "density", m, 0.01, 100.0, "%.3g");
  changed |= material_slider("thickness", "thickness", m, 0.01, 100.0, "%.3g");
  double deg = glm::degrees(m.fibre_angle);
  if (slider("fibre angle", deg, -90.0, 90.0, "%.1f deg",
             "Direction of the fibres in the body's own frame, degrees (they turn with the "
             "body). Also set by dragging the handle on the selected body.")) {
    m.fibre_angle = glm::radians(deg);
    changed = true;
  }
  changed |= material_slider("fibre ratio", "fibre-ratio", m, 0.0, 20.0, "%.2f");
  changed |= material_slider("critical stretch", "critical-stretch", m, 0.0, 2.0, "%.3f");
  changed |= material_slider("inversion threshold", "inversion-threshold", m, 0.0, 1.0, "%.2f");
  changed |= material_slider("inversion stiffness", "inversion-stiffness", m, 0.1, 1000.0, "%.3g");
  changed |= material_slider("heated stiffness", "heated-stiffness", m, 0.01, 1.0, "%.2f");
  changed |= material_slider("viscosity", "viscosity", m, 0.0, 0.1, "%.4f s");
  if (ImGui::TreeNode("nonlinear mix weights")) {
    PeriPreset p = m.preset;
    changed |= weights("bond (shape, anisotropy)", m.bond, p);
    changed |= weights("volume (dilatation)", m.volume, p);
    m.preset = p;
    ImGui::TreePop();
  }
  ImGui::PopID();
  return changed;
}

bool settings_editor(PeriSettings& v) {
  return parameter_widgets(peri_parameters(), v, WidgetStyle::Dragged);
}

}  // namespace mb::app
