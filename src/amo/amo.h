/* One implementation of every atomic memory operation, for every type of the
 * AMO tables and both prefixes.
 *
 * Atomicity rule: all AMOs that can target one
 * location must be performed by the same kind of agent.
 *  - Single-node job: every PE maps every location, and every AMO is a CPU
 *    atomic instruction on it.
 *  - Job spanning nodes, UCX's atomics on the CPU (UCX_ATOMIC_MODE=cpu,
 *    which the transport sets unless the user chose another): every AMO is
 *    still a CPU atomic instruction, ours on a mapping (own memory, a
 *    same-node peer, or a segment UCX maps here: net::mapping) or UCX's (its
 *    shared-memory transports' atomics, or its emulation by the target's
 *    worker), so they mix: an AMO goes through UCX only where nothing maps
 *    the location here.  Over UCX sm, 2 PEs each its own node: fetch_add 8 B
 *    0.025 us through UCX, 0.0088 on the mapping, OSHMEM 0.021.
 *  - Job spanning nodes, another UCX_ATOMIC_MODE (NIC atomics may be used):
 *    every AMO to another PE goes through UCX, to same-node PEs included,
 *    so that one agent performs all of them (UCX 1.13's shared-memory
 *    transports lose bitwise AMOs: net::atomic makes them compare-and-swap
 *    loops there).  AMOs a PE makes on its own memory stay CPU atomics (UCX
 *    1.13's loopback endpoint loses bitwise AMOs too): a user who chooses
 *    NIC atomics must not mix those with AMOs on the PE's own memory.
 * Plain loads of a location (wait_until, signal_fetch) stay local: they
 * only need to observe the result.
 * Read-modify-writes on the CPU are sequentially consistent (a locked
 * instruction on x86 either way); fetch and set use acquire/release. */
#ifndef ROCSHMEM_AMO_AMO_H
#define ROCSHMEM_AMO_AMO_H

#include <cstdint>
#include <cstring>
#include <type_traits>

#include "core/log.h"
#include "core/runtime.h"
#include "ctx/context.h"
#include "ctx/pcntr.h"
#include "gpu/gpu.h"
#include "memory/symmetric_alloc.h"
#include "transport/network.h"
#include "transport/peer_table.h"

namespace rocshmem {
namespace amo {

/* The checked location of the remote object: initialized, valid context,
 * natural alignment, symmetric, PE in range (under SHMEM_DEBUG, inside a
 * live heap block).  Returns the address to use with CPU atomics, or
 * nullptr when the network transport must do it; pe becomes the world PE
 * (team contexts number PEs within their team).
 * Counts the AMO on ctx (ctx/pcntr.h): a read when FETCHING, else a write. */
template <class T, bool FETCHING = true>
inline char *locate(const char *call, rocshmem_ctx_t ctx, const char *arg, const T *addr, int &pe,
                    Location *loc) {
  require_init(call);
  pe = ctx_world_pe(call, ctx, pe);
  pcntr::amo_issued(ctx, FETCHING);
  if (__builtin_expect(reinterpret_cast<uintptr_t>(addr) % sizeof(T) != 0, 0))
    fatal(call, "%s = %p is not aligned to %zu bytes, as an atomic on this type requires", arg,
          static_cast<const void *>(addr), sizeof(T));
  debug_check_range(call, arg, addr, addr, sizeof(T));
  *loc = peer_locate(call, arg, addr, sizeof(T), pe);
  if (loc->seg == SEG_GPU) return nullptr; /* the CPU cannot touch GPU memory: see remote() */
  if (g_peers.amo_via_network && pe != g_peers.my_pe) return nullptr;
  return loc->mapped ? loc->mapped : net::mapping(pe, *loc);
}

/* The network form of an operation on T, through its bit pattern; GPU-heap
 * objects take the same form through a GPU kernel (gpu/gpu.h), which keeps
 * host AMOs atomic with respect to device AMOs on the same location. */
template <class T>
inline T remote(const char *call, int pe, const Location &loc, net::AtomicOp op, T operand,
                T compare = T()) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "network atomics are 32 or 64 bits");
  using Bits = typename std::conditional<sizeof(T) == 4, uint32_t, uint64_t>::type;
  Bits a, c;
  std::memcpy(&a, &operand, sizeof a);
  std::memcpy(&c, &compare, sizeof c);
  Bits old = static_cast<Bits>(loc.seg == SEG_GPU ? gpu::atomic(call, pe, loc, op, a, c, sizeof(T))
                                                  : net::atomic(call, pe, loc, op, a, c, sizeof(T)));
  T result;
  std::memcpy(&result, &old, sizeof result);
  return result;
}

