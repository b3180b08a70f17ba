/*
 * Symmetric memory management: shmem_malloc, calloc, align, realloc, free and
 * malloc_with_hints (and the rocshmem_ twins): every standard hint, unknown
 * hint bits (allocate as shmem_malloc) and SHMEMX_MALLOC_NO_BARRIER (no
 * barrier on exit).
 *
 * "Symmetric" is checked directly: the offset of every block from a first
 * block must be equal on every PE (compared through MPI), and a put to the
 * block on another PE must land in that PE's block.
 */
#include <stdalign.h>
#include <unistd.h>

#include "../common/ftest.h"
#include <shmemx.h>

/* Offsets relative to this block identify positions in the heap, since
 * absolute addresses differ between PEs (ASLR). */
static char *anchor;

static long offset_of(const void *p) { return p ? (long)((const char *)p - anchor) : -1; }

/* Every PE's value must equal PE 0's. */
static int same_on_all_pes(long value) {
  long lo = value, hi = value;
  if (ft_mpi_up()) {
    MPI_Allreduce(&value, &lo, 1, MPI_LONG, MPI_MIN, MPI_COMM_WORLD);
    MPI_Allreduce(&value, &hi, 1, MPI_LONG, MPI_MAX, MPI_COMM_WORLD);
  }
  return lo == hi;
}

#define FT_CHECK_SYMMETRIC(p, what) \
  FT_CHECK(same_on_all_pes(offset_of(p)), "%s: offset %ld differs between PEs", what, offset_of(p))

/* Each PE writes its pattern into the last `n` bytes of the block on its right
 * neighbour: the block must be symmetric and fully usable. */
static void check_remote_tail(unsigned char *p, size_t size, int salt, const char *what) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  unsigned char src[64];
  size_t len = size < sizeof src ? size : sizeof src;
  ft_fill(src, len, me, salt);
  shmem_barrier_all();
  shmem_putmem(p + size - len, src, len, right);
  shmem_barrier_all();
  FT_CHECK_BYTES(p + size - len, len, left, salt, what);
  shmem_barrier_all();
}

static void zero_sizes(void) {
  FT_CHECK(shmem_malloc(0) == NULL, "shmem_malloc(0)");
  FT_CHECK(shmem_calloc(0, 8) == NULL, "shmem_calloc(0, 8)");
  FT_CHECK(shmem_calloc(8, 0) == NULL, "shmem_calloc(8, 0)");
  FT_CHECK(shmem_align(64, 0) == NULL, "shmem_align(64, 0)");
  FT_CHECK(shmem_malloc_with_hints(0, 0) == NULL, "shmem_malloc_with_hints(0, 0)");
  FT_CHECK(rocshmem_malloc(0) == NULL, "rocshmem_malloc(0)");
  shmem_free(NULL); /* must be a no-op */
  rocshmem_free(NULL);
  ft_case("zero-size allocations return NULL, shmem_free(NULL) does nothing");
}

static void offsets_symmetric(void) {
  static const size_t sizes[] = {1, 64, 100, 4096, 1 << 20, 3, 65, 12345};
  enum { N = sizeof sizes / sizeof sizes[0] };
  unsigned char *p[N];
  for (int i = 0; i < N; ++i) {
    p[i] = (unsigned char *)shmem_malloc(sizes[i]);
    FT_CHECK(p[i] != NULL, "shmem_malloc(%zu) failed", sizes[i]);
    FT_CHECK(((uintptr_t)p[i] % alignof(max_align_t)) == 0, "shmem_malloc(%zu) = %p is not aligned "
             "for any type", sizes[i], (void *)p[i]);
    FT_CHECK_SYMMETRIC(p[i], "shmem_malloc");
  }
  for (int i = 0; i < N; ++i) check_remote_tail(p[i], sizes[i], i, "tail of a block");
  ft_case("shmem_malloc of %d sizes: same offsets on every PE, every block usable remotely", N);

  /* Free every other block, reallocate other sizes into the holes. */
  for (int i = 0; i < N; i += 2) shmem_free(p[i]);
  for (int i = 0; i < N; i += 2) {
    p[i] = (unsigned char *)shmem_malloc(sizes[i] / 2 + 1);
    FT_CHECK_SYMMETRIC(p[i], "shmem_malloc after shmem_free");
    check_remote_tail(p[i], sizes[i] / 2 + 1, 100 + i, "tail of a reused block");
  }
  for (int i = 0; i < N; ++i) shmem_free(p[i]);
  ft_case("shmem_free then shmem_malloc reuses space symmetrically");
}

