#pragma once
// Settings files (.cfg, INI) of seed 000, read with inih.
#include <string>

#include "physics/world/settings.hpp"

namespace mb {

// Reads `path` on top of `base` (keys absent from the file keep base's values).
// Throws InputError naming the file and key for: a missing or unreadable file, an
// INI syntax error (with its line), an unknown section or key, a value that is not
// a number, or an out-of-range value (see validate()).
Settings load_settings(const std::string& path, const Settings& base = {});
// The same from the text of a .cfg (`origin` names it in errors): the fuzz targets and any
// caller that already holds the text.
Settings parse_settings(const std::string& text, const std::string& origin,
                        const Settings& base = {});

// Writes every key of the parameter table, atomically.
void save_settings(const std::string& path, const Settings& settings);

}  // namespace mb
