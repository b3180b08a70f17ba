/* Collective symmetric allocation (shmem_malloc family): the local heap
 * operation plus the barrier and the SHMEM_DEBUG symmetry checks. */
#ifndef ROCSHMEM_MEMORY_SYMMETRIC_ALLOC_H
#define ROCSHMEM_MEMORY_SYMMETRIC_ALLOC_H

#include <cstddef>

namespace rocshmem {

void *sym_malloc(const char *call, size_t size, size_t alignment);
void *sym_calloc(const char *call, size_t count, size_t size);
void *sym_realloc(const char *call, void *ptr, size_t size);
void sym_free(const char *call, void *ptr);

}  // namespace rocshmem

#endif