static void calloc_zeroes(void) {
  const size_t size = 1 << 20;
  unsigned char *p = (unsigned char *)shmem_malloc(size);
  memset(p, 0xAB, size); /* leave garbage behind */
  shmem_free(p);
  unsigned char *q = (unsigned char *)shmem_calloc(size / 8, 8);
  FT_CHECK(q != NULL, "shmem_calloc failed");
  if (q) {
    FT_CHECK(ft_not_byte(q, size, 0) == size, "shmem_calloc: byte %zu is not zero",
             ft_not_byte(q, size, 0));
    FT_CHECK_SYMMETRIC(q, "shmem_calloc");
  }
  shmem_free(q);
  q = (unsigned char *)rocshmem_calloc(1000, 3);
  FT_CHECK(q && ft_not_byte(q, 3000, 0) == 3000, "rocshmem_calloc(1000, 3) not zeroed");
  rocshmem_free(q);
  ft_case("shmem_calloc zeroes reused memory; offsets are symmetric");
}

/* OpenSHMEM: calloc, like malloc, ends with a barrier; after it the block is
 * zero everywhere and any PE may write into any PE's block.  A PE that zeroes
 * its block after the barrier wipes what a faster PE has already put. */
static void calloc_then_put(void) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  const size_t count = (64u << 20) / sizeof(int); /* large: zeroing takes a while */
  int lost = 0;
  for (int it = 0; it < 6; ++it) {
    int *p = (int *)shmem_calloc(count, sizeof(int));
    if (!p) {
      FT_CHECK(0, "shmem_calloc of 64 MiB failed");
      break;
    }
    shmem_int_p(&p[count - 1], me + 1, right); /* right after calloc returns */
    shmem_barrier_all();
    if (p[count - 1] != left + 1) ++lost;
    shmem_free(p);
  }
  FT_CHECK(lost == 0, "%d of 6 puts issued right after shmem_calloc were lost", lost);
  ft_case("a put issued right after shmem_calloc returns is not overwritten by the zeroing");
}

