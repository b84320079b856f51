// The Bodies panel and the body colour legend on the canvas (README, "Hyperelastic
// peridynamic bodies"): counts from the Snapshot's bodies section and the quantity the
// points are coloured by. Reads the Snapshot only; the colours come from
// engine/gl/body_renderer.hpp, the same functions the renderer uses.
#include <imgui.h>

#include "app/meltbox/app_state.hpp"
#include "app/meltbox/panels.hpp"

namespace mb::app {

namespace {

namespace gl = engine::gl;

ImU32 rgb(std::array<float, 3> c) {
  return ImGui::ColorConvertFloat4ToU32({c[0], c[1], c[2], 1.0f});
}

// The colour scale as a bar `w` wide with its end values.
void body_bar(const Snapshot& snap, gl::BodyColoring coloring, float w) {
  const gl::BodyRange range = gl::body_range(snap, coloring);
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float h = 12.0f;
  constexpr int kSteps = 32;
  for (int k = 0; k < kSteps; ++k)
    draw->AddRectFilled({at.x + w * k / kSteps, at.y}, {at.x + w * (k + 1) / kSteps, at.y + h},
                        rgb(gl::body_color((k + 0.5f) / kSteps)));
  ImGui::Dummy({w, h});
  ImGui::Text("%.3g   %s   %.3g", range.lo, gl::body_coloring_name(coloring), range.hi);
}

}  // namespace

void bodies_panel(AppState& s) {
  const Snapshot& snap = s.frame->snapshot;
  const PeriStats& st = snap.peri_stats;
  ImGui::Text("bodies %zu   points %lld   bonds %lld", snap.peri_body_first.size(),
              static_cast<long long>(st.points), static_cast<long long>(st.bonds));
  ImGui::Text("lowest det F %.4f", st.min_det_f);
  ImGui::Checkbox("Show bodies", &s.style.bodies.show);
  static constexpr const char* kNames[] = {"volumetric strain", "energy density", "det F"};
  int k = static_cast<int>(s.style.bodies.coloring);
  if (ImGui::Combo("Colour by", &k, kNames, IM_ARRAYSIZE(kNames)))
    s.style.bodies.coloring = static_cast<gl::BodyColoring>(k);
  if (!snap.peri_x.empty()) body_bar(snap, s.style.bodies.coloring, 240.0f);
}

void bodies_overlay(AppState& s) {
  const Snapshot& snap = s.frame->snapshot;
  if (snap.peri_x.empty() || !s.style.bodies.show || !s.show_hint) return;
  const Box c = s.canvas();
  const bool gas_legend = !snap.gas_x.empty() && s.style.gas.show;
  ImGui::SetNextWindowPos({static_cast<float>(c.max.x) - 10.0f, gas_legend ? 110.0f : 10.0f},
                          ImGuiCond_Always, {1.0f, 0.0f});
  ImGui::SetNextWindowBgAlpha(0.45f);
  ImGui::Begin("##body_legend", nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoInputs);
  ImGui::Text("bodies: %zu points   lowest det F %.3f", snap.peri_x.size(),
              snap.peri_stats.min_det_f);
  body_bar(snap, s.style.bodies.coloring, 200.0f);
  ImGui::End();
}

}  // namespace mb::app
