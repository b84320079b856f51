#pragma once
// Shared helpers of the io/*_test.cpp files: the repository's assets, a fresh folder per
// test (tests/common/temp_dir_test.hpp), and questions asked of a reader's warnings.
#include <initializer_list>
#include <string>

#include "physics/io/warnings.hpp"
#include "tests/common/temp_dir_test.hpp"

namespace mb::io_test {

inline const std::string kAssets = std::string(MELTBOX_SOURCE_DIR) + "/assets/";

using mb::testing::error_of;
using IoTest = mb::testing::TempDirTest;

// True when some warning holds every one of `parts`.
inline bool warned(const Warnings& warnings, std::initializer_list<std::string> parts) {
  for (const std::string& w : warnings) {
    bool all = true;
    for (const std::string& p : parts) all = all && w.find(p) != std::string::npos;
    if (all) return true;
  }
  return false;
}

// The first warning, for failure messages.
inline std::string first(const Warnings& w) {
  return w.empty() ? "(no warning)" : w.front();
}

}  // namespace mb::io_test
