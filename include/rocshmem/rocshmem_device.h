/*
 * rocshmem GPU device API: the rocshmem_* routines callable from kernels.
 *
 * The routines that exist on the host too (RMA, AMOs, signals, waits,
 * fence/quiet, barrier_all/sync_all, my_pe/n_pes, ptr, pe_accessible ...)
 * are declared in <rocshmem/rocshmem.h> as __host__ __device__ under a GPU
 * compiler; this header adds the device-only ones:
 *  - the _wave and _wg forms of the RMA and put-with-signal families
 *    (rocshmem_putmem_wg, rocshmem_int_put_nbi_wave, rocshmem_ctx_getmem_wg,
 *    rocshmem_putmem_signal_wg ...): every lane of the wavefront (warp) /
 *    every thread of the workgroup (block) calls with identical arguments,
 *    the call returns when the whole group is done;
 *  - rocshmem_barrier_all_wave/_wg, rocshmem_sync_all_wave/_wg, pe_quiet;
 *  - the half and bfloat16 RMA types (rocshmem_half_put ...; types.def,
 *    ROCSHMEM_RMA_DEVICE_EXTRA_TYPES).
 * The thread forms of barrier_all/sync_all are called by one thread per PE.
 * Contexts are accepted and behave as the default context.  Bad input (PE
 * out of range, address outside the symmetric GPU heap, unreachable peer)
 * prints one line naming the call and traps, which aborts the kernel.
 *
 * Building an application (the device definitions live in the static
 * library librocshmem_device.a, so kernels need relocatable device code):
 *
 *   nvcc  -rdc=true -arch=sm_90 -I$PREFIX/include app.cu -o app \
 *         -L$PREFIX/lib -lrocshmem_device -lrocshmem
 *   hipcc -fgpu-rdc --offload-arch=gfx90a -I$PREFIX/include app.cpp -o app \
 *         -L$PREFIX/lib -lrocshmem_device -lrocshmem
 *
 * (link with the GPU compiler, which performs the device link; libraries
 * after the objects).  Code loaded at run time: build the module with
 * -rdc / -fgpu-rdc, device-link it against librocshmem_device.a (nvcc
 * -dlink -cubin / -fatbin, hipcc --genco -fgpu-rdc), load it and pass it to
 * rocshmem_cumodule_init(CUmodule) / rocshmem_hipmodule_init(hipModule_t)
 * after rocshmem_init, before launching its kernels.
 */
#ifndef ROCSHMEM_DEVICE_H
#define ROCSHMEM_DEVICE_H

#include <rocshmem/gpu_platform.h>
#include <rocshmem/rocshmem.h>

/* Name builders of the group forms (see api.def): rocshmem_int_put_nbi_wg,
 * rocshmem_ctx_putmem_signal_wave ... */
#define ROCSHMEM_TYPED_NAME_WAVE(PFX, KEY, OP, SFX) PFX##_##KEY##_##OP##SFX##_wave
#define ROCSHMEM_TYPED_NAME_WG(PFX, KEY, OP, SFX) PFX##_##KEY##_##OP##SFX##_wg
#define ROCSHMEM_MEM_NAME_WAVE(PFX, KEY, OP, SFX) PFX##_##OP##mem##SFX##_wave
#define ROCSHMEM_MEM_NAME_WG(PFX, KEY, OP, SFX) PFX##_##OP##mem##SFX##_wg

/* The device-only families of one type (KEY empty and T void: the mem
 * forms), expanded with BODY: declarations here, definitions in src/device. */
#define ROCSHMEM_DEVICE_GROUP_RMA(NAMER_WAVE, NAMER_WG, KEY, T, BODY_WAVE, BODY_WG) \
  ROCSHMEM_API_RMA_BULK(NAMER_WAVE, rocshmem, KEY, T, BODY_WAVE)                   \
  ROCSHMEM_API_RMA_BULK(NAMER_WG, rocshmem, KEY, T, BODY_WG)                       \
  ROCSHMEM_API_PUT_SIGNAL(NAMER_WAVE, rocshmem, KEY, T, BODY_WAVE)                 \
  ROCSHMEM_API_PUT_SIGNAL(NAMER_WG, rocshmem, KEY, T, BODY_WG)
