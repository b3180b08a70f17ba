/* Collective symmetric allocation (shmem_malloc family): the local heap
 * operation plus the barrier and the SHMEM_DEBUG symmetry checks; and the
 * SHMEM_DEBUG check that an RMA or AMO stays inside the block it targets. */
#ifndef ROCSHMEM_MEMORY_SYMMETRIC_ALLOC_H
#define ROCSHMEM_MEMORY_SYMMETRIC_ALLOC_H

#include <cstddef>

#include "core/runtime.h"

namespace rocshmem {

/* Which heap a new allocation comes from: shmem_* names always use the host
 * heap (legacy codes dereference what shmem_malloc returns); rocshmem_* names
 * use the GPU heap when the job has one (gpu::active()). */
enum class HeapChoice { Host, Preferred };

/* exit_barrier false (SHMEMX_MALLOC_NO_BARRIER) leaves out the barrier on
 * exit; see symmetric_alloc.cc for why that is safe. */
void *sym_malloc(const char *call, HeapChoice where, size_t size, size_t alignment,
                 bool exit_barrier = true);
void *sym_calloc(const char *call, HeapChoice where, size_t count, size_t size);
/* realloc and free act on whichever heap holds ptr. */
void *sym_realloc(const char *call, void *ptr, size_t size);
void sym_free(const char *call, void *ptr);

/* SHMEM_DEBUG: the remote range [lo, lo + len) of an RMA or AMO, given by
 * its symmetric address here (heap state is the same on every PE, so this
 * PE's allocator answers for the target's), must lie inside the live heap
 * block it starts in: past the block's end, or in free space (never
 * allocated or freed), ends the job naming `call`, `arg` = addr (lo differs
 * from addr only for negative strides), the block and len.  Static data is
 * left to the segment check: its objects have no recorded bounds, and so is
 * a range that starts outside both heaps (the callers check before the
 * segment check, while g_runtime's address is still in a register). */
__attribute__((cold, noinline)) void debug_check_block(const char *call, const char *arg,
                                                       const void *addr, const void *lo,
                                                       size_t len);

/* The hot-path form: without SHMEM_DEBUG, one byte compare and one branch
 * predicted not taken.  cfg.debug is read through g_runtime's address, which
 * require_init has just loaded on the same call. */
inline void debug_check_range(const char *call, const char *arg, const void *addr,
                              const void *lo, size_t len) {
  if (__builtin_expect(g_runtime.cfg.debug, 0)) debug_check_block(call, arg, addr, lo, len);
}

}  // namespace rocshmem

#endif
