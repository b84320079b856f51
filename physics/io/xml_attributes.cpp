#include "physics/io/xml_attributes.hpp"

#include <tinyxml2.h>

#include <cctype>
#include <cmath>
#include <filesystem>

#include "physics/io/io_error.hpp"
#include "physics/io/text_number.hpp"

namespace mb::xml {

void fail(const std::string& origin, const tinyxml2::XMLElement* el, const std::string& what) {
  std::string msg = origin + ": ";
  if (el) msg += "line " + std::to_string(el->GetLineNum()) + ": <" + el->Name() + ">: ";
  throw InputError(msg + what);
}

std::optional<double> finite(const std::string& origin, const tinyxml2::XMLElement* el,
                             const char* name) {
  const char* v = el->Attribute(name);
  if (!v) return std::nullopt;
  const auto d = parse_double(v);
  if (!d || !std::isfinite(*d))
    fail(origin, el, std::string("attribute '") + name + "' = '" + v + "' is not a finite number");
  return d;
}

std::optional<bool> parse_bool(std::string_view text) {
  std::string s(trim(text));
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (s == "true" || s == "1" || s == "yes") return true;
  if (s == "false" || s == "0" || s == "no") return false;
  return std::nullopt;
}

void attr(tinyxml2::XMLPrinter& out, const char* name, double value) {
  out.PushAttribute(name, format_double(value).c_str());
}

void attr(tinyxml2::XMLPrinter& out, const char* name, bool value) {
  out.PushAttribute(name, value ? "true" : "false");
}

int shape_index(const std::string& origin, const tinyxml2::XMLElement* el) {
  const char* kind = el->Attribute("shape");
  if (!kind) fail(origin, el, "missing attribute 'shape' (circle, rectangle, polygon or mask)");
  for (int i = 0; i < 4; ++i)
    if (trim(kind) == kShapeWords[i]) return i;
  fail(origin, el,
       std::string("attribute 'shape' = '") + kind +
           "': must be circle, rectangle, polygon or mask");
}

std::string resolve_source(const std::string& origin, const std::string& source) {
  namespace fs = std::filesystem;
  std::error_code ec;
  const fs::path p(source);
  if (p.is_absolute() || !fs::is_regular_file(origin, ec)) return source;
  return (fs::path(origin).parent_path() / p).string();
}

}  // namespace mb::xml
