/* GPU setup: device selection, the GPU heap, IPC mapping of same-node peers'
 * heaps, the device state and the device images that receive it. */
#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

#include <rocshmem/rocshmem_stream.h>
#ifdef ROCSHMEM_GPU_IS_CUDA
#include <cuda.h> /* the driver API's types; its entry points are looked up, not linked */
#endif

#include "core/runtime.h"
#include "device/registration.h"
#include "gpu/gpu.h"
#include "gpu/gpu_internal.h"
#include "gpu/gpu_teams.h"
#include "gpu/host_kernels.h"
#include "gpu/proxy.h"

namespace rocshmem {
namespace gpu {

GpuContext g_gpu;

namespace {

/* Kernels that wait for each other (a stream-side signal wait, a device
 * barrier) deadlock under CUDA's lazy module loading when a kernel is loaded
 * at its first launch while another spins: loading waits for the device to
 * go idle.  Ask for eager loading before the application's first CUDA call,
 * unless the user chose; NVSHMEM documents the same requirement. */
__attribute__((constructor)) void request_eager_module_loading() {
  setenv("CUDA_MODULE_LOADING", "EAGER", 0);
}

#ifdef ROCSHMEM_GPU_IS_CUDA
/* A CUDA driver API function, looked up through the runtime so that the
 * library links no libcuda; the lookup picks the symbol version with the
 * CUDA 12 signature (cuMemcpyHtoD_v2, ...), the one <cuda.h> declares, so
 * Fn is decltype(the name).  Null, the reason reported, if the driver
 * lacks it. */
template <class Fn>
Fn *cuda_driver_entry(const char *call, const char *name) {
  void *fn = nullptr;
  cudaDriverEntryPointQueryResult found{};
  const cudaError_t err =
      cudaGetDriverEntryPointByVersion(name, &fn, 12000, cudaEnableDefault, &found);
  if (err != cudaSuccess || found != cudaDriverEntryPointSuccess || !fn) {
    report_error(call, "the CUDA driver has no %s (%s)", name,
                 err != cudaSuccess ? cudaGetErrorString(err) : "symbol not found");
    return nullptr;
  }
  return reinterpret_cast<Fn *>(fn);
}
#endif

/* Makes the application's synchronous copies into the GPU heap (hipMemcpy,
 * hipMemset) complete before they return.  CUDA lets a cudaMemcpy from
 * pageable host memory return once the data is staged, before it reaches
 * the GPU; the library's host puts read the heap on their own non-blocking
 * stream, which does not wait for that DMA, and sent the old data (int_iput
 * of a just-copied GPU buffer, one H100, MPS off).  NVSHMEM and UCX set the
 * same attribute on their GPU memory.  HIP's hipMemcpy already blocks until
 * the copy is done. */
void synchronize_memops(const char *call, void *alloc) {
#ifdef ROCSHMEM_GPU_IS_CUDA
  auto set_attribute = cuda_driver_entry<decltype(cuPointerSetAttribute)>(call,
                                                                          "cuPointerSetAttribute");
  if (!set_attribute) fatal(call, "cannot make copies into the GPU heap synchronous");
  unsigned int on = 1;
  CUresult r = set_attribute(&on, CU_POINTER_ATTRIBUTE_SYNC_MEMOPS,
                             reinterpret_cast<CUdeviceptr>(alloc));
  if (r != CUDA_SUCCESS)
    fatal(call, "cannot make copies into the GPU heap synchronous (cuPointerSetAttribute "
          "SYNC_MEMOPS: CUDA driver error %d)", static_cast<int>(r));
#else
  (void)call, (void)alloc;
#endif
}

/* The device waits' limits (device/impl/wait.h): ROCSHMEM_WAIT_TIMEOUT and
 * ROCSHMEM_WAIT_WARN in ticks of the GPU's wall clock. */
void wait_limits_setup(const char *call, const Runtime &rt, device::State &s) {
#ifdef ROCSHMEM_GPU_IS_HIP
  /* s_memrealtime counts at 100 MHz on the GPUs HIP supports; HIP 5.3 and
   * later say so through an attribute, which older HIP lacks. */
  int khz = 0;
#if HIP_VERSION >= 50300000
  check(call, hipDeviceGetAttribute(&khz, hipDeviceAttributeWallClockRate, g_gpu.device),
        "reading the GPU's wall-clock rate");
#else
  (void)call;
#endif
  s.wall_clock_hz = static_cast<uint64_t>(khz > 0 ? khz : 100000) * 1000;
#else
  (void)call;
  s.wall_clock_hz = 1000000000; /* %globaltimer counts nanoseconds */
#endif
  s.wait_timeout_ticks = static_cast<uint64_t>(rt.cfg.wait_timeout) * s.wall_clock_hz;
  s.wait_warn_ticks = static_cast<uint64_t>(rt.cfg.wait_warn) * s.wall_clock_hz;
  s.wait_limits = s.wait_timeout_ticks || s.wait_warn_ticks;
}

/* GPU-heap allocations can be aligned up to this (the heap base is). */
constexpr size_t kGpuMaxAlign = size_t(2) << 20;

/* The state as kernels of the application's device images see it: the
 * host's (g_gpu.state) with the proxy's peers unmapped and marked. */
device::State device_view() {
  const GpuContext &g = g_gpu;
  device::State v = g.state;
  if (!g.proxy_peers) return v;
  v.peer_heap = g.image_heap;
  v.peer_flags = g.image_flags;
  for (int pe = 0; pe < v.n_pes && pe < device::kStatePeers; ++pe) {
    v.near_flags[pe] = g.image_peer_flags[pe];
    if (g.image_peer_flags[pe] & device::kPeerProxy) v.near_heap[pe] = nullptr;
  }
  v.all_same_gpu = 0; /* proxies of PEs on any GPU write into this heap */
  return v;
}

struct Images {
  std::mutex mu;
  std::vector<rocshmemi_device_fill_fn> fills;
};
/* Function-local: device images register from static constructors, which
 * may run before this file's globals would be constructed. */
Images &images() {
  static Images images;
  return images;
}

/* What each PE publishes about its GPU heap. */
struct PeerRecord {
  hipIpcMemHandle_t handle;
  uint64_t base_offset; /* heap base - allocation start */
  char bus_id[32];      /* PCI bus id: equal strings mean the same GPU */
  int32_t active;
  int32_t node;
};

int local_rank_hint(const Runtime &rt) {
  if (rt.cfg.gpu_device >= 0) return static_cast<int>(rt.cfg.gpu_device);
  for (const char *name : {"LOCAL_RANK", "OMPI_COMM_WORLD_LOCAL_RANK", "MPI_LOCALRANKID",
                           "SLURM_LOCALID"}) {
    const char *v = std::getenv(name);
    if (v && *v) return std::atoi(v);
  }
  return rt.topo.local_rank;
}

/* Whether this PE can use a GPU heap; fatal only where ROCSHMEM_GPU=on. */
bool want_gpu(const char *call, const Runtime &rt, int *count) {
  if (rt.cfg.gpu == "off") return false;
  hipError_t err = hipGetDeviceCount(count);
  if (err != hipSuccess || *count == 0) {
    if (rt.cfg.gpu == "on")
      fatal(call, "ROCSHMEM_GPU=on, but no GPU is usable: %s",
            err != hipSuccess ? hipGetErrorString(err) : "no device found");
    (void)hipGetLastError(); /* clear the sticky "no device" error */
    return false;
  }
  return true;
}

void fill_images(const char *call) {
  Images &im = images();
  std::lock_guard<std::mutex> lock(im.mu);
  const device::State view = device_view();
  for (rocshmemi_device_fill_fn fill : im.fills)
    if (fill(&view, sizeof view) != 0)
      fatal(call, "copying the device state into a device image failed (is the application "
            "built for this GPU's architecture?)");
}

/* ROCSHMEM_GPU_PROXY: which peers kernels reach through this PE's proxy
 * (kPeerProxy in the device images' flags), and the proxy if any.  `all`
 * sends every other PE there, IPC-mapped ones too, while the host keeps
 * using their mappings (so the proxy has a path to them). */
void plan_proxy(const char *call, Runtime &rt) {
  const std::string &mode = rt.cfg.gpu_proxy;
  GpuContext &g = g_gpu;
  const std::vector<char *> &heaps = g_peers.base[SEG_GPU];
  g.image_peer_flags = g.host_peer_flags;
  g.proxy_peers = 0;
  for (int pe = 0; pe < rt.n_pes && mode != "off"; ++pe) {
    if (pe == rt.my_pe || (mode == "auto" && heaps[pe])) continue;
    g.image_peer_flags[pe] = device::kPeerProxy;
    ++g.proxy_peers;
  }
  if (!g.proxy_peers) return;
  std::vector<char *> image_heaps(heaps);
  for (int pe = 0; pe < rt.n_pes; ++pe)
    if (g.image_peer_flags[pe] & device::kPeerProxy) image_heaps[pe] = nullptr;
  check(call, hipMalloc(reinterpret_cast<void **>(&g.image_heap), sizeof(char *) * rt.n_pes),
        "allocating the GPU peer table");
  check(call, hipMalloc(reinterpret_cast<void **>(&g.image_flags), rt.n_pes),
        "allocating the GPU peer table");
  check(call, hipMemcpy(g.image_heap, image_heaps.data(), sizeof(char *) * rt.n_pes,
                        hipMemcpyHostToDevice), "filling the GPU peer table");
  check(call, hipMemcpy(g.image_flags, g.image_peer_flags.data(), rt.n_pes,
                        hipMemcpyHostToDevice), "filling the GPU peer table");
  net::allow_threads(); /* the proxy serves peers on other nodes through the network */
  g.proxy_channel = proxy::start(call);
  /* The host's kernels get the channel too: their IPC-mapped peers stay
   * mapped, and the quiet of a stream-ordered quiet or barrier then completes
   * what earlier kernels on the stream posted; peers mapped nowhere here
   * (other nodes) they reach through the proxy as well. */
  g.state.proxy = g.proxy_channel;
  bool unmapped = false;
  for (int pe = 0; pe < rt.n_pes; ++pe) {
    if (pe == rt.my_pe || heaps[pe]) continue;
    g.host_peer_flags[pe] |= device::kPeerProxy;
    if (pe < device::kStatePeers) g.state.near_flags[pe] = g.host_peer_flags[pe];
    unmapped = true;
  }
  if (unmapped)
    check(call, hipMemcpy(g.peer_flags, g.host_peer_flags.data(), rt.n_pes, hipMemcpyHostToDevice),
          "filling the GPU peer table");
}

/* ROCSHMEM_GPU_COLL_PUSH and ROCSHMEM_GPU_COLL_PUT: the device collectives'
 * push path (device/impl/coll_push.h) and its buffers, and the put path of
 * fcollect/alltoall (device/impl/coll.h).  Both store into peers' heaps
 * directly, and every member of a collective must take the same path, so
 * they are on only when no PE of the job reaches any peer through the
 * proxy, and every PE takes the smallest size any PE asked for (a variable
 * set differently on some PE must not make members choose different paths,
 * or allocate the buffers at different offsets). */
void coll_paths_setup(const char *call, Runtime &rt) {
  GpuContext &g = g_gpu;
  device::State &s = g.state;
  /* Per line: 16 bytes in each of the two buffers of each sending PE. */
  const size_t line_cost = static_cast<size_t>(rt.n_pes) * 2 * 16;
  struct Wish {
    uint32_t proxied; /* this PE reaches some peer through the proxy */
    uint32_t lines;   /* what its ROCSHMEM_GPU_COLL_PUSH asks for */
    uint64_t put;     /* its ROCSHMEM_GPU_COLL_PUT */
  } mine{g.proxy_peers > 0,
         static_cast<uint32_t>(std::min<size_t>(rt.cfg.gpu_coll_push / 8, UINT32_MAX)),
         rt.cfg.gpu_coll_put};
  std::vector<Wish> all(rt.n_pes);
  rt.boot->allgather(&mine, all.data(), sizeof mine);
  bool any_proxy = false;
  size_t lines = s.heap_size / 8 / line_cost;
  uint64_t put = UINT64_MAX;
  for (const Wish &w : all) {
    any_proxy |= w.proxied != 0;
    lines = std::min<size_t>(lines, w.lines);
    put = std::min(put, w.put);
  }
  s.coll_put_bytes = any_proxy ? 0 : put;
  ROCSHMEM_LOG(LOG_INFO, "device collectives: fcollect/alltoall store into the members' dest "
               "when a PE receives up to %llu bytes%s", (unsigned long long)s.coll_put_bytes,
               any_proxy ? " (off: a PE uses the GPU proxy)" : "");
  if (any_proxy || !lines) {
    ROCSHMEM_LOG(LOG_INFO, "device collectives: push path off (%s)",
                 any_proxy ? "a PE uses the GPU proxy"
                           : "ROCSHMEM_GPU_COLL_PUSH=0 on some PE, or the GPU heap is too small");
    return;
  }
  s.push_inbox = static_cast<uint64_t *>(rt.gpu_heap.allocate(lines * line_cost, 64));
  s.push_ack = static_cast<uint32_t *>(rt.gpu_heap.allocate(sizeof(uint32_t) * rt.n_pes, 64));
  if (!s.push_inbox || !s.push_ack)
    fatal(call, "the GPU heap is too small for the device collectives' buffers (%zu bytes; "
          "lower ROCSHMEM_GPU_COLL_PUSH)", lines * line_cost);
  check(call, hipMalloc(reinterpret_cast<void **>(&g.push_counts), sizeof(uint32_t) * 2 * rt.n_pes),
        "allocating GPU collective state");
  check(call, hipMemset(g.push_counts, 0, sizeof(uint32_t) * 2 * rt.n_pes),
        "clearing GPU collective state");
  s.push_sent = g.push_counts;
  s.push_recv = g.push_counts + rt.n_pes;
  s.push_lines = static_cast<uint32_t>(lines);
  ROCSHMEM_LOG(LOG_INFO, "device collectives: pushed when a PE receives up to %zu bytes (%zu "
               "bytes of buffers)", lines * 8, lines * line_cost);
}

void map_peers(const char *call, Runtime &rt, const std::vector<PeerRecord> &all) {
  const int me = rt.my_pe;
  std::vector<char *> &heaps = g_peers.base[SEG_GPU]; /* the host reaches GPU heaps here too */
  g_gpu.host_peer_flags.assign(rt.n_pes, 0);
  heaps[me] = g_gpu.state.heap_base;
  g_gpu.host_peer_flags[me] = device::kPeerReachable | device::kPeerSameGpu;
  for (int pe = 0; pe < rt.n_pes; ++pe) {
    if (pe == me || all[pe].node != all[me].node) continue; /* other nodes: no IPC */
    void *p = nullptr;
    hipError_t err = hipIpcOpenMemHandle(&p, all[pe].handle, hipIpcMemLazyEnablePeerAccess);
    if (err != hipSuccess) {
      (void)hipGetLastError();
      ROCSHMEM_LOG(LOG_WARN, "%s: PE %d's GPU heap cannot be mapped through IPC (%s); it is "
                   "unreachable from the GPU", call, pe, hipGetErrorString(err));
      continue;
    }
    g_gpu.ipc_mapped.push_back(static_cast<char *>(p));
    heaps[pe] = static_cast<char *>(p) + all[pe].base_offset;
    bool same = std::strncmp(all[pe].bus_id, all[me].bus_id, sizeof all[me].bus_id) == 0;
    g_gpu.host_peer_flags[pe] = device::kPeerReachable | (same ? device::kPeerSameGpu : 0);
    ++g_gpu.ipc_peers;
    g_gpu.same_gpu_peers += same;
  }
}

}  // namespace

bool compiled_in() { return true; }
bool active() { return g_gpu.active; }

void setup(const char *call, Runtime &rt) {
  int count = 0;
  bool mine = want_gpu(call, rt, &count);
  /* Symmetry: rocshmem_malloc must come from the same kind of heap on every PE. */
  std::vector<int32_t> wants(rt.n_pes);
  int32_t w = mine;
  rt.boot->allgather(&w, wants.data(), sizeof w);
  for (int pe = 0; pe < rt.n_pes; ++pe)
    if (wants[pe] != w)
      fatal(call, "PE %d %s a GPU but PE %d %s: every PE needs one for a GPU heap (set "
            "ROCSHMEM_GPU=off to use host memory everywhere)", rt.my_pe,
            w ? "has" : "has no", pe, wants[pe] ? "has" : "has none");
  if (!mine) return;

  GpuContext &g = g_gpu;
  g.device = local_rank_hint(rt) % count;
  check(call, hipSetDevice(g.device), "selecting the GPU (hipSetDevice)");
  char bus[32] = "";
  check(call, hipDeviceGetPCIBusId(bus, sizeof bus, g.device), "reading the GPU's PCI bus id");
  g.bus_id = bus;

  size_t size = rt.heap.segment().size;
  void *alloc = nullptr;
  hipError_t err = hipMalloc(&alloc, size + kGpuMaxAlign);
  if (err != hipSuccess)
    fatal(call, "cannot allocate a GPU heap of %zu bytes on GPU %d (%s): lower "
          "SHMEM_SYMMETRIC_SIZE / ROCSHMEM_HEAP_SIZE or set ROCSHMEM_GPU=off", size, g.device,
          hipGetErrorString(err));
  g.allocation = static_cast<char *>(alloc);
  synchronize_memops(call, alloc);
  char *base = reinterpret_cast<char *>(
      (reinterpret_cast<uintptr_t>(alloc) + kGpuMaxAlign - 1) & ~(kGpuMaxAlign - 1));
  check(call, hipMemset(base, 0, size), "clearing the GPU heap");
  rt.gpu_heap.adopt(base, size, kGpuMaxAlign);

  PeerRecord me{};
  check(call, hipIpcGetMemHandle(&me.handle, alloc), "exporting the GPU heap (hipIpcGetMemHandle)");
  me.base_offset = static_cast<uint64_t>(base - g.allocation);
  std::snprintf(me.bus_id, sizeof me.bus_id, "%s", bus);
  me.active = 1;
  me.node = rt.topo.node_of_pe[rt.my_pe];
  std::vector<PeerRecord> all(rt.n_pes);
  rt.boot->allgather(&me, all.data(), sizeof me);

  device::State &s = g.state;
  s.version = device::kStateVersion;
  s.my_pe = rt.my_pe;
  s.n_pes = rt.n_pes;
  s.heap_base = base;
  s.heap_size = size;
  wait_limits_setup(call, rt, s);
  map_peers(call, rt, all);
  if (rt.topo.n_nodes > 1)
    g.direct_peers = net::register_gpu_heap(call, rt, base, size,
                                            std::strcmp(ROCSHMEM_GPU_PLATFORM_NAME, "cuda") == 0);
  s.all_same_gpu = g.same_gpu_peers == g.ipc_peers;

  /* The first GPU-heap allocation of every PE, hence at the same offset. */
  s.sync_arrive = static_cast<uint64_t *>(rt.gpu_heap.allocate(sizeof(uint64_t) * rt.n_pes, 64));
  if (!s.sync_arrive) fatal(call, "the GPU heap is too small for %d PEs' sync counters", rt.n_pes);
  check(call, hipMalloc(reinterpret_cast<void **>(&g.sync_expected), sizeof(uint64_t) * rt.n_pes),
        "allocating GPU sync state");
  check(call, hipMemset(g.sync_expected, 0, sizeof(uint64_t) * rt.n_pes), "clearing GPU sync state");
  check(call, hipMalloc(reinterpret_cast<void **>(&g.peer_heap), sizeof(char *) * rt.n_pes),
        "allocating the GPU peer table");
  check(call, hipMalloc(reinterpret_cast<void **>(&g.peer_flags), rt.n_pes), "allocating the GPU peer table");
  check(call, hipMemcpy(g.peer_heap, g_peers.base[SEG_GPU].data(), sizeof(char *) * rt.n_pes,
                        hipMemcpyHostToDevice), "filling the GPU peer table");
  check(call, hipMemcpy(g.peer_flags, g.host_peer_flags.data(), rt.n_pes, hipMemcpyHostToDevice),
        "filling the GPU peer table");
  s.peer_heap = g.peer_heap;
  s.peer_flags = g.peer_flags;
  for (int pe = 0; pe < rt.n_pes && pe < device::kStatePeers; ++pe) {
    s.near_heap[pe] = g_peers.base[SEG_GPU][pe];
    s.near_flags[pe] = g.host_peer_flags[pe];
  }
  s.sync_expected = g.sync_expected;
  s.ctx_pool = contexts_setup(call);
  s.ctx_pool_size = device::kDeviceContexts;
  plan_proxy(call, rt);
  coll_paths_setup(call, rt);

  check(call, preload_kernels(), "loading the library's GPU kernels");
  check(call, hipStreamCreateWithFlags(&g.stream, hipStreamNonBlocking), "creating a GPU stream");
  check(call, hipHostMalloc(reinterpret_cast<void **>(&g.result), sizeof(uint64_t), hipHostMallocDefault),
        "allocating pinned host memory");
  device_teams_setup(call, rt);

  g_peers.lo[SEG_GPU] = reinterpret_cast<uintptr_t>(base);
  g_peers.hi[SEG_GPU] = g_peers.lo[SEG_GPU] + size;
  g.active = true;
  fill_images(call);
  check(call, hipDeviceSynchronize(), "initializing the GPU heap");
}

void teardown(Runtime &rt) {
  GpuContext &g = g_gpu;
  if (!g.active) return;
  /* A kernel that still used the proxy (stop reports it) may still run:
   * then neither wait for the device nor free what the kernel may touch. */
  if (proxy::stop("rocshmem_finalize") == 0) {
    (void)hipDeviceSynchronize();
    device_teams_teardown();
    for (char *p : g.ipc_mapped) (void)hipIpcCloseMemHandle(p);
    (void)hipFree(g.peer_heap);
    (void)hipFree(g.peer_flags);
    (void)hipFree(g.image_heap);
    (void)hipFree(g.image_flags);
    (void)hipFree(g.state.ctx_pool);
    (void)hipFree(g.sync_expected);
    (void)hipFree(g.push_counts);
    (void)hipFree(g.allocation);
    (void)hipStreamDestroy(g.stream);
    (void)hipHostFree(g.result);
  }
  g.ipc_mapped.clear();
  g.proxy_peers = 0;
  g.image_heap = nullptr;
  g.image_flags = nullptr;
  g.proxy_channel = nullptr;
  rt.gpu_heap.destroy();
  g_peers.lo[SEG_GPU] = g_peers.hi[SEG_GPU] = 0;
  g.state = device::State{};
  g.active = false;
  g.ipc_peers = g.same_gpu_peers = g.direct_peers = 0;
  g.allocation = nullptr;
  g.peer_heap = nullptr;
  g.peer_flags = nullptr;
  g.sync_expected = nullptr;
  g.push_counts = nullptr;
  g.stream = nullptr;
  g.result = nullptr;
}

std::string describe() {
  if (!g_gpu.active) return "GPU heap off";
  char line[256];
  std::snprintf(line, sizeof line, "GPU %d (%s, %s), GPU heap %zu bytes, %d peer heap(s) mapped "
                "by IPC (%d on this GPU), %d peer(s) reached by kernels through the GPU proxy",
                g_gpu.device, g_gpu.bus_id.c_str(), ROCSHMEM_GPU_PLATFORM_NAME,
                g_gpu.state.heap_size, g_gpu.ipc_peers, g_gpu.same_gpu_peers, g_gpu.proxy_peers);
  std::string text = line;
  bool other_nodes = false;
  for (int pe = 0; pe < g_peers.n_pes; ++pe) other_nodes = other_nodes || on_other_node(pe);
  if (other_nodes && g_gpu.direct_peers) {
    std::snprintf(line, sizeof line, "; other nodes' GPU heaps: registered with UCX, puts and "
                  "gets move through it directly (%d peer(s)), atomics by the target PE",
                  g_gpu.direct_peers);
    text += line;
  } else if (other_nodes) {
    text += "; other nodes' GPU heaps: the target PE copies, staged through pinned host memory (";
    const std::string &mode = g_runtime.cfg.gpu_net_direct;
    text += !net::gpu_memory_known() ? "this UCX lists no CUDA/ROCm memory)"
            : mode == "off"          ? "ROCSHMEM_GPU_NET_DIRECT=off)"
            : mode == "on"           ? "this UCX lists GPU memory but could not register it)"
                                     : "no network transport of this UCX registers GPU memory, "
                                       "so the staged path, faster there; "
                                       "ROCSHMEM_GPU_NET_DIRECT=on registers it anyway)";
  }
  return text;
}

}  // namespace gpu
}  // namespace rocshmem

