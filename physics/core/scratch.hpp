#pragma once
// Scratch<T>: working memory an object keeps between steps only for its capacity (buffers,
// candidate lists, solver vectors), never part of what the object is. A copy starts with a
// fresh T, and assigning one world to another gives the target a fresh T too, as if it had
// never stepped: nothing a step leaves in scratch may change what a later step computes, so
// a copy, a restored checkpoint and the original all tick on bit for bit alike (the
// determinism test's copy check proves it), and copying a world costs only its state.
//
// Scratch<T> is a T (it derives from it), so members keep their names and calls.
#include <utility>

namespace mb {

template <class T>
struct Scratch : T {
  using T::operator=;  // filling it with a T's contents is the owner's business
  Scratch() = default;
  Scratch(const Scratch&) : T() {}
  Scratch(Scratch&&) noexcept = default;
  Scratch& operator=(const Scratch& other) {
    if (this != &other) static_cast<T&>(*this) = T();
    return *this;
  }
  Scratch& operator=(Scratch&&) noexcept = default;
  ~Scratch() = default;
};

}  // namespace mb
