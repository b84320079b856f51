#include <imgui.h>
#include <imgui_stdlib.h>

#include <algorithm>
#include <filesystem>
#include <string_view>

#include "app/meltbox/panels.hpp"
#include "app/meltbox/parameter_widgets.hpp"
#include "app/meltbox/scenes.hpp"
#include "app/meltbox/springs/springs_ui.hpp"

namespace mb::app {

namespace {
struct SceneForm {
  int shape = 0;  // 0 circle, 1 rectangle
  double radius = 60.0, width = 200.0, height = 80.0;
  std::string input = "assets/blob_mask.png";
  std::string xml = "scene.xml";
};
SceneForm g_form;
}  // namespace

namespace {
// The lattice new spots and opened PNG masks and CSV outlines are filled with: the settings'
// [Lattice] Type and Seed, so a saved .cfg keeps the choice.
void lattice_choice(AppState& s) {
  SimulatorSettings edited = s.frame->settings;
  int lattice = static_cast<int>(edited.lattice);
  bool changed = false;
  ImGui::TextDisabled("lattice");
  ImGui::SameLine();
  changed |= ImGui::RadioButton("hexagonal", &lattice, static_cast<int>(LatticeType::Hexagonal));
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "The Spring Simulator's lattice: six spring directions, so heaters pump "
        "more along some directions than others");
  ImGui::SameLine();
  changed |= ImGui::RadioButton("square", &lattice, static_cast<int>(LatticeType::Square));
  ImGui::SameLine();
  changed |= ImGui::RadioButton("amorphous", &lattice, static_cast<int>(LatticeType::Amorphous));
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Blue-noise points at the hexagonal density, joined by their Delaunay "
        "triangulation: wax without a grain (docs/springs.md)");
  if (edited.lattice == LatticeType::Amorphous) {
    for (const Parameter<SimulatorSettings>& p : simulator_parameters())
      if (std::string_view(p.group) == "Lattice" && std::string_view(p.name) == "Seed") {
        ImGui::SetNextItemWidth(160.0f);
        changed |= parameter_widget(p, edited, WidgetStyle::Typed);
      }
  }
  if (changed) {
    edited.lattice = static_cast<LatticeType>(lattice);
    apply_spring_settings(s, edited);
  }
}
}  // namespace

void scene_panel(AppState& s) {
  SceneForm& f = g_form;
  lattice_choice(s);
  ImGui::RadioButton("circle", &f.shape, 0);
  ImGui::SameLine();
  ImGui::RadioButton("rectangle", &f.shape, 1);
  ImGui::SetNextItemWidth(160.0f);
  if (f.shape == 0) {
    ImGui::InputDouble("radius", &f.radius, 5.0, 20.0, "%.0f");
  } else {
    ImGui::InputDouble("width", &f.width, 5.0, 20.0, "%.0f");
    ImGui::SetNextItemWidth(160.0f);
    ImGui::InputDouble("height", &f.height, 5.0, 20.0, "%.0f");
  }
  if (ImGui::Button("New spot")) {
    const SimulatorSettings settings = s.frame->settings;
    if (f.shape == 0)
      s.load(spot_circle(std::clamp(f.radius, 1.0, 2000.0), settings), "a circle spot");
    else
      s.load(spot_rectangle(std::clamp(f.width, 1.0, 4000.0), std::clamp(f.height, 1.0, 4000.0),
                            settings),
             "a rectangle spot");
  }
  ImGui::SameLine();
  if (ImGui::Button("Default demo")) {
    if (const std::string path = default_scene_path(s.asset_dir); !path.empty())
      s.open_demo(path);
    else
      s.load(strip_scene(s.frame->settings), "built-in strip");
  }
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Phase-change pumping: assets/pumping.xml");
  ImGui::SameLine();
  if (ImGui::Button("Strip")) s.load(strip_scene(s.frame->settings), "built-in strip");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("An elastic strip pulled apart and let back by two pushers");

  ImGui::SetNextItemWidth(220.0f);
  ImGui::InputText("##input", &f.input);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "A PNG mask, a CSV outline (X,Y), or a scene XML. You can also drop a file "
        "onto the window.");
  ImGui::SameLine();
  if (ImGui::Button("Open")) s.open_file(f.input);

  ImGui::SetNextItemWidth(220.0f);
  ImGui::InputText("##xml", &f.xml);
  ImGui::SameLine();
  if (ImGui::Button("Save XML")) s.save_scene(f.xml);
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip("The Spring Simulator's simulator format: state + actuators.");

  if (!s.recent.files().empty()) {
    ImGui::TextDisabled("recent files");
    if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", s.recent.path().c_str());
    // Copied: opening one reorders the list.
    const std::vector<std::string> recent = s.recent.files();
    for (size_t k = 0; k < recent.size(); ++k) {
      const std::string label =
          std::filesystem::path(recent[k]).filename().string() + "##recent" + std::to_string(k);
      if (ImGui::Selectable(label.c_str())) s.open_demo(recent[k]);
      if (ImGui::IsItemHovered()) ImGui::SetTooltip("%s", recent[k].c_str());
    }
  }
  ImGui::TextDisabled("demo scenes (%s)", s.asset_dir.empty() ? "assets/ not found" : "assets/");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Each opens with its own settings when there is a same-named .cfg beside it or in "
        "configs/ (pumping.xml -> configs/pumping.cfg); scenes with a heater turn the "
        "inelastic simulator on.");
  for (const std::string& path : s.demos) {
    const std::string name = std::filesystem::path(path).filename().string();
    if (ImGui::Selectable(name.c_str())) s.open_demo(path);
  }
}

}  // namespace mb::app
