/*
 * Team collectives that move data, for every family: broadcast, collect,
 * fcollect, alltoall and alltoalls for the 25 shmem_TYPE_*, the 24
 * rocshmem_TYPE_* (expanded from <rocshmem/types.def>) and the untyped
 * (mem) forms under both prefixes, on 1..6 PEs.
 *
 *  - teams: SHMEM_TEAM_WORLD, the even PEs (split_strided stride 2), and my
 *    row of split_2d(xrange 2);
 *  - counts 0, 1 and 7 per family; 1 MiB blocks for the mem forms;
 *  - collect with a different count on every PE; broadcast from the last
 *    member, in place at the root; alltoalls with dst 2 and sst 3;
 *  - guards after every destination (nothing written beyond);
 *  - back to back: rounds of fcollect, broadcast, alltoall and a reduction
 *    on alternating teams with no barrier in between, reusing the source
 *    buffers at once.
 */
#include "../common/ftest.h"

typedef struct {
  const char *name;
  size_t size;
  void (*set)(void *b, size_t i, int v);
  int (*eq)(const void *b, size_t i, int v);
  int (*broadcast)(shmem_team_t, void *, const void *, size_t, int);
  int (*collect)(shmem_team_t, void *, const void *, size_t);
  int (*fcollect)(shmem_team_t, void *, const void *, size_t);
  int (*alltoall)(shmem_team_t, void *, const void *, size_t);
  int (*alltoalls)(shmem_team_t, void *, const void *, ptrdiff_t, ptrdiff_t, size_t);
} coll_ops;

#define FT_COLL_TYPED(PFX, KEY, T)                                                          \
  static void PFX##_##KEY##_cset_(void *b, size_t i, int v) { ((T *)b)[i] = (T)v; }        \
  static int PFX##_##KEY##_ceq_(const void *b, size_t i, int v) { return ((const T *)b)[i] == (T)v; } \
  static int PFX##_##KEY##_bc_(shmem_team_t t, void *d, const void *s, size_t n, int r) {   \
    return PFX##_##KEY##_broadcast(t, (T *)d, (const T *)s, n, r);                          \
  }                                                                                         \
  static int PFX##_##KEY##_co_(shmem_team_t t, void *d, const void *s, size_t n) {          \
    return PFX##_##KEY##_collect(t, (T *)d, (const T *)s, n);                               \
  }                                                                                         \
  static int PFX##_##KEY##_fc_(shmem_team_t t, void *d, const void *s, size_t n) {          \
    return PFX##_##KEY##_fcollect(t, (T *)d, (const T *)s, n);                              \
  }                                                                                         \
  static int PFX##_##KEY##_aa_(shmem_team_t t, void *d, const void *s, size_t n) {          \
    return PFX##_##KEY##_alltoall(t, (T *)d, (const T *)s, n);                              \
  }                                                                                         \
  static int PFX##_##KEY##_as_(shmem_team_t t, void *d, const void *s, ptrdiff_t ds,        \
                               ptrdiff_t ss, size_t n) {                                    \
    return PFX##_##KEY##_alltoalls(t, (T *)d, (const T *)s, ds, ss, n);                     \
  }                                                                                         \
  static const coll_ops PFX##_##KEY##_coll = {                                              \
      #PFX "_" #KEY, sizeof(T), PFX##_##KEY##_cset_, PFX##_##KEY##_ceq_, PFX##_##KEY##_bc_, \
      PFX##_##KEY##_co_, PFX##_##KEY##_fc_, PFX##_##KEY##_aa_, PFX##_##KEY##_as_};
#define FT_COLL_MEM(PFX)                                                                    \
  static void PFX##_mem_cset_(void *b, size_t i, int v) { ((unsigned char *)b)[i] = (unsigned char)v; } \
  static int PFX##_mem_ceq_(const void *b, size_t i, int v) {                               \
    return ((const unsigned char *)b)[i] == (unsigned char)v;                               \
  }                                                                                         \
  static const coll_ops PFX##_mem_coll = {#PFX " (mem)", 1, PFX##_mem_cset_, PFX##_mem_ceq_, \
                                          PFX##_broadcastmem, PFX##_collectmem,             \
                                          PFX##_fcollectmem, PFX##_alltoallmem,             \
                                          PFX##_alltoallsmem};
