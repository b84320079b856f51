#version 330 core
// Particles as instanced quads; disc.frag shades each as an anti-aliased disc.
layout(location = 0) in float a_x;
layout(location = 1) in float a_y;
layout(location = 2) in float a_radius;
layout(location = 3) in uint a_state;     // 0 frozen, 1 molten, 2 gripped
layout(location = 4) in float a_cooldown; // molten: fraction of the cooldown left; or, when
                                          // u_by_temperature, the temperature on the scale

uniform vec4 u_view;   // ndc = world * u_view.xy + u_view.zw
uniform float u_pixel; // world units per pixel
uniform int u_by_temperature;

out vec2 v_local;      // position in units of the disc radius
out float v_radius_px;
out vec3 v_color;

const vec2 kCorners[4] = vec2[](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(-1.0, 1.0), vec2(1.0, 1.0));

// renderer.cpp's temperature_color: dark blue, purple, red, orange, pale yellow.
vec3 temperature_color(float t) {
  t = clamp(t, 0.0, 1.0);
  if (t < 0.35) return mix(vec3(0.20, 0.25, 0.45), vec3(0.55, 0.20, 0.55), t / 0.35);
  if (t < 0.6) return mix(vec3(0.55, 0.20, 0.55), vec3(0.90, 0.25, 0.15), (t - 0.35) / 0.25);
  if (t < 0.8) return mix(vec3(0.90, 0.25, 0.15), vec3(1.00, 0.60, 0.10), (t - 0.6) / 0.2);
  return mix(vec3(1.00, 0.60, 0.10), vec3(1.00, 0.95, 0.60), (t - 0.8) / 0.2);
}

void main() {
  float r = max(a_radius, 0.8 * u_pixel);  // never thinner than a couple of pixels
  float extent = r + u_pixel;               // one pixel of room for the soft edge
  vec2 corner = kCorners[gl_VertexID];
  vec2 world = vec2(a_x, a_y) + corner * extent;
  v_local = corner * extent / r;
  v_radius_px = r / u_pixel;
  if (a_state == 2u) {
    v_color = vec3(0.3, 0.85, 0.35);
  } else if (u_by_temperature == 1) {
    v_color = temperature_color(a_cooldown);
  } else if (a_state == 1u) {
    v_color = mix(vec3(0.7, 0.22, 0.05), vec3(1.0, 0.55, 0.1), clamp(a_cooldown, 0.0, 1.0));
  } else {
    v_color = vec3(0.55, 0.64, 0.78);
  }
  gl_Position = vec4(world * u_view.xy + u_view.zw, 0.0, 1.0);
}
