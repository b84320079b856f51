#pragma once
// A 64-bit fingerprint of simulation state, fed value by value. Two runs are "the same run"
// when their hashes agree after every tick: stronger than comparing a few arrays, and one
// pass over the state.
//
// The mix: FNV-1a's step h = (h ^ w) * p (Fowler, Noll, Vo; the 64-bit offset basis and
// prime) applied to 64-bit words instead of bytes, eight times fewer multiplies; a value
// shorter than a word is zero-extended, and the arrays of bytes or int32 are packed into
// words. Each step is a bijection of h for a fixed w, so a single changed word always
// changes the hash. value() ends with the splitmix64 finaliser so that every input bit
// reaches every output bit.
//
// Only arithmetic values, enums, Vec2 and vectors of them go in (a vector's length first,
// so [1][2] and [1, 2] differ); structs are fed member by member, so padding bytes never
// reach the hash. Doubles go in bit for bit: -0.0 differs from 0.0.
#include <cstdint>
#include <cstring>
#include <type_traits>
#include <vector>

#include "physics/core/vec2.hpp"

namespace mb {

class StateHash {
 public:
  template <class T>
  requires std::is_arithmetic_v<T> || std::is_enum_v<T>
  void add(T value) {
    static_assert(sizeof(T) <= 8);
    uint64_t w = 0;
    std::memcpy(&w, &value, sizeof(T));
    mix(w);
  }
  void add(Vec2 v) { add(v.x), add(v.y); }
  template <class T>
  requires std::is_arithmetic_v<T> || std::is_enum_v<T>
  void add(const std::vector<T>& values) {
    add(static_cast<uint64_t>(values.size()));
    add_bytes(values.data(), values.size() * sizeof(T));
  }
  uint64_t value() const {
    uint64_t z = h_;
    z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
    z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
    return z ^ (z >> 31);
  }

 private:
  void mix(uint64_t w) { h_ = (h_ ^ w) * 0x100000001b3ull; }
  void add_bytes(const void* data, size_t n) {
    const auto* p = static_cast<const unsigned char*>(data);
    for (; n >= 8; n -= 8, p += 8) {
      uint64_t w;
      std::memcpy(&w, p, 8);
      mix(w);
    }
    if (n == 0) return;
    uint64_t w = 0;
    std::memcpy(&w, p, n);
    mix(w);
  }
  uint64_t h_ = 0xcbf29ce484222325ull;
};

}  // namespace mb
