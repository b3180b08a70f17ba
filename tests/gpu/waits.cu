/*
 * Time limits of device waits (ROCSHMEM_WAIT_TIMEOUT, ROCSHMEM_WAIT_WARN).
 *
 * A "hang" case: PE 0 launches a kernel whose wait nobody satisfies (the
 * other PEs skip the call); the kernel must print one line naming the
 * routine, the PE, what it waits for, the address and the value wanted,
 * then trap, within the limit.  A "ready" case: PE 1 satisfies the waits
 * after a delay shorter than the limit (1 s of 2); the kernel must end normally with
 * the values it waited for (and, with ROCSHMEM_WAIT_WARN below the delay,
 * print the warning and go on).
 *
 *   waits --list   prints the cases, one per line: the name, "hang" or
 *                  "ready", then the environment the case needs (VAR=VALUE)
 *   waits CASE     (under mpirun, the case's environment set) PE 0 prints
 *                  "expect: RE" (a grep basic regular expression for a line
 *                  the library must print; none for some ready cases), runs
 *                  the kernel and prints either "launch failed after S s:
 *                  ERROR" and ends the job with MPI_Abort (a trapped kernel
 *                  leaves the GPU context unusable), or "launch succeeded
 *                  after S s" followed by "values ok" / "values wrong".
 * run_gpu_tests.sh runs every case and checks: a hang case's line, its
 * failed launch within the limit plus a margin, a non-zero exit; a ready
 * case's success, its values and its line.
 */
#include <mpi.h>
#include <rocshmem/gpu_platform.h>
#include <rocshmem/rocshmem.h>
#include <rocshmem/rocshmem_device.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "one_case.h"

namespace {

/* Symmetric GPU memory: long variables, a signal word, a broadcast's
 * buffers.  Zero at allocation (a fresh heap is cleared at init). */
struct Heap {
  long vars[8];
  uint64_t sig;
  char bcast_src[64];
  char bcast_dst[64];
};

/* Written by the kernel for the host to check (ready cases). */
struct Seen {
  long var;
  uint64_t sig;
};

__global__ void k_wait_until(Heap *h, Seen *) {
  rocshmem_long_wait_until(&h->vars[0], ROCSHMEM_CMP_EQ, 42);
}
/* Elements 0 and 1 are satisfied (set here) and 2 is masked out: the report
 * names element 3. */
__global__ void k_wait_until_all(Heap *h, Seen *) {
  h->vars[0] = 7;
  h->vars[1] = 7;
  const int status[4] = {0, 0, 1, 0};
  rocshmem_long_wait_until_all(h->vars, 4, status, ROCSHMEM_CMP_GE, 7);
}
__global__ void k_wait_until_any(Heap *h, Seen *) {
  (void)rocshmem_long_wait_until_any(h->vars, 4, nullptr, ROCSHMEM_CMP_NE, 0);
}
__global__ void k_wait_until_some(Heap *h, Seen *) {
  size_t indices[4];
  (void)rocshmem_long_wait_until_some(h->vars, 4, indices, nullptr, ROCSHMEM_CMP_GT, 5);
}
__global__ void k_signal_wait_until(Heap *h, Seen *) {
  (void)rocshmem_signal_wait_until(&h->sig, ROCSHMEM_CMP_EQ, 1);
}
__global__ void k_barrier_all(Heap *, Seen *) { rocshmem_barrier_all(); }
__global__ void k_sync_all_wg(Heap *, Seen *) { rocshmem_sync_all_wg(); }
/* PE 0 is not the root: it waits for PE 1's message. */
__global__ void k_broadcast(Heap *h, Seen *) {
  rocshmem_broadcastmem(ROCSHMEM_TEAM_WORLD, h->bcast_dst, h->bcast_src, sizeof h->bcast_src, 1);
}
/* PE 1 is another (emulated) node that never serves its worker: the proxy
 * never gets its answer, and quiet waits for the proxy. */
__global__ void k_quiet_proxy(Heap *h, Seen *) {
  rocshmem_putmem_nbi(h->bcast_dst, h->bcast_src, sizeof h->bcast_src, 1);
  rocshmem_quiet();
}

/* Ready: PE 1 sets vars[0], then the signal, then both meet in a barrier. */
__global__ void k_ready_waiter(Heap *h, Seen *seen) {
  rocshmem_long_wait_until(&h->vars[0], ROCSHMEM_CMP_EQ, 42);
  seen->var = h->vars[0];
  seen->sig = rocshmem_signal_wait_until(&h->sig, ROCSHMEM_CMP_GE, 3);
  rocshmem_barrier_all();
}
__global__ void k_ready_setter(Heap *h, Seen *) {
  rocshmem_long_p(&h->vars[0], 42, 0);
  rocshmem_fence();
  rocshmem_signal_add(&h->sig, 3, 0);
  rocshmem_barrier_all();
}

/* Every hang case's limit. */
#define LIMIT "2"
constexpr double kLimit = 2;
#define TIMEOUT "ROCSHMEM_WAIT_TIMEOUT=" LIMIT
#define OTHER_NODES "ROCSHMEM_PES_PER_NODE=1 UCX_TLS=tcp,self"
/* The start of a report line, then "waited S s (ROCSHMEM_WAIT_TIMEOUT=2)". */
#define HANG(CALL) "rocshmem: PE 0: " CALL ": waited [0-9]* s (ROCSHMEM_WAIT_TIMEOUT=" LIMIT ") for "
#define ADDR "the word at 0x[0-9a-f]* to become "

struct Case {
  const char *name;
  void (*kernel)(Heap *, Seen *); /* PE 0's */
  int threads;
  bool hangs;
  const char *expect; /* a line PE 0 must print ("": none) */
  const char *env;
  unsigned ready_after_us = 0; /* a ready case: when PE 1 satisfies the waits */
};
const Case kCases[] = {
    {"wait_until", k_wait_until, 1, true,
     HANG("rocshmem_long_wait_until") "the variable: " ADDR "== 42, it is 0; ending the kernel",
     TIMEOUT},
    {"wait_until_all", k_wait_until_all, 1, true,
     HANG("rocshmem_long_wait_until_all") "an element of the set: " ADDR ">= 7, it is 0; ending",
     TIMEOUT},
    {"wait_until_any", k_wait_until_any, 1, true,
     HANG("rocshmem_long_wait_until_any") "an element of the set: " ADDR "!= 0, it is 0; ending",
     TIMEOUT},
    {"wait_until_some", k_wait_until_some, 1, true,
     HANG("rocshmem_long_wait_until_some") "an element of the set: " ADDR "> 5, it is 0; ending",
     TIMEOUT},
    {"signal_wait_until", k_signal_wait_until, 1, true,
     HANG("rocshmem_signal_wait_until") "the signal: " ADDR "== 1, it is 0; ending the kernel",
     TIMEOUT},
    {"barrier_all", k_barrier_all, 1, true,
     HANG("rocshmem_barrier_all") "the arrival of PE [1-9][0-9]*: " ADDR ">= [0-9]*, it is [0-9]*;",
     TIMEOUT},
    {"sync_all_wg", k_sync_all_wg, 128, true,
     HANG("rocshmem_sync_all_wg") "the arrival of PE [1-9][0-9]*: " ADDR ">= [0-9]*, it is [0-9]*;",
     TIMEOUT},
    {"broadcast", k_broadcast, 1, true,
     HANG("rocshmem_broadcastmem") "a pushed message of PE 1: " ADDR "== [0-9]*, it is [0-9]*;",
     TIMEOUT},
    {"quiet_proxy", k_quiet_proxy, 1, true,
     HANG("device quiet (GPU proxy)") "this PE's GPU proxy to complete the requests before it: "
     ADDR "== [0-9]*, it is [0-9]*; ending the kernel",
     TIMEOUT " " OTHER_NODES " ROCSHMEM_UCX_PROGRESS_THREAD=0"},
    /* Satisfied after 1 s, under a 2 s limit: unaffected. */
    {"ready", k_ready_waiter, 1, false, "", TIMEOUT, 1000000},
    {"ready_proxy", k_ready_waiter, 1, false, "", TIMEOUT " " OTHER_NODES, 1000000},
    /* Satisfied after 2.5 s: a warning after 1 s, and the wait goes on. */
    {"ready_warn", k_ready_waiter, 1, false,
     "rocshmem: PE 0: rocshmem_long_wait_until: warning: still waiting after [0-9]* s "
     "(ROCSHMEM_WAIT_WARN=1) for the variable: " ADDR "== 42, it is 0; waiting on",
     "ROCSHMEM_WAIT_TIMEOUT=10 ROCSHMEM_WAIT_WARN=1", 2500000},
};

double seconds_since(double t0) { return MPI_Wtime() - t0; }

}  // namespace

