/* The extern "C" entry points of librocshmem_device.a: this header is
 * included first by every src/device/ .cu file that defines them.  The families
 * are expanded from the same X-macros as their declarations (types.def,
 * api*.def, rocshmem_device.h) with the body macros below, which forward to
 * the templates of namespace entry, which read the image's state and call
 * the inline implementation (src/device/impl).
 *
 * rocshmem.h declares the routines that exist on both sides __host__
 * __device__; here it must declare them __device__ only, as they are
 * defined here (a __host__ __device__ definition would also emit host
 * symbols that shadow librocshmem's).  Hence ROCSHMEM_HOST_DEVICE_FN.
 *
 * The definitions are compiled in the device pass only (#if
 * ROCSHMEM_DEVICE_PASS): for every extern __device__ function nvcc also
 * emits a global host-side stub of the same name, and a host call to, say,
 * rocshmem_putmem would then pull the stub's object out of
 * librocshmem_device.a instead of reaching librocshmem's definition. */
#ifndef ROCSHMEM_DEVICE_ENTRY_H
#define ROCSHMEM_DEVICE_ENTRY_H

#ifdef ROCSHMEM_H
#error "device/entry.h must be included before <rocshmem/rocshmem.h>"
#endif
#define ROCSHMEM_HOST_DEVICE_FN __device__

#include <rocshmem/rocshmem_device.h>

#include "device/impl/all.h"
#include "device/impl/ctx.h"

/* Defined in state.cu; filled by the host library. */
extern "C" {
extern __constant__ rocshmem::device::State rocshmemi_device_state;
}

