#pragma once
// Shared helpers of the springs/*_test.cpp files: small networks laid out by hand, and the
// questions the tests ask of them.
#include <cstdint>
#include <initializer_list>
#include <utility>

#include "physics/springs/simulator_settings.hpp"
#include "physics/springs/spring_network.hpp"

namespace springs_test {

// Particles of one radius at `points`, joined by `springs` (index pairs), each of rest
// gap `rest` and stiffness `k`.
inline mb::SpringNetwork network(std::initializer_list<mb::Vec2> points, double radius,
                                 std::initializer_list<std::pair<int32_t, int32_t>> springs,
                                 double rest, double k) {
  mb::SpringNetwork net;
  for (mb::Vec2 p : points) net.add_particle(p.x, p.y, radius);
  for (auto [i, j] : springs) net.add_spring(i, j, rest, k);
  return net;
}

// Whether a spring joins i and j (either way round).
inline bool joined(const mb::SpringNetwork& net, int32_t i, int32_t j) {
  for (int32_t s = 0; s < net.spring_count(); ++s)
    if ((net.a[s] == i && net.b[s] == j) || (net.a[s] == j && net.b[s] == i)) return true;
  return false;
}

// Round numbers for hand-made layouts: radius 0.5 and rest gap 1 (lattice spacing 2),
// connection threshold 1, disconnection threshold 1.3.
inline mb::SimulatorSettings unit_settings() {
  mb::SimulatorSettings s;
  s.default_radius = 0.5;
  s.default_length = 1.0;
  s.connection_threshold = 1.0;
  s.disconnection_threshold = 1.3;
  return s;
}

}  // namespace springs_test
