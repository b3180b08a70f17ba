/* Other nodes' GPU heaps moved by UCX itself (the direct path).
 *
 * A UCX built with CUDA or ROCm support lists that memory type in its
 * context (gpu_memory_known).  Then every PE registers its GPU heap with
 * ucp_mem_map and the PEs exchange the keys, and a put or get on another
 * node's GPU heap is a ucp_put_nbx / ucp_get_nbx on that key: over a
 * network with GPUDirect RDMA the NIC writes or reads the target's GPU
 * memory and nobody on the target takes part; over a transport without it
 * (tcp) UCX's own software RMA copies on the target, as remote_gpu.cc's
 * handlers do.  Atomics and batches keep the active-message path: UCX's
 * atomics on GPU memory would not be atomic with the device's own.
 *
 * Ordering.  Requests to one PE must be performed in the order sent
 * (network.h).  Active messages on one endpoint are; RMA and active
 * messages are not ordered with each other.  So each PE served here counts
 * what is in flight to it of each kind, and a request of the other kind
 * first waits until those have completed (a put completes when its
 * endpoint flush does: its data is then in the target's memory, which is
 * also what the active-message path's answer means).  Runs of one kind, the
 * common case (a stream of puts, a stream of signals), never wait.
 *
 * ROCSHMEM_GPU_NET_DIRECT chooses (direct_wanted): on, off, or auto: on
 * only where a network transport of UCX registers GPU memory itself
 * (GPUDirect RDMA).  Without one (tcp), UCX moves a put into GPU memory in
 * transport-sized pieces, each a synchronous copy on the target: 0.6 GB/s
 * against the staged path's 3.1 on one H100 (bench/gpu/PROXY.md).  A PE
 * that registers nothing publishes no key, and its peers take the staged
 * path to it. */
#include <uct/api/uct.h>

#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "core/runtime.h"
#include "transport/net_stats.h"
#include "transport/network.h"
#include "transport/ucx/ucx.h"

