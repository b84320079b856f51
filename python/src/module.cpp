// meltbox._core: the World class and the module's parts (bindings.hpp lists them).
#include "physics/io/io_error.hpp"
#include "python/src/bindings.hpp"

PYBIND11_MODULE(_core, m) {
  namespace py = pybind11;
  m.doc() = "meltbox's physics library: worlds, settings, actuators, arrays, rollouts";
  // A file or value the readers refuse: a ValueError whose message names the file and line.
  py::register_exception<mb::InputError>(m, "InputError", PyExc_ValueError);
  mbpy::bind_settings(m);
  mbpy::bind_actuators(m);
  py::class_<mb::World> world(m, "World",
                              "The box, its matter (wax, gas, bodies), actuators and settings, "
                              "advanced a fixed tick at a time.");
  mbpy::bind_world(m, world);
  mbpy::bind_settings_properties(world);
  mbpy::bind_actuator_list(world);
  mbpy::bind_arrays(world);
  mbpy::bind_functions(m);
  mbpy::bind_plan(m);
}
