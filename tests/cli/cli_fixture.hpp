#pragma once
// The fixture of the meltbox-cli end-to-end tests: runs the built executable from the
// repository root in a folder of the test's own, and hands back its exit status and output.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "tests/common/temp_dir_test.hpp"

namespace mb::cli_test {

namespace fs = std::filesystem;

inline const std::string kSource = MELTBOX_SOURCE_DIR;
inline const std::string kAssets = kSource + "/assets/";
inline const std::string kConfigs = kSource + "/configs/";

inline std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// `s` as one single-quoted shell word.
inline std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) q += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return q + "'";
}

struct Result {
  int status = -1;
  std::string out, err;
};

class CliFixture : public mb::testing::TempDirTest {
 protected:
  // Runs meltbox-cli from the repository root with `args`.
  Result run(const std::vector<std::string>& args) const {
    // (append, not operator+: GCC 12 gives a false -Wrestrict on `" " + std::string`)
    std::string cmd = "cd ";
    cmd.append(quote(kSource)).append(" && ").append(quote(MELTBOX_CLI));
    for (const std::string& a : args) cmd.append(" ").append(quote(a));
    cmd.append(" >").append(quote(path("stdout.txt")));
    cmd.append(" 2>").append(quote(path("stderr.txt")));
    const int raw = std::system(cmd.c_str());
    Result r;
    r.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
    r.out = slurp(path("stdout.txt"));
    r.err = slurp(path("stderr.txt"));
    fs::remove(path("stdout.txt"));
    fs::remove(path("stderr.txt"));
    return r;
  }
};

}  // namespace mb::cli_test
