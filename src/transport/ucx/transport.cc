/* The network transport over UCX (UCP).
 *
 * One UCP context and one worker per PE; both symmetric segments (heap and
 * static data) registered with ucp_mem_map; worker addresses and packed
 * rkeys exchanged at init over the bootstrap (an all-gather, kept packed:
 * a few hundred bytes per PE).  The endpoint to a peer, and its unpacked
 * rkeys (about 26 KiB per peer over UCX's shared-memory transports), are
 * made by the first operation that targets it (ep_of in ucx.h; at init for
 * every peer with ROCSHMEM_UCX_EAGER_ENDPOINTS=1): at 16,384 PEs a PE that
 * talks to 64 of them holds 64 endpoints, not 16,383.  A PE
 * that is alone on its node has its heap allocated by UCX instead
 * (allocate_heap), which UCX's shared-memory transports reach directly.  RMA uses
 * ucp_put_nbx / ucp_get_nbx, AMOs ucp_atomic_op_nbx, fence ucp_worker_fence
 * and quiet waits for every outstanding _nbi request, then flushes the worker
 * if a put was issued since the last flush.
 *
 * Progress: transports without hardware RMA/atomics (tcp, and shared memory
 * for atomics) are emulated by UCX with active messages that the *target*
 * worker must progress.  A PE busy computing would then stall everyone
 * updating its memory, so a progress thread sleeps on the worker's event fd
 * (UCP wakeup) and progresses it when traffic arrives: it costs no CPU while
 * idle, which matters on oversubscribed nodes.  Wait loops progress the
 * worker too, for latency (ROCSHMEM_UCX_PROGRESS_THREAD=0 leaves only those).
 *
 * Locking: the worker is created SERIALIZED and every call into it is made
 * under g_ucx.lock (ucx/worker_lock.h) when more than one thread can touch
 * it (progress thread, THREAD_MULTIPLE, the teardown helper): flags that
 * cost the application no atomic instruction beside the progress thread, a
 * futex-based mutex under THREAD_MULTIPLE.  UCX's own UCS_THREAD_MODE_MULTI
 * lock is a spinlock: on 2 cores running 2 PEs and their progress threads, a
 * lock holder preempted by the scheduler makes the other thread spin away
 * its time slice; with MULTI, 8-byte operations took 3-20 us to milliseconds
 * here, and those outliers went away with this scheme.  The progress thread stays off the worker entirely while an
 * application thread drives it (progress_loop). */
#include <sys/epoll.h>
#include <sys/mman.h>
#include <time.h>
#include <ucp/api/ucp.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <cstdlib>
#include <cstring>
#include <thread>
#include <vector>

#include "bootstrap/bootstrap.h"
#include "core/log.h"
#include "core/runtime.h"
#include "core/topology.h"
#include "ctx/pcntr.h"
#include "rocshmem/rocshmem.h"
#include "transport/net_stats.h"
#include "transport/network.h"
#include "transport/ucx/ucx.h"