namespace rocshmem {
namespace device {
namespace entry {

inline __device__ const State &state() { return rocshmemi_device_state; }

/* Element size; the mem forms pass T = void and count bytes. */
template <class T>
struct Elem {
  static constexpr size_t bytes = sizeof(T);
};
template <>
struct Elem<void> {
  static constexpr size_t bytes = 1;
};

template <class T>
inline __device__ size_t bytes_of(const char *call, size_t nelems) {
  if (nelems > SIZE_MAX / Elem<T>::bytes)
    detail::fail_arg(call, "nelems", static_cast<long long>(nelems));
  return nelems * Elem<T>::bytes;
}

inline __device__ void check_cmp(const char *call, int cmp) {
  if (!valid_cmp(cmp)) detail::fail_arg(call, "cmp", cmp);
}

/* The calling context's pool entry (nullptr: the default context) and the
 * world PE its PE argument names. */
struct Target {
  DeviceContext *ctx;
  int pe;
};
inline __device__ Target target(const char *call, rocshmem_ctx_t ctx, int pe) {
  DeviceContext *c = context_of(state(), ctx);
  return Target{c, world_pe(call, c, pe)};
}

/* ---------------------------------------------------------------- RMA
 * (to a mapped peer the _nbi forms complete at quiet as the blocking ones
 * do; through the proxy they do not wait: impl/rma.h) */
template <class T, class G>
__device__ void put(const char *call, rocshmem_ctx_t ctx, T *dest, const T *source,
                    size_t nelems, int pe, bool nbi = false) {
  Target t = target(call, ctx, pe);
  device::put<G>(state(), call, dest, source, bytes_of<T>(call, nelems), t.pe, nbi, t.ctx);
}
template <class T, class G>
__device__ void get(const char *call, rocshmem_ctx_t ctx, T *dest, const T *source,
                    size_t nelems, int pe, bool nbi = false) {
  Target t = target(call, ctx, pe);
  device::get<G>(state(), call, dest, source, bytes_of<T>(call, nelems), t.pe, nbi, t.ctx);
}
template <class T, class G>
__device__ void put_nbi(const char *call, rocshmem_ctx_t ctx, T *dest, const T *source,
                        size_t nelems, int pe) {
  put<T, G>(call, ctx, dest, source, nelems, pe, true);
}
template <class T, class G>
__device__ void get_nbi(const char *call, rocshmem_ctx_t ctx, T *dest, const T *source,
                        size_t nelems, int pe) {
  get<T, G>(call, ctx, dest, source, nelems, pe, true);
}
template <class T>
__device__ void iput(const char *call, rocshmem_ctx_t ctx, T *dest, const T *source,
                     ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe) {
  Target t = target(call, ctx, pe);
  device::iput(state(), call, dest, source, dst, sst, nelems, t.pe, t.ctx);
}
template <class T>
__device__ void iget(const char *call, rocshmem_ctx_t ctx, T *dest, const T *source,
                     ptrdiff_t dst, ptrdiff_t sst, size_t nelems, int pe) {
  Target t = target(call, ctx, pe);
  device::iget(state(), call, dest, source, dst, sst, nelems, t.pe, t.ctx);
}
template <class T>
__device__ void p(const char *call, rocshmem_ctx_t ctx, T *dest, T value, int pe) {
  Target t = target(call, ctx, pe);
  device::p(state(), call, dest, value, t.pe, t.ctx);
}
template <class T>
__device__ T g(const char *call, rocshmem_ctx_t ctx, const T *source, int pe) {
  Target t = target(call, ctx, pe);
  return device::g(state(), call, source, t.pe, t.ctx);
}
template <class T, class G>
__device__ void put_signal(const char *call, rocshmem_ctx_t ctx, T *dest, const T *source,
                           size_t nelems, uint64_t *sig_addr, uint64_t signal, int sig_op,
                           int pe) {
  Target t = target(call, ctx, pe);
  device::put_signal<G>(state(), call, dest, source, bytes_of<T>(call, nelems), sig_addr, signal,
                        sig_op, t.pe, t.ctx);
}

/* ---------------------------------------------------------------- AMOs
 * The fetching _nbi forms complete before returning: they store the old
 * value at once.  The forms without a result go through update(), which
 * through the proxy completes at quiet. */
template <class T>
__device__ T amo(const char *call, rocshmem_ctx_t ctx, AmoOp op, T *dest, T value, T cond,
                 int pe) {
  Target t = target(call, ctx, pe);
  return device::amo(state(), op, dest, value, cond, t.pe, call, t.ctx);
}
template <class T>
__device__ void update(const char *call, rocshmem_ctx_t ctx, AmoOp op, T *dest, T value,
                       int pe) {
  Target t = target(call, ctx, pe);
  device::update(state(), op, dest, value, t.pe, call, t.ctx);
}
template <class T>
__device__ T compare_swap(const char *call, rocshmem_ctx_t ctx, T *dest, T cond, T value,
                          int pe) {
  return amo(call, ctx, AmoOp::COMPARE_SWAP, dest, value, cond, pe);
}
template <class T>
__device__ T fetch_inc(const char *call, rocshmem_ctx_t ctx, T *dest, int pe) {
  return amo(call, ctx, AmoOp::FETCH_ADD, dest, T(1), T(0), pe);
}
template <class T>
__device__ void inc(const char *call, rocshmem_ctx_t ctx, T *dest, int pe) {
  update(call, ctx, AmoOp::FETCH_ADD, dest, T(1), pe);
}
template <class T>
__device__ T fetch_add(const char *call, rocshmem_ctx_t ctx, T *dest, T value, int pe) {
  return amo(call, ctx, AmoOp::FETCH_ADD, dest, value, T(0), pe);
}
template <class T>
__device__ void add(const char *call, rocshmem_ctx_t ctx, T *dest, T value, int pe) {
  update(call, ctx, AmoOp::FETCH_ADD, dest, value, pe);
}
template <class T>
__device__ void compare_swap_nbi(const char *call, rocshmem_ctx_t ctx, T *fetch, T *dest,
                                 T cond, T value, int pe) {
  *fetch = compare_swap(call, ctx, dest, cond, value, pe);
}
template <class T>
__device__ void fetch_inc_nbi(const char *call, rocshmem_ctx_t ctx, T *fetch, T *dest, int pe) {
  *fetch = fetch_inc(call, ctx, dest, pe);
}
template <class T>
__device__ void fetch_add_nbi(const char *call, rocshmem_ctx_t ctx, T *fetch, T *dest, T value,
                              int pe) {
  *fetch = fetch_add(call, ctx, dest, value, pe);
}
template <class T>
__device__ T fetch(const char *call, rocshmem_ctx_t ctx, const T *source, int pe) {
  return amo(call, ctx, AmoOp::FETCH, const_cast<T *>(source), T(0), T(0), pe);
}
template <class T>
__device__ void set(const char *call, rocshmem_ctx_t ctx, T *dest, T value, int pe) {
  update(call, ctx, AmoOp::SET, dest, value, pe);
}
template <class T>
__device__ T swap(const char *call, rocshmem_ctx_t ctx, T *dest, T value, int pe) {
  return amo(call, ctx, AmoOp::SWAP, dest, value, T(0), pe);
}
template <class T>
__device__ void fetch_nbi(const char *call, rocshmem_ctx_t ctx, T *fetch_to, const T *source,
                          int pe) {
  *fetch_to = fetch(call, ctx, source, pe);
}
template <class T>
__device__ void swap_nbi(const char *call, rocshmem_ctx_t ctx, T *fetch, T *dest, T value,
                         int pe) {
  *fetch = swap(call, ctx, dest, value, pe);
}
/* fetch_OP, OP (internal name bit_OP) and fetch_OP_nbi of one bitwise op. */
#define ROCSHMEM_DEVICE_BITWISE_ENTRIES(OP, AMO_OP)                                          \
  template <class T>                                                                        \
  __device__ T fetch_##OP(const char *call, rocshmem_ctx_t ctx, T *dest, T value, int pe) { \
    return amo(call, ctx, AMO_OP, dest, value, T(0), pe);                                    \
  }                                                                                         \
  template <class T>                                                                        \
  __device__ void bit_##OP(const char *call, rocshmem_ctx_t ctx, T *dest, T value, int pe) { \
    update(call, ctx, AMO_OP, dest, value, pe);                                              \
  }                                                                                         \
  template <class T>                                                                        \
  __device__ void fetch_##OP##_nbi(const char *call, rocshmem_ctx_t ctx, T *fetch, T *dest,   \
                                   T value, int pe) {                                       \
    *fetch = fetch_##OP(call, ctx, dest, value, pe);                                        \
  }
