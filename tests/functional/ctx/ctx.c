/*
 * Communication contexts.
 *
 *  - shmem_ctx_create with no option, each option and all of them; unknown
 *    option bits and a NULL handle pointer are refused (non-zero, the handle
 *    set to SHMEM_CTX_INVALID);
 *  - shmem_ctx_get_team: SHMEM_TEAM_WORLD for the default and for created
 *    contexts, the team for team_create_ctx, non-zero and
 *    SHMEM_TEAM_INVALID for SHMEM_CTX_INVALID; destroying, quieting and
 *    fencing SHMEM_CTX_INVALID do nothing;
 *  - many contexts alive at once, destroyed, created again;
 *  - RMA on a private context: put/get/p/g/iput/iget/put_nbi/get_nbi,
 *    ctx_quiet completing the _nbi puts, ctx_fence ordering a data put
 *    before a flag put, many rounds;
 *  - shmem_team_create_ctx: refused for SHMEM_TEAM_INVALID (a PE outside a
 *    split team); on a team context the PE numbers of RMA and AMOs are
 *    relative to the team (OpenSHMEM 1.5, "If the context handle ctx does
 *    not correspond to the default context, then the PE number is relative
 *    to the team associated with the given context").
 */
#include "../common/ftest.h"

enum { N = 64, MANY = 64 };

static long data[N];  /* .bss */
static long flag;     /* .bss */
static long slots[8]; /* .bss: slots[i] written by team member i */

typedef struct {
  const char *name;
  int (*create)(long, shmem_ctx_t *);
  int (*get_team)(shmem_ctx_t, shmem_team_t *);
  void (*destroy)(shmem_ctx_t);
  void (*quiet)(shmem_ctx_t);
  void (*fence)(shmem_ctx_t);
} ctx_api;
static const ctx_api apis[] = {
    {"shmem", shmem_ctx_create, shmem_ctx_get_team, shmem_ctx_destroy, shmem_ctx_quiet,
     shmem_ctx_fence},
    {"rocshmem", rocshmem_ctx_create, rocshmem_ctx_get_team, rocshmem_ctx_destroy,
     rocshmem_ctx_quiet, rocshmem_ctx_fence},
};

