/* Fortran set-up, queries, ordering and memory: START_PES, SHMEM_INIT ...,
 * SHMEM_PTR, the cache no-ops, and SHPALLOC / SHPDEALLC / SHPCLMOVE, the
 * symmetric heap of Cray pointers (fortran.h gives the conventions). */
#include <algorithm>
#include <cstring>

#include "core/runtime.h"
#include "fortran/fortran.h"
#include "memory/heap.h"
#include "memory/symmetric_alloc.h"

using rocshmem::fortran::fint;
using rocshmem::fortran::flogical;

/* The version of the specification whose Fortran API this is (shmem.fh
 * says the same). */
constexpr fint kFortranMajor = 1, kFortranMinor = 4;

/* Routines without arguments are the C routines under Fortran names. */
#define F_NO_ARGS(lower, UPPER, C_ROUTINE) \
  ROCSHMEM_F_SUB(lower, UPPER, ()) { C_ROUTINE(); }
F_NO_ARGS(shmem_init, SHMEM_INIT, shmem_init)
F_NO_ARGS(shmem_finalize, SHMEM_FINALIZE, shmem_finalize)
F_NO_ARGS(shmem_barrier_all, SHMEM_BARRIER_ALL, shmem_barrier_all)
F_NO_ARGS(shmem_fence, SHMEM_FENCE, shmem_fence)
F_NO_ARGS(shmem_quiet, SHMEM_QUIET, shmem_quiet)
/* The cache routines: nothing to do on cache-coherent memory (the C
 * routines say why); those of one line take its address. */
F_NO_ARGS(shmem_clear_cache_inv, SHMEM_CLEAR_CACHE_INV, shmem_clear_cache_inv)
F_NO_ARGS(shmem_set_cache_inv, SHMEM_SET_CACHE_INV, shmem_set_cache_inv)
F_NO_ARGS(shmem_udcflush, SHMEM_UDCFLUSH, shmem_udcflush)
ROCSHMEM_F_SUB(shmem_set_cache_line_inv, SHMEM_SET_CACHE_LINE_INV, (void *dest)) {
  shmem_set_cache_line_inv(dest);
}
ROCSHMEM_F_SUB(shmem_udcflush_line, SHMEM_UDCFLUSH_LINE, (void *dest)) { shmem_udcflush_line(dest); }

/* npes is ignored, as by the C start_pes: the launcher decides. */
ROCSHMEM_F_SUB(start_pes, START_PES, (const fint *npes)) { start_pes(*npes); }