/* The thread forms of the RMA families for the device-only types. */
#define ROCSHMEM_DEVICE_THREAD_RMA(KEY, T, BODY_THREAD, BODY)                          \
  ROCSHMEM_API_RMA_BULK(ROCSHMEM_TYPED_NAME, rocshmem, KEY, T, BODY_THREAD)          \
  ROCSHMEM_API_PUT_SIGNAL(ROCSHMEM_TYPED_NAME, rocshmem, KEY, T, BODY_THREAD)        \
  ROCSHMEM_API_RMA_STRIDED(ROCSHMEM_TYPED_NAME, rocshmem, KEY, T, BODY)              \
  ROCSHMEM_API_RMA_SCALAR(rocshmem, KEY, T, BODY)

#if defined(__CUDACC__) || defined(__HIPCC__)
#undef ROCSHMEM_FN_ATTR
#define ROCSHMEM_FN_ATTR __device__

#define ROCSHMEM_DEVICE_DECLARE_GROUP_TYPED(KEY, T)                                  \
  ROCSHMEM_DEVICE_GROUP_RMA(ROCSHMEM_TYPED_NAME_WAVE, ROCSHMEM_TYPED_NAME_WG, KEY, T, \
                            ROCSHMEM_DECL_BODY, ROCSHMEM_DECL_BODY)
#define ROCSHMEM_DEVICE_DECLARE_THREAD_TYPED(KEY, T) \
  ROCSHMEM_DEVICE_THREAD_RMA(KEY, T, ROCSHMEM_DECL_BODY, ROCSHMEM_DECL_BODY)

#ifdef __cplusplus
extern "C" {
#endif
ROCSHMEM_RMA_DEVICE_EXTRA_TYPES(ROCSHMEM_DEVICE_DECLARE_THREAD_TYPED)
ROCSHMEM_RMA_DEVICE_TYPES(ROCSHMEM_DEVICE_DECLARE_GROUP_TYPED)
ROCSHMEM_DEVICE_GROUP_RMA(ROCSHMEM_MEM_NAME_WAVE, ROCSHMEM_MEM_NAME_WG, , void,
                          ROCSHMEM_DECL_BODY, ROCSHMEM_DECL_BODY)

/* Completes this thread's RMA and AMOs to the listed PEs. */
__device__ void rocshmem_pe_quiet(const int *target_pes, size_t npes);
__device__ void rocshmem_ctx_pe_quiet(rocshmem_ctx_t ctx, const int *target_pes, size_t npes);
/* Every lane / thread of the group calls; one group per PE at a time. */
__device__ void rocshmem_barrier_all_wave(void);
__device__ void rocshmem_barrier_all_wg(void);
__device__ void rocshmem_sync_all_wave(void);
__device__ void rocshmem_sync_all_wg(void);
#ifdef __cplusplus
}
#endif

#undef ROCSHMEM_DEVICE_DECLARE_GROUP_TYPED
#undef ROCSHMEM_DEVICE_DECLARE_THREAD_TYPED
#undef ROCSHMEM_FN_ATTR
#define ROCSHMEM_FN_ATTR

/* The device state every kernel reads lives in this executable's device
 * image (state.o of librocshmem_device.a), and a static constructor there
 * registers it with the host library.  Nothing else references state.o from
 * the host side, so every translation unit that includes this header pulls
 * it in through this reference. */
#ifdef __cplusplus
extern "C" int rocshmemi_device_library_anchor;
#else
extern int rocshmemi_device_library_anchor;
#endif
static int *const rocshmemi_device_library_anchor_ref __attribute__((used)) =
    &rocshmemi_device_library_anchor;
#endif /* GPU compiler */

#endif /* ROCSHMEM_DEVICE_H */
