#include "core/runtime.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <thread>
#include <vector>

#include "build_config.h"
#include "coll/coll.h"
#include "core/binding.h"
#include "core/log.h"
#include "gpu/gpu.h"
#include "memory/node_memory.h"
#include "memory/static_data.h"
#include "rocshmem/rocshmem.h"
#include "sync/barrier.h"
#include "team/team.h"
#include "transport/peer_table.h"
#include "transport/network.h"
#include "transport/shm.h"

namespace rocshmem {

Runtime g_runtime;

namespace {

void print_banner(const Runtime &rt) {
  std::fprintf(stdout, "%s (OpenSHMEM %d.%d), %d PE%s on %d node%s, bootstrap %s\n",
               ROCSHMEM_VENDOR_STRING, ROCSHMEM_SPEC_MAJOR, ROCSHMEM_SPEC_MINOR, rt.n_pes,
               rt.n_pes == 1 ? "" : "s", rt.topo.n_nodes, rt.topo.n_nodes == 1 ? "" : "s",
               rt.boot->name());
  if (rt.cfg.info && gpu::compiled_in()) std::fprintf(stdout, "%s\n", gpu::describe().c_str());
  if (rt.cfg.info) {
    std::fprintf(stdout, "Environment variables this job reads (* set; rocshmem_info --env "
                 "explains each):\n");
    config_print_job(stdout, "  ");
  }
  std::fflush(stdout);
}

/* Spinning is only cheap while every PE has a core of its own. */
bool is_oversubscribed(const Runtime &rt) {
  long cores = sysconf(_SC_NPROCESSORS_ONLN);
  /* (the machine's PEs, not the node's: emulated nodes share the cores) */
  return cores > 0 && rt.topo.machine_pes > cores;
}

void map_peers(const char *call, Runtime &rt, const std::vector<SegmentFds> &fds) {
  const size_t sizes[SEG_COUNT] = {rt.heap.segment().size, rt.data.size};
  for (size_t i = 0; i < rt.topo.local_pes.size(); ++i) {
    int pe = rt.topo.local_pes[i];
    if (pe == rt.my_pe) continue;
    for (int s = 0; s < SEG_COUNT; ++s) {
      if (fds[i][s] < 0) continue;
      std::string error;
      ShmSegment seg;
      seg.size = sizes[s];
      seg.base = shm_segment_map(fds[i][s], sizes[s], &error);
      close(fds[i][s]);
      if (!seg.base) fatal(call, "mapping PE %d's symmetric memory: %s", pe, error.c_str());
      rt.peer_maps.push_back(seg);
      g_peers.base[s][pe] = seg.base;
    }
    g_peers.path[pe] = PeerPath::SHM;
  }
}

/* A PE alone on its node in a job that spans nodes maps no peer's heap and
 * no peer maps its own: every other PE reaches it through UCX, so UCX
 * allocates it (net::allocate_heap says why).  Otherwise, and if UCX cannot,
 * a memfd that same-node peers map. */
void create_heap(const char *call, Runtime &rt) {
  std::string error;
  if (rt.topo.n_nodes > 1 && rt.topo.local_pes.size() == 1 && net::compiled_in()) {
    size_t size = SymmetricHeap::page_rounded(rt.cfg.heap_size);
    if (char *base = net::allocate_heap(size, SymmetricHeap::kMaxAlign, &error)) {
      rt.heap.adopt(base, size, SymmetricHeap::kMaxAlign);
      ROCSHMEM_LOG(LOG_INFO, "symmetric heap: %zu bytes allocated by UCX (alone on node %d)", size,
                   rt.topo.node_of_pe[rt.my_pe]);
      return;
    }
    ROCSHMEM_LOG(LOG_INFO, "symmetric heap: UCX cannot allocate it (%s); using a memfd",
                 error.c_str());
  }
  if (!rt.heap.create(rt.cfg.heap_size, &error))
    fatal(call, "cannot create a symmetric heap of %zu bytes (SHMEM_SYMMETRIC_SIZE): %s",
          rt.cfg.heap_size, error.c_str());
}

/* Collective: warns, once for the job, when the heaps of a node's PEs add
 * up to more than the node's memory (node_memory.h).  The heap is only
 * address space until touched, so such a job starts and fails later, far
 * from the cause.  "The node" is the machine: emulated nodes share its
 * memory as they share its cores. */
void warn_if_heaps_exceed_memory(const char *call, Runtime &rt) {
  std::string limit_source;
  const size_t memory = node_memory_bytes(&limit_source);
  const double heaps = static_cast<double>(SymmetricHeap::page_rounded(rt.cfg.heap_size)) *
                       rt.topo.machine_pes;
  char mine = memory > 0 && heaps > static_cast<double>(memory) ? 1 : 0;
  std::vector<char> over(rt.n_pes);
  rt.boot->allgather(&mine, over.data(), 1);
  if (!mine || std::find(over.begin(), over.end(), 1) - over.begin() != rt.my_pe) return;
  constexpr double kGiB = 1 << 30;
  ROCSHMEM_LOG(LOG_WARN,
               "%s: %s = %zu bytes per PE: the %d PE%s on this node ask for %.1f GiB of symmetric "
               "heap, more than its %.1f GiB of memory (%s); the job starts, because heap pages "
               "are committed only when first touched, but %s; set SHMEM_SYMMETRIC_SIZE to what "
               "the program allocates",
               call, config_source("SHMEM_SYMMETRIC_SIZE"), rt.cfg.heap_size, rt.topo.machine_pes,
               rt.topo.machine_pes == 1 ? "" : "s", heaps / kGiB,
               static_cast<double>(memory) / kGiB, limit_source.c_str(),
               node_memory_overrun_effect());
}

/* Static data is symmetric only if every PE runs an executable with the same
 * data layout (SPMD); otherwise offsets would not correspond. */
bool static_data_agrees(Runtime &rt) {
  std::vector<size_t> sizes(rt.n_pes);
  size_t mine = rt.data.size;
  rt.boot->allgather(&mine, sizes.data(), sizeof mine);
  for (size_t s : sizes)
    if (s != mine || s == 0) return false;
  return true;
}

void setup_peers(const char *call, Runtime &rt) {
  g_peers.my_pe = rt.my_pe;
  g_peers.n_pes = rt.n_pes;
  for (int s = 0; s < SEG_ALL; ++s) g_peers.base[s].assign(rt.n_pes, nullptr);
  g_peers.path.assign(rt.n_pes, PeerPath::UNREACHABLE);
  g_peers.path[rt.my_pe] = PeerPath::SELF;

  const ShmSegment &heap = rt.heap.segment();
  g_peers.lo[SEG_HEAP] = reinterpret_cast<uintptr_t>(heap.base);
  g_peers.hi[SEG_HEAP] = g_peers.lo[SEG_HEAP] + heap.size;
  g_peers.base[SEG_HEAP][rt.my_pe] = heap.base;
  if (rt.data.base) {
    g_peers.lo[SEG_DATA] = reinterpret_cast<uintptr_t>(rt.data.base);
    g_peers.hi[SEG_DATA] = g_peers.lo[SEG_DATA] + rt.data.size;
    g_peers.base[SEG_DATA][rt.my_pe] = rt.data.base;
  } else {
    g_peers.lo[SEG_DATA] = g_peers.hi[SEG_DATA] = 0;
  }

  /* Every PE's heap has the same size (it comes from the environment, which
   * launchers replicate), checked here because mapping depends on it. */
  std::vector<size_t> heap_sizes(rt.n_pes);
  rt.boot->allgather(&heap.size, heap_sizes.data(), sizeof heap.size);
  for (int pe = 0; pe < rt.n_pes; ++pe)
    if (heap_sizes[pe] != heap.size)
      fatal(call, "the symmetric heap size differs between PEs (%zu bytes on PE %d, %zu on PE %d): "
            "set SHMEM_SYMMETRIC_SIZE identically for every PE", heap.size, rt.my_pe,
            heap_sizes[pe], pe);

  SegmentFds mine{heap.fd, rt.data.base ? rt.data.fd : -1};
  std::vector<SegmentFds> fds;
  std::string error;
  g_peers.amo_via_network = false;
  if (!shm_exchange_fds(*rt.boot, rt.topo, mine, &fds, &error))
    fatal(call, "exchanging shared-memory segments with same-node PEs: %s", error.c_str());
  map_peers(call, rt, fds);

  /* Jobs spanning nodes need the network transport (every PE agrees on
   * n_nodes, so every PE takes part in its collective setup). */
  if (rt.topo.n_nodes > 1) {
    g_peers.amo_via_network = !net::atomics_by_cpu(); /* amo/amo.h */
    if (!net::compiled_in())
      fatal(call, "the job spans %d nodes (PE %d's peers include PEs on other nodes), but this "
            "build of rocshmem has no network transport: rebuild with UCX (configure "
            "--with-ucx) or run every PE on one node", rt.topo.n_nodes, rt.my_pe);
    if (!net::setup(rt, &error)) fatal(call, "network transport (UCX): %s", error.c_str());
  }
}

/* ROCSHMEM_DEBUG_LEVEL=3: how long each step of init took, one line each. */
class InitSteps {
 public:
  explicit InitSteps(const char *call) : call_(call), last_(Clock::now()) {}
  void done(const char *step) {
    if (g_log_level < LOG_DEBUG) return;
    const Clock::time_point now = Clock::now();
    ROCSHMEM_LOG(LOG_DEBUG, "%s: %s took %.3f ms", call_, step,
                 std::chrono::duration<double, std::milli>(now - last_).count());
    last_ = now;
  }

