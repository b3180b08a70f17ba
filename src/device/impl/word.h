/* Inline device implementation: one-word accesses to a peer (the AMOs, g and
 * p) with no branch on their fast path.  Conventions in core.h.
 *
 * Why: a GPU thread issues in order and waits only when an instruction
 * needs a register still in flight.  Back-to-back fetch_adds (or g's) whose
 * results are independent can therefore overlap their round trips (0.2 us
 * each to L2), but only when the compiler can place the next operation's
 * access before the use of the previous result, which it does within one
 * basic block and not across a branch.  The checked path of core.h
 * (translate_checked, same_gpu, the alignment check) branches three to five
 * times per operation, so every fetch_add waited for the previous one.
 * Here the target, its scope and the verdict of every check are computed
 * with selects and predicated loads, the access itself is predicated on the
 * verdict (two predicated instructions, device and system scope), and the
 * one branch, to the cold path (the proxy, or the report of bad input),
 * comes after the access.
 *
 * On AMD the same functions are written with ordinary conditionals (the
 * compiler there turns uniform ones into scalar branches on its own). */
#ifndef ROCSHMEM_DEVICE_IMPL_WORD_H
#define ROCSHMEM_DEVICE_IMPL_WORD_H

#include "device/impl/core.h"

namespace rocshmem {
namespace device {

/* A one-word access's target: where it lands (valid only when ok), whether
 * every check passed and the peer is mapped here, and the scope it needs. */
struct WordTarget {
  uintptr_t global; /* the peer's word, as a global-space address */
  bool ok;
  bool system; /* another GPU or the host: system scope */
};

namespace detail {

/* *p when take, else fallback, without a branch (p need not be valid when
 * !take).  T: a pointer or an 8-bit flag. */
#if defined(ROCSHMEM_GPU_IS_CUDA) && ROCSHMEM_DEVICE_PASS
inline __device__ char *load_if(bool take, char *const *p, char *fallback) {
  asm("{\n\t.reg .pred t;\n\tsetp.ne.b32 t, %1, 0;\n\t@t ld.global.u64 %0, [%2];\n\t}"
      : "+l"(fallback)
      : "r"(static_cast<unsigned>(take)), "l"(__cvta_generic_to_global(p)));
  return fallback;
}
inline __device__ uint8_t load_if(bool take, const uint8_t *p, uint8_t fallback) {
  unsigned v = fallback;
  asm("{\n\t.reg .pred t;\n\tsetp.ne.b32 t, %1, 0;\n\t@t ld.global.u8 %0, [%2];\n\t}"
      : "+r"(v)
      : "r"(static_cast<unsigned>(take)), "l"(__cvta_generic_to_global(p)));
  return static_cast<uint8_t>(v);
}
#else
template <class T>
inline __device__ T load_if(bool take, const T *p, T fallback) {
  return take ? *p : fallback;
}
#endif

}  // namespace detail

/* The target of a naturally aligned `bytes`-byte word at symmetric `addr` in
 * PE pe's heap.  The first kStatePeers PEs are read from the State (constant
 * memory); the global tables are read, under a predicate, only for the
 * others, so the usual case issues no global load that would queue behind
 * the previous operation's access. */
inline __device__ WordTarget word_target(const State &s, const void *addr, size_t bytes, int pe) {
  const uintptr_t off =
      reinterpret_cast<uintptr_t>(addr) - reinterpret_cast<uintptr_t>(s.heap_base);
  const bool pe_ok = static_cast<unsigned>(pe) < static_cast<unsigned>(s.n_pes);
  const int idx = pe_ok ? pe : 0;
  const bool far = idx >= kStatePeers;
  const int near = idx & (kStatePeers - 1);
  char *base = detail::load_if(far, s.peer_heap + idx, s.near_heap[near]);
  const uint8_t flags = detail::load_if(far, s.peer_flags + idx, s.near_flags[near]);
  /* (off wraps around when addr is below the base) */
  const bool in_heap = (off <= s.heap_size) & (bytes <= s.heap_size - off);
  const bool aligned = (reinterpret_cast<uintptr_t>(addr) & (bytes - 1)) == 0;
  WordTarget t;
  t.ok = pe_ok & in_heap & aligned & (base != nullptr);
  t.system = !(s.all_same_gpu | (flags & kPeerSameGpu));
  t.global = reinterpret_cast<uintptr_t>(base + off);
#if defined(ROCSHMEM_GPU_IS_CUDA) && ROCSHMEM_DEVICE_PASS
  t.global = __cvta_generic_to_global(reinterpret_cast<const void *>(t.global));
#endif
  return t;
}

/* ---------------------------------------------------------------- the accesses
 * Each leaves its result (or does nothing) when !t.ok; the caller then takes
 * its cold path.  U: the unsigned type of the word (core.h's Bits). */

#if defined(ROCSHMEM_GPU_IS_CUDA) && ROCSHMEM_DEVICE_PASS
/* PTX's register of a 1-8 byte word (1- and 2-byte ones in a 32-bit
 * register, which their loads and stores accept). */
template <size_t N>
struct PtxReg { using type = unsigned; };
template <>
struct PtxReg<8> { using type = unsigned long long; };

/* One access predicated on operand %P (nonzero: done), in braces. */
#define ROCSHMEM_PTX_IF(P, INSN) \
  "{\n\t.reg .pred t;\n\tsetp.ne.b32 t, %" #P ", 0;\n\t@t " INSN ";\n\t}"
/* INSN twice, at device scope if operand %G is nonzero and at system scope
 * if %S is (at most one of them is): "INSN.relaxed.SCOPE REST". */
#define ROCSHMEM_PTX_SCOPED(G, S, INSN, REST)                                   \
  "{\n\t.reg .pred g, s;\n\tsetp.ne.b32 g, %" #G ", 0;\n\tsetp.ne.b32 s, %" #S \
  ", 0;\n\t@g " INSN ".relaxed.gpu" REST ";\n\t@s " INSN ".relaxed.sys" REST ";\n\t}"
#endif

/* How word_load reads.  kCoherent (volatile: past this SM's L1 cache) for
 * the atomic fetch, which a poll of another PE's updates may rely on.
 * kPlain for g: an ordinary read, which may hit a line L1 already holds, as
 * NVSHMEM's g does.  A g racing another PE's put is a data race, whose result
 * the OpenSHMEM memory model leaves undefined; once a barrier, wait_until or
 * quiet has synchronized the two PEs, its acquire fence has emptied L1 and g
 * sees the update. */
enum class LoadKind { kCoherent, kPlain };

#if defined(ROCSHMEM_GPU_IS_CUDA) && ROCSHMEM_DEVICE_PASS
/* The predicated load of v from t, QUAL "" or ".volatile". */
#define ROCSHMEM_WORD_LD(QUAL)                                                                   \
  if constexpr (sizeof(U) == 8)                                                                  \
    asm volatile(ROCSHMEM_PTX_IF(1, "ld" QUAL ".global.b64 %0, [%2]") : "+l"(v) : "r"(ok), "l"(t.global) : "memory"); \
  else if constexpr (sizeof(U) == 4)                                                             \
    asm volatile(ROCSHMEM_PTX_IF(1, "ld" QUAL ".global.b32 %0, [%2]") : "+r"(v) : "r"(ok), "l"(t.global) : "memory"); \
  else if constexpr (sizeof(U) == 2)                                                             \
    asm volatile(ROCSHMEM_PTX_IF(1, "ld" QUAL ".global.u16 %0, [%2]") : "+r"(v) : "r"(ok), "l"(t.global) : "memory"); \
  else                                                                                           \
    asm volatile(ROCSHMEM_PTX_IF(1, "ld" QUAL ".global.u8 %0, [%2]") : "+r"(v) : "r"(ok), "l"(t.global) : "memory");
#endif

/* The word at t. */
template <class U, LoadKind kind = LoadKind::kCoherent>
inline __device__ U word_load(const WordTarget &t) {
  static_assert(sizeof(U) <= 8, "one word");
#if defined(ROCSHMEM_GPU_IS_CUDA) && ROCSHMEM_DEVICE_PASS
  typename PtxReg<sizeof(U)>::type v = 0;
  const unsigned ok = t.ok;
  if constexpr (kind == LoadKind::kCoherent) {
    ROCSHMEM_WORD_LD(".volatile")
  } else {
    ROCSHMEM_WORD_LD("")
  }
  return static_cast<U>(v);
#else
  if (!t.ok) return U(0);
  const U *word = reinterpret_cast<const U *>(t.global);
  return kind == LoadKind::kCoherent ? load_volatile(word) : *word;
#endif
}
#undef ROCSHMEM_WORD_LD

/* Stores value into the word at t. */
template <class U>
inline __device__ void word_store(const WordTarget &t, U value) {
  static_assert(sizeof(U) <= 8, "one word");
#if defined(ROCSHMEM_GPU_IS_CUDA) && ROCSHMEM_DEVICE_PASS
  const typename PtxReg<sizeof(U)>::type v = value;
  const unsigned ok = t.ok;
  if constexpr (sizeof(U) == 8)
    asm volatile(ROCSHMEM_PTX_IF(0, "st.global.b64 [%1], %2") :: "r"(ok), "l"(t.global), "l"(v) : "memory");
  else if constexpr (sizeof(U) == 4)
    asm volatile(ROCSHMEM_PTX_IF(0, "st.global.b32 [%1], %2") :: "r"(ok), "l"(t.global), "r"(v) : "memory");
  else if constexpr (sizeof(U) == 2)
    asm volatile(ROCSHMEM_PTX_IF(0, "st.global.u16 [%1], %2") :: "r"(ok), "l"(t.global), "r"(v) : "memory");
  else
    asm volatile(ROCSHMEM_PTX_IF(0, "st.global.u8 [%1], %2") :: "r"(ok), "l"(t.global), "r"(v) : "memory");
#else
  if (t.ok) *reinterpret_cast<U *>(t.global) = value;
#endif
}

enum class AmoOp { FETCH, SET, SWAP, COMPARE_SWAP, FETCH_ADD, FETCH_AND, FETCH_OR, FETCH_XOR };

/* op on the word at t: its previous value when fetch (else 0); U: unsigned
 * int or unsigned long long.  An update whose result is not wanted is a
 * reduction (red), which no later instruction waits for. */
#if defined(ROCSHMEM_GPU_IS_CUDA) && ROCSHMEM_DEVICE_PASS
/* The asm statements of one operand size: B the bit count ("32", "64"), R
 * the register constraint ("r", "l"). */
#define ROCSHMEM_WORD_RMW(U, B, R)                                                              \
  inline __device__ U word_rmw(AmoOp op, const WordTarget &t, U value, U cond, bool fetch) {    \
    const unsigned gpu = t.ok & !t.system, sys = t.ok & t.system;                              \
    U r = 0;                                                                                    \
    switch (op) {                                                                               \
      case AmoOp::FETCH: return word_load<U>(t);                                                \
      case AmoOp::SET:                                                                          \
      case AmoOp::SWAP:                                                                         \
        asm volatile(ROCSHMEM_PTX_SCOPED(3, 4, "atom", ".global.exch.b" B " %0, [%1], %2")      \
                     : "+" R(r) : "l"(t.global), R(value), "r"(gpu), "r"(sys) : "memory");     \
        return r;                                                                               \
      case AmoOp::COMPARE_SWAP:                                                                 \
        asm volatile(ROCSHMEM_PTX_SCOPED(4, 5, "atom", ".global.cas.b" B " %0, [%1], %2, %3")  \
                     : "+" R(r) : "l"(t.global), R(cond), R(value), "r"(gpu), "r"(sys)         \
                     : "memory");                                                               \
        return r;                                                                               \
      ROCSHMEM_WORD_RMW_OP(U, B, R, FETCH_ADD, "add.u" B)                                       \
      ROCSHMEM_WORD_RMW_OP(U, B, R, FETCH_AND, "and.b" B)                                       \
      ROCSHMEM_WORD_RMW_OP(U, B, R, FETCH_OR, "or.b" B)                                         \
      ROCSHMEM_WORD_RMW_OP(U, B, R, FETCH_XOR, "xor.b" B)                                       \
    }                                                                                           \
    return r;                                                                                   \
  }
/* One arithmetic or bitwise op: atom when fetching, red otherwise. */
#define ROCSHMEM_WORD_RMW_OP(U, B, R, OP, PTXOP)                                              \
  case AmoOp::OP:                                                                            \
    if (fetch)                                                                               \
      asm volatile(ROCSHMEM_PTX_SCOPED(3, 4, "atom", ".global." PTXOP " %0, [%1], %2")       \
                   : "+" R(r) : "l"(t.global), R(value), "r"(gpu), "r"(sys) : "memory");    \
    else                                                                                     \
      asm volatile(ROCSHMEM_PTX_SCOPED(2, 3, "red", ".global." PTXOP " [%0], %1")            \
                   :: "l"(t.global), R(value), "r"(gpu), "r"(sys) : "memory");              \
    break;
ROCSHMEM_WORD_RMW(unsigned, "32", "r")
ROCSHMEM_WORD_RMW(unsigned long long, "64", "l")
#undef ROCSHMEM_WORD_RMW_OP
#undef ROCSHMEM_WORD_RMW
#else
template <class U>
inline __device__ U word_rmw(AmoOp op, const WordTarget &t, U value, U cond, bool fetch) {
  (void)fetch;
  if (!t.ok) return 0;
  U *p = reinterpret_cast<U *>(t.global);
#define ROCSHMEM_SCOPED_ATOMIC(fn, ...) \
  (t.system ? ROCSHMEM_ATOMIC_SYS(fn)(__VA_ARGS__) : fn(__VA_ARGS__))
  switch (op) {
    case AmoOp::FETCH: return load_volatile(p);
    case AmoOp::SET:
    case AmoOp::SWAP: return ROCSHMEM_SCOPED_ATOMIC(atomicExch, p, value);
    case AmoOp::COMPARE_SWAP: return ROCSHMEM_SCOPED_ATOMIC(atomicCAS, p, cond, value);
    case AmoOp::FETCH_ADD: return ROCSHMEM_SCOPED_ATOMIC(atomicAdd, p, value);
    case AmoOp::FETCH_AND: return ROCSHMEM_SCOPED_ATOMIC(atomicAnd, p, value);
    case AmoOp::FETCH_OR: return ROCSHMEM_SCOPED_ATOMIC(atomicOr, p, value);
    case AmoOp::FETCH_XOR: return ROCSHMEM_SCOPED_ATOMIC(atomicXor, p, value);
  }
#undef ROCSHMEM_SCOPED_ATOMIC
  return 0;
}
#endif

}  // namespace device
}  // namespace rocshmem

#endif
