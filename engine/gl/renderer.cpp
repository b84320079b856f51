#include "engine/gl/renderer.hpp"

#include <glad/gl.h>

#include <algorithm>
#include <cmath>

#include "engine/gl/gpu_buffers.hpp"
#include "engine/gl/shader.hpp"

namespace mb::engine::gl {

std::array<float, 3> strain_color(float strain, float scale) {
  const float t = std::clamp(strain / std::max(scale, 1e-6f), -1.0f, 1.0f);
  const std::array<float, 3> rest{0.85f, 0.85f, 0.85f};
  const std::array<float, 3> end =
      t < 0 ? std::array<float, 3>{0.2f, 0.45f, 1.0f} : std::array<float, 3>{1.0f, 0.2f, 0.15f};
  const float u = std::abs(t);
  return {rest[0] + (end[0] - rest[0]) * u, rest[1] + (end[1] - rest[1]) * u,
          rest[2] + (end[2] - rest[2]) * u};
}

// Dark blue (cold) through purple and red to pale yellow (hot); disc.vert has the same stops.
std::array<float, 3> temperature_color(float t) {
  constexpr float kStops[5] = {0.0f, 0.35f, 0.6f, 0.8f, 1.0f};
  constexpr std::array<float, 3> kColors[5] = {{0.20f, 0.25f, 0.45f},
                                               {0.55f, 0.20f, 0.55f},
                                               {0.90f, 0.25f, 0.15f},
                                               {1.00f, 0.60f, 0.10f},
                                               {1.00f, 0.95f, 0.60f}};
  t = std::clamp(t, 0.0f, 1.0f);
  int k = 0;
  while (k < 3 && t > kStops[k + 1]) ++k;
  const float u = (t - kStops[k]) / (kStops[k + 1] - kStops[k]);
  std::array<float, 3> c;
  for (int i = 0; i < 3; ++i) c[i] = kColors[k][i] + (kColors[k + 1][i] - kColors[k][i]) * u;
  return c;
}

struct Renderer::Impl {
  GLuint disc = 0, spring = 0, flat = 0;
  GLuint disc_vao = 0, spring_vao = 0, flat_vao = 0;
  StreamBuffer px, py, radius, state, cooldown;  // particles, uploaded as the snapshot has them
  StreamBuffer sa, sb, strain;                   // springs
  FloatTexture tex_x, tex_y;                     // particle positions for the spring shader
  StreamBuffer flat_vertices;
  std::vector<float> scratch;
  std::vector<float> shade;  // per particle: temperature on the scale (0..1)
  GasRenderer gas;
  BodyRenderer bodies;

  struct Batch {
    GLenum mode;
    GLint first;
    GLsizei count;
    Rgba color;
  };
  std::vector<Batch> batches;

  ~Impl() {
    glDeleteProgram(disc);
    glDeleteProgram(spring);
    glDeleteProgram(flat);
    GLuint vaos[] = {disc_vao, spring_vao, flat_vao};
    glDeleteVertexArrays(3, vaos);
  }

