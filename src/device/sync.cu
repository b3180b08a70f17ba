/* Device entry points: queries, ordering and completion, barriers, signals
 * and point-to-point synchronization (P2P table of types.def). */
#include "device/entry.h"

using rocshmem::device::entry::state;
namespace dev = rocshmem::device;

#define ROCSHMEM_DEVICE_DEFINE_P2P(KEY, T) ROCSHMEM_API_P2P(rocshmem, KEY, T, ROCSHMEM_DEVICE_BODY)

#if ROCSHMEM_DEVICE_PASS
extern "C" {
ROCSHMEM_P2P_TYPES(ROCSHMEM_DEVICE_DEFINE_P2P)

__device__ int rocshmem_my_pe(void) { return state().my_pe; }
__device__ int rocshmem_n_pes(void) { return state().n_pes; }
/* A peer served by the proxy is accessible, though not by load/store. */
__device__ int rocshmem_pe_accessible(int pe) {
  const dev::State &s = state();
  if (pe < 0 || pe >= s.n_pes) return 0;
  return dev::peer_base(s, pe) != nullptr || (dev::peer_bits(s, pe) & dev::kPeerProxy);
}
/* nullptr (no report) when dest is not in the heap or pe cannot be reached
 * by load/store (a proxy peer, say), as the host rocshmem_ptr. */
__device__ void *rocshmem_ptr(const void *dest, int pe) { return dev::translate(state(), dest, pe); }

/* fence: the proxy keeps its requests in order, so any context's fence is
 * the memory fence.  quiet: that, and the proxy requests of the context. */
__device__ void rocshmem_fence(void) { dev::fence(state()); }
__device__ void rocshmem_quiet(void) { dev::quiet(state()); }
__device__ void rocshmem_ctx_fence(rocshmem_ctx_t) { dev::fence(state()); }
__device__ void rocshmem_ctx_quiet(rocshmem_ctx_t ctx) {
  dev::quiet(state(), dev::context_of(state(), ctx));
}
/* Completing the RMA to some PEs costs the same as to all of them: one
 * fence, one QUIET request.  PEs are checked in the context's numbering. */
__device__ void rocshmem_ctx_pe_quiet(rocshmem_ctx_t ctx, const int *target_pes, size_t npes) {
  const dev::State &s = state();
  dev::DeviceContext *c = dev::context_of(s, ctx);
  for (size_t i = 0; i < npes; ++i) {
    int pe = dev::world_pe("rocshmem_ctx_pe_quiet", c, target_pes[i]);
    if (pe < 0 || pe >= s.n_pes) dev::detail::fail_pe("rocshmem_ctx_pe_quiet", pe, s.n_pes);
  }
  dev::quiet(s, c);
}
__device__ void rocshmem_pe_quiet(const int *target_pes, size_t npes) {
  rocshmem_ctx_pe_quiet(ROCSHMEM_CTX_INVALID, target_pes, npes);
}

__device__ void rocshmem_barrier_all(void) { dev::barrier_all(state()); }
__device__ void rocshmem_sync_all(void) { dev::sync_all(state()); }
__device__ void rocshmem_barrier_all_wave(void) {
  dev::barrier_all<dev::Wave>(state(), "rocshmem_barrier_all_wave");
}
__device__ void rocshmem_barrier_all_wg(void) {
  dev::barrier_all<dev::Workgroup>(state(), "rocshmem_barrier_all_wg");
}
__device__ void rocshmem_sync_all_wave(void) {
  dev::sync_all<dev::Wave>(state(), "rocshmem_sync_all_wave");
}
__device__ void rocshmem_sync_all_wg(void) {
  dev::sync_all<dev::Workgroup>(state(), "rocshmem_sync_all_wg");
}

__device__ uint64_t rocshmem_signal_fetch(const uint64_t *sig_addr) {
  return dev::load_volatile(sig_addr);
}
__device__ uint64_t rocshmem_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value) {
  dev::entry::check_cmp("rocshmem_signal_wait_until", cmp);
  return dev::signal_wait_until(state(), "rocshmem_signal_wait_until", sig_addr, cmp, cmp_value);
}
__device__ void rocshmem_signal_add(uint64_t *sig_addr, uint64_t signal, int pe) {
  dev::signal_update(state(), sig_addr, signal, ROCSHMEM_SIGNAL_ADD, pe, "rocshmem_signal_add");
}
__device__ void rocshmem_signal_set(uint64_t *sig_addr, uint64_t signal, int pe) {
  dev::signal_update(state(), sig_addr, signal, ROCSHMEM_SIGNAL_SET, pe, "rocshmem_signal_set");
}
}
#endif
