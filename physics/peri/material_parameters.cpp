#include "physics/peri/material_parameters.hpp"

#include <array>

namespace mb {

namespace {
using P = Parameter<PeriMaterial>;
using M = PeriMaterial;
constexpr ParameterKind kReal = ParameterKind::Real;

#define MB_FIELD(m) [](const M& s) { return s.m; }, [](M& s, double v) { s.m = v; }

const std::array<P, 11> kTable = {
    P{"", "youngs", kReal, 0.0, 1e12, true, "force/area",
      "Young's modulus E of the isotropic matrix. Doubling it doubles every bond and volume "
      "constant; the stable step shrinks by sqrt(2), so a stiffer body runs more substeps.",
      MB_FIELD(youngs), true},
    // Plane stress has no singularity at 0.5, but a sheet stands for a 3D material, whose
    // incompressible limit is 0.5: the fits of the presets (preset_fit.hpp) are made below it.
    P{"", "poisson", kReal, -1.0, 0.499, true, "",
      "Poisson's ratio nu (plane stress): how much a strip pulled along its length narrows. A "
      "pure bond model gives 1/3; the volumetric term makes any other value. A preset's "
      "weights are fitted again for a new nu.",
      MB_FIELD(poisson)},
    P{"", "density", kReal, 0.0, 1e9, true, "mass/volume",
      "Mass per volume. A point's mass is density x lattice area x thickness.", MB_FIELD(density),
      true},
    P{"", "thickness", kReal, 0.0, 1e9, true, "length",
      "Sheet thickness t: a point's volume is its lattice area x t. Scales mass and stiffness "
      "together, so the motion alone does not change; it matters against other bodies.",
      MB_FIELD(thickness), true},
    P{"", "fibre-angle", kReal, -1e3, 1e3, false, "rad",
      "Direction of the fibres in the body's own frame (they turn with the body).",
      MB_FIELD(fibre_angle)},
    P{"", "fibre-ratio", kReal, 0.0, 1e3, false, "",
      "Stiffness along the fibres over stiffness across them. Bond kernel "
      "k = 1 + (ratio - 1) cos^2(bond, fibre); 1 = isotropic.",
      MB_FIELD(fibre_ratio)},
    P{"", "critical-stretch", kReal, 0.0, 1e3, false, "",
      "Fracture: a bond breaks for good when stretched past 1 + this (0.05 = 5 %). "
      "0 = no fracture.",
      MB_FIELD(critical_stretch)},
    P{"", "inversion-threshold", kReal, 0.0, 1.0, false, "",
      "Anti-inversion acts where the local det F (area ratio) falls below this: a squashed or "
      "folded neighbourhood is pushed back open.",
      MB_FIELD(inversion_threshold)},
    P{"", "inversion-stiffness", kReal, 0.0, 1e6, false, "x E",
      "Strength of the anti-inversion penalty k E (J0 - det F)^2 / 2 per volume, as a "
      "multiple k of E.",
      MB_FIELD(inversion_stiffness), true},
    P{"", "heated-stiffness", kReal, 0.01, 1.0, false, "",
      "Softening under a heater: a heated point's bond and volume stiffness is scaled by this "
      "(1 = heaters do not soften the body). It comes back over the CooldownTime after the "
      "heater leaves.",
      MB_FIELD(heated_stiffness)},
    P{"", "viscosity", kReal, 0.0, 10.0, false, "s",
      "Internal damping (Kelvin-Voigt retardation time tau): a wobble of angular frequency w "
      "dies at w^2 tau / 2 per second. 0 = a perfectly elastic body that rings for ever.",
      MB_FIELD(viscosity)},
};
#undef MB_FIELD
}  // namespace

std::span<const Parameter<PeriMaterial>> peri_material_parameters() {
  return kTable;
}

std::vector<std::string> validate(const PeriMaterial& material) {
  return parameter_problems(material, peri_material_parameters());
}

}  // namespace mb