static void create_options(const ctx_api *a) {
  static const long options[] = {0, SHMEM_CTX_PRIVATE, SHMEM_CTX_SERIALIZED, SHMEM_CTX_NOSTORE,
                                 SHMEM_CTX_PRIVATE | SHMEM_CTX_SERIALIZED | SHMEM_CTX_NOSTORE};
  for (size_t i = 0; i < sizeof options / sizeof options[0]; ++i) {
    shmem_ctx_t ctx = SHMEM_CTX_INVALID;
    int rc = a->create(options[i], &ctx);
    FT_CHECK(rc == 0 && ctx != SHMEM_CTX_INVALID, "%s_ctx_create(0x%lx) returned %d", a->name,
             options[i], rc);
    shmem_team_t team = SHMEM_TEAM_INVALID;
    FT_CHECK(a->get_team(ctx, &team) == 0 && team == SHMEM_TEAM_WORLD,
             "%s_ctx_get_team of a created context is not SHMEM_TEAM_WORLD", a->name);
    a->destroy(ctx);
  }
  ft_case("%s_ctx_create: no option, PRIVATE, SERIALIZED, NOSTORE and all three; get_team is "
          "SHMEM_TEAM_WORLD", a->name);

  shmem_ctx_t ctx = (shmem_ctx_t)&flag; /* garbage: must be overwritten */
  int rc = a->create(1L << 20, &ctx);
  FT_CHECK(rc != 0, "%s_ctx_create with unknown option bits returned 0", a->name);
  FT_CHECK(ctx == SHMEM_CTX_INVALID, "%s_ctx_create failed but left the handle set", a->name);
  FT_CHECK(a->create(0, NULL) != 0, "%s_ctx_create(0, NULL) returned 0", a->name);
  ft_case("%s_ctx_create refuses unknown options (non-zero, SHMEM_CTX_INVALID) and a NULL "
          "handle pointer", a->name);

  shmem_team_t team = SHMEM_TEAM_INVALID;
  FT_CHECK(a->get_team(SHMEM_CTX_DEFAULT, &team) == 0 && team == SHMEM_TEAM_WORLD,
           "%s_ctx_get_team(SHMEM_CTX_DEFAULT) is not SHMEM_TEAM_WORLD", a->name);
  team = SHMEM_TEAM_WORLD;
  FT_CHECK(a->get_team(SHMEM_CTX_INVALID, &team) != 0, "%s_ctx_get_team(INVALID) returned 0",
           a->name);
  FT_CHECK(team == SHMEM_TEAM_INVALID, "%s_ctx_get_team(INVALID) did not set SHMEM_TEAM_INVALID",
           a->name);
  a->destroy(SHMEM_CTX_INVALID); /* no-op */
  ft_case("%s_ctx_get_team: default context on SHMEM_TEAM_WORLD, SHMEM_CTX_INVALID refused; "
          "destroying SHMEM_CTX_INVALID does nothing", a->name);

  /* The spec makes quiet and fence on SHMEM_CTX_INVALID no operation: they
   * return (bad_input.sh checks they print nothing), and the default
   * context still orders and completes afterwards. */
  a->quiet(SHMEM_CTX_INVALID);
  a->fence(SHMEM_CTX_INVALID);
  const int right = (ft.me + 1) % ft.npes;
  flag = 0;
  shmem_barrier_all();
  shmem_long_p(&flag, 7, right);
  a->fence(SHMEM_CTX_INVALID);
  a->quiet(SHMEM_CTX_INVALID);
  a->quiet(SHMEM_CTX_DEFAULT);
  shmem_barrier_all();
  FT_CHECK(flag == 7, "%s: flag %ld after a put and quiet on the default context", a->name, flag);
  ft_case("%s_ctx_quiet and %s_ctx_fence on SHMEM_CTX_INVALID do nothing and return", a->name,
          a->name);
}

/* Many contexts at once, each used for a put, destroyed, then again. */
static void many_contexts(void) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  shmem_ctx_t ctx[MANY];
  for (int round = 0; round < 2; ++round) {
    int created = 0;
    for (int i = 0; i < MANY; ++i) created += shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx[i]) == 0;
    FT_CHECK(created == MANY, "only %d of %d contexts created", created, MANY);
    for (int i = 0; i < MANY; ++i) FT_CHECK(ctx[i] != SHMEM_CTX_INVALID, "context %d invalid", i);
    for (int i = 0; i < MANY; ++i)
      for (int j = 0; j < i; ++j)
        if (ctx[i] == ctx[j]) FT_CHECK(0, "contexts %d and %d are the same handle", j, i);
    shmem_barrier_all();
    for (int i = 0; i < MANY && i < N; ++i) shmem_ctx_long_p(ctx[i], &data[i], round * 1000 + me * 100 + i, right);
    for (int i = 0; i < MANY; ++i) shmem_ctx_quiet(ctx[i]);
    ft_mpi_barrier();
    for (int i = 0; i < MANY && i < N; ++i)
      FT_CHECK(data[i] == round * 1000 + left * 100 + i, "round %d: put on context %d lost", round, i);
    for (int i = 0; i < MANY; ++i) shmem_ctx_destroy(ctx[i]);
    shmem_barrier_all();
  }
  ft_case("%d contexts alive at once: distinct, each puts and quiets; destroyed and created "
          "again", MANY);
}

