/* The UCX transport's state and the helpers its files share (transport.cc:
 * RMA, AMOs, progress; remote_gpu.cc: other nodes' GPU heaps).  Internal to
 * src/transport/ucx. */
#ifndef ROCSHMEM_TRANSPORT_UCX_UCX_H
#define ROCSHMEM_TRANSPORT_UCX_UCX_H

#include <ucp/api/ucp.h>

#include <atomic>
#include <cstdint>
#include <string>
#include <thread>
#include <vector>

#include "bootstrap/bootstrap.h"
#include "core/log.h"
#include "transport/network.h"
#include "transport/peer_table.h"
#include "transport/ucx/worker_lock.h"

namespace rocshmem {
namespace net {
namespace ucx {

/* An _nbi request still in flight, with what names it in an error. */
struct Pending {
  ucs_status_ptr_t req;
  const char *call;
  const char *what;
  int pe;
};

/* Reap finished _nbi requests once this many are outstanding, so a program
 * issuing millions of them before a quiet keeps a bounded list. */
constexpr size_t kReapAt = 4096;

/* Every PE's bytes from one all-gather, end to end in one buffer: beside
 * the bytes themselves a PE costs one offset, where a vector per PE cost 24
 * bytes and a heap block. */
class Blobs {
 public:
  const char *data(int pe) const { return bytes_.data() + start(pe); }
  size_t size(int pe) const { return end_[pe] - start(pe); }
  /* Bytes held. */
  size_t footprint() const { return bytes_.capacity() + end_.capacity() * sizeof(size_t); }
  void clear() {
    std::vector<char>().swap(bytes_);
    std::vector<size_t>().swap(end_);
  }
  /* Appends the next PE's blob. */
  void append(const char *p, size_t len) {
    bytes_.insert(bytes_.end(), p, p + len);
    end_.push_back(bytes_.size());
  }
  void reserve(size_t pes, size_t bytes) {
    end_.reserve(pes);
    bytes_.reserve(bytes);
  }

