/*
 * Teams: the predefined teams, strided and 2-D splits, queries, translation,
 * configuration, synchronization and destruction, on 1..6 PEs.
 *
 *  - SHMEM_TEAM_WORLD is every PE in order; SHMEM_TEAM_SHARED is this PE's
 *    node (with ROCSHMEM_PES_PER_NODE=k, or ROCTEST_PES_PER_NODE=k where a
 *    launcher makes real nodes of k consecutive PEs (net/two_hosts.sh), the
 *    k consecutive PEs around it);
 *    queries on SHMEM_TEAM_INVALID return -1;
 *  - team_split_strided for several (start, stride, size), negative strides
 *    and stride 0 with size 1 among them, with and without
 *    a configuration: membership (SHMEM_TEAM_INVALID outside), team_my_pe,
 *    team_n_pes, team_translate_pe in both directions and to a team this PE
 *    is not in, get_config, team_sync, a sum reduction over the team, and a
 *    split of a split;
 *  - team_split_2d for xrange 1, 2, 3, n and > n (one row of every PE): the
 *    x team is my row of consecutive PEs, the y team my column;
 *  - inputs the spec defines: splits of SHMEM_TEAM_INVALID and of size 0
 *    (non-zero and SHMEM_TEAM_INVALID on every PE), get_config with a mask
 *    of 0 and a NULL config, on SHMEM_TEAM_INVALID, and its values;
 *  - SHMEMX_TEAM_NODE: SHARED's members, accepted by the team routines;
 *  - team_destroy, destroying SHMEM_TEAM_INVALID, many split/destroy cycles.
 */
#include "../common/ftest.h"
#include <shmemx.h>

static long in[8], out[8];

/* Checks that `team` is the strided subset (start, stride, size) of world. */
static void check_strided(shmem_team_t team, int start, int stride, int size, const char *what) {
  const int me = ft.me, n = ft.npes;
  int my_index = -1;
  for (int i = 0; i < size; ++i)
    if (start + i * stride == me) my_index = i;
  if (my_index < 0) {
    FT_CHECK(team == SHMEM_TEAM_INVALID, "%s: a non-member got a team", what);
    FT_CHECK(shmem_team_my_pe(team) == -1 && shmem_team_n_pes(team) == -1,
             "%s: queries on SHMEM_TEAM_INVALID", what);
    return;
  }
  FT_CHECK(team != SHMEM_TEAM_INVALID, "%s: a member got SHMEM_TEAM_INVALID", what);
  if (team == SHMEM_TEAM_INVALID) return;
  FT_CHECK(shmem_team_my_pe(team) == my_index, "%s: team_my_pe %d, expected %d", what,
           shmem_team_my_pe(team), my_index);
  FT_CHECK(rocshmem_team_n_pes(team) == size, "%s: team_n_pes %d, expected %d", what,
           rocshmem_team_n_pes(team), size);
  for (int i = 0; i < size; ++i) {
    int w = shmem_team_translate_pe(team, i, SHMEM_TEAM_WORLD);
    FT_CHECK(w == start + i * stride, "%s: translate team PE %d -> world %d", what, i, w);
  }
  for (int pe = 0; pe < n; ++pe) {
    int expect = -1;
    for (int i = 0; i < size; ++i)
      if (start + i * stride == pe) expect = i;
    int t = rocshmem_team_translate_pe(SHMEM_TEAM_WORLD, pe, team);
    FT_CHECK(t == expect, "%s: translate world %d -> team %d, expected %d", what, pe, t, expect);
  }
  FT_CHECK(shmem_team_translate_pe(team, size, SHMEM_TEAM_WORLD) == -1,
           "%s: translate of PE index == team size must be -1", what);
  FT_CHECK(shmem_team_translate_pe(team, -1, SHMEM_TEAM_WORLD) == -1, "%s: translate of -1", what);
  FT_CHECK(shmem_team_translate_pe(team, 0, SHMEM_TEAM_INVALID) == -1,
           "%s: translate to SHMEM_TEAM_INVALID", what);
  FT_CHECK(shmem_team_sync(team) == 0, "%s: team_sync", what);
  /* sum of world PE numbers over the team */
  long expect = 0;
  for (int i = 0; i < size; ++i) expect += start + i * stride;
  in[0] = me;
  FT_CHECK(shmem_long_sum_reduce(team, out, in, 1) == 0, "%s: sum_reduce", what);
  FT_CHECK(out[0] == expect, "%s: sum over the team is %ld, expected %ld", what, out[0], expect);
}

