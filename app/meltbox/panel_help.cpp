#include <algorithm>

#include <imgui.h>

#include "app/meltbox/legend.hpp"
#include "app/meltbox/panels.hpp"

namespace mb::app {

namespace {

constexpr const char* kShortcuts[][2] = {
    {"Space", "play / pause"},
    {".", "one tick (pauses)"},
    {"R", "reset to the scene's start"},
    {"Home / F", "frame the scene"},
    {"wheel", "zoom about the cursor; over an actuator: rotate it 15 deg"},
    {"drag the handle", "rotate the selected actuator (circle on a stick)"},
    {"right / middle drag", "pan"},
    {"left drag on material", "grab it and drag it live"},
    {"left drag on an actuator", "move it (with its path)"},
    {"left drag on a gas disc", "hold it at the cursor; release throws it"},
    {"P / H", "place a new pusher / heater (click); its path: 100 units right"},
    {"B", "place a new body from the Bodies panel's form (click)"},
    {"left press on a body", "select it (Bodies panel); drag: grab it"},
    {"drag the fibre handle", "turn the selected body's fibres (yellow stick)"},
    {"D", "draw the selected actuator's path: click points"},
    {"Enter / double-click", "end the path"},
    {"Del", "delete the selected actuator"},
    {"Ctrl+Z / Ctrl+Y", "undo / redo actuator edits"},
    {"Esc", "cancel placing or drawing"},
    {"Tab", "hide / show the panels"},
    {"F12", "screenshot (meltbox_<date>.png)"},
    {"F1", "this help"},
    {"drop a file", "open a scene XML, PNG mask or CSV outline"},
};

void legend(const AppState& s) {
  const float scale = s.style.strain_scale;
  colour_bar(
      180.0f,
      [scale](float t) { return engine::gl::strain_color(scale * (2.0f * t - 1.0f), scale); }, 24);
  ImGui::Text("-%.2f   spring strain   +%.2f", s.style.strain_scale, s.style.strain_scale);
  ImGui::TextColored({0.55f, 0.64f, 0.78f, 1.0f}, "frozen");
  ImGui::SameLine();
  ImGui::TextColored({1.0f, 0.55f, 0.1f, 1.0f}, "molten");
  ImGui::SameLine();
  ImGui::TextColored({0.3f, 0.85f, 0.35f, 1.0f}, "gripped");
  ImGui::SameLine();
  ImGui::TextColored({1.0f, 0.5f, 0.12f, 1.0f}, " heater");
  ImGui::SameLine();
  ImGui::TextColored({0.35f, 0.9f, 0.45f, 1.0f}, "pusher");
}

}  // namespace

void side_bar(AppState& s) {
  if (!s.show_panels) return;
  ImGui::SetNextWindowPos({0.0f, 0.0f});
  ImGui::SetNextWindowSize({s.panel_width, static_cast<float>(s.camera.viewport.y)});
  ImGui::Begin("meltbox", nullptr,
               ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoResize | ImGuiWindowFlags_NoCollapse);
  if (ImGui::CollapsingHeader("Simulation", ImGuiTreeNodeFlags_DefaultOpen)) simulation_panel(s);
  if (ImGui::CollapsingHeader("Settings")) settings_panel(s);
  if (ImGui::CollapsingHeader("Scene")) scene_panel(s);
  if (ImGui::CollapsingHeader("Actuators", ImGuiTreeNodeFlags_DefaultOpen)) actuators_panel(s);
  if (ImGui::CollapsingHeader("Gas")) gas_panel(s);
  if (ImGui::CollapsingHeader("Bodies")) bodies_panel(s);
  if (ImGui::CollapsingHeader("Heat")) heat_panel(s);
  if (s.plan.open_panel) ImGui::SetNextItemOpen(true);
  s.plan.open_panel = false;
  s.plan.panel_open = ImGui::CollapsingHeader("Plan");
  if (s.plan.panel_open) plan_panel(s);
  ImGui::End();
}

void help_window(AppState& s) {
  if (!s.show_help) return;
  ImGui::SetNextWindowPos({s.panel_width + 40.0f, 40.0f}, ImGuiCond_Appearing);
  ImGui::Begin("Help (F1)", &s.show_help, ImGuiWindowFlags_AlwaysAutoResize);
  if (ImGui::BeginTable("keys", 2, ImGuiTableFlags_RowBg)) {
    for (const auto& row : kShortcuts) {
      ImGui::TableNextRow();
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row[0]);
      ImGui::TableNextColumn();
      ImGui::TextUnformatted(row[1]);
    }
    ImGui::EndTable();
  }
  ImGui::End();
}

void canvas_overlay(AppState& s) {
  const Box c = s.canvas_area();
  begin_legend_window("##overlay", static_cast<float>(c.min.x) + 10.0f,
                      static_cast<float>(c.max.y) - 10.0f, 0.0f, 1.0f);
  if (s.show_hint)
    ImGui::TextUnformatted(
        "Space play/pause  . step  R reset  drag material to grab  wheel zoom  right-drag pan\n"
        "P pusher  H heater  B body  D draw path  Ctrl+Z undo  Home frame  F1 help  F12 "
        "screenshot");
  // The spring and actuator legend only where there are springs or actuators to read it on
  // (a gas box or a scene of bodies has its own legend at the top right).
  if (s.frame && (s.frame->snapshot.springs.particle_count() > 0 || !s.frame->actuators.empty()))
    legend(s);
  if (!s.message.empty()) {
    // A long message (a plan's figures) wraps short of the canvas's right edge instead of
    // running off it.
    ImGui::PushTextWrapPos(std::max(300.0f, static_cast<float>(c.max.x - c.min.x) - 40.0f));
    ImGui::TextUnformatted(s.message.c_str());
    ImGui::PopTextWrapPos();
  }
  ImGui::End();
}

}  // namespace mb::app