#define FT_COLL_SHMEM(KEY, T) FT_COLL_TYPED(shmem, KEY, T)
#define FT_COLL_ROCSHMEM(KEY, T) FT_COLL_TYPED(rocshmem, KEY, T)
SHMEM_RMA_TYPES(FT_COLL_SHMEM)
ROCSHMEM_RMA_TYPES(FT_COLL_ROCSHMEM)
FT_COLL_MEM(shmem)
FT_COLL_MEM(rocshmem)
#define FT_REF_COLL_SHMEM(KEY, T) &shmem_##KEY##_coll,
#define FT_REF_COLL_ROCSHMEM(KEY, T) &rocshmem_##KEY##_coll,
static const coll_ops *const coll_all[] = {SHMEM_RMA_TYPES(FT_REF_COLL_SHMEM)
                                               ROCSHMEM_RMA_TYPES(FT_REF_COLL_ROCSHMEM) &
                                           shmem_mem_coll, &rocshmem_mem_coll};
enum { N_COLL = sizeof coll_all / sizeof coll_all[0] };

enum { GUARD = 111 };
static char *src, *dst; /* symmetric, big enough for every case */
static size_t buf_bytes;

/* Value of element i contributed by team member m (small: exact in char). */
static int val(int m, size_t i, int salt) { return (int)((m * 31 + (int)(i % 97) * 3 + salt * 7) % 100); }

static void fill_guard(const coll_ops *o, void *b, size_t from, size_t count) {
  for (size_t i = from; i < from + count; ++i) o->set(b, i, GUARD);
}

