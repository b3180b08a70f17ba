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
 * request (once its copy is done, for a put whose data it copies from the
 * slot or its payload area to a GPU of this node).  A producer takes ticket
 * t with an atomic add on `tail` and waits (politely) until slot
 * t % n_slots is free for t, i.e. until the ring has room; n_slots >= 3
 * keeps the three states of one lap apart from the next.
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
  kProxyPayload = 1 << 2, /* PUT: the payload is in the slot's payload area, at `local` */
};

/* Payloads up to this size travel in the slot: single-element puts and gets
 * (p, g, whose source or destination is a register) and small copies. */
constexpr uint64_t kProxyInlineBytes = 16;

/* Larger puts up to this size travel beside the slot: the kernel writes the
 * data into the slot's payload area (ProxyChannel::payloads, indexed like
 * the slots) and the proxy sends it from there, without the GPU copy (a
 * cudaMemcpy and its synchronization, about 8 us) that would otherwise
 * dominate a put of a few KiB.  4 KiB: past it the copy's fixed cost is
 * shared by more data (and the proxy pipelines large puts); it is also the size up to which the network layer copies a
 * request's data into its message (transport/network.h), so the slot is
 * free once the proxy has sent it; and the area stays small beside the
 * proxy's staging buffers (about 4 MiB of pinned memory per PE with
 * src/gpu/proxy.cc's 1024 slots).  Gets keep their paths: the kernel
 * waits for their data anyway. */
constexpr uint64_t kProxyPayloadBytes = 4096;
/* Bytes between two slots' payload areas: room to start the data at the
 * source's address modulo 16, so that the kernel copies it in 16-byte
 * stores whatever its alignment (bus writes of single bytes are slow), and
 * a multiple of 64 so that every area starts a cache line. */
constexpr uint64_t kProxyPayloadStride = kProxyPayloadBytes + 64;

struct ProxySlot {
  uint64_t seq;
  uint8_t op;     /* ProxyOp */
  uint8_t amo_op; /* ProxyAmo (AMO) */
  uint8_t size;   /* AMO operand bytes: 4 or 8 */
  uint8_t flags;
  int32_t pe;      /* world PE of the target */
  uint64_t remote; /* symmetric address, as in this PE's GPU heap */
  uint64_t local;  /* PUT source / GET destination: an address of this PE's GPU
                      (kProxyPayload: the data's offset in the payload area) */
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
  char *payloads;   /* n_slots payload areas, kProxyPayloadStride apart, ditto */
};

}  // namespace device
}  // namespace rocshmem

#endif