static void realloc_cases(void) {
  /* Grow in place: nothing allocated after the block. */
  unsigned char *p = (unsigned char *)shmem_malloc(256);
  ft_fill(p, 256, ft.me, 1);
  unsigned char *q = (unsigned char *)shmem_realloc(p, 8192);
  FT_CHECK(q != NULL, "shmem_realloc grow failed");
  FT_CHECK_BYTES(q, 256, ft.me, 1, "contents after growing");
  FT_CHECK_SYMMETRIC(q, "shmem_realloc (grow)");
  check_remote_tail(q, 8192, 2, "tail of the grown block");
  ft_case("shmem_realloc grows a block, keeping its contents, symmetrically");

  /* Grow with a move: another block right behind it. */
  unsigned char *blocker = (unsigned char *)shmem_malloc(64);
  ft_fill(q, 8192, ft.me, 3);
  unsigned char *r = (unsigned char *)shmem_realloc(q, 1 << 20);
  FT_CHECK(r != NULL, "shmem_realloc grow with move failed");
  FT_CHECK(r != q, "the block could not grow in place yet did not move");
  FT_CHECK_BYTES(r, 8192, ft.me, 3, "contents after moving");
  FT_CHECK_SYMMETRIC(r, "shmem_realloc (move)");
  check_remote_tail(r, 1 << 20, 4, "tail of the moved block");
  ft_case("shmem_realloc moves a block that cannot grow in place, keeping its contents");

  /* Shrink. */
  ft_fill(r, 1000, ft.me, 5);
  unsigned char *s = (unsigned char *)shmem_realloc(r, 1000);
  FT_CHECK(s != NULL, "shmem_realloc shrink failed");
  FT_CHECK_BYTES(s, 1000, ft.me, 5, "contents after shrinking");
  FT_CHECK_SYMMETRIC(s, "shmem_realloc (shrink)");
  check_remote_tail(s, 1000, 6, "tail of the shrunk block");
  ft_case("shmem_realloc shrinks a block, keeping its contents");

  /* NULL and 0. */
  unsigned char *t = (unsigned char *)shmem_realloc(NULL, 512);
  FT_CHECK(t != NULL, "shmem_realloc(NULL, 512) failed");
  FT_CHECK_SYMMETRIC(t, "shmem_realloc(NULL, 512)");
  check_remote_tail(t, 512, 7, "block from shmem_realloc(NULL)");
  FT_CHECK(shmem_realloc(t, 0) == NULL, "shmem_realloc(p, 0) is not NULL");
  unsigned char *u = (unsigned char *)rocshmem_realloc(NULL, 100);
  ft_fill(u, 100, ft.me, 8);
  u = (unsigned char *)rocshmem_realloc(u, 200000);
  FT_CHECK(u != NULL, "rocshmem_realloc failed");
  if (u) FT_CHECK_BYTES(u, 100, ft.me, 8, "rocshmem_realloc contents");
  rocshmem_free(u);
  ft_case("shmem_realloc(NULL, n) allocates, shmem_realloc(p, 0) frees; rocshmem_realloc works");

  shmem_free(s);
  shmem_free(blocker);
}

static void align_cases(void) {
  /* Up to a page, alignment of the heap offset is alignment of the address. */
  for (size_t a = 1; a <= 4096; a <<= 1) {
    void *p = shmem_align(a, 100);
    FT_CHECK(p != NULL && (uintptr_t)p % a == 0, "shmem_align(%zu, 100) = %p", a, p);
    FT_CHECK_SYMMETRIC(p, "shmem_align");
    shmem_free(p);
  }
  void *q = rocshmem_align(256, 10);
  FT_CHECK(q != NULL && (uintptr_t)q % 256 == 0, "rocshmem_align(256, 10) = %p", q);
  rocshmem_free(q);
  ft_case("shmem_align honours alignments 1 to 4096, symmetrically");

  /* Beyond a page, the heap base must be aligned too.  Up to 256 MiB (half
   * the default heap): under a launcher, glibc's thread arenas often leave
   * the heap 64 MiB-aligned by chance, which would hide a misaligned base. */
  const int heap_size_set = getenv("SHMEM_SYMMETRIC_SIZE") || getenv("ROCSHMEM_HEAP_SIZE");
  const size_t max_align = heap_size_set ? (16u << 20) : (256u << 20);
  for (size_t a = 8192; a <= max_align; a <<= 1) {
    void *p = shmem_align(a, 100);
    FT_CHECK(p != NULL && (uintptr_t)p % a == 0, "shmem_align(%zu, 100) = %p is misaligned", a, p);
    FT_CHECK_SYMMETRIC(p, "shmem_align");
    shmem_free(p);
  }
  ft_case("shmem_align honours alignments 8 KiB to %zu MiB", max_align >> 20);
}

