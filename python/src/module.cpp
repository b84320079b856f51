// meltbox._core: the World class and the module's parts (bindings.hpp lists them).
#include "physics/io/io_error.hpp"
#include "python/src/bindings.hpp"

PYBIND11_MODULE(_core, m) {
  namespace py = pybind11;
  m.doc() = "meltbox's physics library: worlds, settings, actuators, arrays, rollouts";
  // What physics/ refuses (physics/core/error.hpp): a ValueError naming the field or index;
  // a file or value the readers refuse is its InputError, naming the file and line.
  // pybind11 tries the translators last registered first, so InputError comes second.
  const auto& error = py::register_exception<mb::Error>(m, "Error", PyExc_ValueError);
  error.attr("__doc__") = "A value or state the physics library refuses (a ValueError).";
  const auto& input_error = py::register_exception<mb::InputError>(m, "InputError", error.ptr());
  input_error.attr("__doc__") =
      "A file or value the readers refuse, its message naming the file and line (an Error).";
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
