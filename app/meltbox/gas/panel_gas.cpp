// The Gas panel and the gas legend on the canvas (docs/gas.md, "In the sandbox").
#include <imgui.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <map>

#include "app/meltbox/app_state.hpp"
#include "app/meltbox/gas/gas_ui.hpp"
#include "app/meltbox/legend.hpp"
#include "app/meltbox/parameter_widgets.hpp"
#include "physics/gas/thermo.hpp"

namespace mb::app {

namespace {

namespace gl = engine::gl;

// The speed scale as a bar `w` wide with its end labels.
void speed_bar(float speed_max, float w) {
  colour_bar(w, gl::gas_speed_color);
  ImGui::Text("0   disc speed   %.0f units/s", speed_max);
}

// Distinct (species, mass) values with their disc counts.
std::map<std::pair<int32_t, float>, int> species_table(const Snapshot& snap) {
  std::map<std::pair<int32_t, float>, int> out;
  for (size_t i = 0; i < snap.gas.species.size(); ++i)
    ++out[{snap.gas.species[i], snap.gas.mass[i]}];
  return out;
}

void species_legend(const Snapshot& snap) {
  for (const auto& [key, count] : species_table(snap)) {
    const auto c = gl::gas_species_color(snap.gas.species_table, key.first);
    ImGui::TextColored({c[0], c[1], c[2], 1.0f}, "%s", snap.gas.species_name(key.first).c_str());
    ImGui::SameLine();
    ImGui::Text("(mass %g): %d discs", static_cast<double>(key.second), count);
  }
}

void add_discs(AppState& s) {
  GasUi& g = s.gas;
  gas::GeneratorSpec& spec = g.spec;
  ImGui::TextUnformatted("Add discs");
  ImGui::InputInt("count", &spec.count, 50, 500);
  spec.count = std::clamp(spec.count, 1, 200000);
  float radius[2] = {static_cast<float>(spec.radius_min), static_cast<float>(spec.radius_max)};
  if (ImGui::DragFloatRange2("radius", &radius[0], &radius[1], 0.05f, 0.1f, 50.0f, "min %.2f",
                             "max %.2f")) {
    spec.radius_min = radius[0];
    spec.radius_max = std::max(radius[1], radius[0]);
  }
  ImGui::InputDouble("mass", &spec.mass, 0.5, 5.0, "%.3g");
  spec.mass = std::max(spec.mass, 1e-6);
  ImGui::InputDouble("temperature kT", &spec.temperature, 100.0, 1000.0, "%.4g");
  spec.temperature = std::max(spec.temperature, 0.0);
  int seed = static_cast<int>(spec.seed), species = spec.species;
  ImGui::InputInt("seed", &seed);
  const bool picked = ImGui::InputInt("species", &species);
  spec.seed = static_cast<uint64_t>(std::max(seed, 0));
  spec.species = std::clamp(species, 0, 1000);
  // A species of the scene's table (gas/reaction.hpp) is named, and picking it takes its size.
  const std::vector<gas::Species>& table = s.frame->snapshot.gas.species_table;
  const size_t k = static_cast<size_t>(spec.species);
  if (k < table.size() && !table[k].name.empty()) {
    ImGui::SameLine();
    ImGui::TextDisabled("%s", table[k].name.c_str());
    if (picked && table[k].mass > 0.0 && table[k].radius > 0.0) {
      spec.radius_min = spec.radius_max = table[k].radius;
      spec.mass = table[k].mass;
    }
  }
  char label[48];
  std::snprintf(label, sizeof label, "Add %d discs", spec.count);
  if (ImGui::Button(label)) {
    s.push(engine::GasGenerate{spec});
    ++spec.seed;  // the next add places other discs
    s.message = "adding discs (none are added when they do not fit in the box)";
  }
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "Random places without overlap, Maxwell-Boltzmann velocities at kT with zero net "
        "momentum. Kept on Reset.");
  ImGui::SameLine();
  if (ImGui::Button("Clear gas")) s.push(engine::GasClear{});
}

// The wall rows of the gas's settings table (gas_settings.cpp): names, ranges and tooltips
// come from there.
void walls(AppState& s) {
  ImGui::TextUnformatted("Thermostat walls (kT; 0 = mirror)");
  GasSettings edited;
  edited.wall_temperature = s.frame->snapshot.gas.wall_temperature;
  bool changed = false;
  for (const Parameter<GasSettings>& p : gas_parameters())
    if (std::string_view(p.name).starts_with("wall-"))
      changed |= parameter_widget(p, edited, WidgetStyle::Typed);
  if (changed) s.push(engine::GasSetWalls{edited.wall_temperature});
}

// Density histogram of the disc speeds with the 2D Maxwell-Boltzmann pdf at the
// current kinetic temperature over it (a mixture over the masses present).
void speed_histogram(AppState& s) {
  const Snapshot& snap = s.frame->snapshot;
  const size_t n = snap.gas.speed.size();
  const int bins = std::clamp(s.gas.histogram_bins, 5, 200);
  const float top = std::max(s.style.gas.speed_max, 1e-3f);
  const float width = top / static_cast<float>(bins);
  std::vector<float> density(static_cast<size_t>(bins), 0.0f);
  int beyond = 0;
  for (float v : snap.gas.speed) {
    const int k = static_cast<int>(v / width);
    if (k >= bins) {
      ++beyond;
      continue;
    }
    density[static_cast<size_t>(std::max(k, 0))] += 1.0f;
  }
  for (float& d : density) d /= static_cast<float>(n) * width;
  const auto table = species_table(snap);
  const double kT = snap.gas.temperature;
  const auto pdf = [&](double v) {
    double f = 0.0;
    for (const auto& [key, count] : table)
      f += count * gas::mb_speed_pdf(v, key.second, kT) / static_cast<double>(n);
    return f;
  };
  constexpr int kCurve = 80;
  float peak = *std::max_element(density.begin(), density.end());
  std::vector<double> curve(kCurve + 1);
  for (int k = 0; k <= kCurve; ++k) {
    curve[static_cast<size_t>(k)] = kT > 0.0 ? pdf(top * k / kCurve) : 0.0;
    peak = std::max(peak, static_cast<float>(curve[static_cast<size_t>(k)]));
  }
  const float scale_max = std::max(peak * 1.1f, 1e-9f);
  ImGui::PushStyleColor(ImGuiCol_PlotHistogram, ImVec4(0.35f, 0.55f, 0.85f, 1.0f));
  ImGui::PlotHistogram("##speeds", density.data(), bins, 0, nullptr, 0.0f, scale_max,
                       ImVec2(ImGui::GetContentRegionAvail().x, 110.0f));
  ImGui::PopStyleColor();
  // The curve over the plot's inner rectangle (the frame less its padding).
  const ImVec2 pad = ImGui::GetStyle().FramePadding;
  const ImVec2 lo{ImGui::GetItemRectMin().x + pad.x, ImGui::GetItemRectMin().y + pad.y};
  const ImVec2 hi{ImGui::GetItemRectMax().x - pad.x, ImGui::GetItemRectMax().y - pad.y};
  std::vector<ImVec2> pts;
  for (int k = 0; k <= kCurve; ++k)
    pts.push_back(
        {lo.x + (hi.x - lo.x) * k / kCurve,
         hi.y - (hi.y - lo.y) * static_cast<float>(curve[static_cast<size_t>(k)]) / scale_max});
  const ImU32 curve_color = IM_COL32(255, 235, 90, 255);
  if (kT > 0.0)
    ImGui::GetWindowDrawList()->AddPolyline(pts.data(), static_cast<int>(pts.size()), curve_color,
                                            0, 2.0f);
  ImGui::TextDisabled("speeds 0..%.0f:", static_cast<double>(top));
  ImGui::SameLine();
  ImGui::TextColored({0.45f, 0.65f, 0.95f, 1.0f}, "discs");
  ImGui::SameLine();
  ImGui::TextColored({1.0f, 0.92f, 0.35f, 1.0f}, "2D Maxwell-Boltzmann, kT");
  if (ImGui::IsItemHovered())
    ImGui::SetTooltip(
        "f(v) = (m v / kT) exp(-m v^2 / 2kT), mixed over the masses present, "
        "at the gas's kinetic temperature.");
  if (beyond > 0) ImGui::TextDisabled("%d discs faster than the range", beyond);
}

void plot(const char* label, const std::deque<float>& series, const char* format) {
  const std::vector<float> v(series.begin(), series.end());
  history_plot(label, v, format);
}

}  // namespace