/* RMA on a private context, completed and ordered by that context. */
static void rma_on_ctx(void) {
  const int me = ft.me, n = ft.npes, right = (me + 1) % n, left = (me + n - 1) % n;
  shmem_ctx_t ctx;
  int rc = shmem_ctx_create(SHMEM_CTX_PRIVATE, &ctx);
  FT_CHECK(rc == 0, "ctx_create");
  long local[N], got[N];
  for (int i = 0; i < N; ++i) local[i] = me * 1000 + i;
  memset(data, 0, sizeof data);
  shmem_barrier_all();
  shmem_ctx_long_put(ctx, data, local, N, right);
  shmem_barrier_all();
  for (int i = 0; i < N; ++i) FT_CHECK(data[i] == left * 1000 + i, "ctx put element %d", i);
  shmem_ctx_long_get(ctx, got, data, N, right);
  for (int i = 0; i < N; ++i) FT_CHECK(got[i] == me * 1000 + i, "ctx get element %d", i);
  FT_CHECK(shmem_ctx_long_g(ctx, &data[3], right) == me * 1000 + 3, "ctx g");
  shmem_barrier_all();
  shmem_ctx_long_p(ctx, &data[0], -5, right);
  shmem_ctx_long_iput(ctx, &data[1], local, 2, 1, 10, right);
  shmem_ctx_quiet(ctx);
  ft_mpi_barrier();
  FT_CHECK(data[0] == -5, "ctx p");
  for (int i = 0; i < 10; ++i) FT_CHECK(data[1 + 2 * i] == left * 1000 + i, "ctx iput element %d", i);
  shmem_ctx_long_iget(ctx, got, &data[1], 1, 2, 10, right);
  for (int i = 0; i < 10; ++i) FT_CHECK(got[i] == me * 1000 + i, "ctx iget element %d", i);
  shmem_barrier_all();
  for (int i = 0; i < N; ++i) local[i] = me * 7 + i;
  shmem_ctx_long_put_nbi(ctx, data, local, N, right);
  shmem_ctx_quiet(ctx);
  ft_mpi_barrier();
  for (int i = 0; i < N; ++i) FT_CHECK(data[i] == left * 7 + i, "ctx put_nbi element %d", i);
  shmem_ctx_long_get_nbi(ctx, got, data, N, right);
  shmem_ctx_quiet(ctx);
  for (int i = 0; i < N; ++i) FT_CHECK(got[i] == me * 7 + i, "ctx get_nbi element %d", i);
  shmem_barrier_all();
  ft_case("RMA on a private context: put, get, g, p, iput, iget, put_nbi and get_nbi completed "
          "by shmem_ctx_quiet");

  /* ctx_fence: data then flag, many rounds; the receiver sees the data
   * whenever it sees the flag. */
  const int rounds = ft_iters(500, 30);
  flag = 0;
  shmem_barrier_all();
  for (int r = 1; r <= rounds; ++r) {
    for (int i = 0; i < N; ++i) local[i] = r * 100 + i;
    shmem_ctx_long_put_nbi(ctx, data, local, N, right);
    shmem_ctx_fence(ctx);
    shmem_ctx_long_atomic_set(ctx, &flag, r, right);
    shmem_long_wait_until(&flag, SHMEM_CMP_GE, r);
    for (int i = 0; i < N; ++i)
      if (data[i] != r * 100 + i) {
        FT_CHECK(0, "round %d: element %d is %ld when the flag was seen", r, i, data[i]);
        break;
      }
    /* the sender may not overwrite data before I checked it */
    shmem_ctx_quiet(ctx);
    ft_mpi_barrier();
  }
  shmem_barrier_all();
  ft_case("shmem_ctx_fence orders a put before a flag update on the same context, %d rounds",
          rounds);
  shmem_ctx_destroy(ctx);
}

