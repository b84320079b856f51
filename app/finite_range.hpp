#pragma once
// A command-line check for a floating-point flag: a finite number in [lo, hi]. CLI11's own
// Range lets "nan" through (every comparison with NaN is false, so it is never out of
// range) and prints its bounds with six decimals; this one refuses NaN and the infinities
// and writes the bounds as they would be typed.
#include <CLI/CLI.hpp>
#include <cmath>
#include <optional>
#include <string>

#include "physics/io/text_number.hpp"

namespace mb::app {

inline CLI::Validator finite_range(double lo, double hi) {
  const std::string bounds = "[" + format_double(lo) + ", " + format_double(hi) + "]";
  return CLI::Validator(
      [lo, hi, bounds](std::string& text) -> std::string {
        const std::optional<double> v = parse_double(text);
        if (!v || !std::isfinite(*v) || *v < lo || *v > hi)
          return "'" + text + "' is not a number in " + bounds;
        return {};
      },
      "FLOAT in " + bounds);
}

}  // namespace mb::app