 private:
  size_t start(int pe) const { return pe ? end_[pe - 1] : 0; }
  std::vector<char> bytes_;
  std::vector<size_t> end_; /* PE pe's blob ends at end_[pe] */
};

struct Ucx {
  ucp_context_h context = nullptr;
  ucp_worker_h worker = nullptr;
  ucp_mem_h mem[SEG_COUNT] = {};
  /* Per PE: its endpoint, null until made.  Made at init for every PE this
   * one serves with ROCSHMEM_UCX_EAGER_ENDPOINTS=1, else by the first
   * operation that targets the PE (ep_of), under the Guard; published with
   * a release store, so that a thread that reads it without the Guard
   * (connected) also sees the keys and mappings made with it. */
  std::vector<ucp_ep_h> eps;
  std::vector<ucp_rkey_h> rkeys[SEG_COUNT];        /* per PE, made with its endpoint */
  std::vector<uint64_t> remote_base[SEG_COUNT];    /* per PE: segment start there */
  /* What making an endpoint needs, gathered at init from every PE: its
   * worker address, and for each segment its start address (8 bytes) and
   * packed remote key (none when that PE has no such segment). */
  Blobs addresses;
  Blobs keys[SEG_COUNT];
  /* per PE: where UCX maps that segment in this process when it reaches it
   * through shared memory (ucp_rkey_ptr works), else null.  Puts and gets
   * there are copies (see put()), AMOs CPU atomics while UCX's are too
   * (amo/amo.h; else UCX 1.13 loses bitwise AMOs there: see atomic()) */
  std::vector<char *> direct[SEG_COUNT];
  /* Set at init, lazy endpoints only: whether the PEs probed then (probe_peers
   * in transport.cc) say that UCX maps every network peer's heap here. */
  bool probed_all_direct = true;
  bool eager = false; /* ROCSHMEM_UCX_EAGER_ENDPOINTS */
  /* Some segment of some PE is direct: fence must then flush (see fence()) */
  bool any_direct = false;
  /* _nbi requests not yet known complete; quiet waits for all of them.
   * Freeing them at once and relying on the worker flush alone left large
   * transfers unfinished after quiet now and then (tests/functional/net/nbi_completion). */
  std::vector<Pending> pending;
  /* Reap when `pending` reaches this; after a reap, twice what stayed, so
   * that requests stuck behind a slow peer do not make every later _nbi
   * call scan them all again (that was quadratic: 1.6 s for 32768 puts). */
  size_t reap_at = kReapAt;
  /* A put was issued since the last worker flush: quiet must flush.  Gets
   * and atomics complete when their request does, and put_signal's puts
   * need no remote completion, so without puts quiet skips the flush, which
   * over TCP is a round trip to every peer with a put in flight (the
   * barrier's previous signal, back to back barriers).  Read and written
   * under the Guard. */
  bool unflushed = false;
  /* The context lists CUDA or ROCm memory among those it handles (a UCX
   * built with GPU support): it could move GPU memory itself. */
  bool gpu_memory = false;
  /* ... and this job takes the direct path to other nodes' GPU heaps
   * (remote_gpu_direct.cc): GPU heaps may exist and direct_wanted(). */
  bool gpu_direct = false;
  WorkerLock lock; /* one thread in the worker at a time (transport.cc, top) */
  /* Bumped by application threads each time they call into the worker; the
   * progress thread backs off while it moves. */
  std::atomic<uint64_t> app_ticks{0};
  std::thread progress_thread;
  std::atomic<bool> stop{false};
};

extern Ucx g_ucx; /* transport.cc */

inline const char *status_text(ucs_status_t s) { return ucs_status_string(s); }

/* An application thread's use of the worker, for a scope. */
class Guard {
 public:
  Guard() { g_ucx.lock.app_enter(); }
  ~Guard() { g_ucx.lock.app_leave(); }
  Guard(const Guard &) = delete;
  Guard &operator=(const Guard &) = delete;
};

/* An application thread is about to use the worker (see progress_loop in
 * transport.cc).
 * A relaxed load and store, not an atomic increment: concurrent threads may
 * lose a tick, but all that matters is that the value changes. */
inline void app_tick() {
  g_ucx.app_ticks.store(g_ucx.app_ticks.load(std::memory_order_relaxed) + 1,
                        std::memory_order_relaxed);
}

/* Waits for a request returned by an _nbx call and frees it.  Caller holds
 * the Guard. */
inline ucs_status_t wait_request(ucs_status_ptr_t req) {
  if (req == nullptr) return UCS_OK;
  if (UCS_PTR_IS_ERR(req)) return UCS_PTR_STATUS(req);
  ucs_status_t s;
  while ((s = ucp_request_check_status(req)) == UCS_INPROGRESS) ucp_worker_progress(g_ucx.worker);
  ucp_request_free(req);
  return s;
}

/* Makes the endpoint to pe and unpacks its keys (and its GPU heap's:
 * direct_connect), for the first operation that targets it; ends the job
 * naming `call` if UCX cannot reach pe.  Caller holds the Guard, which an
 * active-message handler's caller (a thread progressing the worker) does:
 * a request from a PE this one never addressed makes the endpoint for its
 * answer there. */
ucp_ep_h connect(const char *call, int pe);

/* The endpoint to pe; caller holds the Guard.  One predictable branch: null
 * means not yet made. */
inline ucp_ep_h ep_of(const char *call, int pe) {
  ucp_ep_h ep = g_ucx.eps[pe];
  return __builtin_expect(ep != nullptr, 1) ? ep : connect(call, pe);
}

/* Where UCX maps pe's segment seg here, or null (none, or no endpoint yet),
 * without the Guard: made with the endpoint (see Ucx::eps). */
inline char *direct_of(int seg, int pe) {
  return __atomic_load_n(&g_ucx.direct[seg][pe], __ATOMIC_ACQUIRE);
}

/* Whether pe's endpoint exists, without the Guard (see Ucx::eps). */
inline bool connected(int pe) { return __atomic_load_n(&g_ucx.eps[pe], __ATOMIC_ACQUIRE); }

/* Makes pe's endpoint if it does not exist yet, for a caller about to
 * decide something its keys tell (whether UCX maps pe's memory here). */
inline void connect_if_new(const char *call, int pe) {
  if (__builtin_expect(connected(pe), 1)) return;
  app_tick();
  Guard g;
  ep_of(call, pe);
}

/* The memory types of GPU memory, as UCX's capability bitmaps list them. */
constexpr uint64_t kGpuMemoryTypes = UCS_BIT(UCS_MEMORY_TYPE_CUDA) | UCS_BIT(UCS_MEMORY_TYPE_ROCM);

/* Exchanges a variable-length blob with every PE over the bootstrap
 * (collective). */
Blobs allgather_blobs(Bootstrap &boot, const void *data, size_t len);

/* Answers still to come for every request this PE sent to another node's
 * GPU heap, by either path (gpu_answers_due). */
extern std::atomic<long> g_gpu_due;

/* remote_gpu_direct.cc: the direct path to other nodes' GPU heaps.
 * Whether ROCSHMEM_GPU_NET_DIRECT asks for it where UCX lists GPU memory
 * (auto: a network transport registers GPU memory; it opens UCX's memory
 * domains to see, so open_worker asks once and keeps the answer). */
bool direct_wanted();
/* Whether PE pe's GPU heap is reached through its registered key. */
bool gpu_direct(int pe);
/* Puts and gets through the key, the forms of gpu_put_start/gpu_get_start
 * (one answer each; a put's payload up to copy_up_to bytes is copied). */
void direct_put_start(const char *call, int pe, size_t offset, const void *src, size_t bytes,
                      Answers &w, size_t copy_up_to);
void direct_get_start(const char *call, int pe, size_t offset, void *dst, size_t bytes,
                      Answers &w);
/* Around every active-message request to pe (remote_gpu.cc): orders it
 * after the direct operations in flight to pe, and counts it until its
 * answer, so that later direct ones are ordered after it. */
void before_am_request(int pe);
void after_am_answer(int pe);
/* Unpacks pe's GPU heap key with its new endpoint, where pe published one
 * and this PE registered its own heap (connect, and register_gpu_heap for
 * endpoints made before it); a key UCX cannot unpack leaves pe on the staged
 * path.  Caller holds the Guard. */
void direct_connect(int pe, ucp_ep_h ep);
/* Releases the keys and the registration (teardown, before the endpoints
 * close). */
void direct_teardown();

/* remote_gpu.cc: whether this job may have GPU heaps that other nodes reach
 * by active messages (a build with GPU support, ROCSHMEM_GPU not off): the
 * same on every PE whose GPU setup succeeds (gpu::setup ends a job whose PEs
 * disagree).  Only then does the context carry UCP_FEATURE_AM: over tcp it
 * made every 8-byte put, get and fetch_add about 1 us slower (2 PEs, 6%:
 * get 17.2-17.4 us against 16.1-16.4, OSHMEM 16.2-16.9). */
bool remote_gpu_wanted();
/* Registers its active-message handlers on the worker (at setup, before any
 * peer can send), if remote_gpu_wanted. */
bool remote_gpu_setup(std::string *error);

}  // namespace ucx
}  // namespace net
}  // namespace rocshmem

#endif