static void predefined(void) {
  const int me = ft.me, n = ft.npes;
  FT_CHECK(shmem_team_my_pe(SHMEM_TEAM_WORLD) == me && shmem_team_n_pes(SHMEM_TEAM_WORLD) == n,
           "SHMEM_TEAM_WORLD");
  int k = n;
  const char *s = getenv("ROCSHMEM_PES_PER_NODE");
  if (!s) s = getenv("ROCTEST_PES_PER_NODE");
  if (s && atoi(s) > 0) k = atoi(s);
  int first = me / k * k, size = first + k > n ? n - first : k;
  FT_CHECK(shmem_team_n_pes(SHMEM_TEAM_SHARED) == size, "SHMEM_TEAM_SHARED has %d PEs, expected %d",
           shmem_team_n_pes(SHMEM_TEAM_SHARED), size);
  FT_CHECK(shmem_team_my_pe(SHMEM_TEAM_SHARED) == me - first, "SHMEM_TEAM_SHARED my_pe %d",
           shmem_team_my_pe(SHMEM_TEAM_SHARED));
  for (int i = 0; i < size; ++i)
    FT_CHECK(shmem_team_translate_pe(SHMEM_TEAM_SHARED, i, SHMEM_TEAM_WORLD) == first + i,
             "SHARED -> WORLD translation of %d", i);
  FT_CHECK(shmem_team_my_pe(SHMEM_TEAM_INVALID) == -1 && shmem_team_n_pes(SHMEM_TEAM_INVALID) == -1 &&
               shmem_team_translate_pe(SHMEM_TEAM_INVALID, 0, SHMEM_TEAM_WORLD) == -1,
           "queries on SHMEM_TEAM_INVALID must return -1");
  shmem_team_config_t cfg = {77};
  FT_CHECK(shmem_team_get_config(SHMEM_TEAM_WORLD, SHMEM_TEAM_NUM_CONTEXTS, &cfg) == 0,
           "get_config(WORLD)");
  FT_CHECK(shmem_team_get_config(SHMEM_TEAM_INVALID, SHMEM_TEAM_NUM_CONTEXTS, &cfg) != 0,
           "get_config(SHMEM_TEAM_INVALID) returned 0");
  shmem_team_destroy(SHMEM_TEAM_INVALID); /* no-op */
  FT_CHECK(shmem_team_sync(SHMEM_TEAM_WORLD) == 0 && shmem_team_sync(SHMEM_TEAM_SHARED) == 0,
           "team_sync on the predefined teams");
  ft_case("predefined teams: WORLD, SHARED (%d PE(s) per node), queries on SHMEM_TEAM_INVALID "
          "return -1, destroying it does nothing", k);
}

