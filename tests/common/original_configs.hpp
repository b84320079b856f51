#pragma once
// The original Spring Simulator's .cfg files. They belong to that project, so this
// repository holds no copy: the tests read them from shared/original-configs beside the
// checkout (../shared, which every checkout and CI run has), a folder CMake passes in as
// MELTBOX_ORIGINAL_CONFIGS. A test that needs them starts with
//   ASSERT_TRUE(mb::testing::original_configs_present());
// so that a missing folder fails the test with a message naming it, instead of a run of
// "file not found" errors or a silent skip.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

namespace mb::testing {

inline std::string original_configs_dir() {
  return MELTBOX_ORIGINAL_CONFIGS;
}

inline ::testing::AssertionResult original_configs_present() {
  if (std::filesystem::is_directory(original_configs_dir())) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure()
         << "the original Spring Simulator's .cfg files are missing: no folder "
         << original_configs_dir()
         << " (the tests read them from shared/original-configs beside the checkout; put "
            "the shared/ folder there)";
}

// The path of one of the original's files, e.g. original_config("default.cfg").
inline std::string original_config(const std::string& name) {
  return original_configs_dir() + "/" + name;
}

}  // namespace mb::testing
