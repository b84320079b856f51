#include "physics/peri/peri_settings.hpp"

#include <array>

namespace mb {

namespace {
using P = Parameter<PeriSettings>;
using S = PeriSettings;
constexpr ParameterKind kReal = ParameterKind::Real;

const std::array<P, 7> kTable = {
    P{"", "gravity-x", kReal, -1e6, 1e6, false, "u/s^2",
      "Acceleration of every body point along x, length / s^2.",
      [](const S& s) { return s.gravity.x; }, [](S& s, double v) { s.gravity.x = v; }},
    P{"", "gravity-y", kReal, -1e6, 1e6, false, "u/s^2",
      "Acceleration of every body point along y, length / s^2. The world is y-down like the "
      "screen: 400 pulls towards the floor at the bottom of the box.",
      [](const S& s) { return s.gravity.y; }, [](S& s, double v) { s.gravity.y = v; }},
    P{"", "damping", kReal, 0.0, 1e3, false, "1/s",
      "Velocity damping: v *= exp(-damping h) each substep. 0 keeps the energy; a few per second "
      "calms wobbling bodies.",
      [](const S& s) { return s.damping; }, [](S& s, double v) { s.damping = v; }},
    P{"", "wall-friction", kReal, 0.0, 10.0, false, "",
      "Coulomb coefficient of the box walls and floor: the slip velocity of a point in contact "
      "drops by this times its normal velocity change.",
      [](const S& s) { return s.wall_friction; }, [](S& s, double v) { s.wall_friction = v; }},
    P{"", "contact-friction", kReal, 0.0, 10.0, false, "",
      "Coulomb coefficient between points in contact, of two bodies or of distant parts of one.",
      [](const S& s) { return s.contact_friction; },
      [](S& s, double v) { s.contact_friction = v; }},
    P{"", "self-contact", ParameterKind::Boolean, 0.0, 1.0, false, "",
      "Distant parts of one body collide (points farther apart than the horizon in the "
      "reference state), so a folded body does not pass through itself.",
      [](const S& s) { return s.self_contact ? 1.0 : 0.0; },
      [](S& s, double v) { s.self_contact = v != 0.0; }},
    P{"", "threads", ParameterKind::Integer, 1.0, 64.0, false, "",
      "Worker threads for the bodies' force loops. The motion is bitwise the same for any count; "
      "more help from about 5,000 points.",
      [](const S& s) { return static_cast<double>(s.threads); },
      [](S& s, double v) { s.threads = static_cast<int>(v); }},
};
}  // namespace

std::span<const Parameter<PeriSettings>> peri_parameters() {
  return kTable;
}

}  // namespace mb
