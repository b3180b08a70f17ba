/* A module loaded at run time by tests/gpu/module.cu: built with relocatable
 * device code and device-linked with librocshmem_device.a into a fatbin
 * (CUDA) / code object (HIP), so it holds its own copy of the device state,
 * which rocshmem_cumodule_init / rocshmem_hipmodule_init fill. */
#include <rocshmem/rocshmem_device.h>

/* out[0] = my_pe, out[1] = n_pes; puts 100 + my_pe into the next PE's *dest
 * and adds 1 to every PE's *counter. */
extern "C" __global__ void module_kernel(int *dest, unsigned long long *counter, int *out) {
  if (threadIdx.x != 0 || blockIdx.x != 0) return;
  int me = rocshmem_my_pe(), n = rocshmem_n_pes();
  out[0] = me;
  out[1] = n;
  rocshmem_int_p(dest, 100 + me, (me + 1) % n);
  for (int pe = 0; pe < n; ++pe) rocshmem_ulonglong_atomic_add(counter, 1, pe);
  rocshmem_quiet();
}