 private:
  using Clock = std::chrono::steady_clock;
  const char *call_;
  Clock::time_point last_;
};

/* ROCSHMEM_DEBUG_LEVEL=3: the path to each PE, in runs ("PEs 0-3 shm,
 * 4-7 ucx"), and where the symmetric segments are. */
void log_layout(const Runtime &rt) {
  if (g_log_level < LOG_DEBUG) return;
  static const char *const names[] = {"self", "shm", "ucx", "unreachable"};
  std::string runs;
  for (int pe = 0; pe < rt.n_pes;) {
    const PeerPath path = g_peers.path[pe];
    int last = pe;
    while (last + 1 < rt.n_pes && g_peers.path[last + 1] == path) ++last;
    runs += (runs.empty() ? "" : ", ") + std::to_string(pe) +
            (last > pe ? "-" + std::to_string(last) : "") + " " +
            names[static_cast<int>(path)];
    pe = last + 1;
  }
  ROCSHMEM_LOG(LOG_DEBUG, "transport per PE: %s", runs.c_str());
  const ShmSegment &heap = rt.heap.segment();
  ROCSHMEM_LOG(LOG_DEBUG, "symmetric heap at %p, %zu bytes; static data at %p, %zu bytes%s",
               static_cast<void *>(heap.base), heap.size, static_cast<void *>(rt.data.base),
               rt.data.size, rt.data.base ? "" : " (not symmetric)");
}

/* Collective over the job just bootstrapped: if any PE's configuration is
 * bad, the first such PE prints its error, and every PE ends the job. */
void report_config_error_once(const char *call, Runtime &rt, bool ok, const std::string &error) {
  std::vector<char> bad(rt.n_pes);
  char mine = ok ? 0 : 1;
  rt.boot->allgather(&mine, bad.data(), 1);
  int first = -1;
  for (int pe = 0; pe < rt.n_pes && first < 0; ++pe)
    if (bad[pe]) first = pe;
  if (first < 0) return;
  if (first == rt.my_pe) report_error(call, "%s", error.c_str());
  /* Every PE is here, so the job can end in order, without the launcher's
   * abort banners: a barrier (the line is out), then each PE leaves. */
  rt.boot->barrier();
  rt.boot->finalize();
  rt.boot.reset();
  std::fflush(stdout);
  std::fflush(stderr);
  std::_Exit(1);
}

/* A program that exits with initializations left unmatched (start_pes,
 * which has no finalize of its own, or more inits than finalizes) is
 * finalized once, completely.  Legal when every PE ends so; a PE that does
 * while its peers are still in other calls used to block them for ever (its
 * barrier may even complete one of theirs, then it waits in the
 * bootstrap's finalize).  So it says that it is leaving, in its word that
 * same-node peers read while they wait (sync/barrier.h), before it
 * synchronizes: a peer waiting elsewhere than in a finalize then ends the
 * job naming it (sync/wait.cc). */
void finalize_at_exit() {
  if (!g_runtime.initialized) return;
  leave_mark(kLeaving);
  runtime_finalize("shmem_finalize (implicit, at exit)", true);
}

}  // namespace

void runtime_not_initialized(const char *call) {
  report_error(call, "called before shmem_init/rocshmem_init (or after finalize)");
  runtime_abort(1);
}

void runtime_abort(int status) {
  std::fflush(stdout);
  std::fflush(stderr);
  if (g_runtime.boot) g_runtime.boot->abort(status);
  std::_Exit(status);
}

void runtime_init(const char *call, int requested, const BootstrapRequest &request) {
  Runtime &rt = g_runtime;
  if (rt.initialized) {
    /* The library is already set up, with the thread level, bootstrap and
     * configuration of the first call: this one is only counted, so that
     * the library stays usable until its own finalize. */
    ++rt.init_calls;
    ROCSHMEM_LOG(LOG_DEBUG, "%s: already initialized; %d initialization calls now await "
                 "shmem_finalize", call, rt.init_calls);
    return;
  }
  std::string error;
  /* A bad value is reported once for the job, by the first PE that has one,
   * after the bootstrap (which then runs on the defaults of the values that
   * did not parse): every PE would otherwise print the same line. */
  std::string config_error;
  InitSteps steps(call);
  const bool config_ok = config_load(&rt.cfg, &config_error);
  g_log_level = static_cast<int>(
      std::clamp(rt.cfg.debug_level, static_cast<long>(LOG_ERROR), static_cast<long>(LOG_TRACE)));
  steps.done("reading the environment");

  rt.boot = bootstrap_create(request, rt.cfg, requested, &error);
  if (!rt.boot) {
    if (!config_ok) fatal(call, "%s", config_error.c_str());
    fatal(call, "bootstrap failed: %s", error.c_str());
  }
  rt.my_pe = rt.boot->rank();
  rt.n_pes = rt.boot->size();
  report_config_error_once(call, rt, config_ok, config_error);
  steps.done("bootstrap");
  rt.thread_level = requested < ROCSHMEM_THREAD_SINGLE     ? ROCSHMEM_THREAD_SINGLE
                    : requested > ROCSHMEM_THREAD_MULTIPLE ? ROCSHMEM_THREAD_MULTIPLE
                                                           : requested;
  if (rt.my_pe == 0) {
    std::string unknown = config_unknown_variables();
    if (!unknown.empty())
      ROCSHMEM_LOG(LOG_WARN,
                   "%s: ignoring unknown environment variable(s): %s; rocshmem_info --env "
                   "lists the known ones",
                   call, unknown.c_str());
    std::string legacy = config_deprecated_in_use();
    if (!legacy.empty())
      ROCSHMEM_LOG(LOG_WARN, "%s: read the deprecated SMA_ variable(s) %s; a SHMEM_ variable "
                   "wins where both are set", call, legacy.c_str());
    if (g_log_level != rt.cfg.debug_level)
      ROCSHMEM_LOG(LOG_WARN, "%s: ROCSHMEM_DEBUG_LEVEL = %ld is not a level (0 errors, 1 "
                   "warnings, 2 info, 3 debug, 4 trace): using %d", call, rt.cfg.debug_level,
                   g_log_level);
  }
  topology_discover(*rt.boot, rt.cfg.node_id, rt.cfg.pes_per_node, &rt.topo);
  steps.done("topology");
  rt.oversubscribed = is_oversubscribed(rt);
  rt.spin_count = static_cast<unsigned>(rt.oversubscribed ? rt.cfg.oversubscribed_spin_count
                                                          : rt.cfg.spin_count);

  warn_if_heaps_exceed_memory(call, rt);
  create_heap(call, rt);
  steps.done("symmetric heap");
  if (rt.cfg.static_data && !static_data_share(&rt.data, &error)) {
    ROCSHMEM_LOG(LOG_WARN, "%s: global/static variables are not symmetric: %s", call, error.c_str());
    rt.data = ShmSegment{};
  }
  if (!static_data_agrees(rt)) {
    if (rt.my_pe == 0 && rt.cfg.static_data)
      ROCSHMEM_LOG(LOG_WARN, "%s: PEs run executables with different data layouts; global/static "
                   "variables are not symmetric in this job", call);
    rt.data = ShmSegment{};
  }
  steps.done("static data");
  setup_peers(call, rt);
  steps.done("peers (mapping same-node PEs, the network transport)");
  log_layout(rt);
  gpu::setup(call, rt);
  steps.done("GPU");
  barrier_setup(call);
  coll::coll_setup(call);
  coll::sched_exec::setup(call);
  teams_setup();
  steps.done("synchronization, collectives and teams");

  rt.initialized = true;
  rt.init_calls = 1;
  static bool atexit_registered = false;
  if (!atexit_registered) {
    std::atexit(finalize_at_exit);
    atexit_registered = true;
  }
  if (rt.my_pe == 0 && (rt.cfg.info || rt.cfg.version)) print_banner(rt);
  if (g_log_level >= LOG_INFO)
    ROCSHMEM_LOG(LOG_INFO, "node %d of %d, local rank %d of %zu, pid %d, %s", rt.topo.node_of_pe[rt.my_pe],
                 rt.topo.n_nodes, rt.topo.local_rank, rt.topo.local_pes.size(),
                 static_cast<int>(getpid()), binding_describe().c_str());
  if (g_log_level >= LOG_INFO)
    ROCSHMEM_LOG(LOG_INFO, "spin budget %u polls (%d PEs on this machine's %ld cores)",
                 rt.spin_count, rt.topo.machine_pes, sysconf(_SC_NPROCESSORS_ONLN));
  if (g_log_level >= LOG_INFO && gpu::compiled_in())
    ROCSHMEM_LOG(LOG_INFO, "%s", gpu::describe().c_str());
  rt.boot->barrier();
}

void runtime_finalize(const char *call, bool all) {
  Runtime &rt = g_runtime;
  if (!rt.initialized) return;
  rt.finalizing = Finalizing::kSync;
  barrier_all(call);
  if (!all && --rt.init_calls > 0) {
    /* Not the last finalize: the spec makes it a barrier_all and nothing
     * more (teams, contexts, memory stay until the last one). */
    rt.finalizing = Finalizing::kNo;
    ROCSHMEM_LOG(LOG_DEBUG, "%s: %d initialization calls still await shmem_finalize", call,
                 rt.init_calls);
    return;
  }
  rt.finalizing = Finalizing::kTearingDown;
  if (all) leave_mark(kGone);
  net::teardown(*rt.boot);
  gpu::teardown(rt);
  barrier_teardown();
  teams_teardown();
  for (ShmSegment &seg : rt.peer_maps) shm_segment_destroy(&seg);
  rt.peer_maps.clear();
  rt.heap.destroy();
  for (int s = 0; s < SEG_ALL; ++s) g_peers.base[s].clear();
  g_peers.path.clear();
  g_peers.n_pes = 0;
  rt.boot->finalize();
  rt.boot.reset();
  rt.initialized = false;
  rt.finalizing = Finalizing::kNo;
  rt.init_calls = 0;
  rt.my_pe = -1;
  rt.n_pes = 0;
}

}  // namespace rocshmem
