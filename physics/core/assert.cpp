#include "physics/core/assert.hpp"

#include <cstdio>
#include <cstdlib>

namespace mb {

void assert_failed(const char* condition, const char* file, int line) {
  std::fprintf(stderr, "%s:%d: MB_ASSERT(%s) failed\n", file, line, condition);
  std::fflush(stderr);
  std::abort();
}

}  // namespace mb
