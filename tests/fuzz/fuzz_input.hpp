#pragma once
// What every fuzz target shares. A reader's correct answer to bad input is an
// mb::InputError whose message names the input (and, where known, the line, element or
// key); the target catches it. Anything else that escapes (another exception, a crash, a
// sanitizer report, a timeout, a huge allocation) is a bug that libFuzzer reports.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "physics/io/io_error.hpp"

namespace fuzz {

inline std::string text(const uint8_t* data, size_t size) {
  return {reinterpret_cast<const char*>(data), size};
}

// Stops the run (a finding) with a message: for properties the sanitizers cannot see.
[[noreturn]] inline void bug(const std::string& what) {
  std::fprintf(stderr, "fuzz: %s\n", what.c_str());
  std::abort();
}

// Runs fn(); an InputError is accepted when its message starts with "origin:", so every
// error names where the bad input came from. MELTBOX_FUZZ_VERBOSE=1 prints it.
template <class Fn>
void accept_input_error(const std::string& origin, Fn&& fn) {
  try {
    fn();
  } catch (const mb::InputError& e) {
    if (std::getenv("MELTBOX_FUZZ_VERBOSE")) std::fprintf(stderr, "InputError: %s\n", e.what());
    if (!std::string_view(e.what()).starts_with(origin + ":"))
      bug("InputError does not name '" + origin + "': " + e.what());
  }
}

}  // namespace fuzz
