/* Process-wide runtime state and the init/finalize sequence. */
#ifndef ROCSHMEM_CORE_RUNTIME_H
#define ROCSHMEM_CORE_RUNTIME_H

#include <memory>
#include <vector>

#include "bootstrap/bootstrap.h"
#include "core/config.h"
#include "core/topology.h"
#include "memory/heap.h"

namespace rocshmem {

/* Where runtime_finalize is, for the waits' look at leaving peers
 * (sync/wait.cc): in a finalize's synchronization, a peer that ends the
 * program without shmem_finalize is a legal partner; past it, every peer may
 * be gone. */
enum class Finalizing { kNo, kSync, kTearingDown };

struct Runtime {
  bool initialized = false;
  /* Initialization calls (shmem_init, shmem_init_thread, rocshmem_init*,
   * start_pes) not yet matched by a finalize: OpenSHMEM 1.6 allows several,
   * and only the finalize that brings this to 0 releases the library. */
  int init_calls = 0;
  int my_pe = -1;
  int n_pes = 0;
  int thread_level = 0;   /* ROCSHMEM_THREAD_* provided */
  unsigned spin_count = 0; /* polls before yielding, see sync/wait.h */
  bool oversubscribed = false; /* more PEs on this machine than cores */
  Finalizing finalizing = Finalizing::kNo;
  Config cfg;
  std::unique_ptr<Bootstrap> boot;
  Topology topo;
  SymmetricHeap heap;              /* host memory: shmem_malloc, and rocshmem_malloc without a GPU */
  SymmetricHeap gpu_heap;          /* GPU memory: rocshmem_malloc when gpu::active() */
  ShmSegment data;               /* this PE's shared static data (never unmapped) */
  std::vector<ShmSegment> peer_maps; /* same-node peers' segments mapped here */
};

extern Runtime g_runtime;

/* `call` names the public routine for messages (shmem_init, rocshmem_init...);
 * `request` is the bootstrap rocshmem_init_attr asks for (by default, the
 * one ROCSHMEM_BOOTSTRAP names). */
void runtime_init(const char *call, int requested_thread_level,
                  const BootstrapRequest &request = BootstrapRequest{});
/* Matches one initialization call; the last one (init_calls reaching 0)
 * releases everything, the others are a barrier_all.  `all` (the implicit
 * finalize at exit) releases whatever the count, and marks this PE gone for
 * its same-node peers once past the barrier (sync/barrier.h, leave_mark). */
void runtime_finalize(const char *call, bool all = false);
/* Ends the job (every PE) with `status`; works before init too. */
[[noreturn]] void runtime_abort(int status);

[[noreturn]] void runtime_not_initialized(const char *call);

/* Every public routine that needs the runtime starts with this. */
inline void require_init(const char *call) {
  if (__builtin_expect(!g_runtime.initialized, 0)) runtime_not_initialized(call);
}

}  // namespace rocshmem

#endif
