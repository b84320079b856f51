#pragma once
// Atomic writes: the text goes to a temporary file beside the target, which is then
// renamed over it, so a failed save never leaves a half-written file or loses the
// previous one.
#include <string>
#include <string_view>

namespace mb {

// Throws InputError (naming the file) when the temporary cannot be written or renamed.
void write_file_atomic(const std::string& path, std::string_view contents);
std::string read_text_file(const std::string& path);  // throws InputError when unreadable

}  // namespace mb