int main(int argc, char **argv) {
  const Case *which = &gt_one_case(argc, argv, kCases, [](const Case &c) {
    printf("%s %s %s\n", c.name, c.hangs ? "hang" : "ready", c.env);
  });
  rocshmem_init();
  const int me = rocshmem_my_pe();
  Heap *heap = static_cast<Heap *>(rocshmem_malloc(sizeof(Heap)));
  Seen *seen = nullptr;
  if (!heap || hipMalloc(reinterpret_cast<void **>(&seen), sizeof(Seen)) != hipSuccess ||
      hipMemset(seen, 0, sizeof(Seen)) != hipSuccess) {
    fprintf(stderr, "waits: allocation failed\n");
    return 2;
  }
  rocshmem_barrier_all();
  if (me != 0) {
    if (which->hangs) {
      /* Skip the call; PE 0 ends the job (long before this sleep ends). */
      sleep(static_cast<unsigned>(30 * kLimit));
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    if (me == 1) {
      usleep(which->ready_after_us);
      k_ready_setter<<<1, 1>>>(heap, seen);
    } else {
      k_barrier_all<<<1, 1>>>(heap, seen);
    }
    const hipError_t err = hipDeviceSynchronize();
    if (err != hipSuccess) printf("PE %d: launch failed: %s\n", me, hipGetErrorString(err));
    rocshmem_finalize();
    return err == hipSuccess ? 0 : 1;
  }
  if (*which->expect) printf("expect: %s\n", which->expect);
  fflush(stdout);
  const double t0 = MPI_Wtime();
  which->kernel<<<1, which->threads>>>(heap, seen);
  const hipError_t err = hipDeviceSynchronize();
  if (err != hipSuccess) {
    printf("launch failed after %.1f s: %s\n", seconds_since(t0), hipGetErrorString(err));
    fflush(stdout);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  printf("launch succeeded after %.1f s\n", seconds_since(t0));
  Seen got{};
  bool ok = hipMemcpy(&got, seen, sizeof got, hipMemcpyDeviceToHost) == hipSuccess;
  ok = ok && got.var == 42 && got.sig == 3;
  printf("values %s (var %ld, signal %llu)\n", ok ? "ok" : "wrong", got.var,
         static_cast<unsigned long long>(got.sig));
  fflush(stdout);
  rocshmem_finalize();
  return ok ? 0 : 1;
}
