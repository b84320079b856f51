#version 330 core
// Peridynamic bonds as instanced lines: the two ends are fetched from the body points'
// positions; the colour is the stretch scale (blue compressed, grey at rest, red stretched)
// or plain grey.
layout(location = 0) in int a_a;
layout(location = 1) in int a_b;
layout(location = 2) in float a_stretch;  // |eta| / |xi| - 1

uniform samplerBuffer u_px;
uniform samplerBuffer u_py;
uniform vec4 u_view;
uniform float u_scale;  // |stretch| drawn at full colour; 0: plain

out vec3 v_color;

void main() {
  int id = gl_VertexID == 0 ? a_a : a_b;
  vec2 p = vec2(texelFetch(u_px, id).r, texelFetch(u_py, id).r);
  float t = u_scale > 0.0 ? clamp(a_stretch / u_scale, -1.0, 1.0) : 0.0;
  vec3 rest = vec3(0.9);
  vec3 end = t < 0.0 ? vec3(0.2, 0.45, 1.0) : vec3(1.0, 0.2, 0.15);
  v_color = mix(rest, end, abs(t));
  gl_Position = vec4(p * u_view.xy + u_view.zw, 0.0, 1.0);
}
