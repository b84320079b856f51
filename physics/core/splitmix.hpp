#pragma once
// SplitMix64's finaliser (Steele, Lea, Flood, "Fast splittable pseudorandom number
// generators", OOPSLA 2014): turns nearby integers (a seed and an index) into unrelated 64-bit
// seeds, so each candidate, generation or run draws from a stream of its own and a search
// gives the same draws on any thread count.
#include <cstdint>

namespace mb {

inline uint64_t splitmix64(uint64_t x) {
  x += 0x9e3779b97f4a7c15ull;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ull;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebull;
  return x ^ (x >> 31);
}

}  // namespace mb
