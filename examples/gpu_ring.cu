/* GPU ring: every PE's kernel sends a block of data to the next PE with one
 * put-with-signal by the whole work-group, then waits for the block from the
 * previous PE.  Build with a GPU build of rocshmem:
 *
 *   oshcc gpu_ring.cu -o gpu_ring && oshrun -np 2 ./gpu_ring
 *
 * (several PEs may share one GPU; start MPS for their kernels to overlap). */
#include <rocshmem/rocshmem_device.h>

#include <stdio.h>

#define N 1024

__global__ void ring(int *data, uint64_t *signal, int *errors) {
  int me = rocshmem_my_pe(), n = rocshmem_n_pes();
  int next = (me + 1) % n, prev = (me + n - 1) % n;
  /* my block: data[N..2N) holds what I send, data[0..N) receives */
  for (int i = threadIdx.x; i < N; i += blockDim.x) data[N + i] = me * N + i;
  __syncthreads();
  rocshmem_putmem_signal_wg(data, data + N, N * sizeof(int), signal, 1, ROCSHMEM_SIGNAL_SET, next);
  if (threadIdx.x == 0) rocshmem_signal_wait_until(signal, ROCSHMEM_CMP_EQ, 1);
  __syncthreads();
  for (int i = threadIdx.x; i < N; i += blockDim.x)
    if (data[i] != prev * N + i) atomicAdd(errors, 1);
}

int main(void) {
  rocshmem_init();
  int me = rocshmem_my_pe(), n = rocshmem_n_pes();
  int *data = (int *)rocshmem_malloc(2 * N * sizeof(int));
  uint64_t *signal = (uint64_t *)rocshmem_calloc(1, sizeof(uint64_t));
  int *errors = (int *)rocshmem_calloc(1, sizeof(int));
  if (!data || !signal || !errors) {
    fprintf(stderr, "PE %d: no symmetric memory\n", me);
    return 1;
  }
  hipLaunchKernelGGL(ring, 1, 256, 0, 0, data, signal, errors);
  if (hipDeviceSynchronize() != hipSuccess) {
    fprintf(stderr, "PE %d: the kernel failed\n", me);
    return 1;
  }
  int host_errors = rocshmem_int_g(errors, me); /* host access to GPU memory */
  printf("PE %d of %d: received PE %d's block, %d wrong element(s)\n", me, n, (me + n - 1) % n,
         host_errors);
  rocshmem_barrier_all();
  rocshmem_free(errors);
  rocshmem_free(signal);
  rocshmem_free(data);
  rocshmem_finalize();
  return host_errors != 0;
}
