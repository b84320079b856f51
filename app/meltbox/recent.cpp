#include "app/meltbox/recent.hpp"

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>

namespace mb::app {

namespace fs = std::filesystem;

std::string RecentFiles::default_path() {
  fs::path base;
  if (const char* xdg = std::getenv("XDG_CONFIG_HOME"); xdg && *xdg)
    base = xdg;
  else if (const char* home = std::getenv("HOME"); home && *home)
    base = fs::path(home) / ".config";
  else
    return {};
  return (base / "meltbox" / "recent.txt").string();
}

RecentFiles::RecentFiles(std::string path) : path_(std::move(path)) {}

void RecentFiles::load() {
  files_.clear();
  if (path_.empty()) return;
  std::ifstream in(path_);
  std::string line;
  while (files_.size() < kMax && std::getline(in, line))
    if (!line.empty() && std::find(files_.begin(), files_.end(), line) == files_.end())
      files_.push_back(line);
}

bool RecentFiles::add(const std::string& file) {
  std::error_code ec;
  const fs::path absolute = fs::absolute(file, ec).lexically_normal();
  const std::string entry = ec ? file : absolute.string();
  load();  // another meltbox may have added files since
  files_.erase(std::remove(files_.begin(), files_.end(), entry), files_.end());
  files_.insert(files_.begin(), entry);
  if (files_.size() > kMax) files_.resize(kMax);
  return save();
}

bool RecentFiles::save() const {
  if (path_.empty()) return false;
  const fs::path target(path_);
  std::error_code ec;
  fs::create_directories(target.parent_path(), ec);
  const fs::path temp = target.string() + ".tmp." + std::to_string(::getpid());
  {
    std::ofstream out(temp, std::ios::trunc);
    for (const std::string& f : files_) out << f << '\n';
    out.flush();
    if (!out) {
      fs::remove(temp, ec);
      return false;
    }
  }
  fs::rename(temp, target, ec);  // atomic on POSIX: readers see the old or the new list
  if (!ec) return true;
  fs::remove(temp, ec);
  return false;
}

}  // namespace mb::app
