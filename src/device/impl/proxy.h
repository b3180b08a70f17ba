/* Inline device implementation: requests to this PE's host proxy (reverse
 * offload) for peers whose GPU heap is not mapped here (kPeerProxy).  The
 * channel, its slot states and ordering rules are in device/proxy_channel.h;
 * the host side is src/gpu/proxy.cc.
 *
 * Only the paths that used to trap on an unmapped peer come here (see
 * translate_checked in core.h), so the load/store fast path is unchanged.
 *
 * Completion: a request the caller waits for (kProxyWait: blocking puts
 * larger than kProxyPayloadBytes, gets, fetching AMOs, QUIET) is complete
 * on return, and so is everything posted before it (the proxy works in
 * order and synchronizes its stream).
 * Other requests (non-blocking puts and gets, puts whose payload travels
 * with the request -- in the slot, or up to kProxyPayloadBytes in its
 * payload area -- non-fetching AMOs and signal updates, which are AMOs)
 * complete at the next quiet of their context, which posts one QUIET
 * request when the context posted something since the last request it
 * waited for.
 *
 * Standalone (state and platform only), so that core.h's quiet can use it. */
#ifndef ROCSHMEM_DEVICE_IMPL_PROXY_H
#define ROCSHMEM_DEVICE_IMPL_PROXY_H

#include <rocshmem/gpu_platform.h>

#include <cstddef>
#include <cstdint>

#include "device/impl/wait.h"
#include "device/state.h"

