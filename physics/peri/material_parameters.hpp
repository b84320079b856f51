#pragma once
// The numbers of a PeriMaterial a person sets, as one table (core/parameter.hpp): the
// <body> reader (io/peri_xml.cpp), the bodies' edits and commands (peri/edit.hpp: a new
// material or a new body) and the Bodies panel all take each name, range and unit from it.
// The preset and the two nonlinear mixes are not numbers with a range and stay apart.
#include <span>
#include <string>
#include <vector>

#include "physics/core/parameter.hpp"
#include "physics/peri/material.hpp"

namespace mb {

// Rows named as the <body> element's attributes (youngs, poisson, density, ...).
std::span<const Parameter<PeriMaterial>> peri_material_parameters();

// One message per value out of its range ("poisson = 0.7: must be at most 0.499"), empty
// when the material is valid.
std::vector<std::string> validate(const PeriMaterial& material);

}  // namespace mb
