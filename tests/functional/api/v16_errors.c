/* Bad input to the OpenSHMEM 1.6 routines, one case per run (the case name
 * is the argument): each must end the job with a message naming the call
 * and the argument (tests/functional/api/v16_errors.sh checks the status and
 * the message).  Inputs the specification defines (SHMEM_CTX_INVALID for
 * the sessions, SHMEM_TEAM_INVALID for team_ptr and the scans, npes 0) are
 * not errors and are tested by v16.c. */
#include <stdio.h>
#include <string.h>

#include <shmem.h>

static long lbuf[64];
static int ibuf[64];
static uint64_t sig;

int main(int argc, char **argv) {
  const char *c = argc > 1 ? argv[1] : "";
  if (!strcmp(c, "query_initialized_null")) {
    shmem_query_initialized(NULL);
    return 0;
  }
  shmem_init();
  const int me = shmem_my_pe(), right = (me + 1) % shmem_n_pes();
  long src[64] = {0};
  if (!strcmp(c, "ibput_dst_below_bsize")) {
    shmem_long_ibput(lbuf, src, 2, 4, 3, 2, right);
  } else if (!strcmp(c, "ibget_sst_below_bsize")) {
    shmem_ctx_ibget32(SHMEM_CTX_DEFAULT, src, ibuf, 4, 1, 2, 3, right);
  } else if (!strcmp(c, "ibput_negative_stride")) {
    shmem_ibput64(lbuf, src, -4, 4, 1, 2, right);
  } else if (!strcmp(c, "ibput_stride_overflow")) {
    shmem_int_ibput(ibuf, (const int *)src, (ptrdiff_t)1 << 60, 1, 1, 8, right);
  } else if (!strcmp(c, "ibput_past_static_end")) {
    shmem_long_ibput(lbuf, src, 1 << 20, 1, 1, 2, right);
  } else if (!strcmp(c, "ibget_source_on_stack")) {
    long local[8];
    shmem_long_ibget(src, local, 2, 2, 1, 4, right);
  } else if (!strcmp(c, "ibput_pe_out_of_range")) {
    shmem_long_ibput(lbuf, src, 1, 1, 1, 1, 7);
  } else if (!strcmp(c, "ibput_ctx_invalid")) {
    shmem_ctx_long_ibput(SHMEM_CTX_INVALID, lbuf, src, 1, 1, 1, 1, right);
  } else if (!strcmp(c, "signal_add_ctx_invalid")) {
    shmem_ctx_signal_add(SHMEM_CTX_INVALID, &sig, 1, right);
  } else if (!strcmp(c, "signal_set_misaligned")) {
    shmem_signal_set((uint64_t *)((char *)lbuf + 4), 1, right);
  } else if (!strcmp(c, "pe_quiet_null")) {
    shmem_pe_quiet(NULL, 1);
  } else if (!strcmp(c, "pe_quiet_out_of_range")) {
    int pes[2] = {0, 7};
    shmem_pe_quiet(pes, 2);
  } else if (!strcmp(c, "ctx_pe_quiet_invalid")) {
    shmem_ctx_pe_quiet(SHMEM_CTX_INVALID, &right, 1);
  } else if (!strcmp(c, "session_unknown_mask")) {
    shmem_ctx_session_config_t cfg = {8};
    shmem_ctx_session_start(SHMEM_CTX_DEFAULT, 0, &cfg, 0x10);
  } else if (!strcmp(c, "session_null_config")) {
    shmem_ctx_session_start(SHMEM_CTX_DEFAULT, 0, NULL, SHMEM_CTX_SESSION_TOTAL_OPS);
  } else if (!strcmp(c, "session_destroyed_ctx")) {
    shmem_ctx_t ctx;
    if (shmem_ctx_create(0, &ctx) == 0) shmem_ctx_destroy(ctx);
    shmem_ctx_session_stop(ctx);
  } else if (!strcmp(c, "scan_destroyed_team") || !strcmp(c, "team_ptr_destroyed_team")) {
    shmem_team_t t;
    shmem_team_split_strided(SHMEM_TEAM_WORLD, 0, 1, shmem_n_pes(), NULL, 0, &t);
    shmem_team_destroy(t);
    if (c[0] == 's')
      shmem_long_sum_inscan(t, lbuf, lbuf, 1);
    else
      shmem_team_ptr(t, lbuf, 0);
  } else if (!strcmp(c, "ibput_after_last_finalize")) {
    shmem_init(); /* two inits: the second finalize is the last */
    shmem_finalize();
    shmem_finalize();
    shmem_long_ibput(lbuf, src, 1, 1, 1, 1, right);
  } else {
    fprintf(stderr, "unknown case '%s'\n", c);
    return 2;
  }
  shmem_finalize();
  return 0;
}
