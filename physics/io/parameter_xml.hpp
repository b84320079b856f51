#pragma once
// A settings table (physics/core/parameter.hpp) as the attributes of one XML element: the
// reader and the writer of a settings element are the table, so a setting added to the
// table is read, checked and written with no other change.
#include <tinyxml2.h>

#include <cmath>
#include <span>
#include <string>

#include "physics/core/parameter.hpp"
#include "physics/io/text_number.hpp"
#include "physics/io/xml_attributes.hpp"

namespace mb::xml {

// Reads every row of `table` that `el` has as an attribute into `s`. Boolean rows take
// true/false (1/0, yes/no); the others a finite number in the row's range. Anything else is
// an InputError naming the file, line and attribute.
template <class S>
void read_parameters(const std::string& origin, const tinyxml2::XMLElement* el,
                     std::span<const Parameter<S>> table, S& s) {
  for (const Parameter<S>& p : table) {
    const char* text = el->Attribute(p.name);
    if (!text) continue;
    double v = 0.0;
    if (p.kind == ParameterKind::Boolean) {
      const auto on = parse_bool(text);
      if (!on) fail(origin, el, std::string("attribute '") + p.name + "' must be true or false");
      v = *on ? 1.0 : 0.0;
    } else {
      v = finite(origin, el, p.name).value();
    }
    if (const std::string why = parameter_problem(p, v); !why.empty())
      fail(origin, el, std::string("attribute '") + p.name + "' = '" + text + "': " + why);
    p.set(s, v);
  }
}

// Writes every row of `table` as an attribute of the element open in `out`.
template <class S>
void write_parameters(tinyxml2::XMLPrinter& out, std::span<const Parameter<S>> table, const S& s) {
  for (const Parameter<S>& p : table) {
    const double v = p.get(s);
    if (p.kind == ParameterKind::Boolean)
      attr(out, p.name, v != 0.0);
    else
      attr(out, p.name, v);
  }
}

}  // namespace mb::xml