namespace rocshmem {
namespace net {

bool g_active = false;

namespace ucx {
Ucx g_ucx;

Blobs allgather_blobs(Bootstrap &boot, const void *data, size_t len) {
  const int n = boot.size();
  std::vector<uint64_t> lens(n);
  uint64_t mine = len;
  boot.allgather(&mine, lens.data(), sizeof mine);
  uint64_t max = 0, total = 0;
  for (uint64_t l : lens) {
    max = l > max ? l : max;
    total += l;
  }
  /* The all-gather moves equal sizes: padded to the longest, then packed. */
  std::vector<char> in(max), all(max * n);
  if (len) std::memcpy(in.data(), data, len);
  boot.allgather(in.data(), all.data(), max);
  Blobs out;
  out.reserve(n, total);
  for (int pe = 0; pe < n; ++pe) out.append(all.data() + pe * max, lens[pe]);
  return out;
}
}  // namespace ucx

namespace {

using ucx::allgather_blobs;
using ucx::app_tick;
using ucx::direct_of;
using ucx::ep_of;
using ucx::g_ucx;
using ucx::kReapAt;
using ucx::Guard;
using ucx::Pending;
using ucx::Blobs;
using ucx::status_text;
using ucx::wait_request;


[[noreturn]] void pending_failed(const Pending &p, ucs_status_t s) {
  fatal(p.call, "non-blocking %s PE %d failed (found when completing it): %s", p.what, p.pe,
        status_text(s));
}

/* Frees the finished _nbi requests, keeps the others.  Caller holds the Guard. */
void reap_pending() {
  ucp_worker_progress(g_ucx.worker); /* move the queue along first */
  size_t kept = 0;
  for (Pending &p : g_ucx.pending) {
    ucs_status_t s = ucp_request_check_status(p.req);
    if (s == UCS_INPROGRESS) {
      g_ucx.pending[kept++] = p;
      continue;
    }
    ucp_request_free(p.req);
    if (s != UCS_OK) pending_failed(p, s);
  }
  g_ucx.pending.resize(kept);
  g_ucx.reap_at = std::max(kReapAt, 2 * kept);
}

/* Completes the call that returned `req`.  Caller holds the Guard. */
void finish(const char *call, const char *what, int pe, ucs_status_ptr_t req, bool nbi) {
  if (nbi && UCS_PTR_IS_PTR(req)) {
    /* Kept until quiet waits for it: the flush alone is not trusted. */
    g_ucx.pending.push_back(Pending{req, call, what, pe});
    if (g_ucx.pending.size() >= g_ucx.reap_at) reap_pending();
    return;
  }
  ucs_status_t s = nbi ? UCS_PTR_STATUS(req) : wait_request(req);
  if (s != UCS_OK) fatal(call, "%s PE %d failed: %s", what, pe, status_text(s));
}

/* One ucp_put_nbx and its completion (finish); caller holds the Guard. */
void put_locked(const char *call, const char *what, int pe, ucp_ep_h ep, const Location &to,
                const void *src, size_t bytes, bool nbi) {
  ucp_request_param_t p{};
  ucs_status_ptr_t req = ucp_put_nbx(ep, src, bytes, g_ucx.remote_base[to.seg][pe] + to.offset,
                                     g_ucx.rkeys[to.seg][pe], &p);
  finish(call, what, pe, req, nbi);
}

void sleep_us(long us) {
  timespec t{0, us * 1000};
  nanosleep(&t, nullptr);
}

/* The progress thread.  While an application thread drives the worker
 * (app_ticks moves), that thread already serves incoming traffic, and a
 * wake-up plus a lock handoff per message would only slow it down (on 2
 * cores they cost more than the message): the thread then sleeps, longer
 * each time it finds the application still busy (50 us doubling to
 * kBackoffMaxUs).  Once app_ticks stands still, the thread progresses the
 * worker until idle, arms it and sleeps on its event fd until traffic
 * arrives.  So a PE that computes is served within one wake-up, a PE in a
 * wait loop is not disturbed, and an idle PE costs no CPU. */
/* The longest of those sleeps, so also how long a PE that stops calling the
 * library after a long busy phase may leave remote requests unserved.  Each
 * wake-up preempts a PE that polls: over tcp, 2 PEs, 8-byte put + quiet, get,
 * fetch_add and ping-pong took 6-13% longer with a 1 ms cap than without the
 * thread, 1-8% with 4 ms; 16 and 64 ms were no better than 4
 * (measured with bench/compare.sh -u). */
constexpr long kBackoffMaxUs = 4000;

void progress_loop() {
  int efd = -1;
  while (!g_ucx.lock.helper_try_enter()) sleep_us(50);
  ucs_status_t got_efd = ucp_worker_get_efd(g_ucx.worker, &efd);
  g_ucx.lock.helper_leave();
  if (got_efd != UCS_OK) return;
  int ep = epoll_create1(EPOLL_CLOEXEC);
  epoll_event ev{};
  ev.events = EPOLLIN;
  epoll_ctl(ep, EPOLL_CTL_ADD, efd, &ev);
  uint64_t seen = g_ucx.app_ticks.load(std::memory_order_relaxed);
  long backoff_us = 0;
  while (!g_ucx.stop.load(std::memory_order_acquire)) {
    uint64_t now = g_ucx.app_ticks.load(std::memory_order_relaxed);
    /* (the lock is tried only when the ticks stood still) */
    if (now != seen || !g_ucx.lock.helper_try_enter()) {
      seen = now;
      backoff_us = backoff_us ? std::min(2 * backoff_us, kBackoffMaxUs) : 50;
      sleep_us(backoff_us);
      continue;
    }
    backoff_us = 0;
    while (ucp_worker_progress(g_ucx.worker)) {
    }
    ucs_status_t s = ucp_worker_arm(g_ucx.worker);
    g_ucx.lock.helper_leave();
    if (s == UCS_ERR_BUSY) continue;
    epoll_event got;
    /* ucp_worker_signal (teardown) wakes it; the timeout is a backstop. */
    epoll_wait(ep, &got, 1, 100);
  }
  close(ep);
}

void start_progress_thread() {
  /* Before the thread exists: it and we then share the worker. */
  if (g_ucx.lock.mode() == WorkerLock::Mode::Off) g_ucx.lock.set_mode(WorkerLock::Mode::Shared);
  g_ucx.stop.store(false, std::memory_order_release);
  g_ucx.progress_thread = std::thread(progress_loop);
}

void stop_progress_thread() {
  if (!g_ucx.progress_thread.joinable()) return;
  g_ucx.stop.store(true, std::memory_order_release);
  ucp_worker_signal(g_ucx.worker); /* thread-safe: wakes its epoll_wait */
  g_ucx.progress_thread.join();
}

/* Quiet's work; caller holds the Guard.  Waits for every _nbi request first
 * (a put's request completes when its source is reusable, a get's when the
 * data is here), then flushes, which makes the puts remotely complete: if a
 * put was issued since the last flush, or with `all` always (teardown: the
 * put_signal puts too). */
void quiet_locked(const char *call, bool all = false) {
  for (const Pending &p : g_ucx.pending) {
    ucs_status_t s = wait_request(p.req);
    if (s != UCS_OK) pending_failed(p, s);
  }
  g_ucx.pending.clear();
  g_ucx.reap_at = kReapAt;
  if (!g_ucx.unflushed && !all) return pcntr::network_completed();
  ucp_request_param_t p{};
  ucs_status_t s = wait_request(ucp_worker_flush_nbx(g_ucx.worker, &p));
  if (s == UCS_OK) {
    g_ucx.unflushed = false;
    return pcntr::network_completed(); /* the progress counters' completions */
  }
  /* A worker flush does not say which peer failed: flush each endpoint to
   * name it (only on this error path, it costs a round trip per peer). */
  for (size_t pe = 0; pe < g_ucx.eps.size(); ++pe) {
    if (!g_ucx.eps[pe]) continue;
    ucs_status_t e = wait_request(ucp_ep_flush_nbx(g_ucx.eps[pe], &p));
    if (e != UCS_OK)
      fatal(call, "completing network operations to PE %zu failed (ucp_ep_flush_nbx): %s", pe,
            status_text(e));
  }
  fatal(call, "completing network operations failed (ucp_worker_flush_nbx): %s", status_text(s));
}

/* The UCX transports this PE may use, for error messages. */
std::string tls_text() {
  const char *tls = std::getenv("UCX_TLS");
  const char *dev = std::getenv("UCX_NET_DEVICES");
  std::string t = std::string("UCX_TLS=") + (tls ? tls : "(unset: all but sysv)");
  if (dev) t += std::string(", UCX_NET_DEVICES=") + dev;
  return t;
}

/* Whether UCX may open its shared-memory FIFO transports (the "mm" ones:
 * posix, sysv, xpmem) under the user's UCX_TLS: unset, an exclusion list
 * ("^..."), or a list naming one of them or an alias that contains them.
 * Where it may not, UCX rejects their settings at every worker's creation
 * with a warning on every PE ("invalid configuration"). */
bool tls_may_use_mm() {
  const char *tls = std::getenv("UCX_TLS");
  if (!tls || !*tls || *tls == '^') return true;
  static const char *const kMmNames[] = {"all", "sm", "shm", "mm", "posix", "sysv", "xpmem"};
  const std::string list(tls);
  size_t at = 0;
  while (at <= list.size()) {
    const size_t end = std::min(list.find(',', at), list.size());
    const std::string name = list.substr(at, end - at);
    for (const char *mm : kMmNames)
      if (name == mm) return true;
    at = end + 1;
  }
  return false;
}

/* A UCP context with this library's settings of UCX's configuration (a
 * user's own UCX_* setting of each wins). */
ucs_status_t init_context(const ucp_params_t &params, bool new_protocols) {
  ucp_config_t *config = nullptr;
  ucs_status_t s = ucp_config_read(nullptr, nullptr, &config);
  if (s != UCS_OK) return s;
  /* AMOs on memory mapped here are CPU atomics (amo/amo.h); asking UCX to
   * perform its atomics with the CPU too keeps the two atomic with respect
   * to each other on any network.  A user's UCX_ATOMIC_MODE wins (and then
   * every AMO on another PE goes through UCX: atomics_by_cpu()). */
  if (!std::getenv("UCX_ATOMIC_MODE")) ucp_config_modify(config, "ATOMIC_MODE", "cpu");
  /* A worker flush (quiet) whose software RMA is not yet acknowledged
   * otherwise flushes every endpoint too, and over tcp an endpoint flush is
   * one more message and its answer (a zero-length put_zcopy asking for an
   * ack): 2 PEs, put 8 B + quiet took 28-29 us against 16.5-17.5 without,
   * where a get took 16.5-17 (OSHMEM, whose put waits for the acknowledgement
   * instead: 27).  Without it the flush still completes every operation: it
   * waits until the worker's outstanding operations are acknowledged and
   * every interface is flushed.  A user's UCX_FLUSH_WORKER_EPS wins. */
  if (!std::getenv("UCX_FLUSH_WORKER_EPS")) ucp_config_modify(config, "FLUSH_WORKER_EPS", "n");
  /* UCX's two shared-memory FIFO transports, posix and sysv, do the same
   * job, and a worker opens an interface of each, with its receive FIFO and
   * buffers: about 2 MiB of each PE's memory apiece (measured with 32 PEs
   * on 8 emulated nodes: 4.8 MiB of Pss added by shmem_init with both, 2.8
   * with either).  UCX talks to this machine's PEs only between emulated
   * nodes (same-node peers map each other's heaps), where posix serves;
   * sysv is left out unless the user's UCX_TLS names the transports. */
  if (!std::getenv("UCX_TLS")) ucp_config_modify(config, "TLS", "^sysv");
  /* Each shared-memory FIFO interface takes its receive buffers from a pool
   * that UCX grows 512 buffers of 8 KiB at a time, with a header written
   * into every one: about 1.5 MiB of each PE's memory before a single
   * message (32 PEs on 8 emulated nodes: Pss added by shmem_init 2.8 -> 1.3
   * MiB, RSS 5.6 -> 4.1, with 64).  The FIFO itself holds 64 elements, so
   * the first 64 buffers cover a full FIFO; the pool still grows on demand
   * (its limit, RX_MAX_BUFS, is untouched).  A user's setting wins; with
   * no shared-memory transport in UCX_TLS there is nothing to set. */
  if (tls_may_use_mm() && !std::getenv("UCX_MM_RX_BUFS_GROW") &&
      !std::getenv("UCX_POSIX_RX_BUFS_GROW") && !std::getenv("UCX_SYSV_RX_BUFS_GROW"))
    ucp_config_modify(config, "MM_RX_BUFS_GROW", "64");
  /* The direct path to other nodes' GPU heaps (remote_gpu_direct.cc) needs
   * UCX's newer protocols where it has both: the older ones move a software
   * put (a transport without hardware RMA, such as tcp) into the target
   * with a host memcpy, which faults on GPU memory.  Where the variable is
   * gone (the newer protocols being the only ones) the call fails
   * harmlessly. */
  if (new_protocols) ucp_config_modify(config, "PROTO_ENABLE", "y");
  s = ucp_init(&params, config, &g_ucx.context);
  ucp_config_release(config);
  return s;
}

/* Whether the context lists CUDA or ROCm memory among those it handles. */
bool lists_gpu_memory(ucp_context_h context) {
  ucp_context_attr_t attr{};
  attr.field_mask = UCP_ATTR_FIELD_MEMORY_TYPES;
  return ucp_context_query(context, &attr) == UCS_OK && (attr.memory_types & ucx::kGpuMemoryTypes);
}

/* Creates the context and the worker, once: allocate_heap may have done it
 * before setup. */
bool open_worker(std::string *error) {
  if (g_ucx.worker) return true;
  ucp_params_t params{};
  params.field_mask = UCP_PARAM_FIELD_FEATURES;
  params.features = UCP_FEATURE_RMA | UCP_FEATURE_AMO32 | UCP_FEATURE_AMO64 | UCP_FEATURE_WAKEUP;
  /* AM: other nodes' GPU heaps (remote_gpu.cc), only where there may be any */
  if (ucx::remote_gpu_wanted()) params.features |= UCP_FEATURE_AM;
  ucs_status_t s = init_context(params, false);
  if (s == UCS_OK) g_ucx.gpu_memory = lists_gpu_memory(g_ucx.context);
  g_ucx.gpu_direct = s == UCS_OK && g_ucx.gpu_memory && ucx::remote_gpu_wanted() &&
                     ucx::direct_wanted();
  /* Only a UCX with GPU support pays for a second context. */
  if (g_ucx.gpu_direct && !std::getenv("UCX_PROTO_ENABLE")) {
    ucp_cleanup(g_ucx.context);
    g_ucx.context = nullptr;
    s = init_context(params, true);
  }
  if (s != UCS_OK) {
    *error = std::string("ucp_init: ") + status_text(s);
    return false;
  }
  ucp_worker_params_t wparams{};
  wparams.field_mask = UCP_WORKER_PARAM_FIELD_THREAD_MODE;
  /* Never MULTI: threads sharing the worker take g_ucx.lock (see the top). */
  wparams.thread_mode = UCS_THREAD_MODE_SERIALIZED;
  s = ucp_worker_create(g_ucx.context, &wparams, &g_ucx.worker);
  if (s != UCS_OK) {
    *error = std::string("ucp_worker_create: ") + status_text(s);
    ucp_cleanup(g_ucx.context);
    g_ucx.context = nullptr;
    g_ucx.worker = nullptr;
    return false;
  }
  return true;
}

}  // namespace

bool compiled_in() { return true; }

char *allocate_heap(size_t size, size_t align, std::string *error) {
  if (!open_worker(error)) return nullptr;
  /* UCX maps its allocation at an address we choose (FIXED) inside a
   * reservation aligned to `align`: the heap's allocator aligns offsets,
   * which are aligned addresses only if the base is. */
  size_t span = size + align;
  void *r = mmap(nullptr, span, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
  if (r == MAP_FAILED) {
    *error = std::string("reserving address space: ") + std::strerror(errno);
    return nullptr;
  }
  char *lo = static_cast<char *>(r);
  char *base = reinterpret_cast<char *>((reinterpret_cast<uintptr_t>(lo) + align - 1) & ~(align - 1));
  ucp_mem_map_params_t mp{};
  mp.field_mask = UCP_MEM_MAP_PARAM_FIELD_ADDRESS | UCP_MEM_MAP_PARAM_FIELD_LENGTH |
                  UCP_MEM_MAP_PARAM_FIELD_FLAGS;
  mp.address = base;
  mp.length = size;
  mp.flags = UCP_MEM_MAP_ALLOCATE | UCP_MEM_MAP_FIXED;
  ucs_status_t s = ucp_mem_map(g_ucx.context, &mp, &g_ucx.mem[SEG_HEAP]);
  ucp_mem_attr_t attr{};
  attr.field_mask = UCP_MEM_ATTR_FIELD_ADDRESS | UCP_MEM_ATTR_FIELD_LENGTH;
  if (s == UCS_OK) s = ucp_mem_query(g_ucx.mem[SEG_HEAP], &attr);
  if (s == UCS_OK && (attr.address != base || attr.length < size)) s = UCS_ERR_NO_MEMORY;
  if (s != UCS_OK) {
    if (g_ucx.mem[SEG_HEAP]) ucp_mem_unmap(g_ucx.context, g_ucx.mem[SEG_HEAP]);
    g_ucx.mem[SEG_HEAP] = nullptr;
    munmap(r, span);
    *error = std::string("ucp_mem_map (UCP_MEM_MAP_ALLOCATE | UCP_MEM_MAP_FIXED) of ") +
             std::to_string(size) + " bytes: " + status_text(s);
    return nullptr;
  }
  /* Give back the reservation around it; UCX's mapping replaced the middle. */
  if (base > lo) munmap(lo, base - lo);
  if (lo + span > base + size) munmap(base + size, lo + span - (base + size));
  return base;
}

namespace {

/* Whether this PE reaches pe through UCX: its path (after setup marks the
 * unreachable ones), or every other PE when AMOs go through the network
 * (amo/amo.h); a PE's operations on itself never do. */
bool served(int pe) {
  return pe != g_peers.my_pe && (g_peers.amo_via_network || g_peers.path[pe] == PeerPath::UCX);
}

/* What each PE publishes before its worker address: the machine it runs on
 * and whether UCX allocated its heap (allocate_heap), the two things that
 * decide, for a given UCX configuration, whether UCX maps that heap in a
 * peer (probe_peers). */
struct AddressHead {
  uint64_t machine;
  uint8_t ucx_heap;
};
constexpr size_t kHeadBytes = sizeof(uint64_t) + 1;

AddressHead head_of(int pe) {
  AddressHead h;
  const char *p = g_ucx.addresses.data(pe);
  std::memcpy(&h.machine, p, sizeof h.machine);
  h.ucx_heap = static_cast<uint8_t>(p[sizeof h.machine]);
  return h;
}

/* Makes pe's endpoint from its worker address and unpacks its keys.  At
 * init, or under the Guard. */
bool connect_peer(int pe, std::string *error) {
  ucp_ep_params_t params{};
  params.field_mask = UCP_EP_PARAM_FIELD_REMOTE_ADDRESS;
  params.address = reinterpret_cast<const ucp_address_t *>(g_ucx.addresses.data(pe) + kHeadBytes);
  ucp_ep_h ep = nullptr;
  ucs_status_t s = ucp_ep_create(g_ucx.worker, &params, &ep);
  if (s != UCS_OK) {
    *error = "ucp_ep_create for PE " + std::to_string(pe) + " (from PE " +
             std::to_string(g_peers.my_pe) + ") failed: " + status_text(s) +
             (s == UCS_ERR_UNREACHABLE
                  ? "; no UCX transport of this PE can reach that PE's worker address ("
                  : " (") +
             tls_text() + " here; UCX_TLS and UCX_NET_DEVICES must leave a transport "
             "in common)";
    return false;
  }
  net::stats::add(net::stats::endpoints);
  for (int seg = 0; seg < SEG_COUNT; ++seg) {
    const Blobs &keys = g_ucx.keys[seg];
    if (keys.size(pe) <= sizeof(uint64_t)) continue; /* that PE has no such segment */
    std::memcpy(&g_ucx.remote_base[seg][pe], keys.data(pe), sizeof(uint64_t));
    s = ucp_ep_rkey_unpack(ep, keys.data(pe) + sizeof(uint64_t), &g_ucx.rkeys[seg][pe]);
    if (s != UCS_OK) {
      *error = "ucp_ep_rkey_unpack of PE " + std::to_string(pe) + "'s " +
               (seg == SEG_HEAP ? "heap" : "static data") + " key failed: " + status_text(s);
      return false;
    }
    net::stats::add(net::stats::remote_keys);
    void *local = nullptr;
    if (ucp_rkey_ptr(g_ucx.rkeys[seg][pe], g_ucx.remote_base[seg][pe], &local) == UCS_OK) {
      __atomic_store_n(&g_ucx.direct[seg][pe], static_cast<char *>(local), __ATOMIC_RELEASE);
      g_ucx.any_direct = true;
    }
  }
  ucx::direct_connect(pe, ep);
  __atomic_store_n(&g_ucx.eps[pe], ep, __ATOMIC_RELEASE);
  return true;
}

/* Lazy endpoints: makes at init the endpoint to one peer of each kind this
 * PE reaches through UCX on its own machine (the next such PE after this
 * one, whose heap UCX allocated or not), so that (1) a peer that UCX cannot
 * reach at all (no transport in common) ends the job in shmem_init, as with
 * eager endpoints, and (2) heaps_reached_directly can answer without an
 * endpoint to every peer: peers of one kind are mapped here or not alike,
 * and UCX never maps memory of another machine.  At most two endpoints,
 * usually one (each PE its own node: every heap is UCX's), which a ring's
 * neighbour needs anyway.  A peer on another machine that UCX cannot reach
 * is found by the first operation on it. */
bool probe_peers(int me, int n, std::string *error) {
  const uint64_t machine = head_of(me).machine;
  int probe[2] = {-1, -1}; /* by ucx_heap */
  g_ucx.probed_all_direct = true;
  for (int i = 1; i < n; ++i) {
    const int pe = (me + i) % n;
    if (g_peers.path[pe] != PeerPath::UCX) continue;
    const AddressHead h = head_of(pe);
    if (h.machine != machine) {
      g_ucx.probed_all_direct = false;
      continue;
    }
    if (probe[h.ucx_heap != 0] < 0) probe[h.ucx_heap != 0] = pe;
  }
  for (int pe : probe) {
    if (pe < 0) continue;
    if (!connect_peer(pe, error)) return false;
    if (!g_ucx.direct[SEG_HEAP][pe]) g_ucx.probed_all_direct = false;
  }
  return true;
}

}  // namespace

namespace ucx {

ucp_ep_h connect(const char *call, int pe) {
  if (!served(pe))
    fatal(call, "internal error: PE %d is not reached through the network transport", pe);
  std::string error;
  if (!connect_peer(pe, &error)) fatal(call, "network transport (UCX): %s", error.c_str());
  return g_ucx.eps[pe];
}

}  // namespace ucx

bool setup(Runtime &rt, std::string *error) {
  const int n = rt.n_pes;
  net::stats::reset();
  g_ucx.eps.assign(n, nullptr);
  for (int s = 0; s < SEG_COUNT; ++s) {
    g_ucx.rkeys[s].assign(n, nullptr);
    g_ucx.remote_base[s].assign(n, 0);
    g_ucx.direct[s].assign(n, nullptr);
  }
  bool any = false;
  for (int pe = 0; pe < n; ++pe) {
    if (g_peers.path[pe] == PeerPath::UNREACHABLE) g_peers.path[pe] = PeerPath::UCX;
    any = any || served(pe);
  }
  /* Every PE must take part in the exchanges below, served or not. */
  const bool ucx_heap = g_ucx.mem[SEG_HEAP] != nullptr; /* allocate_heap made it */
  if (!open_worker(error) || !ucx::remote_gpu_setup(error)) return false;
  ucs_status_t s;
  ucp_address_t *address = nullptr;
  size_t address_len = 0;
  ucp_worker_get_address(g_ucx.worker, &address, &address_len);
  std::vector<char> mine(kHeadBytes + address_len);
  const uint64_t machine = topology_machine_key();
  std::memcpy(mine.data(), &machine, sizeof machine);
  mine[sizeof machine] = ucx_heap;
  std::memcpy(mine.data() + kHeadBytes, address, address_len);
  ucp_worker_release_address(g_ucx.worker, address);
  g_ucx.addresses = allgather_blobs(*rt.boot, mine.data(), mine.size());

  for (int seg = 0; seg < SEG_COUNT; ++seg) {
    uint64_t base = g_peers.lo[seg];
    size_t len = g_peers.hi[seg] - g_peers.lo[seg];
    std::vector<char> packed;
    if (len && !g_ucx.mem[seg]) {
      ucp_mem_map_params_t mp{};
      mp.field_mask = UCP_MEM_MAP_PARAM_FIELD_ADDRESS | UCP_MEM_MAP_PARAM_FIELD_LENGTH;
      mp.address = reinterpret_cast<void *>(base);
      mp.length = len;
      s = ucp_mem_map(g_ucx.context, &mp, &g_ucx.mem[seg]);
      if (s != UCS_OK) {
        *error = std::string("ucp_mem_map of the symmetric ") +
                 (seg == SEG_HEAP ? "heap: " : "static data: ") + status_text(s);
        return false;
      }
    }
    if (len) {
      void *rkey = nullptr;
      size_t rkey_len = 0;
      ucp_rkey_pack(g_ucx.context, g_ucx.mem[seg], &rkey, &rkey_len);
      packed.resize(sizeof base + rkey_len);
      std::memcpy(packed.data(), &base, sizeof base);
      std::memcpy(packed.data() + sizeof base, rkey, rkey_len);
      ucp_rkey_buffer_release(rkey);
    }
    g_ucx.keys[seg] = allgather_blobs(*rt.boot, packed.data(), packed.size());
  }
  size_t kept = g_ucx.addresses.footprint() + n * sizeof(ucp_ep_h);
  for (int seg = 0; seg < SEG_COUNT; ++seg)
    kept += g_ucx.keys[seg].footprint() +
            n * (sizeof(ucp_rkey_h) + sizeof(uint64_t) + sizeof(char *)); /* rkeys, bases, direct */
  net::stats::add(net::stats::peer_info_bytes, kept);
  g_ucx.eager = rt.cfg.ucx_eager_endpoints;
  if (g_ucx.eager) {
    for (int pe = 0; pe < n; ++pe)
      if (served(pe) && !connect_peer(pe, error)) return false;
  } else if (!probe_peers(rt.my_pe, n, error)) {
    return false;
  }
  g_active = any;
  /* Application threads may share the worker under THREAD_MULTIPLE. */
  g_ucx.lock.set_mode(rt.thread_level == ROCSHMEM_THREAD_MULTIPLE ? WorkerLock::Mode::Mutex
                                                                   : WorkerLock::Mode::Off);
  if (any && rt.cfg.ucx_progress_thread) start_progress_thread();
  return true;
}

void teardown(Bootstrap &boot) {
  if (g_runtime.cfg.net_stats) net::stats::report(g_peers.my_pe);
  if (!g_ucx.worker) { /* setup never ran: a one-node job */
    boot.barrier();
    return;
  }
  /* The bootstrap barrier below knows nothing of UCX, but while we sit in it
   * peers may still be completing operations that our worker must serve
   * (over TCP a put, get or atomic completes only when the target's worker
   * answers; their quiet below waits for that).  Without the progress
   * thread nobody would drive our worker and both sides would wait forever:
   * start it for the duration (ROCSHMEM_UCX_PROGRESS_THREAD=0 only means
   * "not while the program runs"). */
  if (g_active && !g_ucx.progress_thread.joinable()) start_progress_thread();
  /* Complete our last operations (a barrier's final signals) while every
   * PE's worker still runs, before anyone closes endpoints. */
  if (g_active) {
    Guard g;
    quiet_locked("shmem_finalize", true);
  }
  boot.barrier();
  stop_progress_thread();
  const int n = static_cast<int>(g_ucx.eps.size());
  for (int pe = 0; pe < n; ++pe)
    for (int s = 0; s < SEG_COUNT; ++s)
      if (g_ucx.rkeys[s][pe]) ucp_rkey_destroy(g_ucx.rkeys[s][pe]);
  ucx::direct_teardown();
  std::vector<ucs_status_ptr_t> closing;
  ucp_request_param_t close_params{};
  close_params.op_attr_mask = UCP_OP_ATTR_FIELD_FLAGS;
  close_params.flags = UCP_EP_CLOSE_FLAG_FORCE;
  for (ucp_ep_h ep : g_ucx.eps)
    if (ep) closing.push_back(ucp_ep_close_nbx(ep, &close_params));
  for (ucs_status_ptr_t req : closing) wait_request(req);
  for (int s = 0; s < SEG_COUNT; ++s)
    if (g_ucx.mem[s]) ucp_mem_unmap(g_ucx.context, g_ucx.mem[s]);
  if (g_ucx.worker) ucp_worker_destroy(g_ucx.worker);
  if (g_ucx.context) ucp_cleanup(g_ucx.context);
  g_ucx.context = nullptr;
  g_ucx.worker = nullptr;
  for (int s = 0; s < SEG_COUNT; ++s) {
    g_ucx.mem[s] = nullptr;
    g_ucx.rkeys[s].clear();
    g_ucx.remote_base[s].clear();
    g_ucx.direct[s].clear();
  }
  g_ucx.eps.clear();
  g_ucx.addresses.clear();
  for (Blobs &keys : g_ucx.keys) keys.clear();
  g_ucx.pending.clear();
  g_ucx.unflushed = g_ucx.any_direct = false;
  g_ucx.stop.store(false);
  g_ucx.lock.set_mode(WorkerLock::Mode::Off);
  g_active = false;
}

/* A segment UCX maps here (direct) is written and read by copies, as UCX's
 * shared-memory transports would do inside ucp_put_nbx / ucp_get_nbx, less
 * the call, the worker lock and quiet's worker flush (2 PEs over UCX sm: put
 * 8 B + quiet 0.029 -> 0.012 us, OSHMEM 0.025; get 0.021 -> 0.0054, OSHMEM
 * 0.020).  AMOs there still go through UCX (amo/amo.h: one agent performs
 * all AMOs of a job spanning nodes).  Complete on return like any store:
 * quiet's fence orders them before later operations, and a later UCX
 * operation to the PE (a system call or another store of this thread)
 * comes after them. */
void put(const char *call, int pe, const Location &to, const void *src, size_t bytes, bool nbi) {
  net::stats::add(net::stats::put);
  net::stats::add(net::stats::put_bytes, bytes);
  if (char *d = direct_of(to.seg, pe)) {
    std::memcpy(d + to.offset, src, bytes);
    return;
  }
  app_tick();
  Guard g;
  ucp_ep_h ep = ep_of(call, pe);
  if (char *d = g_ucx.direct[to.seg][pe]) { /* mapped by the endpoint just made */
    std::memcpy(d + to.offset, src, bytes);
    return;
  }
  g_ucx.unflushed = true;
  put_locked(call, "put (ucp_put_nbx) to", pe, ep, to, src, bytes, nbi);
}

void put_signal(const char *call, int pe, const Location &to, uint64_t value) {
  net::stats::add(net::stats::signal_put);
  app_tick();
  Guard g;
  ucp_ep_h ep = ep_of(call, pe);
  if (char *d = g_ucx.direct[to.seg][pe]) {
    /* A store, after completing whatever went through UCX (see fence(): a
     * worker fence would not order it before the store).  Always this way
     * for a direct counter, so its values never arrive out of order.  Over
     * UCX 1.16 sm, a fence and ucp_put_nbx per signal made the 2-PE barrier
     * 1.37x OSHMEM's. */
    quiet_locked(call); /* (nothing to do when nothing is in flight) */
    __atomic_store_n(reinterpret_cast<uint64_t *>(d + to.offset), value, __ATOMIC_RELEASE);
    return;
  }
  ucp_worker_fence(g_ucx.worker);
  put_locked(call, "synchronization put (ucp_put_nbx) to", pe, ep, to, &value, sizeof value,
             false);
}

void get(const char *call, int pe, const Location &from, void *dst, size_t bytes, bool nbi) {
  net::stats::add(net::stats::get);
  net::stats::add(net::stats::get_bytes, bytes);
  if (const char *d = direct_of(from.seg, pe)) {
    std::memcpy(dst, d + from.offset, bytes);
    return;
  }
  app_tick();
  Guard g;
  ucp_ep_h ep = ep_of(call, pe);
  if (const char *d = g_ucx.direct[from.seg][pe]) { /* mapped by the endpoint just made */
    std::memcpy(dst, d + from.offset, bytes);
    return;
  }
  ucp_request_param_t p{};
  ucs_status_ptr_t req = ucp_get_nbx(ep, dst, bytes, g_ucx.remote_base[from.seg][pe] + from.offset,
                                     g_ucx.rkeys[from.seg][pe], &p);
  finish(call, "get (ucp_get_nbx) from", pe, req, nbi);
}

namespace {

/* One ucp_atomic_op_nbx, waited for. */
uint64_t atomic_once(const char *call, int pe, const Location &at, AtomicOp op, uint64_t operand,
                     uint64_t compare, size_t size) {
  static const ucp_atomic_op_t opcodes[] = {UCP_ATOMIC_OP_ADD, UCP_ATOMIC_OP_AND,
                                            UCP_ATOMIC_OP_OR,  UCP_ATOMIC_OP_XOR,
                                            UCP_ATOMIC_OP_SWAP, UCP_ATOMIC_OP_CSWAP};
  /* CSWAP compares with `buffer` and stores the reply buffer's value (UCX's
   * table: if (X == Y) Y = Z, X = buffer, Z = reply buffer), then returns the
   * old value there; the others take the operand in `buffer`. */
  const bool cswap = op == AtomicOp::CompareSwap;
  uint64_t reply = cswap ? operand : 0;
  if (cswap) operand = compare;
  uint32_t operand32 = static_cast<uint32_t>(operand), reply32 = static_cast<uint32_t>(reply);
  ucp_request_param_t p{};
  p.op_attr_mask = UCP_OP_ATTR_FIELD_DATATYPE | UCP_OP_ATTR_FIELD_REPLY_BUFFER;
  p.datatype = ucp_dt_make_contig(size);
  p.reply_buffer = size == 4 ? static_cast<void *>(&reply32) : static_cast<void *>(&reply);
  const void *arg = size == 4 ? static_cast<const void *>(&operand32)
                              : static_cast<const void *>(&operand);
  app_tick();
  Guard g;
  ucp_ep_h ep = ep_of(call, pe);
  ucs_status_ptr_t req = ucp_atomic_op_nbx(ep, opcodes[static_cast<int>(op)], arg, 1,
                                           g_ucx.remote_base[at.seg][pe] + at.offset,
                                           g_ucx.rkeys[at.seg][pe], &p);
  ucs_status_t s = wait_request(req);
  if (s != UCS_OK) fatal(call, "atomic (ucp_atomic_op_nbx) on PE %d failed: %s", pe, status_text(s));
  return size == 4 ? reply32 : reply;
}

}  // namespace

uint64_t atomic(const char *call, int pe, const Location &at, AtomicOp op, uint64_t operand,
                uint64_t compare, size_t size) {
  net::stats::add(net::stats::atomic);
  const bool bitwise = op == AtomicOp::And || op == AtomicOp::Or || op == AtomicOp::Xor;
  /* (whether UCX maps the location here is known once the endpoint exists) */
  if (bitwise) ucx::connect_if_new(call, pe);
  if (!bitwise || !direct_of(at.seg, pe))
    return atomic_once(call, pe, at, op, operand, compare, size);
  /* UCX 1.13's shared-memory transports (posix, sysv, and the loopback)
   * return the old value of a fetching AND, OR or XOR but do not store the
   * new one (Open MPI's OSHMEM loses them the same way); ADD and CSWAP are
   * right.  So those become a compare-and-swap loop from an atomic read.
   * (4-byte values arrive zero-extended, so `want` stays within them.) */
  uint64_t old = atomic_once(call, pe, at, AtomicOp::Add, 0, 0, size);
  for (;;) {
    uint64_t want = op == AtomicOp::And ? old & operand : op == AtomicOp::Or ? old | operand
                                                                             : old ^ operand;
    uint64_t seen = atomic_once(call, pe, at, AtomicOp::CompareSwap, want, old, size);
    if (seen == old) return old;
    old = seen;
  }
}

bool atomics_by_cpu() {
  const char *mode = std::getenv("UCX_ATOMIC_MODE");
  return !mode || std::strcmp(mode, "cpu") == 0;
}

char *mapping(int pe, const Location &at) {
  if (g_ucx.direct[at.seg].empty()) return nullptr; /* no setup: a one-node job */
  char *base = direct_of(at.seg, pe);
  return base ? base + at.offset : nullptr;
}

void allow_threads() {
  if (!g_active || g_ucx.lock.mode() == WorkerLock::Mode::Mutex) return;
  const bool helper = g_ucx.progress_thread.joinable();
  stop_progress_thread(); /* the lock changes mode with no other thread in it */
  g_ucx.lock.set_mode(WorkerLock::Mode::Mutex);
  if (helper) start_progress_thread();
}

/* UCX 1.13's worker fence only fences each transport interface: it orders
 * nothing between the lanes of one endpoint (over sm, a put to memory UCX
 * only registered is a message on the shared-memory FIFO, an AMO on the
 * heap a CPU atomic on the mapping), nor before our own copies and CPU
 * atomics on direct mappings, which land at once.  So where any segment is
 * direct, a put still in flight through UCX is flushed (completed at its
 * target) first: 2 PEs over sm, a 64 KiB put to static data, fence, then a
 * flag stored in the heap: the flag overtook the data in 198 rounds of 200
 * (tests/functional/net/fence_order).  Where nothing is direct (tcp between
 * nodes), fence stays UCX's, as OSHMEM's does. */
void fence() {
  if (!g_active) return;
  app_tick();
  Guard g;
  if (g_ucx.any_direct && g_ucx.unflushed)
    quiet_locked("shmem_fence");
  else
    ucp_worker_fence(g_ucx.worker);
}

void quiet() {
  if (!g_active) return;
  app_tick();
  Guard g;
  quiet_locked("shmem_quiet");
}

bool progress() {
  app_tick();
  Guard g;
  return ucp_worker_progress(g_ucx.worker) != 0;
}

bool gpu_memory_known() {
  if (g_ucx.context) return g_ucx.gpu_memory;
  /* Before init (rocshmem_info): a context of our own, only to ask. */
  ucp_params_t params{};
  params.field_mask = UCP_PARAM_FIELD_FEATURES;
  params.features = UCP_FEATURE_RMA;
  ucp_context_h context = nullptr;
  if (ucp_init(&params, nullptr, &context) != UCS_OK) return false;
  const bool known = lists_gpu_memory(context);
  ucp_cleanup(context);
  return known;
}

bool stats::has_endpoint(int pe) {
  return static_cast<size_t>(pe) < g_ucx.eps.size() && ucx::connected(pe);
}

bool heaps_reached_directly() {
  if (!g_ucx.eager) return g_ucx.probed_all_direct; /* (probe_peers) */
  for (size_t pe = 0; pe < g_peers.path.size(); ++pe)
    if (g_peers.path[pe] == PeerPath::UCX && !g_ucx.direct[SEG_HEAP][pe]) return false;
  return true;
}

}  // namespace net
}  // namespace rocshmem
