#include "app/meltbox/legend.hpp"

#include <imgui.h>

namespace mb::app {

void begin_legend_window(const char* id, float x, float y, float pivot_x, float pivot_y) {
  ImGui::SetNextWindowPos({x, y}, ImGuiCond_Always, {pivot_x, pivot_y});
  ImGui::SetNextWindowBgAlpha(0.45f);
  ImGui::Begin(id, nullptr,
               ImGuiWindowFlags_NoDecoration | ImGuiWindowFlags_AlwaysAutoResize |
                   ImGuiWindowFlags_NoFocusOnAppearing | ImGuiWindowFlags_NoNav |
                   ImGuiWindowFlags_NoMove | ImGuiWindowFlags_NoInputs);
}

void colour_bar(float width, const std::function<std::array<float, 3>(float)>& colour, int steps) {
  ImDrawList* draw = ImGui::GetWindowDrawList();
  const ImVec2 at = ImGui::GetCursorScreenPos();
  const float height = 12.0f;
  for (int k = 0; k < steps; ++k) {
    const std::array<float, 3> c = colour((k + 0.5f) / static_cast<float>(steps));
    draw->AddRectFilled({at.x + width * k / steps, at.y},
                        {at.x + width * (k + 1) / steps, at.y + height},
                        ImGui::ColorConvertFloat4ToU32({c[0], c[1], c[2], 1.0f}));
  }
  ImGui::Dummy({width, height});
}

}  // namespace mb::app
