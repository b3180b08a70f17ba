/* One implementation of every atomic memory operation, for every type of the
 * AMO tables and both prefixes.
 *
 * Atomicity rule (DESIGN.md, principle 5): every AMO on a location is a CPU
 * atomic instruction on that location, whichever PE issues it, because every
 * PE that can reach it maps it.  When a network transport arrives, AMOs to a
 * location must all go one way (the rule will live here).
 *
 * Read-modify-write operations are sequentially consistent (a locked
 * instruction on x86 either way); fetch and set use acquire/release, which is
 * what a flag protocol built on them needs. */
#ifndef ROCSHMEM_AMO_AMO_H
#define ROCSHMEM_AMO_AMO_H

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "core/log.h"
#include "core/runtime.h"
#include "ctx/context.h"
#include "transport/peer_table.h"

namespace rocshmem {
namespace amo {

/* The mapped address of the remote object, after the checks every AMO makes:
 * initialized, valid context, natural alignment, symmetric, PE in range. */
template <class T>
inline T *target(const char *call, rocshmem_ctx_t ctx, const char *arg, const T *addr, int pe) {
  require_init(call);
  ctx_check(call, ctx);
  if (__builtin_expect(reinterpret_cast<uintptr_t>(addr) % sizeof(T) != 0, 0))
    fatal(call, "%s = %p is not aligned to %zu bytes, as an atomic on this type requires", arg,
          static_cast<const void *>(addr), sizeof(T));
  return reinterpret_cast<T *>(peer_translate(call, arg, addr, sizeof(T), pe));
}

template <class T>
inline T fetch(const char *call, rocshmem_ctx_t ctx, const T *source, int pe) {
  T value;
  __atomic_load(target(call, ctx, "source", source, pe), &value, __ATOMIC_ACQUIRE);
  return value;
}

template <class T>
inline void set(const char *call, rocshmem_ctx_t ctx, T *dest, T value, int pe) {
  __atomic_store(target(call, ctx, "dest", dest, pe), &value, __ATOMIC_RELEASE);
}

template <class T>
inline T swap(const char *call, rocshmem_ctx_t ctx, T *dest, T value, int pe) {
  T old;
  __atomic_exchange(target(call, ctx, "dest", dest, pe), &value, &old, __ATOMIC_SEQ_CST);
  return old;
}

template <class T>
inline T compare_swap(const char *call, rocshmem_ctx_t ctx, T *dest, T cond, T value, int pe) {
  /* On failure the builtin stores the current value into cond: that is the
   * value compare_swap returns either way. */
  __atomic_compare_exchange_n(target(call, ctx, "dest", dest, pe), &cond, value, false,
                              __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
  return cond;
}

/* Fetching arithmetic and bitwise operations, and their non-fetching twins. */
#define ROCSHMEM_AMO_FETCH_OP(NAME, BUILTIN, VOIDNAME)                                      \
  template <class T>                                                                        \
  inline T NAME(const char *call, rocshmem_ctx_t ctx, T *dest, T value, int pe) {           \
    return BUILTIN(target(call, ctx, "dest", dest, pe), value, __ATOMIC_SEQ_CST);           \
  }                                                                                         \
  template <class T>                                                                        \
  inline void VOIDNAME(const char *call, rocshmem_ctx_t ctx, T *dest, T value, int pe) {    \
    (void)NAME<T>(call, ctx, dest, value, pe);                                              \
  }
ROCSHMEM_AMO_FETCH_OP(fetch_add, __atomic_fetch_add, add)
ROCSHMEM_AMO_FETCH_OP(fetch_and, __atomic_fetch_and, bit_and)
ROCSHMEM_AMO_FETCH_OP(fetch_or, __atomic_fetch_or, bit_or)
ROCSHMEM_AMO_FETCH_OP(fetch_xor, __atomic_fetch_xor, bit_xor)
#undef ROCSHMEM_AMO_FETCH_OP

template <class T>
inline T fetch_inc(const char *call, rocshmem_ctx_t ctx, T *dest, int pe) {
  return fetch_add<T>(call, ctx, dest, T(1), pe);
}
template <class T>
inline void inc(const char *call, rocshmem_ctx_t ctx, T *dest, int pe) {
  (void)fetch_add<T>(call, ctx, dest, T(1), pe);
}

/* Fetching _nbi forms: the value lands in *fetch.  On shared memory the
 * operation completes at once, which the spec allows (completion by quiet is
 * the latest, not the earliest, point). */
#define ROCSHMEM_AMO_NBI(NAME)                                                             \
  template <class T, class... Args>                                                        \
  inline void NAME##_nbi(const char *call, rocshmem_ctx_t ctx, T *result, Args... args) {  \
    if (__builtin_expect(!result, 0)) fatal(call, "fetch = NULL");                         \
    *result = NAME<T>(call, ctx, args...);                                                 \
  }
ROCSHMEM_AMO_NBI(fetch)
ROCSHMEM_AMO_NBI(swap)
ROCSHMEM_AMO_NBI(compare_swap)
ROCSHMEM_AMO_NBI(fetch_inc)
ROCSHMEM_AMO_NBI(fetch_add)
ROCSHMEM_AMO_NBI(fetch_and)
ROCSHMEM_AMO_NBI(fetch_or)
ROCSHMEM_AMO_NBI(fetch_xor)
#undef ROCSHMEM_AMO_NBI

}  // namespace amo
}  // namespace rocshmem

/* Definition body for the declaration macros of api_amo.def. */
#define ROCSHMEM_AMO_DEF_BODY(NAME, CTX, OP, T, KEY, ...) \
  { return ::rocshmem::amo::OP<T>(ROCSHMEM_STR(NAME), CTX, __VA_ARGS__); }

#endif
