#pragma once
// Errors from reading or writing files. The message names the file and, where
// known, the line, element or key that is wrong.
#include <stdexcept>
#include <string>

namespace mb {

class InputError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

}  // namespace mb
