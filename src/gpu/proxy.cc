/* The GPU proxy thread: channel, serving loop, the staged pipeline to other
 * nodes' GPU heaps, host quiet's drain, and the bounded stop at finalize
 * (see gpu/proxy.h, device/proxy_channel.h). */
#include "gpu/proxy.h"

#include <sched.h>

#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstring>
#include <deque>
#include <mutex>
#include <thread>

#include "core/runtime.h"
#include "gpu/gpu.h"
#include "gpu/gpu_internal.h"
#include "sync/wait.h"

namespace rocshmem {
namespace gpu {

bool g_proxy_running = false;

namespace proxy {
namespace {

using device::ProxyOp;
using device::ProxySlot;
using Clock = std::chrono::steady_clock;

/* Requests in flight at most (n_slots); a multiple of the widest wavefront
 * so that one wave's requests never wait for each other's slots. */
constexpr uint32_t kSlots = 1024;
/* A put to another node is sent straight from its payload area, and the
 * slot freed once sent: gpu_put_start copies data up to 4 KiB into the
 * message (transport/network.h). */
static_assert(device::kProxyPayloadBytes <= 4096, "payload puts rely on the network's copy");
/* A drain (host quiet) gives up when the proxy makes no progress this long:
 * a ticket was taken but never published (a kernel killed mid-post). */
constexpr auto kDrainStall = std::chrono::seconds(10);
/* stop(): how long the thread may take to finish its current request, and
 * how long kernels may keep taking tickets before the count is final. */
constexpr auto kStopWait = std::chrono::seconds(2);
constexpr auto kSettle = std::chrono::milliseconds(20);
/* Staging buffers for other nodes' GPU heaps, net::kGpuChunk bytes each:
 * 16 MiB of page-locked memory, registered once at start.  As many chunks
 * of a transfer are in flight (copied, on the network, being answered). */
constexpr unsigned kStageChunks = 64;

static_assert(static_cast<int>(device::ProxyAmo::ADD) == static_cast<int>(net::AtomicOp::Add) &&
                  static_cast<int>(device::ProxyAmo::COMPARE_SWAP) ==
                      static_cast<int>(net::AtomicOp::CompareSwap),
              "ProxyAmo mirrors net::AtomicOp");

struct Proxy {
  ProxySlot *slots = nullptr;     /* host view of the ring */
  ProxySlot *slots_dev = nullptr; /* the same, as the GPU addresses it */
  char *payloads = nullptr;       /* host view of the payload areas, beside the ring */
  uint64_t *scratch = nullptr;    /* old values nobody waits for */
  device::ProxyChannel *channel = nullptr;
  hipStream_t stream = nullptr;  /* the requests' stream */
  hipStream_t control = nullptr; /* stop(): reads the ticket counter while a kernel may run */
  uint64_t *tail = nullptr;      /* pinned: where it reads it to */
  std::thread thread;
  std::atomic<bool> stopping{false};
  std::atomic<uint64_t> completed{0}; /* requests done, in ticket order */
  std::mutex mu;
  std::condition_variable cv;
  bool exited = false; /* under mu */
};
Proxy g_proxy;

/* The pinned staging ring of requests to other nodes (the proxy thread's
 * alone).  Chunk k is free once its answers have come (a put's: the target
 * has the data; a get's: the data is here) and its copy on the proxy's
 * stream is done (copied[k]; copying says whether one was recorded). */
struct Stage {
  char *buf = nullptr; /* kStageChunks x net::kGpuChunk, page-locked */
  net::Answers answers[kStageChunks];
  hipEvent_t copied[kStageChunks] = {};
  bool copying[kStageChunks] = {};
  unsigned next = 0;
  /* Answers of requests nobody waits for (puts whose data travels with the
   * request, AMOs without a result): counted by net::gpu_answers_due, never
   * waited for one by one. */
  net::Answers unwaited;
};
Stage g_stage;
/* Some peer is on another node: the staging ring exists. */
bool g_remote_peers = false;

/* Consecutive small requests nobody waits for (inline puts, AMOs without a
 * result) to one PE on another node, gathered into one message: sent when
 * a request of another kind or for another PE comes, when it is full, or
 * when the ring has nothing more for now (serve()), so a lone request waits
 * for no other. */
struct Batch {
  int pe = -1;
  size_t n = 0;
  net::BatchItem items[net::kBatchItems];
};
Batch g_batch;

void flush_batch(const char *call) {
  if (!g_batch.n) return;
  net::gpu_batch_start(call, g_batch.pe, g_batch.items, g_batch.n, g_stage.unwaited);
  g_batch.n = 0;
}

/* Adds request r (for offset off) to the batch, sending the batch first if
 * it is for another PE or full. */
void batch(const char *call, const ProxySlot &r, size_t off) {
  if (g_batch.n && (g_batch.pe != r.pe || g_batch.n == net::kBatchItems)) flush_batch(call);
  g_batch.pe = r.pe;
  net::BatchItem &it = g_batch.items[g_batch.n++];
  it = net::BatchItem{};
  it.offset = off;
  it.data[0] = r.arg[0];
  it.data[1] = r.arg[1];
  it.is_amo = r.op == static_cast<uint8_t>(ProxyOp::AMO);
  it.op = r.amo_op;
  it.size = static_cast<uint8_t>(it.is_amo ? r.size : r.bytes);
}
/* Work was queued on the proxy's stream since it was last synchronized:
 * a synchronization of an idle stream still costs a microsecond or two,
 * which a small request to another node would pay each time. */
bool g_stream_queued = false;

/* Slots whose data (a put's, in the slot or its payload area) the proxy's
 * stream may still be copying to a GPU of this node: their sequence words
 * are set once the stream has been synchronized, so that such copies are
 * asynchronous and a run of small puts pays one synchronization.  At most
 * kHeldMax (then the proxy synchronizes), and none while the ring is idle,
 * so that a kernel waiting for room never waits on a held slot for long. */
struct Held {
  uint32_t slot;
  uint64_t seq; /* the free state: its ticket + kSlots */
};
constexpr size_t kHeldMax = kSlots / 4;
Held g_held[kHeldMax];
size_t g_n_held = 0;

void sync_stream(const char *call, const char *what) {
  if (!g_stream_queued) return;
  check(call, hipStreamSynchronize(g_proxy.stream), what);
  g_stream_queued = false;
  for (size_t k = 0; k < g_n_held; ++k)
    __atomic_store_n(&g_proxy.slots[g_held[k].slot].seq, g_held[k].seq, __ATOMIC_RELEASE);
  g_n_held = 0;
}

void hold(const char *call, uint32_t slot, uint64_t seq) {
  g_held[g_n_held++] = Held{slot, seq};
  if (g_n_held == kHeldMax) sync_stream(call, "completing the GPU proxy's copies");
}

const char *op_name(ProxyOp op) {
  switch (op) {
    case ProxyOp::PUT: return "device put (GPU proxy)";
    case ProxyOp::GET: return "device get (GPU proxy)";
    case ProxyOp::AMO: return "device atomic (GPU proxy)";
    default: return "device quiet (GPU proxy)";
  }
}

/* Offset of a request's symmetric address in the GPU heap. */
size_t heap_offset(const char *call, const ProxySlot &r) {
  const uint64_t size = g_gpu.state.heap_size;
  const uint64_t off = r.remote - reinterpret_cast<uintptr_t>(g_gpu.state.heap_base);
  const uint64_t span = r.op == static_cast<uint8_t>(ProxyOp::AMO) ? r.size : r.bytes;
  if (off > size || span > size - off)
    fatal(call, "internal error: address 0x%llx (%llu bytes) is outside the GPU heap",
          static_cast<unsigned long long>(r.remote), static_cast<unsigned long long>(span));
  return off;
}

/* Where request r's PE is: mapped here (true), on another node (false: the
 * network path), or nowhere a host path reaches. */
bool mapped_here(const char *call, const ProxySlot &r) {
  const int pe = r.pe;
  if (pe < 0 || pe >= g_peers.n_pes)
    fatal(call, "internal error: request for pe = %d of %d PEs", pe, g_peers.n_pes);
  if (g_peers.base[SEG_GPU][pe]) return true;
  if (on_other_node(pe)) return false;
  fatal(call, "pe = %d runs on this node, but its GPU heap could not be mapped through IPC "
        "(see the warning at init), so the host cannot reach it either", pe);
}

/* Where the data of slot i's request r is (device::kProxyPayload). */
const char *payload(const ProxySlot &r, uint32_t i) {
  return g_proxy.payloads + size_t(i) * device::kProxyPayloadStride + r.local;
}

char *stage_chunk(unsigned k) { return g_stage.buf + size_t(k) * net::kGpuChunk; }

/* The next staging chunk, once free (its answers come while the worker is
 * progressed; its copy is waited for). */
unsigned take_chunk(const char *call) {
  Stage &st = g_stage;
  const unsigned k = st.next;
  st.next = (k + 1) % kStageChunks;
  net::wait_answers(st.answers[k]);
  if (st.copying[k]) {
    check(call, hipEventSynchronize(st.copied[k]), "a staging copy of the GPU proxy");
    st.copying[k] = false;
  }
  return k;
}

void record_copy(const char *call, unsigned k) {
  check(call, hipEventRecord(g_stage.copied[k], g_proxy.stream), "recording a staging copy");
  g_stage.copying[k] = true;
  g_stream_queued = true;
}

/* A chunk of a transfer: staging chunk k holds bytes [at, at + n). */
struct Chunk {
  unsigned k;
  size_t at, n;
};

/* Put: each chunk is copied from the GPU into a staging chunk and sent as
 * soon as its copy is done, so the copies of later chunks overlap the
 * network's work on earlier ones (and the target's copies into its GPU).
 * Returns once every chunk is sent (the source may be reused); the answers
 * come later (drain_remote). */
void put_staged(const char *call, int pe, size_t off, const char *from, size_t bytes) {
  std::deque<Chunk> copied;
  auto send_front = [&] {
    const Chunk c = copied.front();
    copied.pop_front();
    if (g_stage.copying[c.k]) {
      check(call, hipEventSynchronize(g_stage.copied[c.k]), "staging a proxy put");
      g_stage.copying[c.k] = false;
    }
    net::gpu_put_start(call, pe, off + c.at, stage_chunk(c.k), c.n, g_stage.answers[c.k]);
  };
  for (size_t at = 0, n; at < bytes; at += n) {
    n = bytes - at < net::kGpuChunk ? bytes - at : net::kGpuChunk;
    const unsigned k = take_chunk(call);
    copy_on(call, g_proxy.stream, stage_chunk(k), from + at, n);
    record_copy(call, k);
    copied.push_back({k, at, n});
    /* send what is already copied, keeping one copy queued behind the one running */
    while (copied.size() > 2 || (!copied.empty() &&
                                 hipEventQuery(g_stage.copied[copied.front().k]) == hipSuccess))
      send_front();
  }
  while (!copied.empty()) send_front();
}

/* Get: up to kStageChunks chunks requested at once; each is copied to the
 * GPU as soon as its answer is here, while later ones are still coming.
 * Returns with the last copies queued on the proxy's stream. */
void get_staged(const char *call, int pe, size_t off, char *to, size_t bytes) {
  std::deque<Chunk> asked;
  size_t at = 0;
  while (at < bytes || !asked.empty()) {
    while (at < bytes && asked.size() < kStageChunks) {
      const size_t n = bytes - at < net::kGpuChunk ? bytes - at : net::kGpuChunk;
      const unsigned k = take_chunk(call);
      net::gpu_get_start(call, pe, off + at, stage_chunk(k), n, g_stage.answers[k]);
      asked.push_back({k, at, n});
      at += n;
    }
    const Chunk c = asked.front();
    asked.pop_front();
    net::wait_answers(g_stage.answers[c.k]);
    copy_on(call, g_proxy.stream, to + c.at, stage_chunk(c.k), c.n);
    record_copy(call, c.k);
  }
}

/* Every request to another node is complete: its answer has come, and a
 * get's copy to the GPU is done. */
void drain_remote(const char *call) {
  flush_batch(call);
  while (net::gpu_answers_due() > 0) net::progress();
  sync_stream(call, "completing the GPU proxy's requests");
}

/* Request r (slot i) to a PE on another node, over the network transport
 * (net::gpu_*: that PE does the work).  Requests go out without waiting for
 * the answers of earlier ones (the target performs one PE's requests in the
 * order sent, so they stay ordered); a request the kernel waits for
 * (kProxyWait) returns complete, and so is everything before it.  Data in
 * the slot or its payload area is host memory already, small enough that
 * the message carries a copy (the slot is free on return); a GPU buffer is
 * staged through the pinned chunks.  Earlier requests on the
 * stream (copies to same-node peers under ROCSHMEM_GPU_PROXY=all) are
 * finished first, so that they stay in order before it. */
void execute_remote(const char *call, ProxySlot &r, uint32_t i) {
  Proxy &p = g_proxy;
  sync_stream(call, "completing earlier proxy requests");
  const size_t off = heap_offset(call, r);
  const bool in_slot = r.flags & device::kProxyInline;
  const bool waited = r.flags & device::kProxyWait;
  if ((r.op == static_cast<uint8_t>(ProxyOp::PUT) && in_slot) ||
      (r.op == static_cast<uint8_t>(ProxyOp::AMO) && !waited))
    return batch(call, r, off);
  flush_batch(call);
  switch (static_cast<ProxyOp>(r.op)) {
    case ProxyOp::PUT:
      if (r.flags & device::kProxyPayload)
        net::gpu_put_start(call, r.pe, off, payload(r, i), r.bytes, g_stage.unwaited);
      else
        put_staged(call, r.pe, off, reinterpret_cast<const char *>(r.local), r.bytes);
      break;
    case ProxyOp::GET:
      if (in_slot)
        net::gpu_get(call, r.pe, off, r.arg, r.bytes);
      else
        get_staged(call, r.pe, off, reinterpret_cast<char *>(r.local), r.bytes);
      break;
    case ProxyOp::AMO:
      p.slots[i].result = net::gpu_atomic(call, r.pe, off, static_cast<net::AtomicOp>(r.amo_op),
                                          r.arg[0], r.arg[1], r.size);
      break;
    default: fatal("rocshmem GPU proxy", "internal error: unknown request %d", r.op);
  }
  if (waited) drain_remote(call);
}

/* Starts request r (slot i); synchronizes the stream when the requester
 * waits for it.  Returns whether the stream may still read the slot (a
 * put's data in it or its payload area): the caller holds the slot. */
bool execute(ProxySlot &r, uint32_t i) {
  const ProxyOp op = static_cast<ProxyOp>(r.op);
  const char *call = op_name(op);
  const bool in_slot = r.flags & device::kProxyInline;
  if (op != ProxyOp::QUIET && !mapped_here(call, r)) {
    execute_remote(call, r, i);
    return false;
  }
  /* a request waited for completes those to other nodes before it too */
  if (g_remote_peers && (r.flags & device::kProxyWait)) drain_remote(call);
  switch (op) {
    case ProxyOp::PUT: {
      char *to = g_peers.base[SEG_GPU][r.pe] + heap_offset(call, r);
      const void *from = reinterpret_cast<const void *>(r.local);
      if (in_slot) from = r.arg;
      if (r.flags & device::kProxyPayload) from = payload(r, i);
      copy_on(call, g_proxy.stream, to, from, r.bytes); /* (from pinned memory: asynchronous) */
      break;
    }
    case ProxyOp::GET: {
      const char *from = g_peers.base[SEG_GPU][r.pe] + heap_offset(call, r);
      void *to = in_slot ? static_cast<void *>(r.arg) : reinterpret_cast<void *>(r.local);
      copy_on(call, g_proxy.stream, to, from, r.bytes);
      break;
    }
    case ProxyOp::AMO: {
      uint64_t *result = (r.flags & device::kProxyWait) ? &g_proxy.slots_dev[i].result
                                                         : g_proxy.scratch;
      atomic_on(call, g_proxy.stream, r.pe, heap_offset(call, r),
                static_cast<net::AtomicOp>(r.amo_op), r.arg[0], r.arg[1], r.size, result);
      break;
    }
    case ProxyOp::QUIET: break;
    default: fatal("rocshmem GPU proxy", "internal error: unknown request %d", r.op);
  }
  if (op != ProxyOp::QUIET) g_stream_queued = true;
  if (r.flags & device::kProxyWait) {
    sync_stream(call, "completing a proxy request");
    return false;
  }
  return op == ProxyOp::PUT && (r.flags & (device::kProxyInline | device::kProxyPayload));
}

/* Idle policy: spin briefly, then yield, then sleep between polls, so an
 * idle proxy costs almost no CPU (the waits' policy, sync/wait.h). */
void idle(unsigned polls) {
  if (polls < g_runtime.spin_count)
    cpu_relax();
  else if (polls < g_runtime.spin_count + 1000)
    sched_yield();
  else
    std::this_thread::sleep_for(std::chrono::microseconds(50));
}

void serve(int device) {
  (void)hipSetDevice(device);
  Proxy &p = g_proxy;
  uint64_t next = 0;
  unsigned polls = 0;
  while (!p.stopping.load(std::memory_order_acquire)) {
    const uint32_t i = static_cast<uint32_t>(next % kSlots);
    ProxySlot &r = p.slots[i];
    if (__atomic_load_n(&r.seq, __ATOMIC_ACQUIRE) != next + 1) {
      if (g_batch.n) flush_batch("rocshmem GPU proxy");
      if (g_n_held) sync_stream("rocshmem GPU proxy", "completing the GPU proxy's copies");
      idle(polls++);
      continue;
    }
    polls = 0;
    const bool read_later = execute(r, i);
    const uint64_t after = (r.flags & device::kProxyWait) ? next + 2 : next + kSlots;
    if (read_later)
      hold(op_name(static_cast<ProxyOp>(r.op)), i, after);
    else
      __atomic_store_n(&r.seq, after, __ATOMIC_RELEASE);
    p.completed.store(++next, std::memory_order_release);
  }
  std::lock_guard<std::mutex> lock(p.mu);
  p.exited = true;
  p.cv.notify_all();
}

uint64_t read_tail(const char *call) {
  Proxy &p = g_proxy;
  check(call, hipMemcpyAsync(p.tail, &p.channel->tail, sizeof *p.tail, hipMemcpyDeviceToHost,
                             p.control), "reading the proxy's ticket counter");
  check(call, hipStreamSynchronize(p.control), "reading the proxy's ticket counter");
  return *p.tail;
}

}  // namespace

device::ProxyChannel *start(const char *call) {
  Proxy &p = g_proxy;
  /* Mapped so the GPU writes requests straight into host memory; on AMD
   * also fine-grained (coherent), so a running kernel sees the host's
   * writes of results and sequence words. */
  unsigned flags = hipHostMallocMapped | hipHostMallocPortable;
#ifdef ROCSHMEM_GPU_IS_HIP
  flags |= hipHostMallocCoherent;
#endif
  /* the ring, then the payload areas */
  check(call, hipHostMalloc(reinterpret_cast<void **>(&p.slots),
                            (sizeof(ProxySlot) + device::kProxyPayloadStride) * kSlots, flags),
        "allocating the GPU proxy's request ring (pinned host memory)");
  check(call, hipHostGetDevicePointer(reinterpret_cast<void **>(&p.slots_dev), p.slots, 0),
        "mapping the GPU proxy's request ring");
  p.payloads = reinterpret_cast<char *>(p.slots + kSlots);
  std::memset(static_cast<void *>(p.slots), 0, sizeof(ProxySlot) * kSlots);
  for (uint32_t i = 0; i < kSlots; ++i) p.slots[i].seq = i; /* slot i is free for ticket i */
  check(call, hipHostMalloc(reinterpret_cast<void **>(&p.scratch), sizeof(uint64_t), flags),
        "allocating pinned host memory");
  check(call, hipHostMalloc(reinterpret_cast<void **>(&p.tail), sizeof(uint64_t), flags),
        "allocating pinned host memory");

  device::ProxyChannel header{};
  header.n_slots = kSlots;
  header.slots = p.slots_dev;
  header.payloads = reinterpret_cast<char *>(p.slots_dev + kSlots);
  check(call, hipMalloc(reinterpret_cast<void **>(&p.channel), sizeof header),
        "allocating the GPU proxy channel");
  check(call, hipMemcpy(p.channel, &header, sizeof header, hipMemcpyHostToDevice),
        "filling the GPU proxy channel");
  check(call, hipStreamCreateWithFlags(&p.stream, hipStreamNonBlocking), "creating a GPU stream");
  check(call, hipStreamCreateWithFlags(&p.control, hipStreamNonBlocking), "creating a GPU stream");

  g_remote_peers = false;
  for (int pe = 0; pe < g_peers.n_pes; ++pe) g_remote_peers = g_remote_peers || on_other_node(pe);
  if (g_remote_peers) {
    check(call, hipHostMalloc(reinterpret_cast<void **>(&g_stage.buf),
                              size_t(kStageChunks) * net::kGpuChunk, hipHostMallocDefault),
          "allocating the GPU proxy's staging buffers (pinned host memory)");
    for (unsigned k = 0; k < kStageChunks; ++k) {
      check(call, hipEventCreateWithFlags(&g_stage.copied[k], hipEventDisableTiming),
            "creating a GPU event");
      g_stage.copying[k] = false;
    }
    g_stage.next = 0;
  }

  g_n_held = 0; /* (a previous run's, stopped with slots held) */
  g_stream_queued = false;
  p.stopping = false;
  p.completed = 0;
  p.exited = false;
  p.thread = std::thread(serve, g_gpu.device);
  g_proxy_running = true;
  return p.channel;
}

}  // namespace proxy

/* The requests published when the call began are complete on return (what
 * a kernel that has ended posted, in particular): the proxy has started
 * them all, and its stream has finished them. */
void drain_proxy(const char *call) {
  proxy::Proxy &p = proxy::g_proxy;
  const uint64_t from = p.completed.load(std::memory_order_acquire);
  uint64_t target = 0;
  for (uint64_t t = from; t < from + proxy::kSlots; ++t)
    if (__atomic_load_n(&p.slots[t % proxy::kSlots].seq, __ATOMIC_ACQUIRE) == t + 1)
      target = t + 1;
  uint64_t seen = from;
  proxy::Clock::time_point last_progress = proxy::Clock::now();
  bool stalled = false;
  wait_politely({call, "this PE's GPU proxy to complete the requests kernels posted"}, [&] {
    uint64_t now = p.completed.load(std::memory_order_acquire);
    if (now >= target) return true;
    if (now != seen) {
      seen = now;
      last_progress = proxy::Clock::now();
    }
    stalled = proxy::Clock::now() - last_progress > proxy::kDrainStall;
    return stalled;
  });
  if (stalled)
    ROCSHMEM_LOG(LOG_WARN, "%s: the GPU proxy made no progress for %lld s: request %llu was "
                 "taken but never posted (a kernel stopped while posting?); not waiting for it",
                 call, static_cast<long long>(proxy::kDrainStall.count()),
                 static_cast<unsigned long long>(seen));
  else {
    /* (not drain_remote: the proxy thread may be serving other requests) */
    while (net::gpu_answers_due() > 0) net::progress();
    check(call, hipStreamSynchronize(p.stream), "completing the GPU proxy's requests");
  }
}

namespace proxy {

uint64_t stop(const char *call) {
  Proxy &p = g_proxy;
  if (!g_proxy_running) return 0;
  g_proxy_running = false;
  p.stopping.store(true, std::memory_order_release);
  bool exited;
  {
    std::unique_lock<std::mutex> lock(p.mu);
    exited = p.cv.wait_for(lock, kStopWait, [&] { return p.exited; });
  }
  if (exited)
    p.thread.join();
  else
    p.thread.detach(); /* stuck in a GPU call behind a kernel that never ends */

  /* Kernels still running keep taking tickets until the ring is full: wait
   * until the count stops moving (bounded), then compare. */
  uint64_t tail = read_tail(call);
  for (Clock::time_point end = Clock::now() + kStopWait; Clock::now() < end;) {
    std::this_thread::sleep_for(kSettle);
    uint64_t again = read_tail(call);
    if (again == tail) break;
    tail = again;
  }
  const uint64_t left = tail - p.completed.load(std::memory_order_acquire);
  if (left) {
    report_error(call, "a kernel left %llu proxy requests unfinished (it was still running, or "
                 "blocked on the proxy, when rocshmem_finalize stopped it); the GPU memory stays "
                 "allocated until the process exits", static_cast<unsigned long long>(left));
    return left;
  }
  if (g_remote_peers) {
    drain_remote(call);
    for (unsigned k = 0; k < kStageChunks; ++k) (void)hipEventDestroy(g_stage.copied[k]);
    (void)hipHostFree(g_stage.buf);
    g_stage.buf = nullptr;
  }
  (void)hipStreamDestroy(p.stream);
  (void)hipStreamDestroy(p.control);
  (void)hipFree(p.channel);
  (void)hipHostFree(p.slots);
  (void)hipHostFree(p.scratch);
  (void)hipHostFree(p.tail);
  p.stream = p.control = nullptr;
  p.channel = nullptr;
  p.slots = p.slots_dev = nullptr;
  p.payloads = nullptr;
  p.scratch = p.tail = nullptr;
  return 0;
}

}  // namespace proxy

}  // namespace gpu
}  // namespace rocshmem
