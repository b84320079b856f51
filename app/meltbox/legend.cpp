#include "app/meltbox/legend.hpp"

#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>

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

void history_plot(const char* label, std::span<const float> v, const char* format) {
  if (v.empty()) return;
  const auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  const float span = std::max(*hi - *lo, 1e-6f * std::max(std::abs(*hi), 1.0f));
  char overlay[64];
  std::snprintf(overlay, sizeof overlay, format, static_cast<double>(v.back()));
  ImGui::PlotLines(label, v.data(), static_cast<int>(v.size()), 0, overlay, *lo - 0.1f * span,
                   *hi + 0.1f * span, ImVec2(ImGui::GetContentRegionAvail().x * 0.62f, 48.0f));
}

}  // namespace mb::app
