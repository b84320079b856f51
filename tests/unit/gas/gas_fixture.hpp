#pragma once
// Helpers shared by the gas unit tests.
#include <cmath>
#include <numbers>

#include "physics/gas/generator.hpp"

namespace gas_test {

// Under AddressSanitizer the long runs are scaled down (each test says by how much).
// GCC defines __SANITIZE_ADDRESS__; clang 14 only answers __has_feature.
#if defined(__SANITIZE_ADDRESS__)
inline constexpr bool kSanitized = true;
#elif defined(__has_feature)
inline constexpr bool kSanitized = __has_feature(address_sanitizer);
#else
inline constexpr bool kSanitized = false;
#endif

// A square box holding `n` discs of radius r at area fraction phi, centred on the origin.
inline mb::Box box_for(int n, double r, double phi) {
  const double half = 0.5 * std::sqrt(n * std::numbers::pi * r * r / phi);
  return {{-half, -half}, {half, half}};
}

}  // namespace gas_test
