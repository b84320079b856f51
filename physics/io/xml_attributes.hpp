#pragma once
// What the scene XML readers and writers (scene_io, gas_xml, peri_xml) share: one error
// format, "file: line N: <element>: what", attribute values checked the same way, and
// doubles written in their shortest exact form (text_number.hpp), so a round trip is exact.
#include <optional>
#include <string>
#include <string_view>

namespace tinyxml2 {
class XMLElement;
class XMLPrinter;
}  // namespace tinyxml2

namespace mb::xml {

// Throws InputError "origin: line N: <name>: what" (just "origin: what" without an element).
[[noreturn]] void fail(const std::string& origin, const tinyxml2::XMLElement* el,
                       const std::string& what);

// Attribute `name` as a finite double; nullopt when absent, InputError when it is not one.
std::optional<double> finite(const std::string& origin, const tinyxml2::XMLElement* el,
                             const char* name);

// Attribute 'shape' of a <spot> or a <body>: the index of its word in kShapeWords (the order
// of SpotShape and PeriShapeKind); InputError naming the words when absent or another word.
inline constexpr const char* kShapeWords[] = {"circle", "rectangle", "polygon", "mask"};
int shape_index(const std::string& origin, const tinyxml2::XMLElement* el);

// A file named in a scene (`source`): relative to the scene file's folder when `origin` is a
// file, as given otherwise.
std::string resolve_source(const std::string& origin, const std::string& source);

// "true" / "false" (also 1 / 0, yes / no, any case); nullopt for anything else.
std::optional<bool> parse_bool(std::string_view text);

void attr(tinyxml2::XMLPrinter& out, const char* name, double value);
void attr(tinyxml2::XMLPrinter& out, const char* name, bool value);

}  // namespace mb::xml
