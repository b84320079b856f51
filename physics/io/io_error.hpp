#pragma once
// Errors from reading or writing files. The message names the file and, where
// known, the line, element or key that is wrong.
#include "physics/core/error.hpp"

namespace mb {

class InputError : public Error {
 public:
  using Error::Error;
};

}  // namespace mb
