#include "memory/symmetric_alloc.h"

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <vector>

#include "core/log.h"
#include "core/runtime.h"
#include "gpu/gpu.h"
#include "sync/barrier.h"

namespace rocshmem {

namespace {

/* Under SHMEM_DEBUG, every PE must pass the same value for a collective
 * allocation argument; a mismatch would silently break symmetry. */
void debug_check_symmetric(const char *call, const char *arg, size_t value) {
  if (!g_runtime.cfg.debug) return;
  std::vector<size_t> all(g_runtime.n_pes);
  g_runtime.boot->allgather(&value, all.data(), sizeof value);
  for (int pe = 0; pe < g_runtime.n_pes; ++pe)
    if (all[pe] != value)
      fatal(call, "%s = %zu on PE %d but %zu on PE %d: symmetric allocations need the same "
            "arguments on every PE", arg, value, g_runtime.my_pe, all[pe], pe);
}

SymmetricHeap &heap_for(HeapChoice where) {
  return where == HeapChoice::Preferred && gpu::active() ? g_runtime.gpu_heap : g_runtime.heap;
}

SymmetricHeap &heap_holding(const void *p) {
  return g_runtime.gpu_heap.contains(p) ? g_runtime.gpu_heap : g_runtime.heap;
}

bool is_gpu(const SymmetricHeap &heap) { return &heap == &g_runtime.gpu_heap; }

void *allocate_or_report(const char *call, SymmetricHeap &heap, size_t size, size_t alignment) {
  void *p = heap.allocate(size, alignment, call);
  if (!p)
    report_error(call, "size = %zu does not fit in the symmetric %sheap (%zu of %zu bytes in use, "
                 "largest free block %zu bytes); raise SHMEM_SYMMETRIC_SIZE", size,
                 is_gpu(heap) ? "GPU " : "", heap.bytes_in_use(), heap.segment().size,
                 heap.largest_free());
  return p;
}

/* The collective allocation behind malloc, align and calloc.  Zeroing
 * happens before the barrier: once any PE returns, peers may already write
 * into the block.
 *
 * The barrier on exit only tells the caller that every PE has its block; the
 * allocation itself needs no agreement.  Each PE's heap state is private
 * (allocator.h) and changes only through collective calls made in the same
 * order with the same arguments, so every PE computes the same offset on its
 * own; the whole heap is mapped and registered at init, so a peer's block is
 * reachable before that peer has allocated it; and free's barrier on entry
 * means no PE still uses a freed block that a later allocation reuses.  So
 * the barrier can be left out (exit_barrier false, SHMEMX_MALLOC_NO_BARRIER)
 * when the caller synchronizes before other PEs touch the block.  Zeroing
 * (calloc) always keeps it: without it a peer's early put could be wiped. */
void *allocate_collective(const char *call, HeapChoice where, size_t size, size_t alignment,
                          bool zero, bool exit_barrier = true) {
  require_init(call);
  debug_check_symmetric(call, "size", size);
  debug_check_symmetric(call, "alignment", alignment);
  if (alignment == 0 || (alignment & (alignment - 1)) != 0) {
    report_error(call, "alignment = %zu is not a power of two", alignment);
    return nullptr;
  }
  SymmetricHeap &heap = heap_for(where);
  if (alignment > heap.max_align()) {
    report_error(call, "alignment = %zu exceeds the largest supported alignment (%zu bytes)",
                 alignment, heap.max_align());
    return nullptr;
  }
  if (size == 0) return nullptr; /* spec: no action, NULL */
  void *p = allocate_or_report(call, heap, size, alignment);
  if (p && zero) { /* a reused block holds old data */
    if (is_gpu(heap))
      gpu::zero(p, size);
    else
      std::memset(p, 0, size);
  }
  if (exit_barrier || zero) barrier_all(call);
  return p;
}

}  // namespace

void debug_check_block(const char *call, const char *arg, const void *addr, const void *lo,
                       size_t len) {
  SymmetricHeap *heap = g_runtime.heap.contains(lo)       ? &g_runtime.heap
                        : g_runtime.gpu_heap.contains(lo) ? &g_runtime.gpu_heap
                                                          : nullptr;
  if (!heap) return;
  SymmetricHeap::Block b;
  bool live = heap->find_block(lo, &b);
  if (live) {
    size_t into = static_cast<size_t>(static_cast<const char *>(lo) - b.start);
    if (into <= b.size && len <= b.size - into) return;
  }
  char what[160];
  if (lo == addr)
    std::snprintf(what, sizeof what, "%s = %p + %zu bytes", arg, addr, len);
  else /* a negative stride: the range ends at addr's element */
    std::snprintf(what, sizeof what, "%s = %p (a strided range of %zu bytes from %p)", arg, addr,
                  len, lo);
  const char *gpu = is_gpu(*heap) ? "GPU " : "";
  if (!live)
    fatal(call, "%s is not in a live block of the symmetric %sheap: that space is free (never "
          "allocated, or freed)", what, gpu);
  fatal(call, "%s runs past the end of its symmetric %sblock (%p, %zu bytes, from %s)", what, gpu,
        static_cast<void *>(b.start), b.size, b.label ? b.label : "the library itself");
}

void *sym_malloc(const char *call, HeapChoice where, size_t size, size_t alignment,
                 bool exit_barrier) {
  return allocate_collective(call, where, size, alignment, false, exit_barrier);
}

void *sym_calloc(const char *call, HeapChoice where, size_t count, size_t size) {
  require_init(call);
  if (size && count > SIZE_MAX / size) {
    report_error(call, "count = %zu times size = %zu overflows size_t", count, size);
    return nullptr;
  }
  return allocate_collective(call, where, count * size, 1, true);
}

void *sym_realloc(const char *call, void *ptr, size_t size) {
  require_init(call);
  if (!ptr) return sym_malloc(call, HeapChoice::Host, size, 1);
  if (size == 0) {
    sym_free(call, ptr);
    return nullptr;
  }
  debug_check_symmetric(call, "size", size);
  SymmetricHeap &heap = heap_holding(ptr);
  size_t old_size = heap.block_size(ptr);
  if (old_size == 0)
    fatal(call, "ptr = %p is not a live block of the symmetric heap", ptr);
  /* Every PE sees the same heap state, so every PE takes the same branch and
   * the result stays symmetric. */
  barrier_all(call);
  void *result = ptr;
  if (!heap.resize_in_place(ptr, size, call)) {
    result = allocate_or_report(call, heap, size, 1);
    if (result) {
      size_t keep = old_size < size ? old_size : size;
      if (is_gpu(heap))
        gpu::copy_local(result, ptr, keep);
      else
        std::memcpy(result, ptr, keep);
      heap.release(ptr);
    }
  }
  barrier_all(call);
  return result;
}

void sym_free(const char *call, void *ptr) {
  require_init(call);
  if (!ptr) return;
  SymmetricHeap &heap = heap_holding(ptr);
  if (heap.block_size(ptr) == 0)
    fatal(call, "ptr = %p is not a live block of the symmetric heap (freed twice, or not "
          "returned by shmem_malloc/align/calloc/realloc)", ptr);
  barrier_all(call); /* nobody may still be accessing the block */
  heap.release(ptr);
}

}  // namespace rocshmem
