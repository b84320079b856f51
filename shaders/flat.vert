#version 330 core
// Outlines, paths and filled polygons in one colour.
layout(location = 0) in vec2 a_position;
uniform vec4 u_view;

void main() { gl_Position = vec4(a_position * u_view.xy + u_view.zw, 0.0, 1.0); }
