/* Collective symmetric allocation (shmem_malloc family): the local heap
 * operation plus the barrier and the SHMEM_DEBUG symmetry checks. */
#ifndef ROCSHMEM_MEMORY_SYMMETRIC_ALLOC_H
#define ROCSHMEM_MEMORY_SYMMETRIC_ALLOC_H

#include <cstddef>

namespace rocshmem {

class SymmetricHeap;

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

}  // namespace rocshmem

#endif