namespace rocshmem {
namespace net {

namespace ucx {

namespace {

/* A peer's GPU heap key, as far as this PE got with it. */
enum KeyState : uint8_t { kNoKey, kOffered, kUnpacked };

struct Direct {
  ucp_mem_h mem = nullptr;            /* this PE's GPU heap, registered */
  Blobs keys;                         /* per PE: address (8 bytes) + packed key, or none */
  std::vector<uint8_t> state;         /* per PE: KeyState; kUnpacked: the direct path */
  std::vector<ucp_rkey_h> rkeys;      /* per PE: its GPU heap's key once unpacked */
  std::vector<uint64_t> base;         /* per PE: its GPU heap's address there */
  std::vector<std::atomic<long>> rma; /* per PE: direct puts/gets in flight */
  std::vector<std::atomic<long>> am;  /* per PE: active-message requests in flight */
};
Direct g_direct;

/* Progresses the worker until nothing of the other kind is in flight to pe. */
void drain(std::atomic<long> &in_flight) {
  while (in_flight.load(std::memory_order_acquire) > 0) {
    app_tick();
    Guard g;
    ucp_worker_progress(g_ucx.worker);
  }
}

/* One direct operation in flight: what its completion releases. */
struct DirectOp {
  Answers *answers;
  int pe;
  const char *call;
  char copy[1]; /* a small put's payload, owned until the flush completes */
};

void completed(void *request, ucs_status_t status, void *user_data) {
  auto *op = static_cast<DirectOp *>(user_data);
  if (status != UCS_OK)
    fatal(op->call, "moving data to or from PE %d's GPU heap through UCX failed: %s", op->pe,
          status_text(status));
  g_direct.rma[op->pe].fetch_sub(1, std::memory_order_release);
  op->answers->left.fetch_sub(1, std::memory_order_release);
  g_gpu_due.fetch_sub(1, std::memory_order_release);
  std::free(op);
  if (request) ucp_request_free(request);
}

/* Runs `completed` for op when req (an _nbx call's result) completes. */
void on_completion(ucs_status_ptr_t req, DirectOp *op, const char *what) {
  if (UCS_PTR_IS_ERR(req))
    fatal(op->call, "%s for PE %d's GPU heap failed: %s", what, op->pe,
          status_text(UCS_PTR_STATUS(req)));
  if (req == nullptr) completed(nullptr, UCS_OK, op);
}

DirectOp *start_op(const char *call, int pe, Answers &w, size_t copy) {
  auto *op = static_cast<DirectOp *>(std::malloc(sizeof(DirectOp) + copy));
  if (!op) fatal(call, "out of host memory for a transfer to PE %d's GPU heap", pe);
  *op = DirectOp{&w, pe, call, {}};
  drain(g_direct.am[pe]);
  g_direct.rma[pe].fetch_add(1, std::memory_order_relaxed);
  w.left.fetch_add(1, std::memory_order_relaxed);
  g_gpu_due.fetch_add(1, std::memory_order_relaxed);
  return op;
}

ucp_request_param_t completion_params(DirectOp *op) {
  ucp_request_param_t p{};
  p.op_attr_mask = UCP_OP_ATTR_FIELD_CALLBACK | UCP_OP_ATTR_FIELD_USER_DATA;
  p.cb.send = completed;
  p.user_data = op;
  return p;
}

/* Whether one of the memory domains of a UCX component registers GPU
 * memory. */
bool registers_gpu_memory(uct_component_h component, unsigned md_count) {
  std::vector<uct_md_resource_desc_t> mds(md_count);
  uct_component_attr_t attr{};
  attr.field_mask = UCT_COMPONENT_ATTR_FIELD_MD_RESOURCES;
  attr.md_resources = mds.data();
  if (uct_component_query(component, &attr) != UCS_OK) return false;
  for (const uct_md_resource_desc_t &desc : mds) {
    uct_md_config_t *config = nullptr;
    if (uct_md_config_read(component, nullptr, nullptr, &config) != UCS_OK) continue;
    uct_md_h md = nullptr;
    ucs_status_t s = uct_md_open(component, desc.md_name, config, &md);
    uct_config_release(config);
    if (s != UCS_OK) continue;
    uct_md_attr_t md_attr{};
    const bool gpu =
        uct_md_query(md, &md_attr) == UCS_OK && (md_attr.cap.reg_mem_types & kGpuMemoryTypes);
    uct_md_close(md);
    if (gpu) return true;
  }
  return false;
}

/* Whether a network transport of this UCX registers GPU memory, so that
 * its NIC reads and writes it (GPUDirect RDMA).  UCX's own GPU components
 * (cuda_cpy, cuda_ipc, gdr_copy, rocm_*) register it for copies within a
 * node and do not count. */
bool nic_reaches_gpu_memory() {
  uct_component_h *components = nullptr;
  unsigned n = 0;
  if (uct_query_components(&components, &n) != UCS_OK) return false;
  bool found = false;
  for (unsigned i = 0; i < n && !found; ++i) {
    uct_component_attr_t attr{};
    attr.field_mask = UCT_COMPONENT_ATTR_FIELD_NAME | UCT_COMPONENT_ATTR_FIELD_MD_RESOURCE_COUNT;
    if (uct_component_query(components[i], &attr) != UCS_OK) continue;
    const std::string name = attr.name;
    if (name.rfind("cuda", 0) == 0 || name.rfind("rocm", 0) == 0 || name.rfind("gdr", 0) == 0)
      continue;
    found = registers_gpu_memory(components[i], attr.md_resource_count);
  }
  uct_release_component_list(components);
  return found;
}

}  // namespace

bool direct_wanted() {
  const std::string &mode = g_runtime.cfg.gpu_net_direct;
  return mode == "on" || (mode == "auto" && nic_reaches_gpu_memory());
}

bool gpu_direct(int pe) {
  return static_cast<size_t>(pe) < g_direct.state.size() && g_direct.state[pe] == kUnpacked;
}

void direct_connect(int pe, ucp_ep_h ep) {
  if (static_cast<size_t>(pe) >= g_direct.state.size() || g_direct.state[pe] != kOffered) return;
  std::memcpy(&g_direct.base[pe], g_direct.keys.data(pe), sizeof(uint64_t));
  if (ucp_ep_rkey_unpack(ep, g_direct.keys.data(pe) + sizeof(uint64_t), &g_direct.rkeys[pe]) !=
      UCS_OK) {
    g_direct.rkeys[pe] = nullptr;
    g_direct.state[pe] = kNoKey;
    return;
  }
  net::stats::add(net::stats::remote_keys);
  g_direct.state[pe] = kUnpacked;
}

void before_am_request(int pe) {
  if (!gpu_direct(pe)) return;
  drain(g_direct.rma[pe]);
  g_direct.am[pe].fetch_add(1, std::memory_order_relaxed);
}

void after_am_answer(int pe) {
  if (gpu_direct(pe)) g_direct.am[pe].fetch_sub(1, std::memory_order_release);
}

void direct_put_start(const char *call, int pe, size_t offset, const void *src, size_t bytes,
                      Answers &w, size_t copy_up_to) {
  const bool copy = bytes <= copy_up_to;
  DirectOp *op = start_op(call, pe, w, copy ? bytes : 0);
  if (copy) {
    std::memcpy(op->copy, src, bytes);
    src = op->copy;
  }
  app_tick();
  Guard g;
  ucp_ep_h ep = ep_of(call, pe);
  ucp_request_param_t none{};
  ucs_status_ptr_t put = ucp_put_nbx(ep, src, bytes, g_direct.base[pe] + offset,
                                     g_direct.rkeys[pe], &none);
  if (UCS_PTR_IS_ERR(put))
    fatal(call, "ucp_put_nbx to PE %d's GPU heap failed: %s", pe, status_text(UCS_PTR_STATUS(put)));
  if (put) ucp_request_free(put); /* the flush below completes after it */
  ucp_request_param_t p = completion_params(op);
  on_completion(ucp_ep_flush_nbx(ep, &p), op, "ucp_ep_flush_nbx after a put");
}

void direct_get_start(const char *call, int pe, size_t offset, void *dst, size_t bytes,
                      Answers &w) {
  DirectOp *op = start_op(call, pe, w, 0);
  app_tick();
  Guard g;
  ucp_request_param_t p = completion_params(op);
  on_completion(ucp_get_nbx(ep_of(call, pe), dst, bytes, g_direct.base[pe] + offset,
                            g_direct.rkeys[pe], &p),
                op, "ucp_get_nbx");
}

void direct_teardown() {
  for (ucp_rkey_h k : g_direct.rkeys)
    if (k) ucp_rkey_destroy(k);
  if (g_direct.mem) ucp_mem_unmap(g_ucx.context, g_direct.mem);
  g_direct.mem = nullptr;
  g_direct.keys.clear();
  g_direct.state.clear();
  g_direct.rkeys.clear();
  g_direct.base.clear();
  g_direct.rma.clear();
  g_direct.am.clear();
}

}  // namespace ucx

int register_gpu_heap(const char *call, Runtime &rt, void *base, size_t size, bool cuda) {
  using namespace ucx;
  const int n = rt.n_pes;
  std::vector<char> packed;
  if (g_ucx.gpu_direct && size) {
    ucp_mem_map_params_t mp{};
    mp.field_mask = UCP_MEM_MAP_PARAM_FIELD_ADDRESS | UCP_MEM_MAP_PARAM_FIELD_LENGTH |
                    UCP_MEM_MAP_PARAM_FIELD_MEMORY_TYPE;
    mp.address = base;
    mp.length = size;
    mp.memory_type = cuda ? UCS_MEMORY_TYPE_CUDA : UCS_MEMORY_TYPE_ROCM;
    ucs_status_t s = ucp_mem_map(g_ucx.context, &mp, &g_direct.mem);
    if (s == UCS_OK) {
      void *key = nullptr;
      size_t key_len = 0;
      s = ucp_rkey_pack(g_ucx.context, g_direct.mem, &key, &key_len);
      if (s == UCS_OK) {
        const uint64_t at = reinterpret_cast<uint64_t>(base);
        packed.resize(sizeof at + key_len);
        std::memcpy(packed.data(), &at, sizeof at);
        std::memcpy(packed.data() + sizeof at, key, key_len);
        ucp_rkey_buffer_release(key);
      }
    }
    if (s != UCS_OK)
      ROCSHMEM_LOG(LOG_WARN, "%s: this UCX lists GPU memory but cannot register the GPU heap "
                   "(%s): other nodes reach it through the staged path", call, status_text(s));
  }
  /* Every PE of the job takes part, registered or not. */
  g_direct.keys = allgather_blobs(*rt.boot, packed.data(), packed.size());
  g_direct.state.assign(n, kNoKey);
  g_direct.rkeys.assign(n, nullptr);
  g_direct.base.assign(n, 0);
  g_direct.rma = std::vector<std::atomic<long>>(n);
  g_direct.am = std::vector<std::atomic<long>>(n);
  /* Only a PE that registered its own heap sends directly: its UCX handles
   * the memory type at both ends then. */
  if (packed.empty()) {
    g_direct.keys.clear();
    return 0;
  }
  /* Keys are unpacked with their endpoint (direct_connect): now for the
   * endpoints that exist, later for the others. */
  int reached = 0;
  for (int pe = 0; pe < n; ++pe) {
    if (pe == rt.my_pe || g_direct.keys.size(pe) <= sizeof(uint64_t) ||
        g_peers.path[pe] != PeerPath::UCX)
      continue;
    g_direct.state[pe] = kOffered;
    if (g_ucx.eps[pe]) {
      Guard g;
      direct_connect(pe, g_ucx.eps[pe]);
    }
    reached += g_direct.state[pe] != kNoKey;
  }
  return reached;
}

}  // namespace net
}  // namespace rocshmem