template <class T>
inline T fetch(const char *call, rocshmem_ctx_t ctx, const T *source, int pe) {
  Location loc;
  if (T *p = reinterpret_cast<T *>(locate(call, ctx, "source", source, pe, &loc))) {
    T value;
    __atomic_load(p, &value, __ATOMIC_ACQUIRE);
    return value;
  }
  return remote<T>(call, pe, loc, net::AtomicOp::Or, T()); /* or with 0: an atomic read */
}

template <class T>
inline T swap(const char *call, rocshmem_ctx_t ctx, T *dest, T value, int pe) {
  Location loc;
  if (T *p = reinterpret_cast<T *>(locate(call, ctx, "dest", dest, pe, &loc))) {
    T old;
    __atomic_exchange(p, &value, &old, __ATOMIC_SEQ_CST);
    return old;
  }
  return remote<T>(call, pe, loc, net::AtomicOp::Swap, value);
}

template <class T>
inline void set(const char *call, rocshmem_ctx_t ctx, T *dest, T value, int pe) {
  Location loc;
  if (T *p = reinterpret_cast<T *>(locate<T, false>(call, ctx, "dest", dest, pe, &loc)))
    __atomic_store(p, &value, __ATOMIC_RELEASE);
  else
    remote<T>(call, pe, loc, net::AtomicOp::Swap, value);
}

template <class T>
inline T compare_swap(const char *call, rocshmem_ctx_t ctx, T *dest, T cond, T value, int pe) {
  Location loc;
  if (T *p = reinterpret_cast<T *>(locate(call, ctx, "dest", dest, pe, &loc))) {
    /* On failure the builtin stores the current value into cond: that is
     * the value compare_swap returns either way. */
    __atomic_compare_exchange_n(p, &cond, value, false, __ATOMIC_SEQ_CST, __ATOMIC_SEQ_CST);
    return cond;
  }
  return remote<T>(call, pe, loc, net::AtomicOp::CompareSwap, value, cond);
}

/* Fetching arithmetic and bitwise operations, and their non-fetching twins
 * (FETCHING false: they count as writes). */
#define ROCSHMEM_AMO_FETCH_OP(NAME, BUILTIN, NETOP, VOIDNAME)                                \
  template <class T, bool FETCHING = true>                                                   \
  inline T NAME(const char *call, rocshmem_ctx_t ctx, T *dest, T value, int pe) {            \
    Location loc;                                                                            \
    if (T *p = reinterpret_cast<T *>(locate<T, FETCHING>(call, ctx, "dest", dest, pe, &loc))) \
      return BUILTIN(p, value, __ATOMIC_SEQ_CST);                                            \
    return remote<T>(call, pe, loc, net::AtomicOp::NETOP, value);                            \
  }                                                                                          \
  template <class T>                                                                         \
  inline void VOIDNAME(const char *call, rocshmem_ctx_t ctx, T *dest, T value, int pe) {     \
    (void)NAME<T, false>(call, ctx, dest, value, pe);                                        \
  }
ROCSHMEM_AMO_FETCH_OP(fetch_add, __atomic_fetch_add, Add, add)
ROCSHMEM_AMO_FETCH_OP(fetch_and, __atomic_fetch_and, And, bit_and)
ROCSHMEM_AMO_FETCH_OP(fetch_or, __atomic_fetch_or, Or, bit_or)
ROCSHMEM_AMO_FETCH_OP(fetch_xor, __atomic_fetch_xor, Xor, bit_xor)
#undef ROCSHMEM_AMO_FETCH_OP

template <class T>
inline T fetch_inc(const char *call, rocshmem_ctx_t ctx, T *dest, int pe) {
  return fetch_add<T>(call, ctx, dest, T(1), pe);
}
template <class T>
inline void inc(const char *call, rocshmem_ctx_t ctx, T *dest, int pe) {
  (void)fetch_add<T, false>(call, ctx, dest, T(1), pe);
}

/* Fetching _nbi forms: the value lands in *result.  They complete at once,
 * which the spec allows (quiet is the latest point, not the earliest). */
#define ROCSHMEM_AMO_NBI(NAME)                                                            \
  template <class T, class... Args>                                                       \
  inline void NAME##_nbi(const char *call, rocshmem_ctx_t ctx, T *result, Args... args) { \
    if (__builtin_expect(!result, 0)) fatal(call, "fetch = NULL");                        \
    *result = NAME<T>(call, ctx, args...);                                                \
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