ROCSHMEM_DEVICE_BITWISE_ENTRIES(and, AmoOp::FETCH_AND)
ROCSHMEM_DEVICE_BITWISE_ENTRIES(or, AmoOp::FETCH_OR)
ROCSHMEM_DEVICE_BITWISE_ENTRIES(xor, AmoOp::FETCH_XOR)
#undef ROCSHMEM_DEVICE_BITWISE_ENTRIES

/* ---------------------------------------------------------------- point-to-point sync */
template <class T>
__device__ void wait_until(const char *call, T *ivar, int cmp, T value) {
  check_cmp(call, cmp);
  device::wait_until(state(), call, ivar, cmp, value);
}
template <class T>
__device__ int test(const char *call, T *ivar, int cmp, T value) {
  check_cmp(call, cmp);
  return device::test(ivar, cmp, value);
}
template <class T>
__device__ WaitSet<T> make_set(const char *call, T *ivars, size_t nelems, const int *status,
                               int cmp, const T *values, size_t stride) {
  check_cmp(call, cmp);
  return WaitSet<T>{ivars, nelems, status, cmp, values, stride};
}
template <class T>
__device__ void wait_until_all(const char *call, T *ivars, size_t n, const int *status, int cmp,
                               const T *values, size_t stride) {
  device::wait_until_all(state(), call, make_set(call, ivars, n, status, cmp, values, stride));
}
template <class T>
__device__ size_t wait_until_any(const char *call, T *ivars, size_t n, const int *status,
                                 int cmp, const T *values, size_t stride) {
  return device::wait_until_any(state(), call, make_set(call, ivars, n, status, cmp, values, stride));
}
template <class T>
__device__ size_t wait_until_some(const char *call, T *ivars, size_t n, size_t *indices,
                                  const int *status, int cmp, const T *values, size_t stride) {
  return device::wait_until_some(state(), call, make_set(call, ivars, n, status, cmp, values, stride),
                                 indices);
}
template <class T>
__device__ int test_all(const char *call, T *ivars, size_t n, const int *status, int cmp,
                        const T *values, size_t stride) {
  return make_set(call, ivars, n, status, cmp, values, stride).all_done();
}
template <class T>
__device__ size_t test_any(const char *call, T *ivars, size_t n, const int *status, int cmp,
                           const T *values, size_t stride) {
  return make_set(call, ivars, n, status, cmp, values, stride).first_done();
}
template <class T>
__device__ size_t test_some(const char *call, T *ivars, size_t n, size_t *indices,
                            const int *status, int cmp, const T *values, size_t stride) {
  return make_set(call, ivars, n, status, cmp, values, stride).collect_done(indices);
}

}  // namespace entry
}  // namespace device
}  // namespace rocshmem

/* Body macros for the api*.def families.  ROCSHMEM_DEVICE_BODY serves the
 * families without a context (point-to-point synchronization); the RMA, AMO
 * and put-with-signal families pass the context on (_CTX_BODY and the group
 * bodies). */
#define ROCSHMEM_DEVICE_BODY(NAME, CTX, OP, T, KEY, ...) \
  { return ::rocshmem::device::entry::OP<T>(#NAME, __VA_ARGS__); }
#define ROCSHMEM_DEVICE_CTX_BODY(NAME, CTX, OP, T, KEY, ...) \
  { return ::rocshmem::device::entry::OP<T>(#NAME, CTX, __VA_ARGS__); }
#define ROCSHMEM_DEVICE_GROUP_BODY(G, NAME, CTX, OP, T, ...) \
  { return ::rocshmem::device::entry::OP<T, ::rocshmem::device::G>(#NAME, CTX, __VA_ARGS__); }
#define ROCSHMEM_DEVICE_BODY_THREAD(NAME, CTX, OP, T, KEY, ...) \
  ROCSHMEM_DEVICE_GROUP_BODY(Thread, NAME, CTX, OP, T, __VA_ARGS__)
#define ROCSHMEM_DEVICE_BODY_WAVE(NAME, CTX, OP, T, KEY, ...) \
  ROCSHMEM_DEVICE_GROUP_BODY(Wave, NAME, CTX, OP, T, __VA_ARGS__)
#define ROCSHMEM_DEVICE_BODY_WG(NAME, CTX, OP, T, KEY, ...) \
  ROCSHMEM_DEVICE_GROUP_BODY(Workgroup, NAME, CTX, OP, T, __VA_ARGS__)

/* The forms without a context pass ROCSHMEM_CTX_DEFAULT (api.def).  Here it
 * is a null pointer, which means the default context (impl/ctx.h) and folds
 * away at compile time, rather than the kernel-side name of
 * rocshmem_device.h, which reads the device state. */
#undef ROCSHMEM_CTX_DEFAULT
#define ROCSHMEM_CTX_DEFAULT ROCSHMEM_CTX_INVALID

/* Definitions, not declarations, follow: device only. */
#undef ROCSHMEM_FN_ATTR
#define ROCSHMEM_FN_ATTR __device__

#endif
