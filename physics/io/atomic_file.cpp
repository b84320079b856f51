#include "physics/io/atomic_file.hpp"

#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <system_error>

#include "physics/io/io_error.hpp"

namespace mb {

void write_file_atomic(const std::string& path, std::string_view contents) {
  if (path.empty()) throw InputError("(empty file name): cannot write");
  const std::string tmp = path + ".tmp." + std::to_string(static_cast<long>(::getpid()));
  auto fail = [&](const std::string& why) {
    std::error_code ignored;
    std::filesystem::remove(tmp, ignored);
    throw InputError(path + ": cannot write" + (why.empty() ? "" : " (" + why + ")"));
  };
  {
    std::ofstream out(tmp, std::ios::binary | std::ios::trunc);
    if (!out) fail(std::strerror(errno));
    out.write(contents.data(), static_cast<std::streamsize>(contents.size()));
    out.flush();
    if (!out) fail(std::strerror(errno));
    out.close();
    if (out.fail()) fail(std::strerror(errno));
  }
  if (std::rename(tmp.c_str(), path.c_str()) != 0) fail(std::strerror(errno));
}

std::string read_text_file(const std::string& path) {
  std::error_code ec;
  if (std::filesystem::is_directory(path, ec)) throw InputError(path + ": cannot open (a folder)");
  // A device (/dev/zero, /dev/urandom) never ends: reading it filled the memory. Pipes
  // stay allowed.
  if (std::filesystem::is_character_file(path, ec) || std::filesystem::is_block_file(path, ec))
    throw InputError(path + ": cannot open (a device, not a file)");
  std::ifstream in(path, std::ios::binary);
  if (!in) throw InputError(path + ": cannot open");
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) throw InputError(path + ": cannot read");
  return text.str();
}

}  // namespace mb