  void add(GLenum mode, std::span<const Vec2> pts, Rgba color) {
    if (pts.empty()) return;
    batches.push_back(
        {mode, static_cast<GLint>(scratch.size() / 2), static_cast<GLsizei>(pts.size()), color});
    for (Vec2 p : pts) {
      scratch.push_back(static_cast<float>(p.x));
      scratch.push_back(static_cast<float>(p.y));
    }
  }
  void add_shape(std::span<const Vec2> pts, Rgba color, bool closed, bool filled) {
    if (filled && pts.size() >= 3) {
      Rgba fill = color;
      fill[3] *= 0.3f;
      add(GL_TRIANGLE_FAN, pts, fill);
    }
    add(closed ? GL_LINE_LOOP : GL_LINE_STRIP, pts, color);
  }
};

Renderer::Renderer() = default;
Renderer::~Renderer() = default;

namespace {
std::vector<Vec2> marker(Vec2 at, double radius) {
  std::vector<Vec2> pts;
  for (int k = 0; k < 16; ++k) {
    const double a = k * 6.283185307179586 / 16.0;
    pts.push_back(at + radius * Vec2{std::cos(a), std::sin(a)});
  }
  return pts;
}

void set_view(GLuint program, const Camera& camera) {
  const auto v = camera.ndc_transform();
  glUniform4f(glGetUniformLocation(program, "u_view"), v[0], v[1], v[2], v[3]);
}
}  // namespace

bool Renderer::init(const std::string& shader_dir, std::string& error) {
  if (shader_dir.empty()) {
    error = "cannot find the shaders/ folder (set MELTBOX_SHADER_DIR)";
    return false;
  }
  impl_ = std::make_unique<Impl>();
  Impl& r = *impl_;
  if (!(r.disc = load_program(shader_dir, "disc", error))) return false;
  if (!(r.spring = load_program(shader_dir, "spring", error))) return false;
  if (!(r.flat = load_program(shader_dir, "flat", error))) return false;
  if (!r.gas.init(shader_dir, error)) return false;
  if (!r.bodies.init(shader_dir, error)) return false;
  glGenVertexArrays(1, &r.disc_vao);
  glGenVertexArrays(1, &r.spring_vao);
  glGenVertexArrays(1, &r.flat_vao);
  // Allocate every buffer once so the attribute bindings below are valid.
  for (StreamBuffer* b :
       {&r.px, &r.py, &r.radius, &r.state, &r.cooldown, &r.sa, &r.sb, &r.strain, &r.flat_vertices})
    b->upload(nullptr, 0);
  glBindVertexArray(r.disc_vao);
  instanced_attribute(0, r.px, GL_FLOAT, false);
  instanced_attribute(1, r.py, GL_FLOAT, false);
  instanced_attribute(2, r.radius, GL_FLOAT, false);
  instanced_attribute(3, r.state, GL_UNSIGNED_BYTE, true);
  instanced_attribute(4, r.cooldown, GL_FLOAT, false);
  glBindVertexArray(r.spring_vao);
  instanced_attribute(0, r.sa, GL_INT, true);
  instanced_attribute(1, r.sb, GL_INT, true);
  instanced_attribute(2, r.strain, GL_FLOAT, false);
  glBindVertexArray(r.flat_vao);
  glBindBuffer(GL_ARRAY_BUFFER, r.flat_vertices.id());
  glEnableVertexAttribArray(0);
  glVertexAttribPointer(0, 2, GL_FLOAT, GL_FALSE, 0, nullptr);
  glBindVertexArray(0);
  glUseProgram(r.spring);
  glUniform1i(glGetUniformLocation(r.spring, "u_px"), 0);
  glUniform1i(glGetUniformLocation(r.spring, "u_py"), 1);
  glUseProgram(0);
  return true;
}

void Renderer::draw(const Snapshot& s, const Camera& camera, const RenderStyle& style,
                    std::span<const OverlayShape> overlay) {
  Impl& r = *impl_;
  glViewport(0, 0, static_cast<GLsizei>(camera.viewport.x),
             static_cast<GLsizei>(camera.viewport.y));
  glClearColor(style.background[0], style.background[1], style.background[2], 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  glEnable(GL_BLEND);
  glBlendFunc(GL_SRC_ALPHA, GL_ONE_MINUS_SRC_ALPHA);
  const double pixel = 1.0 / camera.zoom;  // world units per pixel

  // Flat shapes: the box, actuators, their paths and markers, the grab, the overlay.
  r.scratch.clear();
  r.batches.clear();
  const Vec2 lo = s.box.min, hi = s.box.max;
  const Vec2 box[] = {lo, {hi.x, lo.y}, hi, {lo.x, hi.y}};
  r.add(GL_LINE_LOOP, box, {0.5f, 0.52f, 0.58f, 1.0f});
  if (style.actuators) {
    for (size_t k = 0; k < s.actuators.size(); ++k) {
      const ActuatorView& a = s.actuators[k];
      const bool heater = a.type == ActuatorType::Heater;
      Rgba c = heater ? Rgba{1.0f, 0.5f, 0.12f, 0.9f} : Rgba{0.35f, 0.9f, 0.45f, 0.9f};
      if (!a.enabled) c = {0.6f, 0.6f, 0.6f, 0.7f};
      if (static_cast<int>(k) == style.highlight_actuator) c = {1.0f, 1.0f, 0.4f, 1.0f};
      Rgba path_color = c;
      path_color[3] = 0.55f;
      r.add(a.cyclic ? GL_LINE_LOOP : GL_LINE_STRIP, a.path, path_color);
      r.add_shape(a.outline, c, true, true);
      r.add(GL_LINE_LOOP, marker(a.position, 4.0 * pixel), c);
    }
  }
  if (s.grab_active) {
    const Rgba grab_color{0.3f, 1.0f, 0.4f, 1.0f};
    r.add(GL_LINE_LOOP, marker(s.grab_target, 6.0 * pixel), grab_color);
    // A body held by the soft grab trails the cursor: the band shows the spring's pull.
    if (glm::length(s.grab_held - s.grab_target) > 2.0 * pixel) {
      const Vec2 band[2] = {s.grab_held, s.grab_target};
      r.add(GL_LINES, band, grab_color);
      r.add(GL_LINE_LOOP, marker(s.grab_held, 3.0 * pixel), grab_color);
    }
  }
  for (const OverlayShape& o : overlay) r.add_shape(o.points, o.color, o.closed, o.filled);
  r.flat_vertices.upload(r.scratch.data(), r.scratch.size() * sizeof(float));

  glUseProgram(r.flat);
  set_view(r.flat, camera);
  const GLint color_loc = glGetUniformLocation(r.flat, "u_color");
  glBindVertexArray(r.flat_vao);
  const auto draw_batches = [&](size_t from, size_t to) {
    for (size_t k = from; k < to; ++k) {
      const Impl::Batch& b = r.batches[k];
      glUniform4f(color_loc, b.color[0], b.color[1], b.color[2], b.color[3]);
      glDrawArrays(b.mode, b.first, b.count);
    }
  };
  draw_batches(0, 1);  // the box, under everything

  // Springs: instanced lines whose ends are fetched from the position textures.
  const size_t n = s.springs.x.size(), m = s.springs.strain.size();
  if (style.springs && m > 0) {
    r.tex_x.upload(s.springs.x.data(), n);
    r.tex_y.upload(s.springs.y.data(), n);
    r.sa.upload(s.springs.spring_a.data(), m * sizeof(int32_t));
    r.sb.upload(s.springs.spring_b.data(), m * sizeof(int32_t));
    r.strain.upload(s.springs.strain.data(), m * sizeof(float));
    glUseProgram(r.spring);
    set_view(r.spring, camera);
    glUniform1f(glGetUniformLocation(r.spring, "u_strain_scale"), style.strain_scale);
    r.tex_x.bind(0);
    r.tex_y.bind(1);
    glBindVertexArray(r.spring_vao);
    glDrawArraysInstanced(GL_LINES, 0, 2, static_cast<GLsizei>(m));
  }

  // Particles: instanced quads shaded as discs.
  if (style.particles && n > 0) {
    r.px.upload(s.springs.x.data(), n * sizeof(float));
    r.py.upload(s.springs.y.data(), n * sizeof(float));
    r.radius.upload(s.springs.radius.data(), n * sizeof(float));
    r.state.upload(s.springs.state.data(), n);
    // The fifth attribute is the cooldown left, or the temperature on the legend's scale.
    const bool by_temperature = style.particle_coloring == ParticleColoring::Temperature &&
                                s.springs.temperature.size() == n;
    if (by_temperature) {
      const float span = std::max(style.temperature_max - style.temperature_min, 1e-6f);
      r.shade.resize(n);
      for (size_t i = 0; i < n; ++i)
        r.shade[i] = (s.springs.temperature[i] - style.temperature_min) / span;
      r.cooldown.upload(r.shade.data(), n * sizeof(float));
    } else {
      r.cooldown.upload(s.springs.cooldown_left.data(), n * sizeof(float));
    }
    glUseProgram(r.disc);
    set_view(r.disc, camera);
    glUniform1i(glGetUniformLocation(r.disc, "u_by_temperature"), by_temperature ? 1 : 0);
    glUniform1f(glGetUniformLocation(r.disc, "u_pixel"), static_cast<float>(pixel));
    glBindVertexArray(r.disc_vao);
    glDrawArraysInstanced(GL_TRIANGLE_STRIP, 0, 4, static_cast<GLsizei>(n));
  }
  r.gas.draw(s, camera, style.gas);
  r.bodies.draw(s, camera, style.bodies);

  // Actuators (translucent) and overlay shapes on top of the material.
  glUseProgram(r.flat);
  glBindVertexArray(r.flat_vao);
  draw_batches(1, r.batches.size());
  glBindVertexArray(0);
  glUseProgram(0);
}

}  // namespace mb::engine::gl
