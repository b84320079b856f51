#include "physics/io/settings_io.hpp"

#include <INIReader.h>

#include <algorithm>
#include <cctype>
#include <optional>
#include <sstream>
#include <vector>

#include "physics/io/atomic_file.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/spelling.hpp"
#include "physics/io/text_number.hpp"

namespace mb {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// One key as written in the text: where, and under which section.
struct KeyLine {
  int line = 0;
  std::string section;  // as written
  std::string key;      // as written
};

// Lists the section/key pairs of an INI text that inih has already parsed without error.
// inih itself offers no way to list them; its syntax is simple: "[section]" lines,
// "key=value" or "key:value" lines, ';' or '#' comments, and indented continuation lines.
std::vector<KeyLine> list_keys(const std::string& text, std::vector<KeyLine>& sections) {
  std::vector<KeyLine> keys;
  std::istringstream in(text);
  std::string raw, section;
  int line = 0;
  bool have_key = false;
  while (std::getline(in, raw)) {
    ++line;
    std::string_view s = raw;
    if (line == 1 && s.starts_with("\xEF\xBB\xBF")) s.remove_prefix(3);
    const bool indented = !s.empty() && (s.front() == ' ' || s.front() == '\t');
    s = trim(s);
    if (s.empty() || s.front() == ';' || s.front() == '#') continue;
    if (s.front() == '[') {
      const size_t close = s.find(']');
      section = std::string(trim(s.substr(1, close == std::string_view::npos ? 0 : close - 1)));
      sections.push_back({line, section, ""});
      have_key = false;
      continue;
    }
    if (indented && have_key) continue;  // continuation of the previous value
    const size_t eq = s.find_first_of("=:");
    if (eq == std::string_view::npos) continue;
    keys.push_back({line, section, std::string(trim(s.substr(0, eq)))});
    have_key = true;
  }
  return keys;
}

// A setting as a file may spell it. `parameter` indexes simulator_parameters(); the words are
// kLatticeType ([Lattice] Type) and kHeatModel ([Heat] Model).
// The value read is multiplied by `scale` (a radius read into a diameter).
constexpr int kLatticeType = -1, kHeatModel = -2;

struct Spelling {
  std::string section, key;
  int parameter = -1;
  double scale = 1.0;
  bool alias = false;  // a spelling of the original's, read without a warning
};

// Spellings the original Spring Simulator reads (see settings_io.hpp).
struct Alias {
  const char *section, *key, *canonical_section, *canonical_key;
  double scale;
};
constexpr Alias kAliases[] = {
    {"Heater", "Speed", "Actuator", "Speed", 1.0},                      // its Qt build
    {"Spring", "DeafultStiffness", "Spring", "DefaultStiffness", 1.0},  // its Qt build's typo
    {"Heater", "Radius", "Heater", "Size", 2.0},                        // later builds: a radius
};

std::vector<Spelling> known_spellings() {
  std::vector<Spelling> out;
  const auto table = simulator_parameters();
  for (size_t p = 0; p < table.size(); ++p)
    out.push_back({table[p].group, table[p].name, static_cast<int>(p), 1.0, false});
  out.push_back({"Lattice", "Type", kLatticeType, 1.0, false});
  out.push_back({"Heat", "Model", kHeatModel, 1.0, false});
  for (const Alias& a : kAliases)
    for (const Spelling& s : std::vector<Spelling>(out))
      if (!s.alias && s.section == a.canonical_section && s.key == a.canonical_key)
        out.push_back({a.section, a.key, s.parameter, a.scale, true});
  return out;
}

std::string name_of(const Spelling& s) {
  return "[" + s.section + "] " + s.key;
}

std::string where(const std::string& origin, int line) {
  return origin + ": line " + std::to_string(line) + ": ";
}

// The known section a written section name stands for: itself (without case), the known
// one it is a spelling of, or "" when none.
std::string resolve_section(const std::string& written, const std::vector<std::string>& sections) {
  for (const std::string& known : sections)
    if (lower(known) == lower(written)) return known;
  const std::optional<size_t> k = closest_name(written, sections);
  return k ? sections[*k] : "";
}

// The spelling a written key stands for, with a warning when it is not one of the known
// spellings; throws for a key that is no spelling of a known one.
const Spelling& resolve_key(const std::string& origin, const KeyLine& k,
                            const std::vector<std::string>& sections,
                            const std::vector<Spelling>& known, Warnings& warnings) {
  const std::string written = "[" + k.section + "] " + k.key;
  const std::string section = k.section.empty() ? "" : resolve_section(k.section, sections);
  const bool section_as_written = lower(section) == lower(k.section);
  std::vector<std::string> names;  // keys of the section, then every key
  std::vector<size_t> index;
  // Exact names first (the original's spellings among them); typos are matched against our
  // own spellings only, so two spellings of one setting never tie.
  for (size_t i = 0; i < known.size(); ++i) {
    if (known[i].section != section) continue;
    if (lower(known[i].key) == lower(k.key) && section_as_written) return known[i];
    if (!known[i].alias) names.push_back(known[i].key), index.push_back(i);
  }
  std::optional<size_t> hit = closest_name(k.key, names);
  if (hit) {
    hit = index[*hit];
  } else {
    // A known key under another section (or under none), or a typo of one.
    names.clear(), index.clear();
    for (size_t i = 0; i < known.size(); ++i)
      if (!known[i].alias) names.push_back(known[i].key), index.push_back(i);
    if (const auto any = closest_name(k.key, names)) hit = index[*any];
  }
  if (!hit) {
    if (k.section.empty())
      throw InputError(where(origin, k.line) + "key " + k.key +
                       " is outside any [Section] and is no known key");
    throw InputError(where(origin, k.line) + "unknown key " + written);
  }
  const Spelling& s = known[*hit];
  warnings.push_back(where(origin, k.line) + (k.section.empty() ? k.key : written) + " read as " +
                     name_of(s));
  return s;
}

double parse_value(const std::string& origin, const KeyLine& k, const std::string& value) {
  const auto number = parse_double(value);
  if (!number)
    throw InputError(where(origin, k.line) + "[" + k.section + "] " + k.key + " = '" + value +
                     "': not a number");
  return *number;
}

LatticeType parse_lattice(const std::string& origin, const KeyLine& k, const std::string& value) {
  if (const auto lattice = lattice_from_string(trim(value))) return *lattice;
  throw InputError(where(origin, k.line) + "[" + k.section + "] " + k.key + " = '" + value +
                   "': must be hexagonal, square or amorphous");
}

HeatModel parse_heat_model(const std::string& origin, const KeyLine& k, const std::string& value) {
  const std::string v = lower(trim(value));
  if (v == "timer") return HeatModel::Timer;
  if (v == "conduction") return HeatModel::Conduction;
  throw InputError(where(origin, k.line) + "[" + k.section + "] " + k.key + " = '" + value +
                   "': must be timer or conduction");
}

}  // namespace