static void strided(void) {
  const int n = ft.npes;
  struct { int start, stride, size; } s[] = {
      {0, 1, n}, {0, 2, (n + 1) / 2}, {1, 2, n / 2}, {n - 1, 1, 1}, {0, 1, 1},
      {0, 3, (n + 2) / 3}, {1, 1, n - 1}, {0, n > 1 ? n - 1 : 1, n > 1 ? 2 : 1},
      /* a negative stride walks downwards (members in reverse order); a
       * stride of 0 is valid with size 1 */
      {n - 1, -1, n}, {n - 1, -2, (n + 1) / 2}, {n - 2, -1, n - 1}, {0, 0, 1}, {n - 1, 0, 1}};
  for (size_t k = 0; k < sizeof s / sizeof s[0]; ++k) {
    if (s[k].size < 1) continue;
    char what[96];
    snprintf(what, sizeof what, "split_strided(start %d, stride %d, size %d)", s[k].start,
             s[k].stride, s[k].size);
    shmem_team_t team = (shmem_team_t)&in; /* garbage: must be overwritten */
    shmem_team_config_t cfg = {3 + (int)k};
    int rc = (k % 2 ? rocshmem_team_split_strided : shmem_team_split_strided)(
        SHMEM_TEAM_WORLD, s[k].start, s[k].stride, s[k].size, &cfg, SHMEM_TEAM_NUM_CONTEXTS,
        &team);
    FT_CHECK(rc == 0, "%s returned %d", what, rc);
    check_strided(team, s[k].start, s[k].stride, s[k].size, what);
    if (team != SHMEM_TEAM_INVALID) {
      shmem_team_config_t got = {-1};
      FT_CHECK(shmem_team_get_config(team, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0 &&
                   got.num_contexts == 3 + (int)k,
               "%s: get_config num_contexts %d", what, got.num_contexts);
      /* a split of the split: its members 0, 2, 4 ... */
      int tn = shmem_team_n_pes(team);
      shmem_team_t sub;
      rc = shmem_team_split_strided(team, 0, 2, (tn + 1) / 2, NULL, 0, &sub);
      FT_CHECK(rc == 0, "%s: nested split returned %d", what, rc);
      if (shmem_team_my_pe(team) % 2 == 0) {
        FT_CHECK(sub != SHMEM_TEAM_INVALID, "%s: nested member got SHMEM_TEAM_INVALID", what);
        FT_CHECK(shmem_team_n_pes(sub) == (tn + 1) / 2 &&
                     shmem_team_my_pe(sub) == shmem_team_my_pe(team) / 2,
                 "%s: nested team shape", what);
        for (int i = 0; i < shmem_team_n_pes(sub); ++i)
          FT_CHECK(shmem_team_translate_pe(sub, i, SHMEM_TEAM_WORLD) ==
                       s[k].start + 2 * i * s[k].stride,
                   "%s: nested translate %d", what, i);
        FT_CHECK(shmem_team_translate_pe(sub, 0, team) == 0, "%s: nested -> parent", what);
      } else {
        FT_CHECK(sub == SHMEM_TEAM_INVALID, "%s: nested non-member got a team", what);
      }
      shmem_team_destroy(sub);
    }
    shmem_team_destroy(team);
    shmem_barrier_all();
    ft_case("%s: members, my_pe, n_pes, translate_pe, get_config, team_sync, a reduction, a "
            "nested split, destroy", what);
  }
}

static void two_d(void) {
  const int me = ft.me, n = ft.npes;
  int xr[] = {1, 2, 3, n, n + 3};
  for (size_t k = 0; k < sizeof xr / sizeof xr[0]; ++k) {
    shmem_team_t xt = SHMEM_TEAM_INVALID, yt = SHMEM_TEAM_INVALID;
    shmem_team_config_t xc = {1}, yc = {2};
    int rc = shmem_team_split_2d(SHMEM_TEAM_WORLD, xr[k], &xc, SHMEM_TEAM_NUM_CONTEXTS, &xt,
                                 &yc, SHMEM_TEAM_NUM_CONTEXTS, &yt);
    FT_CHECK(rc == 0, "split_2d(xrange %d) returned %d", xr[k], rc);
    int x = xr[k] > n ? n : xr[k];
    int row = me / x, col = me % x;
    int row_size = (row + 1) * x > n ? n - row * x : x;
    int col_size = (n - col + x - 1) / x;
    char what[64];
    snprintf(what, sizeof what, "split_2d(xrange %d) x team", xr[k]);
    check_strided(xt, row * x, 1, row_size, what);
    snprintf(what, sizeof what, "split_2d(xrange %d) y team", xr[k]);
    check_strided(yt, col, x, col_size, what);
    shmem_team_config_t got = {0};
    FT_CHECK(shmem_team_get_config(yt, SHMEM_TEAM_NUM_CONTEXTS, &got) == 0 && got.num_contexts == 2,
             "split_2d: y config");
    shmem_team_destroy(xt);
    shmem_team_destroy(yt);
    shmem_barrier_all();
    ft_case("split_2d(xrange %d)%s on %d PEs: rows and columns, translations, team_sync, a "
            "reduction on each", xr[k], xr[k] > n ? " (> team size: one row)" : "", n);
  }
}

/* Inputs the spec defines, which return quietly (bad_input.sh checks that
 * nothing is printed), on every PE and without hanging. */
static void defined_inputs(void) {
  const int n = ft.npes;
  shmem_team_t garbage = (shmem_team_t)&in;
  shmem_team_t t = garbage, x = garbage, y = garbage;
  int rc = shmem_team_split_strided(SHMEM_TEAM_INVALID, 0, 1, 1, NULL, 0, &t);
  FT_CHECK(rc != 0 && t == SHMEM_TEAM_INVALID,
           "split_strided of SHMEM_TEAM_INVALID: rc %d, new_team %s", rc,
           t == SHMEM_TEAM_INVALID ? "INVALID" : "set");
  rc = rocshmem_team_split_2d(SHMEM_TEAM_INVALID, 2, NULL, 0, &x, NULL, 0, &y);
  FT_CHECK(rc != 0 && x == SHMEM_TEAM_INVALID && y == SHMEM_TEAM_INVALID,
           "split_2d of SHMEM_TEAM_INVALID: rc %d", rc);
  shmem_barrier_all();
  ft_case("split_strided and split_2d of SHMEM_TEAM_INVALID return non-zero and "
          "SHMEM_TEAM_INVALID on every PE");

  /* Size 0 selects no PE: non-zero and no team on every PE, and the split
   * stays collective (the next split of the same parent works). */
  t = garbage;
  rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, 0, NULL, 0, &t);
  FT_CHECK(rc != 0 && t == SHMEM_TEAM_INVALID, "split of size 0: rc %d, new_team %s", rc,
           t == SHMEM_TEAM_INVALID ? "INVALID" : "set");
  rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, NULL, 0, &t);
  FT_CHECK(rc == 0 && shmem_team_n_pes(t) == n, "split after a split of size 0: rc %d", rc);
  shmem_team_destroy(t);
  shmem_barrier_all();
  ft_case("split_strided of size 0 returns non-zero and SHMEM_TEAM_INVALID on every PE");

  /* get_config: a mask of 0 does nothing (config may be NULL) and returns
   * 0; SHMEM_TEAM_INVALID returns non-zero; the values are the team's. */
  shmem_team_config_t cfg = {41};
  FT_CHECK(shmem_team_get_config(SHMEM_TEAM_WORLD, 0, NULL) == 0,
           "get_config(WORLD, 0, NULL) must return 0");
  FT_CHECK(rocshmem_team_get_config(SHMEM_TEAM_WORLD, 0, &cfg) == 0 && cfg.num_contexts == 41,
           "get_config(WORLD, 0, &cfg) must return 0 and leave cfg alone");
  FT_CHECK(shmem_team_get_config(SHMEM_TEAM_INVALID, 0, NULL) != 0,
           "get_config(SHMEM_TEAM_INVALID, 0, NULL) returned 0");
  FT_CHECK(shmem_team_get_config(SHMEM_TEAM_WORLD, SHMEM_TEAM_NUM_CONTEXTS, &cfg) == 0 &&
               cfg.num_contexts == 0,
           "get_config(WORLD): num_contexts %d, expected the default 0", cfg.num_contexts);
  shmem_team_config_t want = {5};
  rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, n, &want, SHMEM_TEAM_NUM_CONTEXTS, &t);
  cfg.num_contexts = -1;
  FT_CHECK(rc == 0 && shmem_team_get_config(t, SHMEM_TEAM_NUM_CONTEXTS, &cfg) == 0 &&
               cfg.num_contexts == 5,
           "get_config of a team made with num_contexts 5: %d", cfg.num_contexts);
  FT_CHECK(shmem_team_get_config(t, 0, NULL) == 0, "get_config(team, 0, NULL)");
  shmem_team_destroy(t);
  shmem_barrier_all();
  ft_case("team_get_config: mask 0 (NULL config) returns 0 untouched, SHMEM_TEAM_INVALID "
          "non-zero, num_contexts as created");
}

