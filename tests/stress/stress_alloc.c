/*
 * Allocator fragmentation: every PE runs the same random sequence (from
 * the shared seed) of shmem_malloc / calloc / align / realloc / free with
 * sizes from 0 to 256 KiB, up to 64 live blocks, for a fixed time.  Every
 * live block holds a pattern of (PE, block tag) and is checked: all of them
 * every batch (nothing overwrote a neighbour), calloc'd memory zeroed,
 * realloc kept the common prefix, align honoured, and one random block
 * read from the next PE (the same address must be the same block there).
 */
#include "stress.h"

enum { LIVE = 64, BATCH = 16 };

typedef struct {
  unsigned char *p;
  size_t size;
  int tag;
} block;

static block live[LIVE];

static size_t random_size(st_rng *r) {
  switch (st_below(r, 4)) { /* mostly small, some large, some zero */
    case 0: return st_below(r, 64);
    case 1: return st_below(r, 4096);
    case 2: return st_below(r, 65536);
    default: return st_below(r, 262144);
  }
}

static void check_block(const block *b, int round, const char *what) {
  size_t at = ft_mismatch(b->p, b->size, ft.me, b->tag);
  FT_CHECK(at == b->size, "round %d (%s): block tag %d of %zu B at %p damaged at byte %zu", round,
           what, b->tag, b->size, (void *)b->p, at);
}

static void one_op(st_rng *r, int round, int *tags) {
  block *b = &live[st_below(r, LIVE)];
  const int op = (int)st_below(r, 4);
  if (b->p && op != 3) { /* free */
    check_block(b, round, "before free");
    shmem_free(b->p);
    *b = (block){NULL, 0, 0};
    return;
  }
  size_t size = random_size(r);
  if (op == 3 && b->p) { /* realloc keeps the common prefix */
    check_block(b, round, "before realloc");
    unsigned char *q = (unsigned char *)shmem_realloc(b->p, size);
    size_t keep = size < b->size ? size : b->size;
    if (size == 0) {
      FT_CHECK(q == NULL, "round %d: shmem_realloc(p, 0) returned %p", round, (void *)q);
      *b = (block){NULL, 0, 0};
      return;
    }
    FT_CHECK(q != NULL, "round %d: shmem_realloc to %zu B failed", round, size);
    if (!q) return;
    size_t at = ft_mismatch(q, keep, ft.me, b->tag);
    FT_CHECK(at == keep, "round %d: realloc %zu -> %zu B lost byte %zu", round, b->size, size, at);
    b->p = q;
  } else if (op == 0) {
    b->p = (unsigned char *)shmem_malloc(size);
  } else if (op == 1) {
    b->p = (unsigned char *)shmem_calloc(1, size);
    if (b->p) FT_CHECK(ft_not_byte(b->p, size, 0) == size, "round %d: calloc(%zu) not zeroed", round, size);
  } else {
    size_t align = (size_t)1 << (3 + st_below(r, 14)); /* 8 B .. 64 KiB */
    b->p = (unsigned char *)shmem_align(align, size);
    if (b->p) FT_CHECK((uintptr_t)b->p % align == 0, "round %d: shmem_align(%zu) gave %p", round, align, (void *)b->p);
  }
  FT_CHECK((b->p == NULL) == (size == 0), "round %d: allocation of %zu B gave %p", round, size, (void *)b->p);
  b->size = b->p ? size : 0;
  b->tag = ++*tags;
  if (b->p) ft_fill(b->p, b->size, ft.me, b->tag);
}

int main(void) {
  shmem_init();
  ft_begin();
  const uint64_t seed = st_seed("stress_alloc");
  st_rng r = st_stream(seed, 0, 0); /* the same on every PE: allocation is collective */
  int rounds = 0, tags = 0, remote = 0;
  const double start = st_now();
  while (st_keep_going(start)) {
    for (int k = 0; k < BATCH; ++k) one_op(&r, rounds, &tags);
    for (int i = 0; i < LIVE; ++i)
      if (live[i].p) check_block(&live[i], rounds, "batch check");
    /* Symmetry: the next PE's copy of a live block holds its pattern. */
    const block *b = &live[st_below(&r, LIVE)];
    if (b->p && ft.npes > 1) {
      unsigned char got[256];
      size_t n = b->size < sizeof got ? b->size : sizeof got;
      int peer = (ft.me + 1) % ft.npes;
      shmem_barrier_all();
      shmem_getmem(got, b->p, n, peer);
      size_t at = ft_mismatch(got, n, peer, b->tag);
      FT_CHECK(at == n, "round %d: PE %d's copy of block tag %d differs at byte %zu", rounds, peer,
               b->tag, at);
      ++remote;
    }
    shmem_barrier_all();
    ++rounds;
    if (ft_sum(ft.fails)) break;
  }
  for (int i = 0; i < LIVE; ++i) shmem_free(live[i].p);
  /* Everything freed: the whole heap must be one free block again. */
  void *big = shmem_malloc(64 << 20);
  FT_CHECK(big != NULL, "after freeing everything, 64 MiB cannot be allocated (fragmentation leak)");
  shmem_free(big);
  ft_case("%d PEs, %.0f s: %d ops on up to %d live blocks, %d remote checks, heap whole afterwards",
          ft.npes, st_seconds(), rounds * BATCH, LIVE, remote);
  shmem_finalize();
  return ft_finish();
}