SimulatorSettings parse_settings(const std::string& text, const std::string& origin,
                                 const SimulatorSettings& base, Warnings& warnings) {
  const INIReader ini(text.data(), text.size());
  if (ini.ParseError() < 0) throw InputError(origin + ": cannot parse (out of memory)");
  if (ini.ParseError() > 0)
    throw InputError(where(origin, ini.ParseError()) +
                     "not valid INI syntax (expected [Section] or Key=Value)");

  const std::vector<Spelling> known = known_spellings();
  std::vector<std::string> sections;
  for (const Spelling& s : known)
    if (std::find(sections.begin(), sections.end(), s.section) == sections.end())
      sections.push_back(s.section);

  std::vector<KeyLine> section_lines;
  const std::vector<KeyLine> keys = list_keys(text, section_lines);
  for (const KeyLine& s : section_lines) {
    const bool has_keys = std::any_of(keys.begin(), keys.end(),
                                      [&](const KeyLine& k) { return k.section == s.section; });
    if (!has_keys && resolve_section(s.section, sections).empty())
      warnings.push_back(where(origin, s.line) + "unknown section [" + s.section +
                         "] has no keys (ignored)");
  }

  // Which setting each line gives, all first: a setting given twice (inih would join the two
  // values) is reported as such, before any value is read.
  std::vector<const Spelling*> meaning;
  // The table's rows, then the words (lattice, heat model).
  const size_t rows = simulator_parameters().size();
  std::vector<int> set_on_line(rows + 2, 0);
  for (const KeyLine& k : keys) {
    const Spelling& s = resolve_key(origin, k, sections, known, warnings);
    const size_t slot = s.parameter >= 0 ? static_cast<size_t>(s.parameter)
                                         : rows + static_cast<size_t>(-1 - s.parameter);
    if (set_on_line[slot] != 0)
      throw InputError(where(origin, k.line) + "[" + k.section + "] " + k.key +
                       " is given twice (also on line " + std::to_string(set_on_line[slot]) +
                       ", as the same setting)");
    set_on_line[slot] = k.line;
    meaning.push_back(&s);
  }

  SimulatorSettings out = base;
  for (size_t n = 0; n < keys.size(); ++n) {
    const KeyLine& k = keys[n];
    const Spelling& s = *meaning[n];
    const std::string value = ini.Get(k.section, k.key, "");
    if (s.parameter == kLatticeType) {
      out.lattice = parse_lattice(origin, k, value);
    } else if (s.parameter == kHeatModel) {
      out.heat.model = parse_heat_model(origin, k, value);
    } else {
      const Parameter<SimulatorSettings>& p =
          simulator_parameters()[static_cast<size_t>(s.parameter)];
      const double v = parse_value(origin, k, value) * s.scale;
      // Checked before it is stored: a whole-number field (an int) would drop a fraction.
      if (std::string why = parameter_problem(p, v); !why.empty())
        throw InputError(where(origin, k.line) + "[" + p.group + "] " + p.name + " = " + value +
                         ": " + why);
      p.set(out, v);
    }
  }

  const std::vector<std::string> problems = validate(out);
  if (!problems.empty()) {
    std::string msg = origin + ": ";
    for (size_t i = 0; i < problems.size(); ++i) msg += (i ? "; " : "") + problems[i];
    throw InputError(msg);
  }
  return out;
}

SimulatorSettings load_settings(const std::string& path, Warnings& warnings,
                                const SimulatorSettings& base) {
  return parse_settings(read_text_file(path), path, base, warnings);
}

void save_settings(const std::string& path, const SimulatorSettings& settings) {
  std::ostringstream out;
  out << "; meltbox settings (the Spring Simulator's .cfg format)\n";
  std::string section;
  for (const Parameter<SimulatorSettings>& p : simulator_parameters()) {
    if (section != p.group) {
      section = p.group;
      out << "\n[" << section << "]\n";
      if (section == "Lattice")
        out << "; hexagonal, square or amorphous\nType=" << to_string(settings.lattice) << "\n";
    }
    out << "; " << p.tooltip << " (" << p.unit << ")\n";
    out << p.name << "=" << format_double(p.get(settings)) << "\n";
    if (std::string_view(p.group) == "Heat" && std::string_view(p.name) == "HeaterPower")
      out << "; timer (the Spring Simulator's: molten for CooldownTime ticks) or conduction\nModel="
          << to_string(settings.heat.model) << "\n";
  }
  write_file_atomic(path, out.str());
}

}  // namespace mb
