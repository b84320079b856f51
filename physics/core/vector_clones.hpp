#pragma once
// MB_VECTOR_CLONES before a function with a hot loop written to vectorise: on x86-64 GCC
// builds it twice, for AVX2 + FMA (x86-64-v3) and for the baseline, and the CPU picks one
// at load time (function multi-versioning). Sanitizer builds and other compilers keep the
// one baseline version. Used by the peridynamic force passes (peri/energy.cpp) and the
// frequency bound (peri/frequency_bound.cpp).
#if defined(__GNUC__) && !defined(__clang__) && defined(__x86_64__) && \
    !defined(__SANITIZE_ADDRESS__) && !defined(__SANITIZE_THREAD__)
#define MB_VECTOR_CLONES __attribute__((target_clones("arch=x86-64-v3", "default")))
#else
#define MB_VECTOR_CLONES
#endif
