/* OpenSHMEM profiling interface: every shmem_* routine of <shmem.h> (and
 * each deprecated 1.x name N) also exists as pshmem_* (pN), same signature,
 * same implementation.  In librocshmem the shmem_* symbols are weak aliases
 * of the pshmem_* ones, so a tool defines its own shmem_X (counting,
 * tracing ...), calls pshmem_X to do the work, and is linked in front of
 * (or instead of) the library's shmem_X.  The declarations are those of
 * <shmem.h>, expanded from the same <rocshmem/shmem_api.def>. */
#ifndef ROCSHMEM_PSHMEM_H
#define ROCSHMEM_PSHMEM_H
#include <shmem.h>

#ifdef __cplusplus
extern "C" {
#endif

#undef ROCSHMEM_SHMEM_P
#define ROCSHMEM_SHMEM_P p
#define ROCSHMEM_SHMEM_END(NAME) ;
#define ROCSHMEM_PSHMEM_DECLS
#include <rocshmem/shmem_api.def>
#undef ROCSHMEM_PSHMEM_DECLS
#undef ROCSHMEM_SHMEM_END
#undef ROCSHMEM_SHMEM_P
#define ROCSHMEM_SHMEM_P

#ifdef __cplusplus
} /* extern "C" */
#endif

#endif /* ROCSHMEM_PSHMEM_H */
