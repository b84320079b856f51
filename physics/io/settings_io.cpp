#include "physics/io/settings_io.hpp"

#include <INIReader.h>

#include <algorithm>
#include <cctype>
#include <map>
#include <sstream>
#include <utility>
#include <vector>

#include "physics/io/atomic_file.hpp"
#include "physics/io/io_error.hpp"
#include "physics/io/text_number.hpp"

namespace mb {

namespace {

std::string lower(std::string_view s) {
  std::string out(s);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
  return out;
}

// One key as written in the file: where, and under which section.
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

std::string where(const std::string& path, const KeyLine& k) {
  return path + ": line " + std::to_string(k.line) + ": ";
}

}  // namespace

Settings load_settings(const std::string& path, const Settings& base) {
  return parse_settings(read_text_file(path), path, base);
}

// `path` is the origin named in messages (a file name, or whatever the caller says).
Settings parse_settings(const std::string& text, const std::string& path, const Settings& base) {
  const INIReader ini(text.data(), text.size());
  if (ini.ParseError() < 0) throw InputError(path + ": cannot open");
  if (ini.ParseError() > 0)
    throw InputError(path + ": line " + std::to_string(ini.ParseError()) +
                     ": not valid INI syntax (expected [Section] or Key=Value)");

  std::vector<KeyLine> sections;
  const std::vector<KeyLine> keys = list_keys(text, sections);

  // Known sections and keys, compared without case as inih does.
  std::map<std::string, std::vector<std::string>> known;
  for (const Parameter& p : parameters()) known[lower(p.section)].push_back(lower(p.key));
  known["lattice"].push_back("type");

  for (const KeyLine& s : sections)
    if (!known.contains(lower(s.section)))
      throw InputError(where(path, s) + "unknown section [" + s.section + "]");
  std::map<std::pair<std::string, std::string>, int> seen;
  for (const KeyLine& k : keys) {
    const std::string sec = lower(k.section), key = lower(k.key);
    const std::string name = "[" + k.section + "] " + k.key;
    if (k.section.empty())
      throw InputError(where(path, k) + "key " + k.key + " is outside any [Section]");
    const auto& list = known[sec];
    if (std::find(list.begin(), list.end(), key) == list.end())
      throw InputError(where(path, k) + "unknown key " + name);
    const auto [it, fresh] = seen.emplace(std::make_pair(sec, key), k.line);
    if (!fresh)
      throw InputError(where(path, k) + name + " is given twice (also on line " +
                       std::to_string(it->second) + ")");
  }

  Settings s = base;
  for (const Parameter& p : parameters()) {
    if (!ini.HasValue(p.section, p.key)) continue;
    const std::string value = ini.Get(p.section, p.key, "");
    const auto number = parse_double(value);
    if (!number)
      throw InputError(path + ": [" + p.section + "] " + p.key + " = '" + value +
                       "': not a number");
    s.*(p.member) = *number;
  }
  if (ini.HasValue("Lattice", "Type")) {
    const std::string value = ini.Get("Lattice", "Type", "");
    const std::string v = lower(trim(value));
    if (v == "hexagonal" || v == "hex")
      s.lattice = LatticeType::Hexagonal;
    else if (v == "square")
      s.lattice = LatticeType::Square;
    else
      throw InputError(path + ": [Lattice] Type = '" + value + "': must be hexagonal or square");
  }

  const std::vector<std::string> problems = validate(s);
  if (!problems.empty()) {
    std::string msg = path + ": ";
    for (size_t i = 0; i < problems.size(); ++i) msg += (i ? "; " : "") + problems[i];
    throw InputError(msg);
  }
  return s;
}

void save_settings(const std::string& path, const Settings& settings) {
  std::ostringstream out;
  out << "; meltbox settings (the Spring Simulator's .cfg format)\n";
  std::string section;
  for (const Parameter& p : parameters()) {
    if (section != p.section) {
      section = p.section;
      out << "\n[" << section << "]\n";
    }
    out << "; " << p.tooltip << " (" << p.unit << ")\n";
    out << p.key << "=" << format_double(settings.*(p.member)) << "\n";
  }
  out << "\n[Lattice]\n; hexagonal or square\nType="
      << (settings.lattice == LatticeType::Square ? "square" : "hexagonal") << "\n";
  write_file_atomic(path, out.str());
}

}  // namespace mb
