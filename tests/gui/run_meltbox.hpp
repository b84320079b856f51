#pragma once
// Runs the real meltbox headless (SDL_VIDEODRIVER=offscreen: Mesa llvmpipe, no X server)
// for the GUI tests. ctest runs tests in parallel, so each test keeps its own config
// folder (the recent-files list) and log.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <cstdlib>
#include <fstream>
#include <string>

namespace mb::gui_test {

inline const std::string kDir = GUI_TEST_DIR;
// The GUI tests' own small scene (tests/gui/strip.xml), as the first argument of a command.
inline const std::string kStrip = std::string(GUI_TEST_SOURCE_DIR) + "/strip.xml ";
inline constexpr int kNoGl = 77;  // meltbox's exit status when no GL context can be made

inline std::string test_name() {
  return ::testing::UnitTest::GetInstance()->current_test_info()->name();
}
// XDG_CONFIG_HOME for this test: the recent-files list goes here, not to ~/.config.
inline std::string config_dir() {
  return kDir + "/config-" + test_name();
}
inline std::string log_path() {
  return kDir + "/" + test_name() + ".log";
}

// A script's left click at window pixel (x, y): move there on `frame`, press on the next,
// release on the one after.
inline std::string click(int frame, int x, int y) {
  // (append, not operator+ on a literal: GCC 12 gives a false -Wstringop-overflow under LTO)
  std::string at = " ";
  at.append(std::to_string(x)).append(" ").append(std::to_string(y)).append("\n");
  std::string out;
  for (const char* event : {" mousemove", " mousedown", " mouseup"})
    out.append("frame ").append(std::to_string(frame++)).append(event).append(at);
  return out;
}

// Writes a --script file named `name` in this build's GUI test folder; its path.
inline std::string write_script(const std::string& name, const std::string& text) {
  const std::string path = kDir + "/" + name;
  std::ofstream(path) << text;
  return path;
}

// Runs meltbox with `args` in a 1280x720 window with a fixed camera (`view`: X,Y,ZOOM, world
// (x, y) at screen (640 + ZOOM (x - X), 360 + ZOOM (y - Y))); its exit status.
inline int meltbox(const std::string& args, const std::string& view = "0,0,2") {
  const std::string cmd =
      "SDL_VIDEODRIVER=offscreen ASAN_OPTIONS=detect_leaks=0 XDG_CONFIG_HOME=" + config_dir() +
      " " + std::string(MELTBOX_BIN) + " --width 1280 --height 720 --view " + view + " " + args +
      " > " + log_path() + " 2>&1";
  const int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace mb::gui_test

// Runs meltbox; skips the test when there is no OpenGL, fails it on any other error.
#define RUN_OR_SKIP(...)                                                                 \
  do {                                                                                   \
    const int rc_ = mb::gui_test::meltbox(__VA_ARGS__);                                  \
    if (rc_ == mb::gui_test::kNoGl) GTEST_SKIP() << "no OpenGL context on this machine"; \
    ASSERT_EQ(rc_, 0) << "see " << mb::gui_test::log_path();                             \
  } while (0)
