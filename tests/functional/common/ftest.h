/*
 * Shared helpers of the functional (multi-PE) tests.  C99 and C++.
 *
 * A test program is a sequence of cases.  Every PE checks its part of a case
 * with FT_CHECK (counting local failures, with a few diagnostics on stderr),
 * then all PEs call ft_case(), which sums the failures over the PEs with MPI
 * -- deliberately not with rocshmem, so that a broken put or barrier cannot
 * hide a failure -- and PE 0 prints one TAP line.  ft_finish() prints the plan
 * last, as TAP allows.
 *
 * Under a launcher MPI is up once shmem_init returns (rocshmem bootstraps
 * through it); a singleton run (no launcher) has no MPI, and then the local
 * count is the total.
 *
 * Known library bugs: ft_case_known_bug() reports a failing case with a TODO
 * directive naming the bug (an expected failure for the TAP driver), so that
 * `make check` stays usable while the bug is open.
 */
#ifndef ROCSHMEM_TESTS_FTEST_H
#define ROCSHMEM_TESTS_FTEST_H

#include <mpi.h>
#include <shmem.h>

#include <sched.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifdef __cplusplus
extern "C" {
#endif

struct ft_state {
  int me, npes;       /* this PE and the PE count, from ft_begin() */
  int cases;          /* TAP lines printed so far */
  long fails;         /* this PE's failures in the current case */
  int diags;          /* diagnostics printed for the current case */
  int hard_failures;  /* failed cases without a TODO directive */
};
static struct ft_state ft = {0, 1, 0, 0, 0, 0};

/* Diagnostics per PE and case: enough to see the pattern of a failure, not
 * a million lines when a whole buffer is wrong. */
enum { FT_MAX_DIAGS = 4 };

/* Values written by the typed tests: 0..100 is exact in every RMA type
 * (including signed char and float); FT_SENTINEL (-1 converted to the type)
 * marks memory that must not be written. */
enum { FT_SENTINEL = -1 };
static inline int ft_val(int pe, size_t i, int salt) {
  return (int)(((size_t)pe * 37u + i * 11u + (size_t)salt * 23u) % 101u);
}

/* Byte pattern for untyped transfers: a hash of (pe, index, salt), so that no
 * misplacement by a power of two (or any other shift) can go unnoticed. */
static inline unsigned char ft_byte(int pe, size_t i, int salt) {
  uint32_t x = (uint32_t)i * 2654435761u ^ (uint32_t)(pe + 1) * 40503u ^ (uint32_t)salt * 97u;
  x ^= x >> 15;
  x *= 2246822519u;
  x ^= x >> 13;
  return (unsigned char)x;
}
static inline void ft_fill(void *buf, size_t n, int pe, int salt) {
  unsigned char *b = (unsigned char *)buf;
  for (size_t i = 0; i < n; ++i) b[i] = ft_byte(pe, i, salt);
}
/* Index of the first byte that differs from the pattern, or n. */
static inline size_t ft_mismatch(const void *buf, size_t n, int pe, int salt) {
  const unsigned char *b = (const unsigned char *)buf;
  for (size_t i = 0; i < n; ++i)
    if (b[i] != ft_byte(pe, i, salt)) return i;
  return n;
}
/* Index of the first byte that is not `value`, or n. */
static inline size_t ft_not_byte(const void *buf, size_t n, unsigned char value) {
  const unsigned char *b = (const unsigned char *)buf;
  for (size_t i = 0; i < n; ++i)
    if (b[i] != value) return i;
  return n;
}

static inline int ft_mpi_up(void) {
  int up = 0, down = 0;
  MPI_Initialized(&up);
  MPI_Finalized(&down);
  return up && !down;
}

/* Sum over PEs, through MPI (see the top of this file). */
static inline long ft_sum(long local) {
  long total = local;
  if (ft_mpi_up()) MPI_Allreduce(&local, &total, 1, MPI_LONG, MPI_SUM, MPI_COMM_WORLD);
  return total;
}

/* A barrier that is not rocshmem's: after shmem_quiet, it shows that quiet
 * alone completed the puts (shmem_barrier_all would complete them itself). */
static inline void ft_mpi_barrier(void) {
  if (ft_mpi_up())
    MPI_Barrier(MPI_COMM_WORLD);
  else
    shmem_sync_all();
}

/* Network mode: the -npN-ucxK wrappers (tests/mpirun_test.sh) set
 * ROCSHMEM_PES_PER_NODE, so that some PEs reach others through the network
 * transport (UCX), where every operation costs far more than a load or a
 * store: programs then run fewer iterations (ft_iters). */
static inline int ft_network_mode(void) {
  const char *s = getenv("ROCSHMEM_PES_PER_NODE");
  return s && atoi(s) > 0;
}
static inline int ft_iters(int normal, int network) {
  return ft_network_mode() ? network : normal;
}

/* Call after the program's choice of shmem_init / start_pes / init_thread. */
static inline void ft_begin(void) {
  ft.me = shmem_my_pe();
  ft.npes = shmem_n_pes();
}

static inline void ft_vfail(const char *file, int line, const char *fmt, va_list ap) {
  ++ft.fails;
  if (ft.diags++ >= FT_MAX_DIAGS) return;
  char msg[512];
  vsnprintf(msg, sizeof msg, fmt, ap);
  /* stderr: the TAP driver keeps it in the log without parsing it. */
  fprintf(stderr, "# PE %d/%d: %s:%d: %s\n", ft.me, ft.npes, file, line, msg);
  fflush(stderr);
}

static inline void ft_fail_at(const char *file, int line, const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  ft_vfail(file, line, fmt, ap);
  va_end(ap);
}

/* FT_CHECK(condition, printf-style message): counts a failure on this PE. */
#define FT_CHECK(cond, ...) ((cond) ? (void)0 : ft_fail_at(__FILE__, __LINE__, __VA_ARGS__))

static inline void ft_check_bytes_at(const char *file, int line, const void *buf, size_t n,
                                     int pe, int salt, const char *what) {
  size_t at = ft_mismatch(buf, n, pe, salt);
  if (at != n)
    ft_fail_at(file, line, "%s: first wrong byte at %zu of %zu (0x%02x, expected 0x%02x)", what,
               at, n, ((const unsigned char *)buf)[at], ft_byte(pe, at, salt));
}
/* FT_CHECK_BYTES(buf, n, pe, salt, what): buf must hold ft_fill(.., pe, salt). */
#define FT_CHECK_BYTES(buf, n, pe, salt, what) \
  ft_check_bytes_at(__FILE__, __LINE__, (buf), (n), (pe), (salt), (what))

/* Closes a case: collective over all PEs.  Returns 1 when every PE passed. */
static inline int ft_vcase(const char *directive, const char *fmt, va_list ap) {
  long total = ft_sum(ft.fails);
  ++ft.cases;
  if (total != 0 && !directive) ++ft.hard_failures;
  if (ft.me == 0) {
    printf("%s %d - ", total == 0 ? "ok" : "not ok", ft.cases);
    vprintf(fmt, ap);
    if (total != 0) printf(" (%ld failure%s)", total, total == 1 ? "" : "s");
    if (directive) printf(" # %s", directive);
    printf("\n");
    fflush(stdout); /* a later crash must not swallow earlier results */
  }
  ft.fails = 0;
  ft.diags = 0;
  return total == 0;
}

static inline int ft_case(const char *fmt, ...) {
  va_list ap;
  va_start(ap, fmt);
  int ok = ft_vcase(NULL, fmt, ap);
  va_end(ap);
  return ok;
}

/* A case that exercises a known, reported library bug whose symptom depends
 * on timing or address-space layout (so a pass proves nothing): when it
 * fails, the TAP line carries a TODO directive naming the bug (`bug`:
 * file:line and a few words) and the TAP driver counts an expected failure;
 * when it passes, it is a plain pass. */
static inline int ft_case_known_bug(const char *bug, const char *fmt, ...) {
  char directive[256];
  snprintf(directive, sizeof directive, "TODO %s", bug);
  va_list ap;
  va_start(ap, fmt);
  int ok = ft_vcase(ft_sum(ft.fails) != 0 ? directive : NULL, fmt, ap);
  va_end(ap);
  return ok;
}

/* A case that exercises a known, reported library bug whose symptom is
 * deterministic: the TAP line always carries the TODO directive, so the
 * driver counts an expected failure while the bug is open and an unexpected
 * pass (XPASS, failing `make check`) once it is fixed, as a reminder to drop
 * the directive. */
static inline int ft_case_todo(const char *bug, const char *fmt, ...) {
  char directive[256];
  snprintf(directive, sizeof directive, "TODO %s", bug);
  va_list ap;
  va_start(ap, fmt);
  int ok = ft_vcase(directive, fmt, ap);
  va_end(ap);
  return ok;
}

static inline void ft_skip(const char *reason, const char *fmt, ...) {
  ++ft.cases;
  ft.fails = 0;
  ft.diags = 0;
  if (ft.me != 0) return;
  va_list ap;
  va_start(ap, fmt);
  printf("ok %d - ", ft.cases);
  vprintf(fmt, ap);
  printf(" # SKIP %s\n", reason);
  fflush(stdout);
  va_end(ap);
}

/* Prints the plan; returns the exit status for main (0: no hard failures,
 * the same on every PE since case totals are global). */
static inline int ft_finish(void) {
  if (ft.me == 0) {
    printf("1..%d\n", ft.cases);
    fflush(stdout);
  }
  return ft.hard_failures ? 1 : 0;
}

/* Waits politely for *flag (a local symmetric word written by a peer) to
 * reach `value`: the acquire load orders the data reads that follow. */
static inline void ft_wait_long(const long *flag, long value) {
  while (__atomic_load_n(flag, __ATOMIC_ACQUIRE) != value) sched_yield();
}

#ifdef __cplusplus
}
#endif

#endif /* ROCSHMEM_TESTS_FTEST_H */