void gas_panel(AppState& s) {
  const Snapshot& snap = s.frame->snapshot;
  ImGui::Text("discs %zu   kT %.4g   collisions/tick %lld", snap.gas.x.size(), snap.gas.temperature,
              static_cast<long long>(snap.gas.stats.collisions));
  ImGui::Text("kinetic energy %.6g   p (%.3g, %.3g)", snap.gas.kinetic_energy, snap.gas.momentum.x,
              snap.gas.momentum.y);
  add_discs(s);
  ImGui::Separator();
  walls(s);
  ImGui::Separator();
  gl::GasStyle& style = s.style.gas;
  ImGui::Checkbox("discs", &style.show);
  ImGui::SameLine();
  int coloring = static_cast<int>(style.coloring);
  ImGui::RadioButton("by speed", &coloring, 0);
  ImGui::SameLine();
  ImGui::RadioButton("by species", &coloring, 1);
  style.coloring = static_cast<gl::GasColoring>(coloring);
  ImGui::Checkbox("auto", &s.gas.auto_speed_scale);
  if (ImGui::IsItemHovered()) ImGui::SetTooltip("Full scale at 2.5 times the rms speed.");
  ImGui::SameLine();
  if (ImGui::SliderFloat("speed scale", &style.speed_max, 1.0f, 5000.0f, "%.0f",
                         ImGuiSliderFlags_Logarithmic))
    s.gas.auto_speed_scale = false;
  if (snap.gas.x.empty()) return;
  ImGui::Separator();
  speed_histogram(s);
  ImGui::Separator();
  plot("kinetic energy", s.gas.energy, "%.6g");
  plot("|p|", s.gas.momentum, "%.3g");
  plot("px", s.gas.px, "%.3g");
  plot("py", s.gas.py, "%.3g");
  plot("collisions/tick", s.gas.collisions, "%.0f");
  if (!snap.gas.reactions.empty()) {
    ImGui::Separator();
    reactions_section(s);
  }
}

void gas_overlay(AppState& s) {
  const Snapshot& snap = s.frame->snapshot;
  if (snap.gas.x.empty() || !s.style.gas.show || !s.show_hint) return;
  const Box c = s.canvas_area();
  begin_legend_window("##gas_legend", static_cast<float>(c.max.x) - 10.0f, 10.0f, 1.0f, 0.0f);
  ImGui::Text("gas: %zu discs   kT %.4g", snap.gas.x.size(), snap.gas.temperature);
  if (s.style.gas.coloring == gl::GasColoring::Speed)
    speed_bar(s.style.gas.speed_max, 200.0f);
  else
    species_legend(snap);
  ImGui::End();
}

}  // namespace mb::app
