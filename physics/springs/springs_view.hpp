#pragma once
// What a renderer and the panels see of a spring network: flat float arrays ready to
// upload, filled from the network without the caller touching its internals.
#include <cstddef>
#include <cstdint>
#include <vector>

#include "physics/springs/simulator_settings.hpp"
#include "physics/springs/spring_network.hpp"

namespace mb {

struct SpringsView {
  // Particles.
  std::vector<float> x, y, radius;
  std::vector<uint8_t> state;        // ParticleState
  std::vector<float> cooldown_left;  // molten: fraction of the cooldown time left (0..1)
  // Conduction model (springs/heat.hpp): temperature (K) and melt fraction (0..1); empty in
  // the timer model.
  std::vector<float> temperature, melt;
  // Springs: particle index pairs and strain (gap - L) / L.
  std::vector<int32_t> spring_a, spring_b;
  std::vector<float> strain;

  size_t particle_count() const { return x.size(); }
  size_t spring_count() const { return strain.size(); }
  // `time`: the world's tick now; the settings give the cooldown and the heat model.
  void fill(const SpringNetwork& net, int64_t time, const SimulatorSettings& settings);

 private:
  void fill_heat(const SpringNetwork& net, const HeatSettings& heat);
};

}  // namespace mb
