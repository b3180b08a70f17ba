/* rocshmem extensions to OpenSHMEM (shmemx_* names only).  OpenSHMEM 1.6
 * additions live here until the standard names are claimed. */
#ifndef ROCSHMEM_SHMEMX_H
#define ROCSHMEM_SHMEMX_H

#include <shmem.h>

#ifdef __cplusplus
extern "C" {
#endif

/* Atomically add to / set a remote signal without moving data (1.6). */
void shmemx_signal_add(uint64_t *sig_addr, uint64_t signal, int pe);
void shmemx_signal_set(uint64_t *sig_addr, uint64_t signal, int pe);

#ifdef __cplusplus
}
#endif

#endif
