/*
 * Bad input to device calls: the kernel must print one line naming the call
 * and the argument, then trap (the launch fails); it must never write a
 * wrong address or return as if nothing happened.  Host calls of the GPU
 * path refused at the call (an _on_stream copy to another node's PE; a host
 * collective, wait or lock on GPU-heap memory) must end the job with a
 * message naming the call and the argument, and a bad GPU setting in the
 * environment must end rocshmem_init with a line naming the variable.
 *
 *   errors --list        prints the cases, one per line: the name, then the
 *                        environment the case needs (VAR=VALUE words), if any
 *   errors CASE          (under mpirun) PE 0 runs CASE; prints "expect: RE"
 *                        (a grep basic regular expression for the line the
 *                        library must print), then "host call: CASE" and
 *                        the call (a host case) or, for a kernel,
 *                        "launch failed: ERROR" when it trapped; then ends
 *                        the job with MPI_Abort (a trapped kernel leaves the
 *                        GPU context unusable, so one case per job);
 *                        "launch succeeded" / "call returned" (exit 1) when
 *                        the kernel or the host call did not fail.
 * run_gpu_tests.sh runs every case and checks: a line matching RE, the failed
 * launch or the host call made (and not returned), a non-zero exit.
 */
#include <mpi.h>
#include <rocshmem/gpu_platform.h>
#include <rocshmem/rocshmem.h>
#include <rocshmem/rocshmem_device.h>
#include <rocshmem/rocshmem_stream.h>

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "one_case.h"

namespace {

struct Args {
  char *heap;    /* rocshmem_malloc'ed, kHeapBytes */
  char *local;   /* hipMalloc'ed: not symmetric */
  int n_pes;
};
/* 64 KiB: a broadcast of it takes the put path (ROCSHMEM_GPU_COLL_PUSH's
 * 32 KiB < 64 KiB <= ROCSHMEM_GPU_COLL_PUT's 1 MiB). */
constexpr size_t kHeapBytes = 64 << 10;

__global__ void k_put_pe(Args a) { rocshmem_putmem(a.heap, a.heap + 64, 8, a.n_pes); }
__global__ void k_get_pe_negative(Args a) { rocshmem_getmem(a.local, a.heap, 8, -1); }
__global__ void k_p_pe(Args a) { rocshmem_int_p(reinterpret_cast<int *>(a.heap), 1, a.n_pes + 3); }
__global__ void k_put_not_heap(Args a) { rocshmem_putmem(a.local, a.heap, 8, 0); }
__global__ void k_put_past_heap(Args a) {
  /* dest + nelems runs past the end of the heap (the heap is larger than
   * this allocation; a span of 2^40 bytes is past any heap) */
  rocshmem_putmem_nbi(a.heap, a.heap, size_t(1) << 40, 0);
}
__global__ void k_amo_misaligned(Args a) {
  (void)rocshmem_long_atomic_fetch_add(reinterpret_cast<long *>(a.heap + 4), 1L, 0);
}
__global__ void k_amo_pe(Args a) {
  rocshmem_long_atomic_add(reinterpret_cast<long *>(a.heap), 1L, a.n_pes);
}
__global__ void k_put_wg_pe(Args a) { rocshmem_putmem_wg(a.heap, a.heap + 64, 256, -2); }
/* The put path stores into every member's dest, which must be symmetric (PE
 * 0 alone calls: the root traps at its first store, before the team sync). */
__global__ void k_broadcast_put_not_heap(Args a) {
  rocshmem_broadcastmem(ROCSHMEM_TEAM_WORLD, a.local, a.heap, kHeapBytes, 0);
}

/* PE 1 on another (emulated) node: no GPU copy reaches its heap. */
void put_on_stream_other_node(Args a) {
  rocshmem_putmem_on_stream(a.heap, a.heap + 64, 8, 1, nullptr);
}
void get_on_stream_other_node(Args a) {
  rocshmem_getmem_on_stream(a.heap + 64, a.heap, 8, 1, nullptr);
}

/* Host calls that move or poll data with the CPU refuse GPU-heap memory
 * (the reduce's dest is outside every symmetric segment: accepted, as
 * host memory is). */
long g_host_longs[4];
void fcollect_gpu_dest(Args a) {
  long *heap = reinterpret_cast<long *>(a.heap);
  rocshmem_long_fcollect(ROCSHMEM_TEAM_WORLD, heap + 64, heap, 4);
}
void reduce_gpu_source(Args a) {
  rocshmem_long_sum_reduce(ROCSHMEM_TEAM_WORLD, g_host_longs, reinterpret_cast<long *>(a.heap), 4);
}
void wait_until_gpu(Args a) {
  rocshmem_long_wait_until(reinterpret_cast<long *>(a.heap), ROCSHMEM_CMP_EQ, 1);
}
void set_lock_gpu(Args a) { rocshmem_set_lock(reinterpret_cast<long *>(a.heap)); }
#define IN_GPU_HEAP " = 0x[0-9a-f]* is in the GPU heap (rocshmem_malloc)"

/* Every PE its own node, reached over UCX's TCP transport. */
constexpr const char *kOtherNodes = "ROCSHMEM_PES_PER_NODE=1 UCX_TLS=tcp,self";
#define NOT_REACHABLE                                                                      \
  " = 0x[0-9a-f]* on PE 1 is not reachable by a GPU copy from this PE (another node): the " \
  "_on_stream copies reach same-node peers only"

struct Case {
  const char *name;
  void (*kernel)(Args); /* a kernel case, launched with `threads` threads */
  int threads;
  /* what the device must print after "rocshmem: " (a host case: after
   * "rocshmem[PE 0] ERROR: "), a basic regular expression (%d: n_pes, used
   * once) */
  const char *expect;
  void (*host)(Args) = nullptr; /* a host case instead of a kernel */
  const char *env = "";         /* the environment the case needs */
  bool at_init = false;         /* rocshmem_init itself must fail (a bad setting) */
};
const Case kCases[] = {
    {"put_pe", k_put_pe, 1, "rocshmem_putmem: pe = %d is out of range"},
    {"get_pe_negative", k_get_pe_negative, 1, "rocshmem_getmem: pe = -1 is out of range"},
    {"p_pe", k_p_pe, 1, "rocshmem_int_p: pe = %d+3 is out of range"},
    {"put_not_heap", k_put_not_heap, 1,
     "rocshmem_putmem: address 0x[0-9a-f]* (8 bytes) is not inside the symmetric GPU heap"},
    {"put_past_heap", k_put_past_heap, 1,
     "rocshmem_putmem_nbi: address 0x[0-9a-f]* (1099511627776 bytes) is not inside the "
     "symmetric GPU heap"},
    {"amo_misaligned", k_amo_misaligned, 1,
     "rocshmem_long_atomic_fetch_add: address 0x[0-9a-f]* is not aligned to 8 bytes"},
    {"amo_pe", k_amo_pe, 1, "rocshmem_long_atomic_add: pe = %d is out of range"},
    {"put_wg_pe", k_put_wg_pe, 64, "rocshmem_putmem_wg: pe = -2 is out of range"},
    {"broadcast_put_not_heap", k_broadcast_put_not_heap, 1,
     "rocshmem_broadcastmem: address 0x[0-9a-f]* (65536 bytes) is not inside the symmetric GPU "
     "heap"},
    {"put_on_stream_other_node", nullptr, 0,
     "rocshmem_putmem_on_stream: dest" NOT_REACHABLE,
     put_on_stream_other_node, kOtherNodes},
    {"get_on_stream_other_node", nullptr, 0,
     "rocshmem_getmem_on_stream: source" NOT_REACHABLE,
     get_on_stream_other_node, kOtherNodes},
    {"fcollect_gpu_dest", nullptr, 0,
     "rocshmem_long_fcollect: dest" IN_GPU_HEAP ": host collectives move data with the CPU",
     fcollect_gpu_dest},
    {"reduce_gpu_source", nullptr, 0,
     "rocshmem_long_sum_reduce: source" IN_GPU_HEAP ": host collectives", reduce_gpu_source},
    {"wait_until_gpu", nullptr, 0,
     "rocshmem_long_wait_until: ivar" IN_GPU_HEAP ", which the CPU cannot poll", wait_until_gpu},
    {"set_lock_gpu", nullptr, 0, "rocshmem_set_lock: lock" IN_GPU_HEAP ": host locks",
     set_lock_gpu},
    {"net_direct_word", nullptr, 0,
     "rocshmem_init: ROCSHMEM_GPU_NET_DIRECT='sometimes' is not one of auto, on, off", nullptr,
     "ROCSHMEM_GPU_NET_DIRECT=sometimes", true},
};

/* The expected line, its prefix included, with n_pes filled in ("%d+3":
 * n_pes + 3). */
std::string expected(const Case &c, int n_pes) {
  std::string e =
      std::string(c.host || c.at_init ? "rocshmem\\[PE 0\\] ERROR: " : "rocshmem: ") + c.expect;
  size_t at = e.find("%d+3");
  if (at != std::string::npos) return e.replace(at, 4, std::to_string(n_pes + 3));
  at = e.find("%d");
  if (at != std::string::npos) e.replace(at, 2, std::to_string(n_pes));
  return e;
}

}  // namespace

