#pragma once
// Input a reader took but doubts, or did not take at all: a key spelt like a known one
// (read as that key), an attribute or element it does not know (ignored). Each message
// names the file and line like an InputError does. Readers never drop input silently:
// what they do not read goes here, and the caller shows it (meltbox-cli on stderr,
// meltbox in its log and status line) while the run goes on. Errors stay InputErrors.
#include <string>
#include <vector>

namespace mb {

using Warnings = std::vector<std::string>;

}  // namespace mb
