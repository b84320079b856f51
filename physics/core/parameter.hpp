#pragma once
// One setting of a settings struct: its name in files and panels, its kind, its allowed
// range, its unit and what it means. Each settings struct (SimulatorSettings, GasSettings,
// PeriSettings) has one table of these, and its file reader, its commands' validation and
// its panel are all made from that table, so a setting is named, bounded and explained in
// exactly one place. Defaults are the struct's own member initialisers (S{}).
//
// The table reaches a field through get/set functions rather than a member pointer, so a
// field inside a member (gravity.y) or of another type (an int, a bool) is a row too.
#include <cmath>
#include <cstdio>
#include <span>
#include <string>
#include <vector>

namespace mb {

enum class ParameterKind {
  Real,     // any double in [min, max]
  Integer,  // a whole number in [min, max]
  Boolean,  // 0 or 1
};

template <class S>
struct Parameter {
  const char* group;  // .cfg section ("" for settings written as XML attributes)
  const char* name;   // the key or attribute, as files spell it
  ParameterKind kind;
  double min, max;     // allowed values (min excluded when min_exclusive)
  bool min_exclusive;  // true: a value must be strictly above min
  const char* unit;
  const char* tooltip;  // what it does, for the panel
  double (*get)(const S&);
  void (*set)(S&, double);
  bool log_scale = false;  // the panel drags it on a logarithmic scale
};

// A number as messages and tooltips show it (%g: 1e+06, 0.02, 14).
inline std::string parameter_number(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%g", v);
  return text;
}

// What is wrong with `value` for parameter `p` ("" when it is allowed).
template <class S>
std::string parameter_problem(const Parameter<S>& p, double value) {
  if (p.kind == ParameterKind::Integer &&
      (!(value >= p.min && value <= p.max) || value != std::floor(value)))
    return "must be a whole number in " + parameter_number(p.min) + ".." + parameter_number(p.max);
  if (std::isnan(value) || (std::isinf(value) && !(value == p.max && std::isinf(p.max))))
    return "must be a finite number";
  if (p.min_exclusive ? !(value > p.min) : !(value >= p.min))
    return std::string(p.min_exclusive ? "must be greater than " : "must be at least ") +
           parameter_number(p.min);
  if (value > p.max) return "must be at most " + parameter_number(p.max);
  if (p.kind != ParameterKind::Real && value != std::floor(value)) return "must be a whole number";
  if (p.kind == ParameterKind::Boolean && value != 0.0 && value != 1.0)
    return "must be true or false";
  return "";
}

// One message per value of `s` out of its range: "<prefix><name> = <value>: <problem>".
template <class S>
std::vector<std::string> parameter_problems(const S& s, std::span<const Parameter<S>> table,
                                            const std::string& prefix = "") {
  std::vector<std::string> out;
  for (const Parameter<S>& p : table) {
    const double v = p.get(s);
    if (std::string why = parameter_problem(p, v); !why.empty()) {
      std::string name = p.group[0] ? std::string("[") + p.group + "] " + p.name : p.name;
      out.push_back(prefix + name + " = " + parameter_number(v) + ": " + why);
    }
  }
  return out;
}

// `value` moved into p's range (a whole number for Integer and Boolean rows); NaN gives
// the struct's default.
template <class S>
double clamp_to(const Parameter<S>& p, double value) {
  if (std::isnan(value)) return p.get(S{});
  double v = std::fmin(std::fmax(value, p.min), p.max);
  if (p.kind != ParameterKind::Real) v = std::round(v);
  if (p.min_exclusive && !(v > p.min)) v = p.get(S{});
  return v;
}

}  // namespace mb
