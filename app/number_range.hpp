#pragma once
// Command-line checks for number flags. CLI11's own Range lets "nan" through (every
// comparison with NaN is false, so it is never out of range), prints its bounds with six
// decimals, and says "not in range" of "1.5" for a whole-number flag or of "abc"; these say
// what is wrong and write the bounds as they would be typed.
#include <CLI/CLI.hpp>
#include <cmath>
#include <optional>
#include <string>

#include "physics/io/text_number.hpp"

namespace mb::app {

// A finite floating-point number in [lo, hi].
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

// A whole number (no fraction, no exponent) in lo to hi.
inline CLI::Validator whole_range(long long lo, long long hi) {
  const std::string bounds = std::to_string(lo) + " to " + std::to_string(hi);
  return CLI::Validator(
      [lo, hi, bounds](std::string& text) -> std::string {
        const std::optional<long long> v = parse_integer(text);
        if (!v) return "'" + text + "' is not a whole number (" + bounds + ")";
        if (*v < lo || *v > hi) return "'" + text + "' is not in " + bounds;
        return {};
      },
      "INT in " + bounds);
}

}  // namespace mb::app
