#pragma once
// One ImGui widget per row of a settings table (physics/core/parameter.hpp), so a panel
// never names, bounds or explains a setting itself: a checkbox for a Boolean row, a number
// for the others, with the row's tooltip, unit and range.
#include "physics/core/parameter.hpp"

namespace mb::app {

enum class WidgetStyle {
  Typed,    // typed in and applied on Enter; the panel validates it (and says what is wrong)
  Dragged,  // dragged live, kept in the row's range
};

// The widget for one value; true when the user changed it this frame.
bool parameter_widget(const char* name, ParameterKind kind, double& value, double min, double max,
                      bool min_exclusive, bool log_scale, const char* unit, const char* tooltip,
                      WidgetStyle style);

template <class S>
bool parameter_widget(const Parameter<S>& p, S& s, WidgetStyle style) {
  double v = p.get(s);
  if (!parameter_widget(p.name, p.kind, v, p.min, p.max, p.min_exclusive, p.log_scale, p.unit,
                        p.tooltip, style))
    return false;
  p.set(s, style == WidgetStyle::Dragged ? clamp_to(p, v) : v);
  return true;
}

// Every row of `table`, in order; true when any value changed.
template <class S>
bool parameter_widgets(std::span<const Parameter<S>> table, S& s, WidgetStyle style) {
  bool changed = false;
  for (const Parameter<S>& p : table) changed |= parameter_widget(p, s, style);
  return changed;
}

}  // namespace mb::app
