#pragma once
// Number text for the file formats: doubles are written in the shortest form that
// reads back to the same double (never more than max_digits10 significant digits),
// and parsed strictly (the whole text must be one number; no locale).
#include <optional>
#include <string>
#include <string_view>

namespace mb {

std::string format_double(double value);
// Parses a decimal or exponent number with optional surrounding blanks and a leading
// '+'. Returns nullopt for anything else. "nan" and "inf" parse (check isfinite).
std::optional<double> parse_double(std::string_view text);
// A whole number in the range of int64_t (no fraction, no exponent).
std::optional<long long> parse_integer(std::string_view text);
std::string_view trim(std::string_view text);

}  // namespace mb
