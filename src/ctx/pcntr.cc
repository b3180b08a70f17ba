/* shmemx_pcntr_*: the progress counters of a context (ctx/pcntr.h says
 * what is counted and where).  The readers and the network's cold path
 * share one mutex; the hot paths never take it. */
#include <shmemx.h>

#include <mutex>

#include "core/log.h"
#include "core/runtime.h"
#include "ctx/context.h"
#include "ctx/pcntr.h"
#include "gpu/gpu.h"

namespace rocshmem {
namespace pcntr {
namespace {

std::mutex g_mutex;
/* Advanced by every quiet of the network transport. */
uint64_t g_epoch = 1;

/* Operations of ctx still in flight: those recorded since the last quiet. */
void pending(rocshmem_ctx_t ctx, uint64_t *write, uint64_t *read) {
  std::lock_guard<std::mutex> lock(g_mutex);
  bool current = ctx->pc.epoch == g_epoch;
  *write = current ? ctx->pc.pending_write : 0;
  *read = current ? ctx->pc.pending_read : 0;
}

uint64_t load(const uint64_t *counter) { return __atomic_load_n(counter, __ATOMIC_RELAXED); }

/* Issued is read before pending: while another thread issues on the same
 * context the result can only lag (an operation not yet known complete),
 * never run ahead; with nothing in progress it is exact. */
uint64_t completed(const uint64_t *issued_counter, bool write, rocshmem_ctx_t ctx) {
  uint64_t issued = load(issued_counter), w, r;
  pending(ctx, &w, &r);
  uint64_t p = write ? w : r;
  return issued > p ? issued - p : 0;
}

rocshmem_ctx_t checked(const char *call, rocshmem_ctx_t ctx, const void *out) {
  require_init(call);
  ctx_check(call, ctx);
  if (!out) fatal(call, "cntr_value = NULL (need somewhere to store the count)");
  return ctx;
}

}  // namespace

void network_pending(rocshmem_ctx_t ctx, const Location &remote, const void *local, bool write) {
  /* GPU-heap locations and GPU buffers go through the GPU runtime, which
   * completes them before returning (rma/rma.h, put_bytes). */
  if (remote.seg == SEG_GPU || gpu::local_gpu(local)) return;
  std::lock_guard<std::mutex> lock(g_mutex);
  if (ctx->pc.epoch != g_epoch) {
    ctx->pc.epoch = g_epoch;
    ctx->pc.pending_write = ctx->pc.pending_read = 0;
  }
  ++(write ? ctx->pc.pending_write : ctx->pc.pending_read);
}

void network_completed() {
  std::lock_guard<std::mutex> lock(g_mutex);
  ++g_epoch;
}

}  // namespace pcntr
}  // namespace rocshmem

using rocshmem::pcntr::checked;
using rocshmem::pcntr::completed;
using rocshmem::pcntr::load;
using rocshmem::pcntr::pending;

extern "C" {

void shmemx_pcntr_get_issued_write(shmem_ctx_t ctx, uint64_t *cntr_value) {
  ctx = checked("shmemx_pcntr_get_issued_write", ctx, cntr_value);
  *cntr_value = load(&ctx->pc.issued_write);
}

void shmemx_pcntr_get_issued_read(shmem_ctx_t ctx, uint64_t *cntr_value) {
  ctx = checked("shmemx_pcntr_get_issued_read", ctx, cntr_value);
  *cntr_value = load(&ctx->pc.issued_read);
}

void shmemx_pcntr_get_completed_write(shmem_ctx_t ctx, uint64_t *cntr_value) {
  ctx = checked("shmemx_pcntr_get_completed_write", ctx, cntr_value);
  *cntr_value = completed(&ctx->pc.issued_write, true, ctx);
}

void shmemx_pcntr_get_completed_read(shmem_ctx_t ctx, uint64_t *cntr_value) {
  ctx = checked("shmemx_pcntr_get_completed_read", ctx, cntr_value);
  *cntr_value = completed(&ctx->pc.issued_read, false, ctx);
}

/* Other PEs reach this PE's memory with loads and stores (same node) or
 * through UCX's one-sided operations, neither of which tells this PE: no
 * count of the operations it was the target of exists.  0, documented. */
void shmemx_pcntr_get_completed_target(uint64_t *cntr_value) {
  const char *call = "shmemx_pcntr_get_completed_target";
  rocshmem::require_init(call);
  if (!cntr_value) rocshmem::fatal(call, "cntr_value = NULL (need somewhere to store the count)");
  *cntr_value = 0;
}

void shmemx_pcntr_get_all(shmem_ctx_t ctx, shmemx_pcntr_t *pcntr) {
  const char *call = "shmemx_pcntr_get_all";
  rocshmem::require_init(call);
  rocshmem::ctx_check(call, ctx);
  if (!pcntr) rocshmem::fatal(call, "pcntr = NULL (need somewhere to store the counters)");
  uint64_t issued_write = load(&ctx->pc.issued_write), issued_read = load(&ctx->pc.issued_read);
  uint64_t write, read;
  pending(ctx, &write, &read);
  pcntr->completed_put = issued_write > write ? issued_write - write : 0;
  pcntr->completed_get = issued_read > read ? issued_read - read : 0;
  pcntr->pending_put = issued_write - pcntr->completed_put;
  pcntr->pending_get = issued_read - pcntr->completed_get;
  pcntr->target = 0;
}

}  // extern "C"
