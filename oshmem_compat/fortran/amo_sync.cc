/* Fortran atomics (SHMEM_INT4_FADD ...), point-to-point waits
 * (SHMEM_WAIT_UNTIL ...) and locks, forwarding to amo/amo.h, sync/p2p.h
 * and lock/lock.h (fortran.h gives the conventions). */
#include "amo/amo.h"
#include "fortran/fortran.h"
#include "lock/lock.h"
#include "sync/p2p.h"

using rocshmem::fortran::fint;
namespace amo = rocshmem::amo;

/* Every INT4/INT8 routine; fetch, set and swap also for REAL4/REAL8. */
#define F_AMO_ANY(lo, UP, T)                                                                 \
  ROCSHMEM_F_FUNC(T, shmem_##lo##_fetch, SHMEM_##UP##_FETCH, (const T *source, const fint *pe)) { \
    return amo::fetch<T>("SHMEM_" #UP "_FETCH", ROCSHMEM_CTX_DEFAULT, source, *pe);            \
  }                                                                                          \
  ROCSHMEM_F_SUB(shmem_##lo##_set, SHMEM_##UP##_SET, (T * dest, const T *value, const fint *pe)) { \
    amo::set<T>("SHMEM_" #UP "_SET", ROCSHMEM_CTX_DEFAULT, dest, *value, *pe);                 \
  }                                                                                          \
  ROCSHMEM_F_FUNC(T, shmem_##lo##_swap, SHMEM_##UP##_SWAP,                                   \
                  (T * dest, const T *value, const fint *pe)) {                              \
    return amo::swap<T>("SHMEM_" #UP "_SWAP", ROCSHMEM_CTX_DEFAULT, dest, *value, *pe);        \
  }
#define F_AMO_INT(lo, UP, T)                                                                  \
  F_AMO_ANY(lo, UP, T)                                                                        \
  ROCSHMEM_F_SUB(shmem_##lo##_add, SHMEM_##UP##_ADD, (T * dest, const T *value, const fint *pe)) { \
    amo::add<T>("SHMEM_" #UP "_ADD", ROCSHMEM_CTX_DEFAULT, dest, *value, *pe);                  \
  }                                                                                           \
  ROCSHMEM_F_FUNC(T, shmem_##lo##_fadd, SHMEM_##UP##_FADD,                                    \
                  (T * dest, const T *value, const fint *pe)) {                               \
    return amo::fetch_add<T>("SHMEM_" #UP "_FADD", ROCSHMEM_CTX_DEFAULT, dest, *value, *pe);    \
  }                                                                                           \
  ROCSHMEM_F_SUB(shmem_##lo##_inc, SHMEM_##UP##_INC, (T * dest, const fint *pe)) {             \
    amo::inc<T>("SHMEM_" #UP "_INC", ROCSHMEM_CTX_DEFAULT, dest, *pe);                          \
  }                                                                                           \
  ROCSHMEM_F_FUNC(T, shmem_##lo##_finc, SHMEM_##UP##_FINC, (T * dest, const fint *pe)) {       \
    return amo::fetch_inc<T>("SHMEM_" #UP "_FINC", ROCSHMEM_CTX_DEFAULT, dest, *pe);            \
  }                                                                                           \
  ROCSHMEM_F_FUNC(T, shmem_##lo##_cswap, SHMEM_##UP##_CSWAP,                                  \
                  (T * dest, const T *cond, const T *value, const fint *pe)) {                \
    return amo::compare_swap<T>("SHMEM_" #UP "_CSWAP", ROCSHMEM_CTX_DEFAULT, dest, *cond,       \
                                *value, *pe);                                                 \
  }
ROCSHMEM_F_AMO_INT_TYPES(F_AMO_INT)
ROCSHMEM_F_AMO_REAL_TYPES(F_AMO_ANY)

/* SHMEM_SWAP: the default INTEGER's swap. */
ROCSHMEM_F_FUNC(fint, shmem_swap, SHMEM_SWAP, (fint * dest, const fint *value, const fint *pe)) {
  return amo::swap<fint>("SHMEM_SWAP", ROCSHMEM_CTX_DEFAULT, dest, *value, *pe);
}

/* Waits: the _WAIT forms block while ivar equals cmp_value; SHMEM_WAIT and
 * SHMEM_WAIT_UNTIL are the default INTEGER's. */
#define F_WAIT(lower, UPPER, T)                                                           \
  ROCSHMEM_F_SUB(lower##_wait, UPPER##_WAIT, (T * ivar, const T *cmp_value)) {            \
    rocshmem::p2p::wait_until<T>(#UPPER "_WAIT", ivar, ROCSHMEM_CMP_NE, *cmp_value);      \
  }                                                                                       \
  ROCSHMEM_F_SUB(lower##_wait_until, UPPER##_WAIT_UNTIL,                                  \
                 (T * ivar, const fint *cmp, const T *cmp_value)) {                       \
    rocshmem::p2p::wait_until<T>(#UPPER "_WAIT_UNTIL", ivar, *cmp, *cmp_value);           \
  }
#define F_WAIT_TYPED(lo, UP, T) F_WAIT(shmem_##lo, SHMEM_##UP, T)
ROCSHMEM_F_AMO_INT_TYPES(F_WAIT_TYPED)
F_WAIT(shmem, SHMEM, fint)

/* Locks are default INTEGERs (lock/lock.h's 32-bit layout). */
ROCSHMEM_F_SUB(shmem_set_lock, SHMEM_SET_LOCK, (fint * lock)) {
  rocshmem::lock::acquire("SHMEM_SET_LOCK", lock);
}
ROCSHMEM_F_SUB(shmem_clear_lock, SHMEM_CLEAR_LOCK, (fint * lock)) {
  rocshmem::lock::release("SHMEM_CLEAR_LOCK", lock);
}
ROCSHMEM_F_FUNC(fint, shmem_test_lock, SHMEM_TEST_LOCK, (fint * lock)) {
  return rocshmem::lock::try_acquire("SHMEM_TEST_LOCK", lock);
}
