/* Signal entry points: put_signal(_nbi) for putmem, every RMA type and the
 * sized forms, signal_fetch/wait_until, rocshmem_signal_add/set and the
 * OpenSHMEM 1.6 shmem_(ctx_)signal_add/set. */
#include <shmem.h>

#include "core/api.h"
#include "signal/signal.h"

extern "C" {

#define DEFINE_MEM(PFX) \
  ROCSHMEM_API_PUT_SIGNAL(ROCSHMEM_MEM_NAME, PFX, , void, ROCSHMEM_SIGNAL_DEF_BODY)
ROCSHMEM_API_PREFIXES(DEFINE_MEM)

#define DEFINE_TYPED_BOTH(KEY, T)                                                            \
  ROCSHMEM_API_PUT_SIGNAL(ROCSHMEM_TYPED_NAME, rocshmem, KEY, T, ROCSHMEM_SIGNAL_DEF_BODY)    \
  ROCSHMEM_API_PUT_SIGNAL(ROCSHMEM_TYPED_NAME, shmem, KEY, T, ROCSHMEM_SIGNAL_DEF_BODY)
#define DEFINE_TYPED_SHMEM(KEY, T) \
  ROCSHMEM_API_PUT_SIGNAL(ROCSHMEM_TYPED_NAME, shmem, KEY, T, ROCSHMEM_SIGNAL_DEF_BODY)
ROCSHMEM_RMA_TYPES(DEFINE_TYPED_BOTH)
SHMEM_RMA_EXTRA_TYPES(DEFINE_TYPED_SHMEM)

#define SIZED_BODY(NAME, CTX, OP, T, BITS, ...) \
  ROCSHMEM_SIGNAL_DEF_BODY(NAME, CTX, OP, ::rocshmem::rma::Bits<BITS>, BITS, __VA_ARGS__)
#define DEFINE_SIZED(BITS) \
  ROCSHMEM_API_PUT_SIGNAL(ROCSHMEM_SIZED_NAME, shmem, BITS, void, SIZED_BODY)
SHMEM_RMA_SIZES(DEFINE_SIZED)

#define DEFINE_SIGNAL_API(PFX)                                                            \
  uint64_t PFX##_signal_fetch(const uint64_t *sig_addr) {                                 \
    return rocshmem::signal::fetch(#PFX "_signal_fetch", sig_addr);                       \
  }                                                                                       \
  uint64_t PFX##_signal_wait_until(uint64_t *sig_addr, int cmp, uint64_t cmp_value) {     \
    return rocshmem::signal::wait_until(#PFX "_signal_wait_until", sig_addr, cmp, cmp_value); \
  }
ROCSHMEM_API_PREFIXES(DEFINE_SIGNAL_API)

/* Atomic signal updates without data.  The spec gives SHMEM_CTX_INVALID no
 * meaning here, so like any other unusable context it ends the job naming
 * the call (amo.h's checks). */
#define DEFINE_SIGNAL_UPDATE(PFX)                                                          \
  void PFX##_signal_add(uint64_t *sig_addr, uint64_t signal, int pe) {                     \
    rocshmem::signal::update(#PFX "_signal_add", ROCSHMEM_CTX_DEFAULT, sig_addr, signal,   \
                             ROCSHMEM_SIGNAL_ADD, pe);                                     \
  }                                                                                        \
  void PFX##_signal_set(uint64_t *sig_addr, uint64_t signal, int pe) {                     \
    rocshmem::signal::update(#PFX "_signal_set", ROCSHMEM_CTX_DEFAULT, sig_addr, signal,   \
                             ROCSHMEM_SIGNAL_SET, pe);                                     \
  }
DEFINE_SIGNAL_UPDATE(rocshmem)
#define SIGNAL_UPDATE_BODY(NAME, CTX, OP, T, KEY, ...) \
  { ::rocshmem::signal::OP(ROCSHMEM_STR(NAME), CTX, __VA_ARGS__); }
ROCSHMEM_SHMEM_API_SIGNAL_UPDATE(shmem, SIGNAL_UPDATE_BODY)

}  // extern "C"
