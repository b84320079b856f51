#include "physics/io/xml_attributes.hpp"

#include <tinyxml2.h>

#include <cctype>
#include <cmath>

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

}  // namespace mb::xml