/* SHMEMX_TEAM_NODE (Sandia OpenSHMEM): the PEs of this node, the same
 * members in the same order as SHMEM_TEAM_SHARED; every team routine takes
 * it. */
static void node_team(void) {
  const int sn = shmem_team_n_pes(SHMEM_TEAM_SHARED);
  FT_CHECK(SHMEMX_TEAM_NODE != SHMEM_TEAM_INVALID, "SHMEMX_TEAM_NODE is SHMEM_TEAM_INVALID");
  FT_CHECK(shmem_team_n_pes(SHMEMX_TEAM_NODE) == sn &&
               shmem_team_my_pe(SHMEMX_TEAM_NODE) == shmem_team_my_pe(SHMEM_TEAM_SHARED),
           "SHMEMX_TEAM_NODE: %d PEs, my_pe %d; SHARED: %d, %d", shmem_team_n_pes(SHMEMX_TEAM_NODE),
           shmem_team_my_pe(SHMEMX_TEAM_NODE), sn, shmem_team_my_pe(SHMEM_TEAM_SHARED));
  for (int i = 0; i < sn; ++i)
    FT_CHECK(shmem_team_translate_pe(SHMEMX_TEAM_NODE, i, SHMEM_TEAM_WORLD) ==
                     shmem_team_translate_pe(SHMEM_TEAM_SHARED, i, SHMEM_TEAM_WORLD) &&
                 shmem_team_translate_pe(SHMEMX_TEAM_NODE, i, SHMEM_TEAM_SHARED) == i,
             "SHMEMX_TEAM_NODE member %d", i);
  FT_CHECK(shmem_team_sync(SHMEMX_TEAM_NODE) == 0, "team_sync(SHMEMX_TEAM_NODE)");
  shmem_team_config_t cfg = {9};
  FT_CHECK(shmem_team_get_config(SHMEMX_TEAM_NODE, SHMEM_TEAM_NUM_CONTEXTS, &cfg) == 0,
           "get_config(SHMEMX_TEAM_NODE)");
  shmem_ctx_t ctx;
  shmem_team_t got = SHMEM_TEAM_INVALID;
  FT_CHECK(shmem_team_create_ctx(SHMEMX_TEAM_NODE, 0, &ctx) == 0 &&
               shmem_ctx_get_team(ctx, &got) == 0 && got == SHMEMX_TEAM_NODE,
           "team_create_ctx(SHMEMX_TEAM_NODE)");
  if (got == SHMEMX_TEAM_NODE) shmem_ctx_destroy(ctx);
  long highest = -1;
  for (int i = 0; i < sn; ++i) {
    long w = shmem_team_translate_pe(SHMEM_TEAM_SHARED, i, SHMEM_TEAM_WORLD);
    if (w > highest) highest = w;
  }
  in[0] = ft.me;
  FT_CHECK(shmem_long_max_reduce(SHMEMX_TEAM_NODE, out, in, 1) == 0 && out[0] == highest,
           "max_reduce over SHMEMX_TEAM_NODE: %ld, expected %ld", out[0], highest);
  shmem_team_t rev;
  int rc = shmem_team_split_strided(SHMEMX_TEAM_NODE, sn - 1, -1, sn, NULL, 0, &rev);
  FT_CHECK(rc == 0 && shmem_team_n_pes(rev) == sn &&
               shmem_team_my_pe(rev) == sn - 1 - shmem_team_my_pe(SHMEM_TEAM_SHARED),
           "reversed split of SHMEMX_TEAM_NODE: rc %d", rc);
  shmem_team_destroy(rev);
  shmem_barrier_all();
  ft_case("SHMEMX_TEAM_NODE: the members of SHMEM_TEAM_SHARED (%d), team_sync, get_config, "
          "create_ctx, a reduction, a reversed split", sn);
}

static void cycles(void) {
  const int rounds = ft_iters(100, 10);
  for (int r = 0; r < rounds; ++r) {
    shmem_team_t t;
    int rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, r % ft.npes, 1, 1, NULL, 0, &t);
    FT_CHECK(rc == 0, "round %d: split returned %d", r, rc);
    FT_CHECK((t != SHMEM_TEAM_INVALID) == (ft.me == r % ft.npes), "round %d: membership", r);
    shmem_team_destroy(t);
  }
  shmem_barrier_all();
  ft_case("%d split/destroy cycles of one-PE teams", rounds);
}

int main(void) {
  shmem_init();
  ft_begin();
  predefined();
  strided();
  two_d();
  defined_inputs();
  node_team();
  cycles();
  int rc = ft_finish();
  shmem_finalize();
  return rc;
}