int main(int argc, char **argv) {
  const Case *which = &gt_one_case(argc, argv, kCases, [](const Case &c) {
    printf("%s%s%s\n", c.name, *c.env ? " " : "", c.env);
  });
  if (which->at_init) {
    int me = 0;
    MPI_Init(&argc, &argv);
    MPI_Comm_rank(MPI_COMM_WORLD, &me);
    if (me == 0) {
      printf("expect: %s\nhost call: rocshmem_init\n", expected(*which, 0).c_str());
      fflush(stdout);
    }
    rocshmem_init();
    if (me == 0) printf("call returned\n");
    fflush(stdout);
    MPI_Abort(MPI_COMM_WORLD, 1);
  }
  rocshmem_init();
  Args a{};
  a.n_pes = rocshmem_n_pes();
  a.heap = static_cast<char *>(rocshmem_malloc(kHeapBytes));
  if (!a.heap || hipMalloc(reinterpret_cast<void **>(&a.local), kHeapBytes) != hipSuccess) {
    fprintf(stderr, "errors: allocation failed\n");
    return 2;
  }
  if (rocshmem_my_pe() == 0) {
    printf("expect: %s\n", expected(*which, a.n_pes).c_str());
    fflush(stdout);
    if (which->host) {
      printf("host call: %s\n", which->name);
      fflush(stdout);
      which->host(a);
      hipError_t err = hipDeviceSynchronize();
      printf("call returned (%s)\n", hipGetErrorString(err));
      fflush(stdout);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    which->kernel<<<1, which->threads>>>(a);
    hipError_t err = hipDeviceSynchronize();
    if (err == hipSuccess) {
      printf("launch succeeded\n");
      fflush(stdout);
      MPI_Abort(MPI_COMM_WORLD, 1);
    }
    printf("launch failed: %s\n", hipGetErrorString(err));
    fflush(stdout);
    MPI_Abort(MPI_COMM_WORLD, 3);
  }
  MPI_Barrier(MPI_COMM_WORLD); /* PE 0 ends the job */
  return 1;
}