/* team_create_ctx: on the team of PEs 1 .. n-1. */
static void team_contexts(void) {
  const int me = ft.me, n = ft.npes;
  shmem_ctx_t ctx = (shmem_ctx_t)&flag;
  FT_CHECK(shmem_team_create_ctx(SHMEM_TEAM_INVALID, 0, &ctx) != 0,
           "team_create_ctx(SHMEM_TEAM_INVALID) returned 0");
  FT_CHECK(ctx == SHMEM_CTX_INVALID, "team_create_ctx(SHMEM_TEAM_INVALID) left the handle set");
  shmem_ctx_t wctx;
  shmem_team_t t = SHMEM_TEAM_INVALID;
  FT_CHECK(rocshmem_team_create_ctx(SHMEM_TEAM_WORLD, SHMEM_CTX_PRIVATE, &wctx) == 0,
           "team_create_ctx(WORLD)");
  FT_CHECK(shmem_ctx_get_team(wctx, &t) == 0 && t == SHMEM_TEAM_WORLD, "get_team of a WORLD ctx");
  shmem_ctx_destroy(wctx);
  shmem_team_t shared_ctx_team = SHMEM_TEAM_INVALID;
  FT_CHECK(shmem_team_create_ctx(SHMEM_TEAM_SHARED, 0, &wctx) == 0 &&
               shmem_ctx_get_team(wctx, &shared_ctx_team) == 0 &&
               shared_ctx_team == SHMEM_TEAM_SHARED,
           "team_create_ctx(SHARED) / get_team");
  shmem_ctx_destroy(wctx);
  ft_case("shmem_team_create_ctx: refused for SHMEM_TEAM_INVALID; WORLD and SHARED contexts "
          "report their team");
  if (n < 2) {
    ft_skip("needs 2 PEs", "team context PE numbering");
    return;
  }
  shmem_team_t team;
  int rc = shmem_team_split_strided(SHMEM_TEAM_WORLD, 1, 1, n - 1, NULL, 0, &team);
  FT_CHECK(rc == 0, "split");
  memset(slots, 0, sizeof slots);
  flag = 0;
  shmem_barrier_all();
  if (team != SHMEM_TEAM_INVALID) {
    FT_CHECK(shmem_team_create_ctx(team, 0, &ctx) == 0, "team_create_ctx");
    shmem_team_t got = SHMEM_TEAM_INVALID;
    FT_CHECK(shmem_ctx_get_team(ctx, &got) == 0 && got == team, "ctx_get_team of a team ctx");
    int tme = shmem_team_my_pe(team);
    /* PE 0 of the team is world PE 1 */
    shmem_ctx_long_p(ctx, &slots[tme], 100 + me, 0);
    shmem_ctx_long_atomic_add(ctx, &flag, 1, 0);
    shmem_ctx_quiet(ctx);
  } else {
    FT_CHECK(shmem_team_create_ctx(team, 0, &ctx) != 0, "non-member team_create_ctx returned 0");
  }
  shmem_barrier_all();
  if (me == 1) {
    for (int i = 0; i < n - 1 && i < 8; ++i)
      FT_CHECK(slots[i] == 101 + i, "world PE 1 (team PE 0): slot of team PE %d holds %ld", i,
               slots[i]);
    FT_CHECK(flag == n - 1, "world PE 1: atomic count %ld, expected %d", flag, n - 1);
  }
  if (me == 0)
    FT_CHECK(flag == 0 && slots[0] == 0 && slots[1] == 0,
             "world PE 0 (not in the team) received team-context operations");
  shmem_barrier_all();
  if (team != SHMEM_TEAM_INVALID) shmem_ctx_destroy(ctx);
  ft_case("team context: shmem_ctx_long_p and atomic_add to team PE 0 reach world PE 1");
  shmem_team_destroy(team);
}

int main(void) {
  shmem_init();
  ft_begin();
  for (size_t i = 0; i < sizeof apis / sizeof apis[0]; ++i) create_options(&apis[i]);
  many_contexts();
  rma_on_ctx();
  team_contexts();
  int rc = ft_finish();
  shmem_finalize();
  return rc;
}
