#pragma once
// Settings files (.cfg, INI) of the Spring Simulator, read with inih.
//
// Every spelling the original Spring Simulator reads or writes is read: its Qt build reads
// the actuator speed as [Heater] Speed and spells [Spring] DeafultStiffness, a later build
// reads [Heater] Radius (half of [Heater] Size). A key or section that is not known but is
// close to a known one (a case or '_' difference, a typo of one or two letters, a known key
// in the wrong section) is read as that key, with a warning naming the file, line and key;
// only a name that cannot be a spelling of a known one is an error.
#include <string>

#include "physics/io/warnings.hpp"
#include "physics/springs/simulator_settings.hpp"

namespace mb {

// Reads the INI `text` (from `origin`, named in messages) on top of `base`: keys absent
// from the text keep base's values. Throws InputError naming the origin, line and key for:
// an INI syntax error, a key that is no spelling of a known one, a key given twice (under
// any spelling), a value that is not a number, or an out-of-range value (see validate()).
// Keys read under another spelling add a message to `warnings`.
SimulatorSettings parse_settings(const std::string& text, const std::string& origin,
                                 const SimulatorSettings& base, Warnings& warnings);
// The same for the file at `path` (InputError "path: cannot open" when unreadable).
SimulatorSettings load_settings(const std::string& path, Warnings& warnings,
                                const SimulatorSettings& base = {});

// Writes every key of the parameter table, atomically, in the spelling of the Spring Simulator's
// README.
void save_settings(const std::string& path, const SimulatorSettings& settings);

}  // namespace mb
