#pragma once
// MB_ASSERT(condition): a rule the code relies on, checked where it matters (Box2D's
// B2_ASSERT). On in Debug and sanitizer builds (MELTBOX_VALIDATE, set by CMakeLists.txt),
// where a broken rule stops the program at once, naming the file, the line and the rule; in
// Release it compiles to nothing and its condition is not evaluated, so it may be as costly
// as it needs to be. World::tick() also runs validate(World) after every tick in those
// builds (world/validate.hpp).
#ifndef MELTBOX_VALIDATE
#define MELTBOX_VALIDATE 0
#endif

namespace mb {
// Prints "file:line: MB_ASSERT(condition) failed" to stderr and aborts.
[[noreturn]] void assert_failed(const char* condition, const char* file, int line);
}  // namespace mb

#if MELTBOX_VALIDATE
#define MB_ASSERT(condition) \
  ((condition) ? static_cast<void>(0) : ::mb::assert_failed(#condition, __FILE__, __LINE__))
#else
// sizeof keeps the condition compiled (its names stay checked) but never evaluated.
#define MB_ASSERT(condition) static_cast<void>(sizeof(!(condition)))
#endif
