/* Fortran RMA: SHMEM_PUT / GET in every typed and sized form, their _NBI
 * forms, and the strided IPUT / IGET (fortran.h gives the conventions).
 * Each forwards to the one RMA implementation (rma/rma.h) with the element
 * size of its Fortran type. */
#include "fortran/fortran.h"
#include "rma/rma.h"

using rocshmem::fortran::count;
using rocshmem::fortran::fint;

namespace {

template <size_t BYTES>
using Elem = rocshmem::rma::Bits<BYTES * 8>;

}  // namespace

/* put, get and their _NBI forms under the given names; the CHARACTER forms'
 * hidden lengths are left unread (nelems counts characters). */
#define F_RMA_ONE(lower, UPPER, OP, BYTES)                                              \
  ROCSHMEM_F_SUB(lower, UPPER, (void *dest, const void *source, const fint *nelems,     \
                                const fint *pe)) {                                      \
    rocshmem::rma::OP<Elem<BYTES>>(#UPPER, ROCSHMEM_CTX_DEFAULT, dest, source,          \
                                   count(#UPPER, "nelems", *nelems), *pe);               \
  }
#define F_RMA_CONTIGUOUS(put_name, PUT_NAME, get_name, GET_NAME, BYTES) \
  F_RMA_ONE(put_name, PUT_NAME, put, BYTES)                              \
  F_RMA_ONE(put_name##_nbi, PUT_NAME##_NBI, put_nbi, BYTES)              \
  F_RMA_ONE(get_name, GET_NAME, get, BYTES)                              \
  F_RMA_ONE(get_name##_nbi, GET_NAME##_NBI, get_nbi, BYTES)
#define F_RMA_STRIDED_ONE(lower, UPPER, OP, BYTES)                                        \
  ROCSHMEM_F_SUB(lower, UPPER, (void *dest, const void *source, const fint *dst,          \
                                const fint *sst, const fint *nelems, const fint *pe)) {   \
    rocshmem::rma::OP<Elem<BYTES>>(#UPPER, ROCSHMEM_CTX_DEFAULT, dest, source, *dst, *sst, \
                                   count(#UPPER, "nelems", *nelems), *pe);                 \
  }
#define F_RMA_STRIDED(iput_name, IPUT_NAME, iget_name, IGET_NAME, BYTES) \
  F_RMA_STRIDED_ONE(iput_name, IPUT_NAME, iput, BYTES)                   \
  F_RMA_STRIDED_ONE(iget_name, IGET_NAME, iget, BYTES)

#define F_RMA_TYPED(lo, UP, BYTES)                                                          \
  F_RMA_CONTIGUOUS(shmem_##lo##_put, SHMEM_##UP##_PUT, shmem_##lo##_get, SHMEM_##UP##_GET,  \
                   BYTES)                                                                   \
  F_RMA_STRIDED(shmem_##lo##_iput, SHMEM_##UP##_IPUT, shmem_##lo##_iget, SHMEM_##UP##_IGET, \
                BYTES)
#define F_RMA_SIZED(N, BYTES)                                                                 \
  F_RMA_CONTIGUOUS(shmem_put##N, SHMEM_PUT##N, shmem_get##N, SHMEM_GET##N, BYTES)             \
  F_RMA_STRIDED(shmem_iput##N, SHMEM_IPUT##N, shmem_iget##N, SHMEM_IGET##N, BYTES)

ROCSHMEM_F_RMA_TYPES(F_RMA_TYPED)
ROCSHMEM_F_RMA_SIZES(F_RMA_SIZED)
/* Bytes, and characters (no strided forms for either). */
F_RMA_CONTIGUOUS(shmem_putmem, SHMEM_PUTMEM, shmem_getmem, SHMEM_GETMEM, 1)
F_RMA_CONTIGUOUS(shmem_character_put, SHMEM_CHARACTER_PUT, shmem_character_get,
                 SHMEM_CHARACTER_GET, 1)
/* SHMEM_PUT, deprecated since 1.2: SHMEM_PUT8 under its old name (no GET). */
F_RMA_ONE(shmem_put, SHMEM_PUT, put, 8)
