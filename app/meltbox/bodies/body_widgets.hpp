#pragma once
// The Bodies panel's editors (body_widgets.cpp).
#include "physics/peri/material.hpp"
#include "physics/peri/peri_settings.hpp"

namespace mb::app {

// Material and settings editors with a tooltip on every value. True
// when the user changed something this frame.
bool material_editor(PeriMaterial& m, const char* id);
bool settings_editor(PeriSettings& v);

}  // namespace mb::app
