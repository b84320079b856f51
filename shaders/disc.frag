#version 330 core
// A disc from its signed distance, with a one-pixel soft edge and a darker rim.
in vec2 v_local;
in float v_radius_px;
in vec3 v_color;
out vec4 o_color;

void main() {
  float d = (length(v_local) - 1.0) * v_radius_px;  // signed distance in pixels
  float alpha = clamp(0.5 - d, 0.0, 1.0);
  if (alpha <= 0.0) discard;
  float rim = smoothstep(-1.5, -0.2, d) * step(3.0, v_radius_px);
  o_color = vec4(mix(v_color, v_color * 0.55, rim), alpha);
}
