#version 330 core
// Gas discs as instanced quads, each with its own colour (speed scale or species, chosen
// on the CPU by gas_renderer.cpp); disc.frag shades each as an anti-aliased disc.
layout(location = 0) in float a_x;
layout(location = 1) in float a_y;
layout(location = 2) in float a_radius;
layout(location = 3) in vec4 a_color;  // RGBA8, normalized

uniform vec4 u_view;   // ndc = world * u_view.xy + u_view.zw
uniform float u_pixel; // world units per pixel

out vec2 v_local;      // position in units of the disc radius
out float v_radius_px;
out vec3 v_color;

const vec2 kCorners[4] = vec2[](vec2(-1.0, -1.0), vec2(1.0, -1.0), vec2(-1.0, 1.0), vec2(1.0, 1.0));

void main() {
  float r = max(a_radius, 0.8 * u_pixel);  // never thinner than a couple of pixels
  float extent = r + u_pixel;               // one pixel of room for the soft edge
  vec2 corner = kCorners[gl_VertexID];
  vec2 world = vec2(a_x, a_y) + corner * extent;
  v_local = corner * extent / r;
  v_radius_px = r / u_pixel;
  v_color = a_color.rgb;
  gl_Position = vec4(world * u_view.xy + u_view.zw, 0.0, 1.0);
}
