// The Bodies panel and the body colour legend on the canvas (docs/bodies.md, "The Bodies panel"):
// the list of bodies, the selected body's material edited live, adding a body from a shape, the
// bodies' settings, and how they are drawn. Reads the Snapshot's bodies section and pushes body
// commands; the colours come from engine/gl/body_renderer.hpp, the same functions the renderer
// uses.
#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>

#include "app/meltbox/app_state.hpp"
#include "app/meltbox/bodies/body_tools.hpp"
#include "app/meltbox/bodies/body_widgets.hpp"
#include "app/meltbox/legend.hpp"
#include "app/meltbox/panels.hpp"

namespace mb::app {

namespace {

namespace gl = engine::gl;

void tip(const char* text) {
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", text);
}

// The colour scale as a bar `w` wide with its end values.
void body_bar(const Snapshot& snap, gl::BodyColoring coloring, float w) {
  const gl::BodyRange range = gl::body_range(snap, coloring);
  colour_bar(w, gl::body_color);
  ImGui::Text("%.3g   %s   %.3g", range.lo, gl::body_coloring_name(coloring), range.hi);
}

const char* shape_name(PeriShapeKind k) {
  switch (k) {
    case PeriShapeKind::Circle:
      return "circle";
    case PeriShapeKind::Rectangle:
      return "rectangle";
    case PeriShapeKind::Polygon:
      return "outline";
    case PeriShapeKind::Mask:
      return "mask";
  }
  return "body";
}

void body_list(AppState& s) {
  const auto& views = s.frame->snapshot.bodies.bodies;
  BodiesUi& b = s.bodies;
  const float rows = static_cast<float>(std::clamp<size_t>(views.size(), 1, 5));
  const float pad = 2.0f * ImGui::GetStyle().WindowPadding.y;
  ImGui::BeginChild("##bodies", {0.0f, rows * ImGui::GetTextLineHeightWithSpacing() + pad}, true);
  for (size_t k = 0; k < views.size(); ++k) {
    const PeriBodyView& v = views[k];
    char label[160];
    std::snprintf(label, sizeof label, "%zu: %s  %d pts  %s  E %.2g%s##body%zu", k + 1,
                  shape_name(v.shape), v.points, preset_name(v.material.preset), v.material.youngs,
                  v.broken_bonds > 0 ? "  cracked" : "", k);
    if (ImGui::Selectable(label, b.selected == static_cast<int>(k)))
      b.selected = static_cast<int>(k);
  }
  if (views.empty()) ImGui::TextDisabled("no bodies: add one below");
  ImGui::EndChild();
  if (ImGui::Button("Remove") && b.selected >= 0) s.push(engine::RemoveBody{b.selected});
  tip("Remove the selected body (kept on Reset, like every body edit).");
  ImGui::SameLine();
  if (ImGui::Button("Clear bodies")) s.push(engine::ClearBodies{});
  tip("Remove every body.");
}

void selected_body(AppState& s) {
  BodiesUi& b = s.bodies;
  const auto& views = s.frame->snapshot.bodies.bodies;
  if (b.selected < 0 || b.selected >= static_cast<int>(views.size())) {
    ImGui::TextDisabled("select a body in the list or press on it");
    return;
  }
  const PeriBodyView& v = views[static_cast<size_t>(b.selected)];
  ImGui::Text("dx %.3g  delta %.3g dx  stable step %.3g ms", v.spacing, v.horizon,
              v.stable_dt * 1e3);
  ImGui::Text("bonds %lld   broken %lld   turned %.1f deg", static_cast<long long>(v.bonds),
              static_cast<long long>(v.broken_bonds), v.rotation * 57.29577951308232);
  if (material_editor(b.material, "live")) send_body_material(s, false);
  ImGui::TextDisabled("applied live: the motion and broken bonds stay");
}

void add_form(AppState& s) {
  BodyForm& f = s.bodies.form;
  if (f.outline_path.empty()) f.outline_path = s.asset_dir + "/circle_r50.csv";
  if (f.mask_path.empty()) f.mask_path = s.asset_dir + "/blob_mask.png";
  if (ImGui::Button("Add at view centre")) add_body_at(s, view_centre(s));
  tip("Build the body set out below at the centre of the canvas. It is refused (with a message) "
      "when it "
      "leaves the box or overlaps another body.");
  ImGui::SameLine();
  if (ImGui::Button("Place by click (B)")) begin_place_body(s);
  tip("The body follows the mouse; a left click drops it. Esc cancels.");
  ImGui::RadioButton("circle", &f.shape, BodyForm::Circle);
  ImGui::SameLine();
  ImGui::RadioButton("rectangle", &f.shape, BodyForm::Rectangle);
  ImGui::SameLine();
  ImGui::RadioButton("CSV", &f.shape, BodyForm::Outline);
  tip("A polygon outline: a CSV file with the header X,Y and one point a line.");
  ImGui::SameLine();
  ImGui::RadioButton("PNG", &f.shape, BodyForm::Mask);
  tip("A PNG mask: every pixel that is not black is material.");
  const auto number = [](const char* label, double& v, double step, const char* text) {
    ImGui::SetNextItemWidth(170.0f);
    ImGui::InputDouble(label, &v, step, 10.0 * step, "%.4g");
    tip(text);
  };
  switch (f.shape) {
    case BodyForm::Circle:
      number("radius", f.radius, 5.0, "Radius of the disc, u.");
      break;
    case BodyForm::Rectangle:
      number("width", f.width, 5.0, "Width of the rectangle, u (before it is turned).");
      number("height", f.height, 5.0, "Height of the rectangle, u.");
      break;
    case BodyForm::Outline:
      ImGui::SetNextItemWidth(250.0f);
      ImGui::InputText("CSV file", &f.outline_path);
      tip("The outline's path; its points are in u, centred on the placement point.");
      break;
    default:
      ImGui::SetNextItemWidth(250.0f);
      ImGui::InputText("PNG file", &f.mask_path);
      tip("The mask's path.");
      number("scale", f.mask_scale, 0.25, "Length units per mask pixel, u.");
      break;
  }
  number("spacing", f.spacing, 0.5,
         "Lattice spacing dx, u: the distance between neighbouring points (hexagonal lattice). "
         "Halving it gives four times the points and about twice the substeps.");
  number("horizon", f.horizon, 0.5,
         "Bond reach delta as a multiple of the spacing (>= 1; 3 gives 36 bonds a point). "
         "Larger is smoother and slower.");
  number("angle", f.angle_deg, 15.0, "Rotation of the body when placed, degrees.");
  ImGui::SetNextItemWidth(170.0f);
  ImGui::InputScalarN("velocity", ImGuiDataType_Double, &f.velocity.x, 2, nullptr, nullptr, "%.4g");
  tip("Initial velocity (x, y), u / s.");
  f.spacing = std::max(f.spacing, 1e-3);
  f.horizon = std::max(f.horizon, 1.0);
  material_editor(f.material, "new");
}

void view_controls(AppState& s) {
  const Snapshot& snap = s.frame->snapshot;
  gl::BodyStyle& st = s.style.bodies;
  ImGui::Checkbox("show bodies", &st.show);
  ImGui::SameLine();
  ImGui::Checkbox("bonds", &st.bonds);
  tip("Draw every unbroken bond as a thin line over the points (the physics thread sends them "
      "only while this is on).");
  if (st.bonds) {
    ImGui::SameLine();
    ImGui::Checkbox("by stretch", &st.bonds_by_stretch);
    tip("Colour bonds by stretch |eta|/|xi| - 1: blue compressed, grey at rest, red stretched. "
        "Off: plain grey.");
    if (st.bonds_by_stretch) {
      ImGui::SetNextItemWidth(170.0f);
      ImGui::SliderFloat("stretch scale", &st.bond_stretch_scale, 0.001f, 1.0f, "%.3f",
                         ImGuiSliderFlags_Logarithmic);
      tip("The stretch drawn at full blue / red.");
    }
    ImGui::SetNextItemWidth(170.0f);
    ImGui::SliderFloat("bond opacity", &st.bond_alpha, 0.05f, 1.0f, "%.2f");
  }
  static constexpr const char* kNames[] = {"volumetric strain", "energy density", "det F",
                                           "heat (softened)"};
  int k = static_cast<int>(st.coloring);
  ImGui::SetNextItemWidth(170.0f);
  if (ImGui::Combo("colour by", &k, kNames, IM_ARRAYSIZE(kNames)))
    st.coloring = static_cast<gl::BodyColoring>(k);
  tip("Volumetric strain: the dilatation theta (area change). Energy density: elastic energy "
      "per volume, force / area. det F: the local area ratio (1 at rest, < 0 inverted). Heat: "
      "1 under a heater, back to 0 over CooldownTime; a heated point's stiffness is scaled "
      "towards the material's 'heated stiffness'.");
  if (!snap.bodies.x.empty()) body_bar(snap, st.coloring, 240.0f);
}

}  // namespace

void bodies_panel(AppState& s) {
  const Snapshot& snap = s.frame->snapshot;
  const PeriStats& st = snap.bodies.stats;
  ImGui::Text("bodies %zu   points %lld   bonds %lld", snap.bodies.bodies.size(),
              static_cast<long long>(st.points), static_cast<long long>(st.bonds));
  ImGui::Text("broken %lld   lowest det F %.3f   substeps %d",
              static_cast<long long>(st.broken_bonds), st.min_det_f, st.substeps);
  if (st.mass_scale > 1.0)
    ImGui::TextDisabled("mass scaled x%.3g (a very stiff body)", st.mass_scale);
  if (!s.bodies.error.empty()) {
    ImGui::PushStyleColor(ImGuiCol_Text, ImVec4{1.0f, 0.45f, 0.4f, 1.0f});
    ImGui::TextWrapped("%s", s.bodies.error.c_str());
    ImGui::PopStyleColor();
  }
  body_list(s);
  if (ImGui::TreeNodeEx("Selected body", ImGuiTreeNodeFlags_DefaultOpen)) {
    selected_body(s);
    ImGui::TreePop();
  }
  if (ImGui::TreeNodeEx("Add a body", ImGuiTreeNodeFlags_DefaultOpen)) {
    add_form(s);
    ImGui::TreePop();
  }
  if (ImGui::TreeNode("Bodies settings")) {
    if (settings_editor(s.bodies.settings)) s.push(engine::SetBodySettings{s.bodies.settings});
    ImGui::TreePop();
  }
  if (ImGui::TreeNodeEx("View##bodies", ImGuiTreeNodeFlags_DefaultOpen)) {
    view_controls(s);
    ImGui::TreePop();
  }
}

void bodies_overlay(AppState& s) {
  const Snapshot& snap = s.frame->snapshot;
  if (snap.bodies.x.empty() || !s.style.bodies.show || !s.show_hint) return;
  const Box c = s.canvas_area();
  const bool gas_legend = !snap.gas.x.empty() && s.style.gas.show;
  begin_legend_window("##body_legend", static_cast<float>(c.max.x) - 10.0f,
                      gas_legend ? 110.0f : 10.0f, 1.0f, 0.0f);
  ImGui::Text("bodies: %zu points   lowest det F %.3f", snap.bodies.x.size(),
              snap.bodies.stats.min_det_f);
  body_bar(snap, s.style.bodies.coloring, 200.0f);
  const HeatSettings& heat = s.frame->settings.heat;
  if (s.style.bodies.coloring == gl::BodyColoring::Heat && heat.model == HeatModel::Conduction)
    ImGui::Text("heat 0 at %.0f K (ambient), 1 at %.0f K (liquidus)", heat.ambient, heat.liquidus);
  if (s.style.bodies.bonds && s.style.bodies.bonds_by_stretch)
    ImGui::Text("bonds: stretch -%.3g (blue) .. +%.3g (red)", s.style.bodies.bond_stretch_scale,
                s.style.bodies.bond_stretch_scale);
  ImGui::End();
}

}  // namespace mb::app
