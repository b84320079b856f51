#version 330 core
// Springs as instanced lines: the two ends are fetched from the particle positions.
layout(location = 0) in int a_a;
layout(location = 1) in int a_b;
layout(location = 2) in float a_strain;  // (gap - L) / L

uniform samplerBuffer u_px;
uniform samplerBuffer u_py;
uniform vec4 u_view;
uniform float u_strain_scale;  // |strain| drawn at full colour

out vec3 v_color;

void main() {
  int id = gl_VertexID == 0 ? a_a : a_b;
  vec2 p = vec2(texelFetch(u_px, id).r, texelFetch(u_py, id).r);
  float t = clamp(a_strain / max(u_strain_scale, 1e-6), -1.0, 1.0);
  vec3 rest = vec3(0.85);
  vec3 end = t < 0.0 ? vec3(0.2, 0.45, 1.0) : vec3(1.0, 0.2, 0.15);  // compressed / stretched
  v_color = mix(rest, end, abs(t));
  gl_Position = vec4(p * u_view.xy + u_view.zw, 0.0, 1.0);
}
