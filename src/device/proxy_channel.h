/* The reverse-offload channel: how a kernel asks its PE's host proxy thread
 * (src/gpu/proxy.cc) to reach a peer whose GPU heap is not mapped on this
 * GPU (kPeerProxy in the device state: another node, a failed IPC mapping,
 * or every peer under ROCSHMEM_GPU_PROXY=all).
 *
 * A ring of fixed-size request slots in pinned host memory that the GPU
 * writes through its mapping, and a ticket counter in GPU memory (device
 * atomics on GPU memory are cheap and portable; the host never needs it
 * while running).  Each slot carries a sequence word that walks through
 * three states per use, so producers on the GPU and the one consumer on the
 * host need no other synchronization:
 *
 *   seq == t          free for ticket t (the previous user, t - n_slots, let go)
 *   seq == t + 1      request t published: fields written, then a system fence
 *   seq == t + 2      request t done and kept (kProxyWait): the requester reads
 *                     the result, then frees the slot (seq = t + n_slots)
 *
 * Without kProxyWait the proxy frees the slot itself once it has started the
 * request.  A producer takes ticket t with an atomic add on `tail` and waits
 * (politely) until slot t % n_slots is free for t, i.e. until the ring has
 * room; n_slots >= 3 keeps the three states of one lap apart from the next.
 *
 * The proxy executes requests in ticket order, on one GPU stream of its own,
 * so requests stay ordered (fence is free) and a QUIET request, or any
 * kProxyWait request, completes everything before it.
 *
 * Plain data, compiled by the host compiler and the GPU compiler. */
#ifndef ROCSHMEM_DEVICE_PROXY_CHANNEL_H
#define ROCSHMEM_DEVICE_PROXY_CHANNEL_H

#include <cstdint>

namespace rocshmem {
namespace device {

/* A signal update is an AMO (SET: swap, ADD: add) without a result. */
enum class ProxyOp : uint8_t { PUT, GET, AMO, QUIET };

/* AMO operations as the host library's GPU atomic kernel names them
 * (gpu/host_kernels.h HostAtomic, itself net::AtomicOp's order). */
enum class ProxyAmo : uint8_t { ADD, AND, OR, XOR, SWAP, COMPARE_SWAP };

/* ProxySlot::flags */
enum : uint8_t {
  kProxyWait = 1 << 0,   /* the requester waits: completed (stream synchronized), slot kept */
  kProxyInline = 1 << 1, /* PUT: the payload is in arg[]; GET: the data goes to arg[] */
};

/* Payloads up to this size travel in the slot: single-element puts and gets
 * (p, g, whose source or destination is a register) and small copies. */
constexpr uint64_t kProxyInlineBytes = 16;

struct ProxySlot {
  uint64_t seq;
  uint8_t op;     /* ProxyOp */
  uint8_t amo_op; /* ProxyAmo (AMO) */
  uint8_t size;   /* AMO operand bytes: 4 or 8 */
  uint8_t flags;
  int32_t pe;      /* world PE of the target */
  uint64_t remote; /* symmetric address, as in this PE's GPU heap */
  uint64_t local;  /* PUT source / GET destination: an address of this PE's GPU */
  uint64_t bytes;
  uint64_t arg[2]; /* AMO operand and compare value, or inline data */
  uint64_t result; /* AMO: the old value (kProxyWait) */
};
static_assert(sizeof(ProxySlot) == 64, "a proxy slot is one 64-byte line");

/* Lives in GPU memory; the device state points to it (State::proxy). */
struct ProxyChannel {
  unsigned long long tail; /* next ticket */
  uint32_t n_slots;
  ProxySlot *slots; /* the pinned host ring, as the GPU addresses it */
};

}  // namespace device
}  // namespace rocshmem

#endif
