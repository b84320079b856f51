#pragma once
// The one way physics/ refuses a request: it throws an mb::Error whose message names what is
// wrong (the field and its range, the index, the file and line), before anything changed.
// A refusal is never a return value that a caller could drop: a generator that added nothing
// or an edit of an actuator that is not there reaches whoever asked (the sandbox's status
// line, the CLI's exit code, a Python exception) because it cannot be ignored silently.
//
// Queries that list problems (validate(World), parameter_problem, placement_problem) are not
// refusals: they return their findings, [[nodiscard]]. A broken invariant is a bug, not a
// refusal: MB_ASSERT (assert.hpp) stops the validating builds there.
#include <stdexcept>
#include <string>

namespace mb {

// A request physics/ cannot carry out: a value out of range, an index past the end, a shape
// that holds no point, a region too large to fill. The world or object is unchanged.
class Error : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace mb
