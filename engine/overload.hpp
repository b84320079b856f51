#pragma once
// Overload{lambdas...}: one visitor from several lambdas, for std::visit over the command
// variants. Visitors list every alternative (no catch-all), so a new command that is not
// handled somewhere is a compile error there.
namespace mb::engine {

template <class... F>
struct Overload : F... {
  using F::operator()...;
};
// Clang 14 has no aggregate deduction (C++20 P1816), so the guide is spelled out.
template <class... F>
Overload(F...) -> Overload<F...>;

}  // namespace mb::engine
