#pragma once
// meltbox._core: the pybind11 binding of the physics library, split by kind as MuJoCo's
// bindings are (structs apart from functions): world.cpp (the World and its files),
// settings.cpp (mappings made from the parameter tables), actuators.cpp (Heater, Pusher and
// the actuator list), arrays.cpp (numpy views of the World's memory), functions.cpp (shape
// distances, rollout). Each file adds its part to the module through one function below.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <string>
#include <vector>

#include "physics/peri/body.hpp"
#include "physics/world/world.hpp"

namespace mbpy {

namespace py = pybind11;

void bind_settings(py::module_& m);
void bind_actuators(py::module_& m);
void bind_world(py::module_& m, py::class_<mb::World>& world);
void bind_arrays(py::class_<mb::World>& world);
void bind_settings_properties(py::class_<mb::World>& world);
void bind_actuator_list(py::class_<mb::World>& world);
void bind_functions(py::module_& m);
void bind_plan(py::module_& m);  // plan.cpp: the planner

// The one place the binding reaches a body's per-tick state. The peridynamic body is being
// split into a shared read-only model and per-tick state; when that lands, only this helper
// changes.
struct BodyState {
  std::vector<double>&x, &y, &vx, &vy;
};
inline BodyState body_state(mb::PeriBody& body) {
  return {body.x, body.y, body.vx, body.vy};
}

// Settings given as a mapping ({"Relaxation.IterationLimit": 200, ...}) applied to a world,
// each checked against its table: ValueError naming the key and its range.
void apply_spring_settings(mb::World& world, const py::dict& values);
void apply_gas_settings(mb::World& world, const py::dict& values);
void apply_body_settings(mb::World& world, const py::dict& values);
// A body's material from a mapping of the <body> attributes' names ("youngs", "poisson", ...)
// on top of `base`, each checked against peri_material_parameters(); and back.
mb::PeriMaterial material_from(const mb::PeriMaterial& base, const py::handle& values);
py::dict material_dict(const mb::PeriMaterial& material);
// A variant of rollout(): {"actuators": [...], "settings": {...}, "gas_settings": {...},
// "body_settings": {...}} applied to `world` (a copy). Unknown keys are a ValueError.
void apply_variant(mb::World& world, const py::dict& variant);
// An actuator list entry given as an Actuator, an XML string or a path to an XML file.
std::vector<mb::Actuator> actuators_from(const py::handle& item);

// The last tick's statistics (every TickStats field) as a dict.
py::dict stats_dict(const mb::TickStats& stats);
// A TickProfile as a dict of seconds: tick, network, bodies, gas, cross.
py::dict profile_dict(const mb::TickProfile& profile);

// An N x 2 float64 array (or a sequence of pairs) as points, checked finite.
std::vector<mb::Vec2> points_from(const py::handle& points, const char* what);
py::array_t<double> points_array(const std::vector<mb::Vec2>& points);

}  // namespace mbpy

namespace mbpy {

// What running a world gives (World.run() and each rollout() result): the CLI's simulate,
// with `ticks` given a fixed number of ticks instead of "while actuators run".
struct RunResult {
  int64_t ticks = 0, iterations = 0, springs_made = 0, springs_broken = 0;
  mb::TickStats last_tick, finish;
  bool finished = false;
};
// Runs `world` without touching Python (callers release the GIL): `ticks` ticks, or while an
// actuator runs (at most `max_ticks`, 0: no limit); then, with `finish`, World::finish_run.
RunResult run_world(mb::World& world, int64_t ticks, bool finish, int64_t max_ticks);
py::dict result_dict(const RunResult& r);

}  // namespace mbpy