/* One collective of family o on team t with count elements per member. */
static void run_ops(const coll_ops *o, shmem_team_t t, size_t count, const char *team_name) {
  const int tn = shmem_team_n_pes(t), tme = shmem_team_my_pe(t);
  const int salt = (int)count;
  int rc;
  /* ---- broadcast from the last member; the root in place */
  const int root = tn - 1;
  for (size_t i = 0; i < count; ++i) o->set(src, i, val(tme, i, salt));
  fill_guard(o, dst, 0, count + 1);
  void *d = tme == root ? (void *)src : (void *)dst;
  rc = o->broadcast(t, d, src, count, root);
  FT_CHECK(rc == 0, "%s broadcast returned %d", o->name, rc);
  for (size_t i = 0; i < count; ++i)
    if (!o->eq(d, i, val(root, i, salt))) {
      FT_CHECK(0, "%s broadcast (%s, %zu): element %zu wrong", o->name, team_name, count, i);
      break;
    }
  if (tme != root) FT_CHECK(o->eq(dst, count, GUARD), "%s broadcast wrote past the end", o->name);

  /* ---- fcollect */
  for (size_t i = 0; i < count; ++i) o->set(src, i, val(tme, i, salt + 1));
  fill_guard(o, dst, 0, count * tn + 1);
  rc = o->fcollect(t, dst, src, count);
  FT_CHECK(rc == 0, "%s fcollect returned %d", o->name, rc);
  for (int m = 0; m < tn; ++m)
    for (size_t i = 0; i < count; ++i)
      if (!o->eq(dst, m * count + i, val(m, i, salt + 1))) {
        FT_CHECK(0, "%s fcollect (%s, %zu): block %d element %zu wrong", o->name, team_name,
                 count, m, i);
        break;
      }
  FT_CHECK(o->eq(dst, count * tn, GUARD), "%s fcollect wrote past the end", o->name);

  /* ---- collect: member m contributes count + m elements (count 0: only
   * member 0 contributes nothing) */
  size_t mine = count ? count + tme : (size_t)tme % 2, total = 0;
  for (size_t i = 0; i < mine; ++i) o->set(src, i, val(tme, i, salt + 2));
  for (int m = 0; m < tn; ++m) total += count ? count + m : (size_t)m % 2;
  fill_guard(o, dst, 0, total + 1);
  rc = o->collect(t, dst, src, mine);
  FT_CHECK(rc == 0, "%s collect returned %d", o->name, rc);
  size_t at = 0;
  for (int m = 0; m < tn; ++m) {
    size_t theirs = count ? count + m : (size_t)m % 2;
    for (size_t i = 0; i < theirs; ++i)
      if (!o->eq(dst, at + i, val(m, i, salt + 2))) {
        FT_CHECK(0, "%s collect (%s, %zu): block %d element %zu wrong", o->name, team_name,
                 count, m, i);
        break;
      }
    at += theirs;
  }
  FT_CHECK(o->eq(dst, total, GUARD), "%s collect wrote past the end", o->name);

  /* ---- alltoall: block j of my source goes to member j */
  for (int j = 0; j < tn; ++j)
    for (size_t i = 0; i < count; ++i) o->set(src, j * count + i, val(tme, i, salt + 3 + j));
  fill_guard(o, dst, 0, count * tn + 1);
  rc = o->alltoall(t, dst, src, count);
  FT_CHECK(rc == 0, "%s alltoall returned %d", o->name, rc);
  for (int m = 0; m < tn; ++m)
    for (size_t i = 0; i < count; ++i)
      if (!o->eq(dst, m * count + i, val(m, i, salt + 3 + tme))) {
        FT_CHECK(0, "%s alltoall (%s, %zu): block from %d element %zu wrong", o->name,
                 team_name, count, m, i);
        break;
      }
  FT_CHECK(o->eq(dst, count * tn, GUARD), "%s alltoall wrote past the end", o->name);

  /* ---- alltoalls, dst stride 2, sst stride 3 (small counts only) */
  if (count * tn * 3 * o->size < buf_bytes / 2 && count <= 64) {
    for (size_t i = 0; i < count * tn * 3; ++i) o->set(src, i, GUARD);
    for (int j = 0; j < tn; ++j)
      for (size_t i = 0; i < count; ++i) o->set(src, (j * count + i) * 3, val(tme, i, salt + 9 + j));
    fill_guard(o, dst, 0, count * tn * 2 + 1);
    rc = o->alltoalls(t, dst, src, 2, 3, count);
    FT_CHECK(rc == 0, "%s alltoalls returned %d", o->name, rc);
    for (int m = 0; m < tn; ++m)
      for (size_t i = 0; i < count; ++i) {
        size_t e = (m * count + i) * 2;
        FT_CHECK(o->eq(dst, e, val(m, i, salt + 9 + tme)) && o->eq(dst, e + 1, GUARD),
                 "%s alltoalls (%s, %zu): block from %d element %zu wrong or gap written",
                 o->name, team_name, count, m, i);
      }
  }
}

/* Every member must be done reading my source before the next case fills
 * it: the collectives guarantee that themselves (no barrier here). */
static void family(const coll_ops *o, shmem_team_t t, const char *team_name) {
  static const size_t counts[] = {0, 1, 7};
  for (size_t k = 0; k < sizeof counts / sizeof counts[0]; ++k) run_ops(o, t, counts[k], team_name);
}

