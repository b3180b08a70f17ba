/* The transport to PEs that are not mapped into this process (other nodes).
 *
 * The API families call these only for peers whose PeerTable path is UCX;
 * same-node peers never get here.  Implemented over UCX (ucx/transport.cc) or,
 * in a build without UCX, by stubs that are never reached because init
 * refuses jobs spanning nodes (network_none.cc). */
#ifndef ROCSHMEM_TRANSPORT_NETWORK_H
#define ROCSHMEM_TRANSPORT_NETWORK_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string>

#include "transport/peer_table.h"

namespace rocshmem {

struct Runtime;
class Bootstrap;

namespace net {

/* Set once the transport serves at least one peer: wait loops then drive
 * its progress, and fence/quiet include it. */
extern bool g_active;

bool compiled_in();

/* The symmetric heap of a PE that no same-node peer maps (it is alone on its
 * node), allocated by UCX so that UCX's shared-memory transports reach it
 * directly: they reach memory UCX did not allocate only through messages
 * that the target's worker must progress.  `size` bytes, zero-filled, at a
 * multiple of `align` (a power of two); freed by teardown.  nullptr with
 * *error when UCX cannot (the caller falls back to a memfd heap).  Before
 * setup, on the PEs that call it. */
char *allocate_heap(size_t size, size_t align, std::string *error);
/* Collective, at init: connects every PE whose path is UNREACHABLE (and
 * every other PE when g_peers.amo_via_network) and marks the former UCX.
 * Segments are registered from g_peers.lo/hi (the heap already is if
 * allocate_heap made it).  Returns false with *error on failure. */
bool setup(Runtime &rt, std::string *error);
/* Collective, at finalize. */
void teardown(Bootstrap &boot);

/* Blocking forms return when the local buffer is reusable (put) or filled
 * (get); nbi forms return at once and complete by quiet. */
void put(const char *call, int pe, const Location &to, const void *src, size_t bytes, bool nbi);
void get(const char *call, int pe, const Location &from, void *dst, size_t bytes, bool nbi);

/* A synchronization counter's new value (sync/barrier.cc): one 8-byte put,
 * ordered after everything this PE issued before it (a fence first; where
 * UCX maps the counter directly, a store after completing what is in
 * flight), that quiet does not wait for.  Only the target's wait loop needs
 * it, and it observes the put itself; nothing a program can see depends on
 * its remote completion.  Teardown completes it. */
void put_signal(const char *call, int pe, const Location &to, uint64_t value);

enum class AtomicOp { Add, And, Or, Xor, Swap, CompareSwap };
/* A 4- or 8-byte atomic on the remote location; returns the old value. */
uint64_t atomic(const char *call, int pe, const Location &at, AtomicOp op, uint64_t operand,
                uint64_t compare, size_t size);
/* Whether UCX performs its atomics with the CPU: UCX_ATOMIC_MODE unset
 * (setup then makes it cpu) or cpu.  Every AMO UCX performs is then a CPU
 * atomic instruction on the target's memory (its shared-memory transports'
 * atomics, or its emulation by the target's worker), atomic with respect to
 * CPU atomics on a mapping of that memory (amo/amo.h).  Before setup too. */
bool atomics_by_cpu();
/* Where UCX maps PE pe's location in this process (it reaches that segment
 * through shared memory: ucp_rkey_ptr works), or nullptr. */
char *mapping(int pe, const Location &at);

/* Collective over every PE of a job spanning nodes, once this PE's GPU heap
 * exists (`cuda`: CUDA memory, else ROCm): where this UCX handles GPU memory
 * (gpu_memory_known) and ROCSHMEM_GPU_NET_DIRECT allows, registers the heap
 * and exchanges its key, so that the puts and gets below reach a peer's GPU
 * heap through UCX itself (ucx/remote_gpu_direct.cc).  Returns the number of
 * peers reached so (0: the staged path to every one). */
int register_gpu_heap(const char *call, Runtime &rt, void *base, size_t size, bool cuda);

/* Another node's GPU heap: through the keys above where there are some;
 * else (and for atomics always) the target PE performs these on its own
 * heap and answers (ucx/remote_gpu.cc, staged through host memory).  Each
 * returns complete (a put's data is in the target's memory).  `offset` is
 * from the start of the GPU heap; local buffers are host memory; bytes > 0.
 * Callable from the GPU proxy thread too (after allow_threads). */
void gpu_put(const char *call, int pe, size_t offset, const void *src, size_t bytes);
void gpu_get(const char *call, int pe, size_t offset, void *dst, size_t bytes);
uint64_t gpu_atomic(const char *call, int pe, size_t offset, AtomicOp op, uint64_t operand,
                    uint64_t compare, size_t size);

/* Bytes per message of the forms above and below: eager over every
 * transport, few enough messages that a large transfer is not dominated by
 * their headers. */
constexpr size_t kGpuChunk = 256 * 1024;

/* The answers still to come for requests sent with the _start forms: each
 * adds what it sends to `left`, each answer takes one off (in whichever
 * thread progresses the worker).  A get's data lands in dst at the offset
 * its request had in the get; an atomic's old value in `value`.  Live until
 * left is 0. */
struct Answers {
  std::atomic<long> left{0};
  char *dst = nullptr;
  uint64_t value = 0;
};
/* The forms above without waiting for the answers (the GPU proxy's): src
 * must stay valid until they have come, unless it is small (up to 4 KiB:
 * copied).  Requests to one PE are performed there in the order sent: they
 * are eager messages on one endpoint, which UCX sends on its one
 * active-message lane, and the target's handlers run in arrival order. */
void gpu_put_start(const char *call, int pe, size_t offset, const void *src, size_t bytes,
                   Answers &a);
void gpu_get_start(const char *call, int pe, size_t offset, void *dst, size_t bytes, Answers &a);
void gpu_atomic_start(const char *call, int pe, size_t offset, AtomicOp op, uint64_t operand,
                      uint64_t compare, size_t size, Answers &a);
/* Small requests nobody waits for, several in one message (the GPU proxy's
 * consecutive inline puts and AMOs without a result to one PE): the target
 * performs them in order and answers once.  A put carries its data (up to
 * 16 bytes) in `data`; an AMO its operand and compare value there. */
struct BatchItem {
  uint64_t offset; /* in the target's GPU heap */
  uint64_t data[2];
  uint8_t is_amo, op, size; /* AMO: AtomicOp, operand bytes; put: size = bytes */
  uint8_t pad[5];
};
constexpr size_t kBatchItems = 128;
void gpu_batch_start(const char *call, int pe, const BatchItem *items, size_t n, Answers &a);
/* Progresses the worker until a's answers have come. */
void wait_answers(Answers &a);
/* Answers still to come for every request this PE sent. */
long gpu_answers_due();

/* A second thread of the application (the GPU proxy) will call in beside
 * the one that does: from now on every thread takes the worker's mutex. */
void allow_threads();

void fence();
void quiet();
/* One turn of the worker; true when it did something (a peer's request
 * served, one of ours completed). */
bool progress();

/* Whether UCX could move GPU memory itself: its context lists CUDA or ROCm
 * memory (a UCX built with GPU support; the one this library is usually
 * built against lists neither).  Before init it asks a context of its own. */
bool gpu_memory_known();

/* Whether UCX reaches the heap of every PE this one reaches through it by
 * shared memory (ucp_rkey_ptr works: its sysv/posix transports, stores
 * that need nothing of the target), rather than by messages the target's
 * worker must progress (tcp and the other networks here).  After setup. */
bool heaps_reached_directly();

}  // namespace net
}  // namespace rocshmem

#endif