static void hints_cases(void) {
  static const long hints[] = {0, SHMEM_MALLOC_ATOMICS_REMOTE, SHMEM_MALLOC_SIGNAL_REMOTE,
                               SHMEM_MALLOC_ATOMICS_REMOTE | SHMEM_MALLOC_SIGNAL_REMOTE};
  for (size_t k = 0; k < sizeof hints / sizeof hints[0]; ++k) {
    unsigned char *p = (unsigned char *)shmem_malloc_with_hints(4096, hints[k]);
    FT_CHECK(p != NULL, "shmem_malloc_with_hints(4096, %ld) failed", hints[k]);
    if (!p) continue;
    FT_CHECK_SYMMETRIC(p, "shmem_malloc_with_hints");
    check_remote_tail(p, 4096, 20 + (int)k, "block with hints");
    shmem_free(p);
  }
  unsigned char *r = (unsigned char *)rocshmem_malloc_with_hints(64, SHMEM_MALLOC_SIGNAL_REMOTE);
  FT_CHECK(r != NULL, "rocshmem_malloc_with_hints failed");
  rocshmem_free(r);
  ft_case("shmem_malloc_with_hints with every defined hint gives usable symmetric blocks");

  /* Hints the library does not know behave as shmem_malloc (the spec:
   * a hint that cannot be used for optimization changes nothing). */
  static const long unknown[] = {1L << 2, 1L << 5, 1L << 20, 1L << 29,
                                 (1L << 20) | SHMEM_MALLOC_ATOMICS_REMOTE, 0x7ff0L << 8};
  for (size_t k = 0; k < sizeof unknown / sizeof unknown[0]; ++k) {
    unsigned char *p = (unsigned char *)shmem_malloc_with_hints(4096, unknown[k]);
    FT_CHECK(p != NULL, "shmem_malloc_with_hints(4096, 0x%lx) returned NULL", unknown[k]);
    if (!p) continue;
    FT_CHECK_SYMMETRIC(p, "shmem_malloc_with_hints with unknown hints");
    check_remote_tail(p, 4096, 30 + (int)k, "block with unknown hints");
    shmem_free(p);
  }
  r = (unsigned char *)rocshmem_malloc_with_hints(64, 1L << 20);
  FT_CHECK(r != NULL, "rocshmem_malloc_with_hints(64, 0x100000) returned NULL");
  rocshmem_free(r);
  ft_case("shmem_malloc_with_hints with hint bits nobody defined allocates as shmem_malloc");
}

/* SHMEMX_MALLOC_NO_BARRIER: the allocation does not wait for the other PEs.
 * MPI rank 0 allocates first while the others hold back, under MPI, until
 * it says it has returned (at most 20 s: with a barrier in the allocation,
 * rank 0 never returns before the others allocate, and the case fails
 * instead of hanging).  Then the block is symmetric and usable once the
 * caller has synchronized.  Under SHMEM_DEBUG the symmetry check exchanges
 * the arguments, which waits for every PE: only the block is checked. */
