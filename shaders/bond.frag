#version 330 core
in vec3 v_color;
uniform float u_alpha;  // bonds are dense: drawn see-through over the points
out vec4 o_color;

void main() { o_color = vec4(v_color, u_alpha); }