static void back_to_back(shmem_team_t evens) {
  const int rounds = ft_iters(100, 10);
  long *s = (long *)src, *dd = (long *)dst;
  const int me = ft.me, n = ft.npes;
  for (int r = 0; r < rounds; ++r) {
    shmem_team_t t = (r % 2 && evens != SHMEM_TEAM_INVALID) ? evens : SHMEM_TEAM_WORLD;
    int on_evens = r % 2 == 1;
    if (on_evens && evens == SHMEM_TEAM_INVALID) {
      /* odd PEs sit out the evens' round: straight into the next one */
      continue;
    }
    const int tn = shmem_team_n_pes(t), tme = shmem_team_my_pe(t);
    s[0] = r * 1000 + tme;
    shmem_long_fcollect(t, dd, s, 1);
    for (int m = 0; m < tn; ++m)
      FT_CHECK(dd[m] == r * 1000 + m, "round %d: fcollect block %d = %ld", r, m, dd[m]);
    s[1] = r * 7 + tme;
    shmem_long_broadcast(t, dd + 100, s + 1, 1, r % tn);
    FT_CHECK(dd[100] == r * 7 + r % tn, "round %d: broadcast got %ld", r, dd[100]);
    for (int j = 0; j < tn; ++j) s[10 + j] = r * 100 + tme * 10 + j;
    shmem_long_alltoall(t, dd + 200, s + 10, 1);
    for (int m = 0; m < tn; ++m)
      FT_CHECK(dd[200 + m] == r * 100 + m * 10 + tme, "round %d: alltoall from %d", r, m);
    s[20] = tme + r;
    shmem_long_sum_reduce(t, dd + 300, s + 20, 1);
    FT_CHECK(dd[300] == (long)tn * (tn - 1) / 2 + (long)tn * r, "round %d: sum %ld", r, dd[300]);
  }
  (void)me;
  (void)n;
  shmem_barrier_all();
  ft_case("back to back: %d rounds of fcollect, broadcast, alltoall and sum_reduce on WORLD and "
          "the even PEs, no barrier between, sources rewritten at once", rounds);
}

int main(void) {
  shmem_init();
  ft_begin();
  const int n = ft.npes;
  const size_t big = (size_t)ft_iters(1 << 20, 64 << 10);
  buf_bytes = big * (size_t)(n + 1) + 4096;
  if (buf_bytes < (size_t)2048 * 16 * 6) buf_bytes = (size_t)2048 * 16 * 6;
  src = (char *)shmem_malloc(buf_bytes);
  dst = (char *)shmem_malloc(buf_bytes);
  shmem_team_t evens, row, col;
  int rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 2, (n + 1) / 2, NULL, 0, &evens);
  rc |= shmem_team_split_2d(SHMEM_TEAM_WORLD, 2, NULL, 0, &row, NULL, 0, &col);
  FT_CHECK(src && dst && rc == 0, "setup failed");
  ft_case("setup: buffers, the even PEs' team and 2-D teams");

  for (size_t k = 0; k < N_COLL; ++k) {
    const coll_ops *o = coll_all[k];
    family(o, SHMEM_TEAM_WORLD, "WORLD");
    ft_case("%s broadcast/collect/fcollect/alltoall/alltoalls on SHMEM_TEAM_WORLD (%d PEs), "
            "counts 0, 1, 7", o->name, n);
    if (evens != SHMEM_TEAM_INVALID) family(o, evens, "even PEs");
    ft_case("%s broadcast/collect/fcollect/alltoall/alltoalls on the even PEs (%d), counts 0, "
            "1, 7", o->name, (n + 1) / 2);
    family(o, row, "2-D row");
    ft_case("%s broadcast/collect/fcollect/alltoall/alltoalls on each row of split_2d(2), "
            "counts 0, 1, 7", o->name);
  }
  /* 1 MiB (64 KiB in network mode) per member, untyped forms */
  for (int pfx = 0; pfx < 2; ++pfx) {
    const coll_ops *o = pfx ? &rocshmem_mem_coll : &shmem_mem_coll;
    run_ops(o, SHMEM_TEAM_WORLD, big, "WORLD");
    ft_case("%s broadcast/collect/fcollect/alltoall with %zu-byte blocks on SHMEM_TEAM_WORLD",
            o->name, big);
  }
  back_to_back(evens);
  shmem_team_destroy(evens);
  shmem_team_destroy(row);
  shmem_team_destroy(col);
  shmem_free(src);
  shmem_free(dst);
  rc = ft_finish();
  shmem_finalize();
  return rc;
}
