/* The Fortran API of OpenSHMEM 1.4 (deprecated in 1.4, removed in 1.5, still
 * what legacy Fortran codes call): the conventions every entry point of
 * oshmem_compat/fortran/ follows.
 *
 * Legacy codes call without interfaces (no ISO_C_BINDING), so the binding is
 * the compilers' own calling convention:
 *  - every argument arrives by reference; INTEGER is the default kind, 32
 *    bits (oshfort refuses -fdefault-integer-8 and the like, see oshfort(1));
 *  - CHARACTER arguments add their lengths as hidden trailing arguments,
 *    which nothing here needs (SHMEM_CHARACTER_PUT counts characters in
 *    nelems, and SHMEM_INFO_GET_NAME takes the one length it needs);
 *  - a FUNCTION returns its value as C does (INTEGER*8 as int64_t, REAL*4 as
 *    float: gfortran without -ff2c, as oshfort compiles).
 * Each routine is defined under gfortran's name (lower case, one trailing
 * underscore: shmem_put8_), the name flang, ifx and nvfortran use too, with
 * two aliases for other conventions: a second underscore (g77, f2c and
 * gfortran -fsecond-underscore) and upper case (SHMEM_PUT8; Cray, and Intel
 * with /names:uppercase).  The plain lower-case name is never exported: it
 * would be a C routine's name (shmem_put8 moves 8-bit elements in C, 8-byte
 * ones in Fortran). */
#ifndef ROCSHMEM_FORTRAN_FORTRAN_H
#define ROCSHMEM_FORTRAN_FORTRAN_H

#include <shmem.h>

#include <cstddef>
#include <cstdint>

#include "core/api.h"
#include "core/log.h"

namespace rocshmem {
namespace fortran {

/* Default INTEGER and LOGICAL. */
using fint = int32_t;
using flogical = int32_t;
constexpr flogical kTrue = 1, kFalse = 0;

/* A Fortran count (nelems, nreduce): negative ones end the job naming the
 * call and the argument. */
inline size_t count(const char *call, const char *arg, fint n) {
  if (n < 0) fatal(call, "%s = %d is negative", arg, static_cast<int>(n));
  return static_cast<size_t>(n);
}

}  // namespace fortran
}  // namespace rocshmem

/* The aliases of lower_ under the other conventions' names. */
#define ROCSHMEM_F_ALIASES(lower, UPPER)                                        \
  __asm__(".globl " #lower "__\n\t.set " #lower "__, " #lower "_\n\t"         \
          ".globl " #UPPER "\n\t.set " #UPPER ", " #lower "_");

/* A Fortran SUBROUTINE or FUNCTION: the definition's head, followed by its
 * body.  `call` inside names the routine in error messages (SHMEM_PUT8). */
#define ROCSHMEM_F_FUNC(RET, lower, UPPER, PARAMS) \
  ROCSHMEM_F_ALIASES(lower, UPPER)                 \
  extern "C" RET lower##_ PARAMS
#define ROCSHMEM_F_SUB(lower, UPPER, PARAMS) ROCSHMEM_F_FUNC(void, lower, UPPER, PARAMS)

/* ------------------------------------------------------------ type tables */
/* Elements of the typed RMA routines (SHMEM_INTEGER_PUT ...): lower- and
 * upper-case name, size in bytes of the default kind (COMPLEX is two REALs). */
#define ROCSHMEM_F_RMA_TYPES(X) \
  X(complex, COMPLEX, 8) X(double, DOUBLE, 8) X(integer, INTEGER, 4) X(logical, LOGICAL, 4) \
  X(real, REAL, 4)
/* The sized ones (SHMEM_PUT4 ...): the number in the name, bytes.  4 and 8
 * are bytes in Fortran (32 and 64 bits). */
#define ROCSHMEM_F_RMA_SIZES(X) X(4, 4) X(8, 8) X(32, 4) X(64, 8) X(128, 16)

/* Atomics: INT4/INT8 have the whole set, REAL4/REAL8 fetch, set and swap. */
#define ROCSHMEM_F_AMO_INT_TYPES(X) X(int4, INT4, int32_t) X(int8, INT8, int64_t)
#define ROCSHMEM_F_AMO_REAL_TYPES(X) X(real4, REAL4, float) X(real8, REAL8, double)

/* Reductions (*_TO_ALL): bitwise on INT4/INT8; MAX, MIN on those and the
 * reals; SUM, PROD on those and the complexes.  REAL16 is gfortran's REAL*16,
 * IEEE quadruple precision (__float128), not the C long double. */
#define ROCSHMEM_F_REDUCE_INT_TYPES(X) X(int4, INT4, int32_t) X(int8, INT8, int64_t)
#define ROCSHMEM_F_REDUCE_REAL_TYPES(X) \
  X(real4, REAL4, float) X(real8, REAL8, double) X(real16, REAL16, __float128)
#define ROCSHMEM_F_REDUCE_COMPLEX_TYPES(X) \
  X(comp4, COMP4, rocshmem_complexf_t) X(comp8, COMP8, rocshmem_complexd_t)

#endif
