/* Inline device implementation, part 1: address translation, scopes and
 * fences, bad-input reports, comparisons, thread groups and group copies.
 *
 * Everything in src/device/impl takes the device state as `const State &`,
 * so the same code serves the entry points of librocshmem_device.a (which
 * pass the image's __constant__ rocshmemi_device_state) and the kernels of
 * the host library (src/gpu/host_kernels.cu, which pass a State by value).
 * HIP dialect only (include/rocshmem/gpu_platform.h maps it to CUDA).
 *
 * Transport: every reachable peer's GPU heap is mapped here (same GPU, or
 * IPC), so RMA is load/store and an operation is complete once a fence of
 * the right scope has ordered it:
 *  - a peer on this GPU (kPeerSameGpu) is reached with device-scope
 *    atomics and fences (every kernel of every process on this GPU sees
 *    device-scope operations in order);
 *  - any other peer needs system scope (its GPU, or the CPU, observes the
 *    write through the fabric).
 * quiet cannot know which peers were written, so it uses system scope unless
 * every peer is on this GPU (State::all_same_gpu).
 * A peer whose heap is not mapped here but marked kPeerProxy is reached
 * through this PE's host proxy (impl/proxy.h): translate_checked returns
 * nullptr for it, which the RMA and AMO paths test where they used to trap,
 * and quiet also completes the requests posted to the proxy. */
#ifndef ROCSHMEM_DEVICE_IMPL_CORE_H
#define ROCSHMEM_DEVICE_IMPL_CORE_H

#include <rocshmem/gpu_platform.h>
#include <rocshmem/rocshmem.h>

#include <cstddef>
#include <cstdint>
#include <cstring>

#include "device/impl/proxy.h"
#include "device/impl/report.h"
#include "device/state.h"

