// The Bodies panel's editors: every material parameter of a peridynamic body and the
// bodies' settings, each with a tooltip saying what it does and its unit. Units: the
// world's length unit (u), seconds, mass units (m); "force / area" is m / (u s^2).
#include <imgui.h>

#include <algorithm>
#include <array>
#include <glm/trigonometric.hpp>

#include "app/meltbox/bodies/body_widgets.hpp"
#include "app/meltbox/parameter_widgets.hpp"

namespace mb::app {

namespace {

void tip(const char* text) {
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
}

bool slider(const char* label, double& v, double lo, double hi, const char* format,
            const char* tooltip, bool log = false) {
  ImGui::SetNextItemWidth(170.0f);
  const bool changed = ImGui::SliderScalar(label, ImGuiDataType_Double, &v, &lo, &hi, format,
                                           log ? ImGuiSliderFlags_Logarithmic : 0);
  tip(tooltip);
  return changed;
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
  changed |= slider("E", m.youngs, 1.0e2, 1.0e9, "%.4g",
                    "Young's modulus of the isotropic matrix, force / area. Doubling it doubles "
                    "every bond and volume constant; the stable step shrinks by sqrt(2), so a "
                    "stiffer body runs more substeps a tick (Ctrl+click to type).",
                    true);
  if (slider("nu", m.poisson, -0.5, 0.49, "%.3f",
             "Poisson's ratio (plane stress, dimensionless): how much a strip pulled along its "
             "length narrows. A pure bond model gives 1/3; the volumetric term makes any "
             "other value. A preset's weights are fitted again for the new nu.")) {
    apply_preset(m, m.preset);  // Custom keeps its weights
    changed = true;
  }
  changed |= slider("density", m.density, 0.01, 100.0, "%.3g",
                    "Mass per volume, m / u^3. A point's mass is density x area x thickness. "
                    "Heavier bodies sag more under the same stiffness and ring more slowly.",
                    true);
  changed |= slider("thickness", m.thickness, 0.01, 100.0, "%.3g",
                    "Sheet thickness t, u: a point's volume is its lattice area x t. Scales "
                    "mass and stiffness together, so the motion alone does not change; it "
                    "matters against other bodies.",
                    true);
  double deg = glm::degrees(m.fibre_angle);
  if (slider("fibre angle", deg, -90.0, 90.0, "%.1f deg",
             "Direction of the fibres in the body's own frame, degrees (they turn with the "
             "body). Also set by dragging the handle on the selected body.")) {
    m.fibre_angle = glm::radians(deg);
    changed = true;
  }
  changed |= slider("fibre ratio", m.fibre_ratio, 0.0, 20.0, "%.2f",
                    "Stiffness along the fibres over stiffness across them (>= 0). Bond kernel "
                    "k = 1 + (ratio - 1) cos^2(bond, fibre); 1 = isotropic.");
  changed |= slider("critical stretch", m.critical_stretch, 0.0, 2.0, "%.3f",
                    "Fracture: a bond breaks for good when stretched past 1 + this (e.g. 0.05 "
                    "= 5 %). 0 = no fracture. Broken bonds are not drawn.");
  changed |= slider("inversion threshold", m.inversion_threshold, 0.0, 1.0, "%.2f",
                    "Anti-inversion acts where the local det F (area ratio) falls below this: a "
                    "squashed or folded neighbourhood is pushed back open. Dimensionless.");
  changed |= slider("inversion stiffness", m.inversion_stiffness, 0.1, 1000.0, "%.3g",
                    "Strength of the anti-inversion penalty k E (J0 - det F)^2 / 2 per volume, "
                    "as a multiple k of E. Dimensionless.",
                    true);
  changed |= slider("heated stiffness", m.heated_stiffness, 0.01, 1.0, "%.2f",
                    "Softening under a heater: a heated point's bond and volume stiffness is "
                    "scaled by this (1 = heaters do not soften the body). It comes back "
                    "gradually over the Heater's CooldownTime ticks after the heater leaves. "
                    "The anti-inversion keeps its full strength.");
  changed |= slider("viscosity", m.viscosity, 0.0, 0.1, "%.4f s",
                    "Internal damping (Kelvin-Voigt): the bonds resist their rate of stretch "
                    "with tau times their stiffness, tau this retardation time in seconds. A "
                    "wobble of angular frequency w dies at w^2 tau / 2 per second, so fast "
                    "jitter stops at once and a slow wobble rings a while; moving and turning "
                    "are not damped. 0 = a perfectly elastic body that rings for ever.");
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