static void hints_no_barrier(void) {
  const int debug = getenv("SHMEM_DEBUG") || getenv("ROCSHMEM_DEBUG");
  int ordered = ft_mpi_up() && ft.npes > 1 && !debug;
  int returned_alone = 1;
  unsigned char *p;
  if (ordered) {
    int rank, token = 0, done = 0;
    MPI_Request req;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    if (rank == 0) {
      p = (unsigned char *)shmem_malloc_with_hints(4096, SHMEMX_MALLOC_NO_BARRIER);
      token = 1;
      MPI_Ibcast(&token, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
      MPI_Wait(&req, MPI_STATUS_IGNORE);
    } else {
      MPI_Ibcast(&token, 1, MPI_INT, 0, MPI_COMM_WORLD, &req);
      const double t0 = MPI_Wtime();
      while (MPI_Test(&req, &done, MPI_STATUS_IGNORE) == MPI_SUCCESS && !done &&
             MPI_Wtime() - t0 < 20)
        usleep(1000);
      returned_alone = done;
      p = (unsigned char *)shmem_malloc_with_hints(4096, SHMEMX_MALLOC_NO_BARRIER);
      if (!done) MPI_Wait(&req, MPI_STATUS_IGNORE);
    }
  } else {
    p = (unsigned char *)shmem_malloc_with_hints(4096, SHMEMX_MALLOC_NO_BARRIER);
  }
  FT_CHECK(returned_alone, "MPI rank 0's shmem_malloc_with_hints(SHMEMX_MALLOC_NO_BARRIER) did "
           "not return before the other PEs allocated: it waited in a barrier");
  FT_CHECK(p != NULL, "shmem_malloc_with_hints(4096, SHMEMX_MALLOC_NO_BARRIER) returned NULL");
  if (p) {
    FT_CHECK_SYMMETRIC(p, "shmem_malloc_with_hints(SHMEMX_MALLOC_NO_BARRIER)");
    check_remote_tail(p, 4096, 50, "block allocated without a barrier");
  }
  shmem_free(p);
  unsigned char *r = (unsigned char *)rocshmem_malloc_with_hints(
      64, SHMEMX_MALLOC_NO_BARRIER | SHMEM_MALLOC_ATOMICS_REMOTE);
  FT_CHECK(r != NULL, "rocshmem_malloc_with_hints(SHMEMX_MALLOC_NO_BARRIER) returned NULL");
  shmem_barrier_all(); /* the caller's synchronization before anyone uses r */
  rocshmem_free(r);
  if (ordered)
    ft_case("shmemx SHMEMX_MALLOC_NO_BARRIER: PE 0 returns before the others allocate; the "
            "block is symmetric and usable after a barrier");
  else
    ft_case("shmemx SHMEMX_MALLOC_NO_BARRIER: the block is symmetric and usable after a barrier "
            "(%s: the order of return is not checked)", debug ? "SHMEM_DEBUG" : "one PE or no MPI");
}

/* The same pseudo-random sequence of malloc/realloc/free on every PE must
 * give the same offsets everywhere: the allocator is what makes symmetry free
 * of communication, so it must be deterministic. */
static void random_sequence(void) {
  enum { LIVE = 32, STEPS = 300 };
  unsigned char *live[LIVE] = {0};
  size_t size[LIVE] = {0};
  uint32_t rng = 12345;
  unsigned long digest = 0; /* unsigned: the hash wraps (signed overflow is undefined) */
  for (int step = 0; step < STEPS; ++step) {
    rng = rng * 1664525u + 1013904223u;
    int k = (int)(rng >> 8) % LIVE;
    size_t want = 1 + (rng >> 12) % 20000;
    if (!live[k]) {
      live[k] = (unsigned char *)shmem_malloc(want);
      size[k] = want;
    } else if (rng & 1) {
      unsigned char *p = (unsigned char *)shmem_realloc(live[k], want);
      if (p) live[k] = p, size[k] = want;
    } else {
      shmem_free(live[k]);
      live[k] = NULL;
    }
    digest = digest * 31u + (unsigned long)offset_of(live[k]);
  }
  FT_CHECK(same_on_all_pes((long)digest), "the offsets of %d operations differ between PEs", STEPS);
  for (int k = 0; k < LIVE; ++k)
    if (live[k]) check_remote_tail(live[k], size[k], 40 + k, "block of the random sequence");
  for (int k = 0; k < LIVE; ++k) shmem_free(live[k]);
  ft_case("%d random malloc/realloc/free steps give the same offsets on every PE", STEPS);
}

static void large_block(void) {
  const size_t size = 256u << 20; /* half of the default 512 MiB heap */
  if (getenv("SHMEM_SYMMETRIC_SIZE") || getenv("ROCSHMEM_HEAP_SIZE")) {
    ft_skip("the heap size is set in the environment", "shmem_malloc of 256 MiB");
    return;
  }
  unsigned char *p = (unsigned char *)shmem_malloc(size);
  FT_CHECK(p != NULL, "shmem_malloc(256 MiB) failed with the default heap size");
  if (p) {
    FT_CHECK_SYMMETRIC(p, "shmem_malloc(256 MiB)");
    check_remote_tail(p, size, 60, "end of a 256 MiB block");
  }
  shmem_free(p);
  ft_case("shmem_malloc of 256 MiB fits the default heap; its last bytes are reachable");
}

int main(void) {
  shmem_init();
  ft_begin();
  anchor = (char *)shmem_malloc(64);
  if (!anchor) return 1;
  zero_sizes();
  offsets_symmetric();
  calloc_zeroes();
  calloc_then_put();
  realloc_cases();
  align_cases();
  hints_cases();
  hints_no_barrier();
  random_sequence();
  large_block();
  int rc = ft_finish();
  shmem_free(anchor);
  shmem_finalize();
  return rc;
}