namespace rocshmem {
namespace device {

/* ---------------------------------------------------------------- bad input
 * A kernel cannot return an error code from a void API call, and carrying on
 * would read or write a wrong address: the first offending thread prints one
 * line naming the call and the argument, then every offending thread traps,
 * which aborts the kernel (the host sees the launch fail). */
namespace detail {

/* The report of a call whose device state is empty (n_pes 0). */
inline __device__ void print_not_set_up(const char *call) {
  printf("rocshmem: %s: the device state is not set up (rocshmem_init not called, or a module "
         "loaded at run time was not passed to rocshmem_hipmodule_init / "
         "rocshmem_cumodule_init)\n", call);
}

/* The messages, inline so that translate_failed prints any of them from
 * one level of call (see there). */
inline __device__ void print_bad_pe(const char *call, int pe, int n_pes) {
  if (n_pes <= 0)
    print_not_set_up(call);
  else
    printf("rocshmem: %s: pe = %d is out of range [0, %d)\n", call, pe, n_pes);
}
inline __device__ void print_bad_addr(const char *call, const void *addr, size_t bytes,
                                      const State &s) {
  printf("rocshmem: %s: address %p (%llu bytes) is not inside the symmetric GPU heap "
         "[%p, %p)\n", call, addr, (unsigned long long)bytes, (const void *)s.heap_base,
         (const void *)(s.heap_base + s.heap_size));
}
inline __device__ void print_unreachable(const char *call, int pe) {
  printf("rocshmem: %s: pe = %d is not reachable from this GPU (its heap is not mapped "
         "here)\n", call, pe);
}

inline __device__ __noinline__ void fail_pe(const char *call, int pe, int n_pes) {
  const bool first = first_report();
  if (first) print_bad_pe(call, pe, n_pes);
  trap_after_report(first);
}

inline __device__ __noinline__ void fail_addr(const char *call, const void *addr, size_t bytes,
                                              const State &s) {
  const bool first = first_report();
  if (first) print_bad_addr(call, addr, bytes, s);
  trap_after_report(first);
}

inline __device__ __noinline__ void fail_arg(const char *call, const char *arg, long long value) {
  const bool first = first_report();
  if (first) printf("rocshmem: %s: invalid %s = %lld\n", call, arg, value);
  trap_after_report(first);
}

inline __device__ __noinline__ void fail_align(const char *call, const void *addr, size_t align) {
  const bool first = first_report();
  if (first)
    printf("rocshmem: %s: address %p is not aligned to %llu bytes\n", call, addr,
           (unsigned long long)align);
  trap_after_report(first);
}

}  // namespace detail

/* ---------------------------------------------------------------- translation
 * Addresses differ between PEs: a symmetric address is translated by its
 * offset from this PE's heap base. */

/* PE pe's heap as mapped here (nullptr: unreachable) and its kPeer* bits,
 * for 0 <= pe < n_pes; the first kStatePeers from the State itself. */
inline __device__ char *peer_base(const State &s, int pe) {
  return pe < kStatePeers ? s.near_heap[pe] : s.peer_heap[pe];
}
inline __device__ uint8_t peer_bits(const State &s, int pe) {
  return pe < kStatePeers ? s.near_flags[pe] : s.peer_flags[pe];
}

/* The address of `addr` in PE `pe`'s heap as mapped here; nullptr when pe is
 * out of range, addr is outside the heap or the peer is unreachable. */
inline __device__ char *translate(const State &s, const void *addr, int pe) {
  if (pe < 0 || pe >= s.n_pes) return nullptr;
  uintptr_t off = reinterpret_cast<uintptr_t>(addr) - reinterpret_cast<uintptr_t>(s.heap_base);
  char *base = peer_base(s, pe);
  if (off >= s.heap_size || !base) return nullptr;
  return base + off;
}

namespace detail {
/* translate_checked's cold half: reports the first check that failed and
 * ends the kernel.  One function that prints, not a call of fail_pe or
 * fail_addr: ptxas gives a kernel registers for the deepest chain of calls
 * it may make, and the chain kernel -> translate_failed -> fail_* -> printf
 * took a block-scope put kernel from 48 to 72 registers (one 512-thread
 * block per SM instead of two, on sm_90). */
inline __device__ __noinline__ void translate_failed(const State &s, const char *call,
                                                    const void *addr, size_t bytes, int pe) {
  const bool first = first_report();
  if (first) {
    const uintptr_t off =
        reinterpret_cast<uintptr_t>(addr) - reinterpret_cast<uintptr_t>(s.heap_base);
    if (pe < 0 || pe >= s.n_pes)
      print_bad_pe(call, pe, s.n_pes);
    else if (off > s.heap_size || bytes > s.heap_size - off)
      print_bad_addr(call, addr, bytes, s);
    else
      print_unreachable(call, pe);
  }
  trap_after_report(first);
}
}  // namespace detail

/* The same for [addr, addr + bytes), reporting bad input (see above);
 * nullptr without a report for a kPeerProxy peer (the caller's proxy path).
 * Every check is computed before the one branch on their result: a GPU
 * thread waits at a branch for its operands, and a branch per check made a
 * chain of dependent constant loads (one H200: 8-byte puts without quiet
 * back to back, 0.176 us each that way, 0.148 us this way). */
inline __device__ char *translate_checked(const State &s, const char *call, const void *addr,
                                          size_t bytes, int pe) {
  const uintptr_t off =
      reinterpret_cast<uintptr_t>(addr) - reinterpret_cast<uintptr_t>(s.heap_base);
  const bool pe_ok = static_cast<unsigned>(pe) < static_cast<unsigned>(s.n_pes);
  char *base = peer_base(s, pe_ok ? pe : 0); /* (in bounds whatever pe is) */
  /* (off wraps around when addr is below the base) */
  const bool in_heap = (off <= s.heap_size) & (bytes <= s.heap_size - off);
  if (__builtin_expect(pe_ok & in_heap & (base != nullptr), 1)) return base + off;
  if (pe_ok && in_heap && (peer_bits(s, pe) & kPeerProxy)) return nullptr;
  detail::translate_failed(s, call, addr, bytes, pe);
  return nullptr; /* (not reached: it traps) */
}

inline __device__ bool same_gpu(const State &s, int pe) {
  /* (all_same_gpu first: a uniform test, no table load for the usual case) */
  return s.all_same_gpu || (peer_bits(s, pe) & kPeerSameGpu) != 0;
}

/* ---------------------------------------------------------------- fences
 * Stores to mapped peer memory are complete once visible at the scope of
 * their observers; __threadfence() orders this thread's earlier memory
 * operations before its later ones for every thread of the GPU,
 * __threadfence_system() for every observer of the system. */

/* Completes (orders) this thread's earlier loads, stores and atomics on
 * mapped memory; the release / acquire half of synchronization. */
inline __device__ void memory_fence(const State &s) {
  if (s.all_same_gpu)
    __threadfence();
  else
    __threadfence_system();
}

/* The release half alone: this thread's earlier stores and atomics on
 * mapped memory are performed (visible at the scope of their observers)
 * before its later accesses.  It is all quiet and fence promise (their data
 * is seen by whoever synchronizes with a later store or barrier of this
 * thread, whose acquire side has its own fence), and unlike memory_fence it
 * keeps the SM's L1 cache: a put + quiet loop otherwise reloaded its source
 * from L2 every time. */
inline __device__ void release_fence(const State &s) {
  if (s.all_same_gpu)
    ROCSHMEM_RELEASE_FENCE();
  else
    ROCSHMEM_RELEASE_FENCE_SYSTEM();
}

/* The acquire half alone, after a load that observed another PE's flag: this
 * thread's later loads see what that PE released before the flag.  Unlike
 * memory_fence it does not wait for this thread's own earlier stores and
 * atomics to be performed (a barrier's arrivals at the other members are
 * still in flight when their arrivals here are seen). */
inline __device__ void acquire_fence(const State &s) {
  if (s.all_same_gpu)
    ROCSHMEM_ACQUIRE_FENCE();
  else
    ROCSHMEM_ACQUIRE_FENCE_SYSTEM();
}

/* Completes this thread's earlier RMA and AMOs to every PE: the release
 * fence, and the proxy requests of the context (nullptr: the default one;
 * their completion is acquired with a full fence, as the proxy's GET
 * results land in this GPU's memory behind the L1 cache). */
inline __device__ void quiet(const State &s, DeviceContext *ctx = nullptr) {
  release_fence(s);
  if (s.proxy) proxy::quiet(s, ctx);
}

/* Orders this thread's earlier puts/AMOs before its later ones, per PE.
 * With load/store transports ordering needs the same fence as completion
 * (there is no cheaper per-PE ordering instruction); the proxy executes
 * requests in order, so they need nothing more. */
inline __device__ void fence(const State &s) { release_fence(s); }

/* Release (before a flag write) or acquire (after a flag read) towards one
 * peer: device scope is enough when it runs on this GPU. */
inline __device__ void fence_towards(const State &s, int pe) {
  if (same_gpu(s, pe))
    __threadfence();
  else
    __threadfence_system();
}

/* ---------------------------------------------------------------- loads and bits */
template <size_t N>
struct BitsOf;
template <>
struct BitsOf<1> { using type = unsigned char; };
template <>
struct BitsOf<2> { using type = unsigned short; };
template <>
struct BitsOf<4> { using type = unsigned int; };
/* unsigned long long, not uint64_t (unsigned long): the GPU atomics are
 * declared for unsigned long long. */
template <>
struct BitsOf<8> { using type = unsigned long long; };
template <class T>
using Bits = typename BitsOf<sizeof(T)>::type;

template <class To, class From>
inline __device__ To bit_cast(const From &from) {
  static_assert(sizeof(To) == sizeof(From), "bit_cast between types of different sizes");
  To to;
  memcpy(&to, &from, sizeof to);
  return to;
}

/* A load the compiler may neither cache nor elide: polls of memory that
 * other PEs (other kernels, other processes) write.  Volatile accesses of
 * naturally aligned 1-8 byte words are single accesses at system scope. */
template <class T>
inline __device__ T load_volatile(const T *p) {
  Bits<T> bits = *reinterpret_cast<const volatile Bits<T> *>(p);
  return bit_cast<T>(bits);
}

/* Its store twin: one access the compiler keeps, for flags and counters that
 * other PEs poll. */
template <class T>
inline __device__ void store_volatile(T *p, T value) {
  *reinterpret_cast<volatile Bits<T> *>(p) = bit_cast<Bits<T>>(value);
}

/* ---------------------------------------------------------------- comparisons */
inline __device__ bool valid_cmp(int cmp) { return cmp >= ROCSHMEM_CMP_EQ && cmp <= ROCSHMEM_CMP_LE; }

template <class T>
inline __device__ bool compare(T a, int cmp, T b) {
  switch (cmp) {
    case ROCSHMEM_CMP_EQ: return a == b;
    case ROCSHMEM_CMP_NE: return a != b;
    case ROCSHMEM_CMP_GT: return a > b;
    case ROCSHMEM_CMP_GE: return a >= b;
    case ROCSHMEM_CMP_LT: return a < b;
    case ROCSHMEM_CMP_LE: return a <= b;
    default: return false;
  }
}

/* ---------------------------------------------------------------- thread groups
 * The granularity of a call: every member calls with identical arguments,
 * works on its share (rank() of size()), and sync() makes the group wait for
 * all members.  Shapes of any dimension are linearized x-fastest. */
inline __device__ unsigned linear_thread_id() {
  return threadIdx.x + blockDim.x * (threadIdx.y + blockDim.y * threadIdx.z);
}
inline __device__ unsigned block_threads() { return blockDim.x * blockDim.y * blockDim.z; }

struct Thread {
  static __device__ unsigned rank() { return 0; }
  static __device__ unsigned size() { return 1; }
  static __device__ void sync() {}
};

/* One warp / wavefront: warpSize lanes (32 or 64, read at run time), fewer
 * for the last one of a block whose size is not a multiple of warpSize. */
struct Wave {
  static __device__ unsigned rank() {
#if defined(ROCSHMEM_GPU_IS_CUDA) && ROCSHMEM_DEVICE_PASS
    /* %laneid is that remainder (warps are cut from the linear thread id),
     * without the division by the run-time warpSize */
    unsigned lane;
    asm("mov.u32 %0, %%laneid;" : "=r"(lane));
    return lane;
#else
    return linear_thread_id() % warpSize;
#endif
  }
  static __device__ unsigned size() {
    unsigned first = linear_thread_id() - rank();
    unsigned left = block_threads() - first;
    return left < unsigned(warpSize) ? left : unsigned(warpSize);
  }
  static __device__ void sync() { ROCSHMEM_WAVE_SYNC(); }
};

/* One workgroup / thread block. */
struct Workgroup {
  static __device__ unsigned rank() { return linear_thread_id(); }
  static __device__ unsigned size() { return block_threads(); }
  static __device__ void sync() { __syncthreads(); }
};

/* ---------------------------------------------------------------- group copies */
namespace detail {

/* Loads each member keeps in flight in a bulk copy before storing them: one
 * load per store leaves the memory system idle between round trips (the
 * bandwidth of a block-scope put of 256 MiB was 78% of cudaMemcpy with 1).
 * Not 8 with a predicated last batch: block-scope kernels of the benchmark
 * then needed more registers than a 512-thread launch may have ("too many
 * resources requested for launch"), and large block copies ran at half the
 * speed (measured on an H200). */
constexpr int kCopyInFlight = 4;

template <class U, class G>
inline __device__ void copy_units(char *dst, const char *src, size_t units) {
  U *d = reinterpret_cast<U *>(dst);
  const U *s = reinterpret_cast<const U *>(src);
  const size_t step = G::size();
  size_t i = G::rank();
  for (; i + (kCopyInFlight - 1) * step < units; i += kCopyInFlight * step) {
    U v[kCopyInFlight];
#pragma unroll
    for (int u = 0; u < kCopyInFlight; ++u) v[u] = s[i + u * step];
#pragma unroll
    for (int u = 0; u < kCopyInFlight; ++u) d[i + u * step] = v[u];
  }
  for (; i < units; i += step) d[i] = s[i];
}

/* Fewer than 16 bytes (a head, a tail, or a whole small transfer) in as few
 * naturally aligned accesses as possible, none wider than MaxW (dst and src
 * agree modulo MaxW, a power of two): an aligned 8-byte get is one 8-byte
 * load.  Piece k is done by member k % G::size(). */
template <size_t MaxW, class G>
inline __device__ void copy_small(char *dst, const char *src, size_t bytes) {
  for (unsigned k = 0; bytes; ++k) {
    size_t w = MaxW;
    while (w > 1 && (w > bytes || (reinterpret_cast<uintptr_t>(dst) & (w - 1)))) w >>= 1;
    if (k % G::size() == G::rank()) {
      switch (w) {
        case 8:
          *reinterpret_cast<unsigned long long *>(dst) =
              *reinterpret_cast<const unsigned long long *>(src);
          break;
        case 4:
          *reinterpret_cast<unsigned int *>(dst) = *reinterpret_cast<const unsigned int *>(src);
          break;
        case 2:
          *reinterpret_cast<unsigned short *>(dst) =
              *reinterpret_cast<const unsigned short *>(src);
          break;
        default: *dst = *src; break;
      }
    }
    dst += w;
    src += w;
    bytes -= w;
  }
}

/* dst and src are equally misaligned modulo sizeof(U): the bytes up to the
 * first U boundary, then whole U units, then the tail. */
template <class U, class G>
inline __device__ void copy_as(char *dst, const char *src, size_t bytes) {
  constexpr size_t kEdge = sizeof(U) < 8 ? sizeof(U) : 8;
  size_t head = (sizeof(U) - reinterpret_cast<uintptr_t>(dst) % sizeof(U)) % sizeof(U);
  if (head > bytes) head = bytes;
  if (head) copy_small<kEdge, G>(dst, src, head);
  size_t units = (bytes - head) / sizeof(U);
  copy_units<U, G>(dst + head, src + head, units);
  size_t done = head + units * sizeof(U);
  if (done < bytes) copy_small<kEdge, G>(dst + done, src + done, bytes - done);
}

}  // namespace detail

/* Copies bytes with the members of G (no group sync: callers decide), in
 * the widest units the relative alignment of the two pointers allows:
 * 16-byte vectors when they agree modulo 16. */
template <class G>
inline __device__ void group_copy(void *dst, const void *src, size_t bytes) {
  char *d = static_cast<char *>(dst);
  const char *s = static_cast<const char *>(src);
  /* A scalar-sized transfer with both ends aligned to its size (an 8-byte
   * get, say): one access by member 0, none of the alignment dispatch below,
   * which cost an 8-byte getmem about 0.17 us over a plain load on H200. */
  uintptr_t both = reinterpret_cast<uintptr_t>(d) | reinterpret_cast<uintptr_t>(s);
  /* (a mask, not %: bytes is a run-time power of two, and a 64-bit
   * remainder is a long instruction sequence on the GPU) */
  if (bytes && bytes <= 16 && (bytes & (bytes - 1)) == 0 && (both & (bytes - 1)) == 0) {
    if (G::rank() == 0) {
      switch (bytes) {
        case 16: *reinterpret_cast<uint4 *>(d) = *reinterpret_cast<const uint4 *>(s); break;
        case 8:
          *reinterpret_cast<unsigned long long *>(d) =
              *reinterpret_cast<const unsigned long long *>(s);
          break;
        case 4: *reinterpret_cast<unsigned int *>(d) = *reinterpret_cast<const unsigned int *>(s); break;
        case 2:
          *reinterpret_cast<unsigned short *>(d) = *reinterpret_cast<const unsigned short *>(s);
          break;
        default: *d = *s; break;
      }
    }
    return;
  }
  uintptr_t rel = reinterpret_cast<uintptr_t>(d) ^ reinterpret_cast<uintptr_t>(s);
  if (rel % 16 == 0)
    detail::copy_as<uint4, G>(d, s, bytes);
  else if (rel % 8 == 0)
    detail::copy_as<unsigned long long, G>(d, s, bytes);
  else if (rel % 4 == 0)
    detail::copy_as<unsigned int, G>(d, s, bytes);
  else if (rel % 2 == 0)
    detail::copy_as<unsigned short, G>(d, s, bytes);
  else
    detail::copy_units<char, G>(d, s, bytes);
}

}  // namespace device
}  // namespace rocshmem

#endif
