#pragma once
// The recently opened files (the last 8, newest first), kept in
// $XDG_CONFIG_HOME/meltbox/recent.txt (default ~/.config/meltbox/recent.txt), one
// absolute path a line. The file is replaced atomically (written beside, then
// renamed), so a crash or a second meltbox never leaves half a list.
#include <string>
#include <vector>

namespace mb::app {

class RecentFiles {
 public:
  static constexpr size_t kMax = 8;

  // The list's file, or "" when neither $XDG_CONFIG_HOME nor $HOME is set.
  static std::string default_path();

  explicit RecentFiles(std::string path = default_path());
  // Reads the list (missing or unreadable: empty).
  void load();
  // Puts `file` first (once), keeps kMax, saves. Returns false if it cannot save.
  bool add(const std::string& file);
  const std::vector<std::string>& files() const { return files_; }
  const std::string& path() const { return path_; }

 private:
  bool save() const;
  std::string path_;
  std::vector<std::string> files_;
};

}  // namespace mb::app
