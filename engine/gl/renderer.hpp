#pragma once
// Draws a Snapshot with OpenGL 3.3 core: springs as instanced lines coloured by
// strain, particles as instanced signed-distance discs coloured by state, actuators
// as translucent polygons with their paths, the box outline, and overlay shapes the
// tools ask for (a path being drawn, a placement preview). A new kind of matter adds
// one draw call here.
#include <array>
#include <memory>
#include <span>
#include <string>
#include <vector>

#include "engine/camera.hpp"
#include "engine/gl/body_renderer.hpp"
#include "engine/gl/gas_renderer.hpp"
#include "physics/world/snapshot.hpp"

namespace mb::engine::gl {

using Rgba = std::array<float, 4>;

struct OverlayShape {
  std::vector<Vec2> points;  // world coordinates
  Rgba color{1.0f, 1.0f, 1.0f, 1.0f};
  bool closed = false;
  bool filled = false;
};

// What a spring particle's colour shows: its state (frozen, molten by its cooldown,
// gripped), or its temperature (the conduction model, springs/heat.hpp).
enum class ParticleColoring : uint8_t { State = 0, Temperature = 1 };

struct RenderStyle {
  float strain_scale = 0.1f;  // |strain| drawn at full blue / red
  ParticleColoring particle_coloring = ParticleColoring::State;
  float temperature_min = 293.0f, temperature_max = 367.0f;  // K at the scale's two ends
  bool springs = true, particles = true, actuators = true;
  Rgba background{0.08f, 0.09f, 0.11f, 1.0f};
  int highlight_actuator = -1;  // drawn brighter (selected)
  GasStyle gas;                 // gas discs (gas_renderer.hpp)
  BodyStyle bodies;             // peridynamic body points (body_renderer.hpp)
};

// Spring colour for a strain, as spring.frag computes it (for the legend).
std::array<float, 3> strain_color(float strain, float scale);
// Particle colour at t in [0, 1] of the temperature scale, as disc.vert computes it.
std::array<float, 3> temperature_color(float t);
// Particle colours by state, as disc.vert computes them.
inline constexpr std::array<float, 3> kFrozenColor{0.55f, 0.64f, 0.78f};
inline constexpr std::array<float, 3> kMoltenColor{1.0f, 0.55f, 0.1f};
inline constexpr std::array<float, 3> kGrippedColor{0.3f, 0.85f, 0.35f};

class Renderer {
 public:
  Renderer();
  ~Renderer();
  // Loads the shaders from `shader_dir`. False with a message when that fails.
  bool init(const std::string& shader_dir, std::string& error);
  void draw(const Snapshot& snapshot, const Camera& camera, const RenderStyle& style,
            std::span<const OverlayShape> overlay);

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace mb::engine::gl
