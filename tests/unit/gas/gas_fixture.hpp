#pragma once
// Helpers shared by the gas unit tests.
#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

#include "physics/gas/gas.hpp"
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

// Two gases moved the same, bit for bit: positions, velocities and the contacts counted.
inline void expect_same_motion(const mb::Gas& a, const mb::Gas& b) {
  EXPECT_EQ(a.x, b.x);
  EXPECT_EQ(a.y, b.y);
  EXPECT_EQ(a.vx, b.vx);
  EXPECT_EQ(a.vy, b.vy);
  EXPECT_EQ(a.total_collisions(), b.total_collisions());
  EXPECT_EQ(a.total_wall_hits(), b.total_wall_hits());
}

}  // namespace gas_test