#define F_PE_QUERY(lower, UPPER, FIELD)                \
  ROCSHMEM_F_FUNC(fint, lower, UPPER, ()) {            \
    rocshmem::require_init(#UPPER);                    \
    return rocshmem::g_runtime.FIELD;                  \
  }
F_PE_QUERY(shmem_my_pe, SHMEM_MY_PE, my_pe)
F_PE_QUERY(my_pe, MY_PE, my_pe)
F_PE_QUERY(shmem_n_pes, SHMEM_N_PES, n_pes)
F_PE_QUERY(num_pes, NUM_PES, n_pes)

ROCSHMEM_F_SUB(shmem_global_exit, SHMEM_GLOBAL_EXIT, (const fint *status)) {
  shmem_global_exit(*status);
}

ROCSHMEM_F_SUB(shmem_info_get_version, SHMEM_INFO_GET_VERSION, (fint * major, fint *minor)) {
  *major = kFortranMajor;
  *minor = kFortranMinor;
}

/* A CHARACTER*(*) argument: its length is the hidden trailing argument.  The
 * name is blank-padded to it, as Fortran strings are. */
ROCSHMEM_F_SUB(shmem_info_get_name, SHMEM_INFO_GET_NAME, (char *name, size_t name_len)) {
  const size_t n = std::min(name_len, std::strlen(SHMEM_VENDOR_STRING));
  std::memcpy(name, SHMEM_VENDOR_STRING, n);
  std::memset(name + n, ' ', name_len - n);
}

ROCSHMEM_F_FUNC(flogical, shmem_pe_accessible, SHMEM_PE_ACCESSIBLE, (const fint *pe)) {
  return shmem_pe_accessible(*pe) ? rocshmem::fortran::kTrue : rocshmem::fortran::kFalse;
}
ROCSHMEM_F_FUNC(flogical, shmem_addr_accessible, SHMEM_ADDR_ACCESSIBLE,
                (const void *addr, const fint *pe)) {
  return shmem_addr_accessible(addr, *pe) ? rocshmem::fortran::kTrue : rocshmem::fortran::kFalse;
}
/* The result is a Cray pointer (an integer of the address's size). */
ROCSHMEM_F_FUNC(void *, shmem_ptr, SHMEM_PTR, (const void *dest, const fint *pe)) {
  return shmem_ptr(dest, *pe);
}

/* --------------------------------------------------- SHPALLOC and friends */
namespace {

/* The error codes of SHPALLOC, SHPDEALLC and SHPCLMOVE. */
enum ShpError : fint {
  kBadLength = -1,
  kNoMemory = -2,
  kOutsideHeap = -3,
  kAlreadyFree = -4,
  kNotBlockStart = -5,
};

constexpr size_t kWordBytes = 4; /* lengths count 32-bit words */

const char *describe(fint code) {
  switch (code) {
    case kBadLength: return "length is not greater than 0";
    case kNoMemory: return "the symmetric heap has no free block that large (raise SHMEM_SYMMETRIC_SIZE)";
    case kOutsideHeap: return "addr is outside the symmetric heap";
    case kAlreadyFree: return "addr is in free space: the block was freed already, or never allocated";
    default: return "addr is inside a block, not at its start";
  }
}

/* Sets the error code, or, when abort is nonzero, ends the job naming it. */
void fail(const char *call, fint code, fint *errcode, fint abort) {
  if (abort != 0) rocshmem::fatal(call, "%s (error %d)", describe(code), static_cast<int>(code));
  *errcode = code;
}

/* 0 when addr is the start of a live block of the host heap, else its
 * error code.  Every PE sees the same heap state, so every PE agrees. */
fint check_block(const void *addr) {
  rocshmem::SymmetricHeap &heap = rocshmem::g_runtime.heap;
  if (!heap.contains(addr)) return kOutsideHeap;
  rocshmem::SymmetricHeap::Block b;
  if (!heap.find_block(addr, &b)) return kAlreadyFree;
  return b.start == addr ? 0 : kNotBlockStart;
}

}  // namespace

ROCSHMEM_F_SUB(shpalloc, SHPALLOC, (void **addr, const fint *length, fint *errcode,
                                   const fint *abort)) {
  const char *call = "SHPALLOC";
  rocshmem::require_init(call);
  if (*length <= 0) return fail(call, kBadLength, errcode, *abort);
  const size_t bytes = static_cast<size_t>(*length) * kWordBytes;
  /* A quiet failure (abort = 0) is decided before allocating, from the heap
   * state that every PE shares, so all return the same code. */
  if (bytes > rocshmem::g_runtime.heap.largest_free())
    return fail(call, kNoMemory, errcode, *abort);
  void *p = rocshmem::sym_malloc(call, rocshmem::HeapChoice::Host, bytes, 64);
  if (!p) return fail(call, kNoMemory, errcode, *abort);
  *addr = p;
  *errcode = 0;
}

ROCSHMEM_F_SUB(shpdeallc, SHPDEALLC, (void **addr, fint *errcode, const fint *abort)) {
  const char *call = "SHPDEALLC";
  rocshmem::require_init(call);
  if (fint code = check_block(*addr)) return fail(call, code, errcode, *abort);
  rocshmem::sym_free(call, *addr);
  *errcode = 0;
}

/* status: 0 resized in place, 1 moved (addr updated), or an error code. */
ROCSHMEM_F_SUB(shpclmove, SHPCLMOVE, (void **addr, const fint *length, fint *status,
                                     const fint *abort)) {
  const char *call = "SHPCLMOVE";
  rocshmem::require_init(call);
  if (*length <= 0) return fail(call, kBadLength, status, *abort);
  if (fint code = check_block(*addr)) return fail(call, code, status, *abort);
  /* (A block that can neither grow in place nor move reports the heap's
   * state, as shmem_realloc does, before the status says so.) */
  const size_t bytes = static_cast<size_t>(*length) * kWordBytes;
  void *p = rocshmem::sym_realloc(call, *addr, bytes);
  if (!p) return fail(call, kNoMemory, status, *abort);
  *status = p == *addr ? 0 : 1;
  *addr = p;
}
