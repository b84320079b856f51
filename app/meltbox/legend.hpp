#pragma once
// The legends on the canvas (spring strain, gas speed, body quantity, temperature): a
// translucent, click-through window pinned to the canvas, and a colour scale drawn with the
// renderer's own colours; and the panels' history plots.
#include <array>
#include <functional>
#include <span>

namespace mb::app {

// Begins (ImGui::Begin) a legend window whose pivot (0..1 in each axis: 0 = left / top)
// sits at screen point (x, y). Pair with ImGui::End().
void begin_legend_window(const char* id, float x, float y, float pivot_x, float pivot_y);

// A bar `width` pixels wide of `steps` cells; cell k shows colour((k + 0.5) / steps), so
// `colour` maps t in [0, 1] (left to right) to RGB. The caller writes the labels under it.
void colour_bar(float width, const std::function<std::array<float, 3>(float)>& colour,
                int steps = 32);

// A plot of recent values, scaled to their range with 10% room, the newest value printed
// over it with `format` (a printf format of one double).
void history_plot(const char* label, std::span<const float> values, const char* format);

}  // namespace mb::app
