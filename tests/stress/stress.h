/*
 * Shared parts of the stress programs (tests/stress/): a seed every PE
 * agrees on, a clock every PE agrees on, and a small deterministic RNG.
 *
 * Every program runs rounds until ROCTEST_STRESS_SECONDS (default 3) have
 * passed on PE 0; PE 0 decides and tells the others through MPI, so that
 * all PEs run the same number of rounds (their collectives must match).
 * The seed is ROCTEST_STRESS_SEED, or drawn from the clock, and printed as a
 * TAP comment: a failure is repeated by setting it (the same seed gives the
 * same operations; only the timing, and so the round count, differs).
 */
#ifndef ROCSHMEM_TESTS_STRESS_H
#define ROCSHMEM_TESTS_STRESS_H

#include <time.h>
#include <unistd.h>

#include "../functional/common/ftest.h"

/* splitmix64: tiny, and any PE can replay another PE's stream from its seed. */
typedef struct {
  uint64_t s;
} st_rng;
static inline uint64_t st_next(st_rng *r) {
  uint64_t z = (r->s += 0x9e3779b97f4a7c15ull);
  z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
  z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
  return z ^ (z >> 31);
}
static inline size_t st_below(st_rng *r, size_t n) { return n ? (size_t)(st_next(r) % n) : 0; }
static inline st_rng st_stream(uint64_t seed, uint64_t a, uint64_t b) {
  st_rng r = {seed ^ (a * 0x100000001b3ull) ^ (b << 32 | b >> 32)};
  (void)st_next(&r);
  return r;
}

static inline double st_now(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (double)ts.tv_sec + 1e-9 * (double)ts.tv_nsec;
}

/* The job's seed, chosen by PE 0 and printed once.  Call after shmem_init. */
static inline uint64_t st_seed(const char *prog) {
  unsigned long long seed = 0;
  const char *env = getenv("ROCTEST_STRESS_SEED");
  if (ft.me == 0)
    seed = env ? strtoull(env, NULL, 0)
               : ((unsigned long long)time(NULL) << 20) ^ (unsigned long long)getpid();
  MPI_Bcast(&seed, 1, MPI_UNSIGNED_LONG_LONG, 0, MPI_COMM_WORLD);
  if (ft.me == 0) {
    printf("# %s: seed %llu (repeat with ROCTEST_STRESS_SEED=%llu)\n", prog, seed, seed);
    fflush(stdout);
  }
  return (uint64_t)seed;
}

static inline double st_seconds(void) {
  const char *env = getenv("ROCTEST_STRESS_SECONDS");
  double s = env ? atof(env) : 3.0;
  return s > 0 ? s : 3.0;
}

/* Same answer on every PE: has PE 0 run out of time? */
static inline int st_keep_going(double start) {
  int go = st_now() - start < st_seconds();
  MPI_Bcast(&go, 1, MPI_INT, 0, MPI_COMM_WORLD);
  return go;
}

#endif
