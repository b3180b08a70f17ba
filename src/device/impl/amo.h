/* Inline device implementation, part 3: atomic memory operations and signal
 * updates.  Conventions in core.h.
 *
 * Every AMO is one GPU atomic on the peer's mapped word: device scope when
 * the peer runs on this GPU, system scope otherwise (another GPU, or the
 * host library updating GPU memory through its own kernels at system scope,
 * so that all AMOs on one location are atomic with each other).
 * The atomics are relaxed: like OpenSHMEM AMOs they do not order other
 * accesses (use fence/quiet).
 *
 * A kPeerProxy peer's AMOs are run by this PE's host proxy with the same
 * one-thread system-scope kernel the host uses for its own AMOs on GPU
 * memory, so they stay atomic with device AMOs on the location.  Fetching
 * forms wait for the old value; the others (update) complete at quiet. */
#ifndef ROCSHMEM_DEVICE_IMPL_AMO_H
#define ROCSHMEM_DEVICE_IMPL_AMO_H

#include "device/impl/core.h"
#include "device/impl/word.h"

namespace rocshmem {
namespace device {

namespace detail {

/* The proxy's name of op: a fetch is an add of 0, a set a swap. */
inline __device__ ProxyAmo proxy_op(AmoOp op) {
  switch (op) {
    case AmoOp::FETCH:
    case AmoOp::FETCH_ADD: return ProxyAmo::ADD;
    case AmoOp::FETCH_AND: return ProxyAmo::AND;
    case AmoOp::FETCH_OR: return ProxyAmo::OR;
    case AmoOp::FETCH_XOR: return ProxyAmo::XOR;
    case AmoOp::COMPARE_SWAP: return ProxyAmo::COMPARE_SWAP;
    default: return ProxyAmo::SWAP;
  }
}

/* op on dest at PE pe: the previous value when fetch, else 0.  The mapped
 * peer's atomic is issued before the one branch (word.h says why); the cold
 * path behind it reports bad input or hands the AMO to the proxy. */
template <class T>
inline __device__ Bits<T> amo_bits(const State &s, AmoOp op, T *dest, T value, T cond, int pe,
                                   const char *call, DeviceContext *ctx, bool fetch) {
  static_assert(sizeof(T) == 4 || sizeof(T) == 8, "AMOs are on 4- and 8-byte types");
  using U = Bits<T>;
  const WordTarget t = word_target(s, dest, sizeof(T), pe);
  U r = word_rmw(op, t, bit_cast<U>(value), bit_cast<U>(cond), fetch);
  if (__builtin_expect(!t.ok, 0)) {
    if (reinterpret_cast<uintptr_t>(dest) % sizeof(T)) fail_align(call, dest, sizeof(T));
    translate_checked(s, call, dest, sizeof(T), pe); /* (returns only for a kPeerProxy peer) */
    r = static_cast<U>(proxy::amo(s, ctx, proxy_op(op), dest,
                                  op == AmoOp::FETCH ? 0 : bit_cast<U>(value), bit_cast<U>(cond),
                                  sizeof(T), pe, fetch));
  }
  return r;
}

}  // namespace detail

/* op on dest at PE pe; returns the previous value.  T: 4- or 8-byte
 * integers, and float/double for FETCH, SET and SWAP (moved as bits).
 * ctx: the calling context's pool entry (nullptr: the default context). */
template <class T>
inline __device__ T amo(const State &s, AmoOp op, T *dest, T value, T cond, int pe,
                        const char *call = "rocshmem_atomic", DeviceContext *ctx = nullptr) {
  return bit_cast<T>(detail::amo_bits(s, op, dest, value, cond, pe, call, ctx, true));
}

/* The same without a result (add, inc, set, and, or, xor). */
template <class T>
inline __device__ void update(const State &s, AmoOp op, T *dest, T value, int pe,
                              const char *call = "rocshmem_atomic", DeviceContext *ctx = nullptr) {
  detail::amo_bits(s, op, dest, value, T(0), pe, call, ctx, false);
}

/* ROCSHMEM_SIGNAL_SET or _ADD of value to the signal word at PE pe. */
inline __device__ void signal_update(const State &s, uint64_t *sig_addr, uint64_t value,
                                     int sig_op, int pe, const char *call = "rocshmem_signal",
                                     DeviceContext *ctx = nullptr) {
  if (sig_op == ROCSHMEM_SIGNAL_SET)
    update<uint64_t>(s, AmoOp::SET, sig_addr, value, pe, call, ctx);
  else if (sig_op == ROCSHMEM_SIGNAL_ADD)
    update<uint64_t>(s, AmoOp::FETCH_ADD, sig_addr, value, pe, call, ctx);
  else
    detail::fail_arg(call, "sig_op", sig_op);
}

}  // namespace device
}  // namespace rocshmem

#endif
