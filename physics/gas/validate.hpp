#pragma once
// Load-time checks of a gas: discs that overlap each other or stick out of the box are
// reported (one message per problem, naming the discs), never pushed apart.
#include <string>
#include <vector>

#include "physics/gas/gas.hpp"

namespace mb::gas {

struct OverlapPair {
  int32_t i, j;
  double depth;  // R_i + R_j - distance
};

// Pairs of discs closer than the sum of their radii (within a relative 1e-12 is allowed,
// so discs written exactly at contact still load), in index order.
std::vector<OverlapPair> find_overlaps(const Gas& g);

// Every problem: bad numbers (mass or radius <= 0, not finite), discs outside the box
// (beyond a relative 1e-12, so discs written touching a wall still load), overlapping
// pairs. Empty when the gas is valid.
std::vector<std::string> validate(const Gas& g, const Box& box);

}  // namespace mb::gas
