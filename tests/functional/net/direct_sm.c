/*
 * A PE alone on its node is reachable over UCX's shared-memory transports
 * without its own help.
 *
 * Those transports (posix, sysv) read and write a peer's memory directly only
 * if UCX allocated it; memory it merely registered they reach by active
 * messages that the target's worker must progress.  So a PE that no
 * same-node peer maps gets its heap from UCX (net::allocate_heap).  Here,
 * with every PE its own emulated node, UCX_TLS=sm,self and no progress
 * thread (both set by the program), PE 0 puts, adds, fetches, updates bits
 * (AND, OR, XOR: UCX 1.13's shared memory loses them, so they take a
 * compare-and-swap loop) and reads on every other PE and then sets its flag, while those PEs make no rocshmem
 * call at all: they watch the flag with plain loads for up to 10 s.  With a
 * heap UCX did not allocate, PE 0 stalls in its first blocking call and the
 * flag never comes (the waiting PE then reports and progresses, so the job
 * still ends).
 *
 * Runs as -np2-ucx1 and -np3-ucx1 (tests/local.mk); skipped elsewhere.
 */
#include <string.h>
#include <time.h>

#include "../common/ftest.h"

enum { BYTES = 4096, WAIT_S = 10 };

static double now_s(void) {
  struct timespec t;
  clock_gettime(CLOCK_MONOTONIC, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}

int main(void) {
  setenv("UCX_TLS", "sm,self", 1);
  setenv("ROCSHMEM_UCX_PROGRESS_THREAD", "0", 1);
  shmem_init();
  ft_begin();
  const char *ppn = getenv("ROCSHMEM_PES_PER_NODE");
  if (!ppn || strcmp(ppn, "1") != 0 || ft.npes < 2) {
    ft_skip("needs 2 or more PEs, each its own node (ROCSHMEM_PES_PER_NODE=1)",
            "operations on a PE that makes no call, over UCX shared memory");
    shmem_finalize();
    return ft_finish();
  }
  unsigned char *data = (unsigned char *)shmem_calloc(BYTES, 1);
  long *counter = (long *)shmem_calloc(1, sizeof(long));
  long *value = (long *)shmem_malloc(sizeof(long));
  long *flag = (long *)shmem_calloc(1, sizeof(long));
  unsigned long *bits = (unsigned long *)shmem_malloc(sizeof(unsigned long));
  unsigned int *bits32 = (unsigned int *)shmem_malloc(sizeof(unsigned int));
  *value = 1000 + ft.me;
  *bits = 0xF0;
  *bits32 = 0xF0F0;
  shmem_barrier_all();

  if (ft.me == 0) {
    unsigned char src[BYTES];
    for (int pe = 1; pe < ft.npes; ++pe) {
      ft_fill(src, BYTES, pe, 7);
      shmem_putmem(data, src, BYTES, pe);
      shmem_long_atomic_add(counter, 1, pe);
      long old = shmem_long_atomic_fetch_add(counter, 10, pe);
      FT_CHECK(old == 1, "fetch_add on PE %d returned %ld, expected 1", pe, old);
      unsigned long was = shmem_ulong_atomic_fetch_or(bits, 0x0F, pe);
      FT_CHECK(was == 0xF0, "ulong fetch_or on PE %d returned %#lx, expected 0xf0", pe, was);
      shmem_ulong_atomic_and(bits, 0x3C, pe);
      shmem_ulong_atomic_xor(bits, 0x01, pe);
      unsigned int was32 = shmem_uint_atomic_fetch_and(bits32, 0xFF00, pe);
      FT_CHECK(was32 == 0xF0F0, "uint fetch_and on PE %d returned %#x, expected 0xf0f0", pe, was32);
      long got = shmem_long_g(value, pe);
      FT_CHECK(got == 1000 + pe, "long_g from PE %d returned %ld, expected %d", pe, got, 1000 + pe);
      shmem_quiet();
      shmem_long_p(flag, 1, pe);
      shmem_quiet();
    }
  } else {
    double deadline = now_s() + WAIT_S;
    while (__atomic_load_n(flag, __ATOMIC_ACQUIRE) != 1 && now_s() < deadline) sched_yield();
    int arrived = __atomic_load_n(flag, __ATOMIC_ACQUIRE) == 1;
    FT_CHECK(arrived,
             "PE 0's operations had not arrived after %d s in which this PE made no rocshmem "
             "call: its heap is not reachable directly over UCX shared memory", WAIT_S);
    if (!arrived) shmem_long_wait_until(flag, SHMEM_CMP_EQ, 1); /* progress: let PE 0 finish */
    FT_CHECK_BYTES(data, BYTES, ft.me, 7, "putmem from PE 0");
    FT_CHECK(*counter == 11, "counter %ld after PE 0's add 1 and fetch_add 10, expected 11",
             *counter);
    FT_CHECK(*bits == 0x3D, "bits %#lx after fetch_or 0x0f, and 0x3c, xor 0x01 on 0xf0, "
             "expected 0x3d", *bits);
    FT_CHECK(*bits32 == 0xF000, "bits32 %#x after fetch_and 0xff00 on 0xf0f0, expected 0xf000",
             *bits32);
  }
  ft_case("putmem, atomic_add, fetch_add, fetch_or/and/xor (64 and 32 bits), g and p from PE 0 "
          "completed on %d PE(s) that made no call (UCX_TLS=sm,self, no progress thread)",
          ft.npes - 1);
  shmem_barrier_all();
  shmem_finalize();
  return ft_finish();
}