namespace rocshmem {
namespace device {
namespace proxy {

/* The host reads the ring through the CPU's caches and the GPU reaches it
 * over the bus: every access to a slot's shared words is a single volatile
 * access, and fences order them (__threadfence_system: the host observes at
 * system scope). */
inline __device__ uint64_t load_word(const uint64_t *p) {
  return *reinterpret_cast<const volatile unsigned long long *>(p);
}
inline __device__ void store_word(uint64_t *p, uint64_t v) {
  *reinterpret_cast<volatile unsigned long long *>(p) = v;
}

/* One wait between polls of the ring: the polls cross the bus, so threads
 * that wait long back off (to about 32 pauses) instead of flooding it with
 * reads the proxy's own copies compete with. */
inline __device__ void backoff(unsigned &pauses) {
  for (unsigned i = 0; i < pauses; ++i) ROCSHMEM_SPIN_PAUSE();
  if (pauses < 32) pauses *= 2;
}

/* Whether the host can address a buffer of this GPU: not a thread's private
 * (stack) memory nor a block's shared memory. */
inline __device__ bool host_reachable(const void *p) {
#if defined(ROCSHMEM_GPU_IS_CUDA)
  return __isGlobal(p);
#elif defined(__HIP_DEVICE_COMPILE__) /* the AMDGPU builtins exist in the device pass only */
  return !__builtin_amdgcn_is_private(p) && !__builtin_amdgcn_is_shared(p);
#else
  return p != nullptr;
#endif
}

/* Who tracks a request: the context's pool entry (nullptr: the default one). */
inline __device__ DeviceContext *tracker(const State &s, DeviceContext *ctx) {
  return ctx ? ctx : s.ctx_pool;
}

inline __device__ ProxySlot *slot_of(const State &s, unsigned long long ticket) {
  return s.proxy->slots + ticket % s.proxy->n_slots;
}

/* What a request is, in a wait's report (the host's names, gpu/proxy.cc). */
inline __device__ const char *op_name(uint8_t op) {
  switch (static_cast<ProxyOp>(op)) {
    case ProxyOp::PUT: return "device put (GPU proxy)";
    case ProxyOp::GET: return "device get (GPU proxy)";
    case ProxyOp::AMO: return "device atomic (GPU proxy)";
    default: return "device quiet (GPU proxy)";
  }
}

/* Polls slot's sequence word until it reads `want` (with a WaitClock:
 * ROCSHMEM_WAIT_TIMEOUT ends a kernel whose proxy never answers, a peer on
 * another node that never serves it, say). */
inline __device__ void wait_seq(const State &s, const ProxySlot *slot, uint64_t want, uint8_t op,
                                int pe, const char *what) {
  WaitClock clock;
  for (unsigned pauses = 1; load_word(&slot->seq) != want;) {
    backoff(pauses);
    clock.tick(s, [&] {
      return WaitSite{op_name(op), what, pe, &slot->seq, 8, ROCSHMEM_CMP_EQ, want};
    });
  }
}

/* Everything of a request but its sequence word. */
struct Request {
  ProxyOp op;
  uint8_t flags;
  int pe;
  const void *remote;
  const void *local;
  uint64_t bytes;
  uint64_t arg0, arg1;
  ProxyAmo amo_op;
  uint8_t size;
};

/* Takes a ticket and waits until its slot is free (the ring has room). */
inline __device__ unsigned long long claim(const State &s, ProxyOp op) {
  unsigned long long t = atomicAdd(&s.proxy->tail, 1ull);
  wait_seq(s, slot_of(s, t), t, static_cast<uint8_t>(op), -1, "room in this PE's GPU proxy ring");
  return t;
}

/* Ticket t's payload area (pinned host memory, 64-byte aligned). */
inline __device__ char *payload_of(const State &s, unsigned long long t) {
  return s.proxy->payloads + (t % s.proxy->n_slots) * kProxyPayloadStride;
}

/* Writes request r into ticket t's slot and publishes it. */
inline __device__ void publish(const State &s, unsigned long long t, const Request &r) {
  ProxySlot *slot = slot_of(s, t);
  slot->op = static_cast<uint8_t>(r.op);
  slot->amo_op = static_cast<uint8_t>(r.amo_op);
  slot->size = r.size;
  slot->flags = r.flags;
  slot->pe = r.pe;
  slot->remote = reinterpret_cast<uintptr_t>(r.remote);
  slot->local = reinterpret_cast<uintptr_t>(r.local);
  slot->bytes = r.bytes;
  slot->arg[0] = r.arg0;
  slot->arg[1] = r.arg1;
  /* the fields (and this thread's earlier stores: a payload) before the publication */
  __threadfence_system();
  store_word(&slot->seq, t + 1);
}

/* Takes a ticket, writes the request and publishes it.  Returns the ticket. */
inline __device__ unsigned long long post(const State &s, const Request &r) {
  const unsigned long long t = claim(s, r.op);
  publish(s, t, r);
  return t;
}

/* A request nobody waits for: its context's next quiet must. */
inline __device__ void posted(const State &s, DeviceContext *ctx, unsigned long long t) {
  atomicMax(&tracker(s, ctx)->posted, t + 1);
}

/* Waits until request t (r, posted with kProxyWait) is done; then everything
 * posted before it is complete too.  The caller reads the slot, then
 * releases it. */
inline __device__ ProxySlot *wait_done(const State &s, unsigned long long t, const Request &r) {
  ProxySlot *slot = slot_of(s, t);
  const bool quiet = r.op == ProxyOp::QUIET;
  wait_seq(s, slot, t + 2, static_cast<uint8_t>(r.op), quiet ? -1 : r.pe,
           quiet ? "this PE's GPU proxy to complete the requests before it"
                 : "this PE's GPU proxy to complete a request");
  __threadfence_system(); /* the results after the sequence word */
  return slot;
}
inline __device__ void release(const State &s, DeviceContext *ctx, ProxySlot *slot,
                               unsigned long long t) {
  store_word(&slot->seq, t + s.proxy->n_slots);
  atomicMax(&tracker(s, ctx)->covered, t + 1);
}

inline __device__ void copy_bytes(void *dest, const void *source, size_t bytes) {
  for (size_t i = 0; i < bytes; ++i)
    static_cast<char *>(dest)[i] = static_cast<const char *>(source)[i];
}

/* The request paths below are __noinline__: they are the rare branch of
 * every RMA/AMO, and inlined they cost the load/store fast path registers and
 * a stack frame (p/g measured about 1.7x slower with them inlined). */

/* remote: symmetric address at pe; local: this GPU's buffer.  At most
 * kProxyInlineBytes (the data travels in the slot: complete at quiet), or
 * more than kProxyPayloadBytes (local host_reachable: callers check; the
 * proxy copies it: complete on return unless nbi); the sizes between go
 * through the payload area (claim, put_payload).  Returns once local may be
 * reused. */
inline __device__ __noinline__ void put(const State &s, DeviceContext *ctx, void *remote, const void *local,
                           size_t bytes, int pe, bool nbi) {
  Request r{ProxyOp::PUT, 0, pe, remote, local, bytes, 0, 0, ProxyAmo::ADD, 0};
  if (bytes <= kProxyInlineBytes) {
    r.flags = kProxyInline;
    uint64_t data[2] = {0, 0};
    copy_bytes(data, local, bytes);
    r.arg0 = data[0];
    r.arg1 = data[1];
  } else if (!nbi) {
    r.flags = kProxyWait;
  }
  unsigned long long t = post(s, r);
  if (r.flags & kProxyWait)
    release(s, ctx, wait_done(s, t, r), t);
  else
    posted(s, ctx, t);
}

/* Ticket t, claimed, its payload area holding `bytes` (more than
 * kProxyInlineBytes, at most kProxyPayloadBytes) from offset `at` (less
 * than 64), written by this thread or by its group (each member's stores
 * fenced at system scope, then a group sync), becomes a put of them to
 * remote at pe, complete at quiet. */
inline __device__ __noinline__ void put_payload(const State &s, DeviceContext *ctx,
                                                unsigned long long t, void *remote, size_t at,
                                                size_t bytes, int pe) {
  publish(s, t, Request{ProxyOp::PUT, kProxyPayload, pe, remote, reinterpret_cast<void *>(at),
                        bytes, 0, 0, ProxyAmo::ADD, 0});
  posted(s, ctx, t);
}

/* Complete on return unless nbi (and larger than kProxyInlineBytes). */
inline __device__ __noinline__ void get(const State &s, DeviceContext *ctx, void *local, const void *remote,
                           size_t bytes, int pe, bool nbi) {
  Request r{ProxyOp::GET, kProxyWait, pe, remote, local, bytes, 0, 0, ProxyAmo::ADD, 0};
  if (bytes <= kProxyInlineBytes)
    r.flags = kProxyWait | kProxyInline;
  else if (nbi)
    r.flags = 0;
  unsigned long long t = post(s, r);
  if (!(r.flags & kProxyWait)) return posted(s, ctx, t);
  ProxySlot *slot = wait_done(s, t, r);
  if (r.flags & kProxyInline) {
    uint64_t data[2] = {load_word(&slot->arg[0]), load_word(&slot->arg[1])};
    copy_bytes(local, data, bytes);
  }
  release(s, ctx, slot, t);
}

/* size 4 or 8; returns the old value when fetch (otherwise 0, and the AMO
 * completes at quiet). */
inline __device__ __noinline__ uint64_t amo(const State &s, DeviceContext *ctx, ProxyAmo op, void *remote,
                               uint64_t value, uint64_t cond, int size, int pe, bool fetch) {
  Request r{ProxyOp::AMO, static_cast<uint8_t>(fetch ? kProxyWait : 0), pe, remote, nullptr, 0,
            value, cond, op, static_cast<uint8_t>(size)};
  unsigned long long t = post(s, r);
  if (!fetch) {
    posted(s, ctx, t);
    return 0;
  }
  ProxySlot *slot = wait_done(s, t, r);
  uint64_t old = load_word(&slot->result);
  release(s, ctx, slot, t);
  return old;
}

/* One element of p/g (at most 8 bytes) by value, so that the callers' fast
 * path takes no local's address (which would give them a stack frame). */
inline __device__ __noinline__ void put_value(const State &s, DeviceContext *ctx, void *remote,
                                              uint64_t bits, size_t bytes, int pe) {
  put(s, ctx, remote, &bits, bytes, pe, false);
}
inline __device__ __noinline__ uint64_t get_value(const State &s, DeviceContext *ctx,
                                                  const void *remote, size_t bytes, int pe) {
  uint64_t bits = 0;
  get(s, ctx, &bits, remote, bytes, pe, false);
  return bits;
}

inline __device__ __noinline__ void post_quiet(const State &s, DeviceContext *ctx) {
  Request r{ProxyOp::QUIET, kProxyWait, 0, nullptr, nullptr, 0, 0, 0, ProxyAmo::ADD, 0};
  unsigned long long t = post(s, r);
  release(s, ctx, wait_done(s, t, r), t);
}

/* Completes the requests the context posted (and, the proxy being in order,
 * everything posted before this call); nothing to do when none is pending. */
inline __device__ void quiet(const State &s, DeviceContext *ctx) {
  DeviceContext *c = tracker(s, ctx);
  if (load_word(reinterpret_cast<const uint64_t *>(&c->posted)) >
      load_word(reinterpret_cast<const uint64_t *>(&c->covered)))
    post_quiet(s, ctx);
}

}  // namespace proxy
}  // namespace device
}  // namespace rocshmem

#endif