extern "C" {

void rocshmemi_register_device_image(rocshmemi_device_fill_fn fill, unsigned state_version) {
  using namespace rocshmem;
  if (state_version != device::kStateVersion)
    fatal("rocshmem_init", "librocshmem_device.a (device state version %u) does not match "
          "librocshmem (version %u): rebuild the application against one installation",
          state_version, device::kStateVersion);
  gpu::Images &im = gpu::images();
  std::lock_guard<std::mutex> lock(im.mu);
  im.fills.push_back(fill);
  /* An image loaded after init (a shared library opened later) is filled now. */
  const device::State view = gpu::device_view();
  if (gpu::g_gpu.active && fill(&view, sizeof view) != 0)
    fatal("rocshmem_init", "copying the device state into a late-loaded device image failed");
}

}  // extern "C"

/* ------------------------------------------------------------------ modules
 * Code loaded at run time (cuModuleLoad / hipModuleLoad of a module
 * device-linked against librocshmem_device.a) has its own copy of the state
 * variable, found by name. */
namespace {

#ifdef ROCSHMEM_GPU_IS_CUDA
/* The state variable of a module the application loaded with the driver
 * API (so the driver is loaded already). */
int fill_cuda_module(const char *call, CUmodule module) {
  auto get_global = rocshmem::gpu::cuda_driver_entry<decltype(cuModuleGetGlobal)>(
      call, "cuModuleGetGlobal");
  auto copy = rocshmem::gpu::cuda_driver_entry<decltype(cuMemcpyHtoD)>(call, "cuMemcpyHtoD");
  if (!get_global || !copy) return -1;
  CUdeviceptr addr = 0;
  size_t bytes = 0;
  if (get_global(&addr, &bytes, module, ROCSHMEM_DEVICE_STATE_SYMBOL) != CUDA_SUCCESS) {
    rocshmem::report_error(call, "module = %p has no " ROCSHMEM_DEVICE_STATE_SYMBOL
                           " (device-link it against librocshmem_device.a)", module);
    return -1;
  }
  const rocshmem::device::State view = rocshmem::gpu::device_view();
  if (bytes != sizeof view || copy(addr, &view, bytes) != CUDA_SUCCESS) {
    rocshmem::report_error(call, "copying the device state into module = %p failed", module);
    return -1;
  }
  return 0;
}
#endif

int module_init(const char *call, hipModule_t module) {
  rocshmem::require_init(call);
  if (!module) {
    rocshmem::report_error(call, "module is NULL");
    return ROCSHMEM_ERROR;
  }
  if (!rocshmem::gpu::g_gpu.active) {
    rocshmem::report_error(call, "this job has no GPU heap (no GPU, or ROCSHMEM_GPU=off)");
    return ROCSHMEM_ERROR;
  }
#ifdef ROCSHMEM_GPU_IS_CUDA
  return fill_cuda_module(call, module) == 0 ? ROCSHMEM_SUCCESS : ROCSHMEM_ERROR;
#else
  hipDeviceptr_t addr = nullptr;
  size_t bytes = 0;
  rocshmem::device::State view = rocshmem::gpu::device_view();
  if (hipModuleGetGlobal(&addr, &bytes, module, ROCSHMEM_DEVICE_STATE_SYMBOL) != hipSuccess ||
      bytes != sizeof view || hipMemcpyHtoD(addr, &view, bytes) != hipSuccess) {
    rocshmem::report_error(call, "module = %p: cannot fill " ROCSHMEM_DEVICE_STATE_SYMBOL
                           " (device-link it against librocshmem_device.a)", module);
    return ROCSHMEM_ERROR;
  }
  return ROCSHMEM_SUCCESS;
#endif
}

}  // namespace

extern "C" {
int rocshmem_hipmodule_init(hipModule_t module) { return module_init("rocshmem_hipmodule_init", module); }
#ifdef ROCSHMEM_GPU_IS_CUDA
int rocshmem_cumodule_init(hipModule_t module) { return module_init("rocshmem_cumodule_init", module); }
#endif
}
