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
 *  - team barrier/sync and the collectives (broadcast, fcollect, alltoall,
 *    TYPE_OP_reduce, TYPE_OP_reduce_scatter) as _wave and _wg forms (the
 *    thread forms are the rocshmem.h names), and ROCSHMEM_TEAM_WORLD /
 *    _SHARED usable in kernels;
 *  - the half and bfloat16 RMA types (rocshmem_half_put ...; types.def,
 *    ROCSHMEM_RMA_DEVICE_EXTRA_TYPES).
 * The thread forms of barrier_all/sync_all are called by one thread per PE.
 * Device contexts: rocshmem_wg_ctx_create & co. (below).  Peers whose GPU
 * heap is not mapped on this GPU are reached through this PE's host proxy
 * thread (ROCSHMEM_GPU_PROXY; rocshmem_ptr gives NULL for them and
 * rocshmem_pe_accessible 1); the local buffer of such a transfer over 16
 * bytes must be global memory, not a thread's stack.  Bad input (PE
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

/* The device collectives of one type (KEY empty and T void: the mem forms):
 * broadcast, fcollect, alltoall (api_coll.def), and one reduction OP as
 * TYPE_OP_reduce and TYPE_OP_reduce_scatter.  NAMER picks the form:
 * ROCSHMEM_TYPED_NAME (thread, the host names), ROCSHMEM_TYPED_NAME_WAVE /
 * _WG (rocshmem_int_sum_reduce_wg, rocshmem_broadcastmem_wave ...). */
#define ROCSHMEM_DEVICE_COLL(NAMER, KEY, T, BODY) \
  ROCSHMEM_API_COLL_DEVICE(NAMER, rocshmem, KEY, T, BODY)
#define ROCSHMEM_DEVICE_REDUCE(NAMER, KEY, T, OP, BODY)                                        \
  ROCSHMEM_API_FN(int, NAMER(rocshmem, KEY, OP, _reduce),                                      \
                  (rocshmem_team_t team, T * dest, const T *source, size_t nreduce), BODY,     \
                  (reduce_##OP, T, KEY, team, dest, source, nreduce))                          \
  ROCSHMEM_API_FN(int, NAMER(rocshmem, KEY, OP, _reduce_scatter),                              \
                  (rocshmem_team_t team, T * dest, const T *source, size_t nreduce), BODY,     \
                  (reduce_scatter_##OP, T, KEY, team, dest, source, nreduce))
#define ROCSHMEM_DEVICE_REDUCE_BITWISE(NAMER, KEY, T, BODY) \
  ROCSHMEM_DEVICE_REDUCE(NAMER, KEY, T, and, BODY)          \
  ROCSHMEM_DEVICE_REDUCE(NAMER, KEY, T, or, BODY)           \
  ROCSHMEM_DEVICE_REDUCE(NAMER, KEY, T, xor, BODY)
#define ROCSHMEM_DEVICE_REDUCE_ARITH(NAMER, KEY, T, BODY) \
  ROCSHMEM_DEVICE_REDUCE(NAMER, KEY, T, max, BODY)        \
  ROCSHMEM_DEVICE_REDUCE(NAMER, KEY, T, min, BODY)        \
  ROCSHMEM_DEVICE_REDUCE(NAMER, KEY, T, sum, BODY)        \
  ROCSHMEM_DEVICE_REDUCE(NAMER, KEY, T, prod, BODY)

#if defined(__CUDACC__) || defined(__HIPCC__)
#undef ROCSHMEM_FN_ATTR
#define ROCSHMEM_FN_ATTR __device__

#define ROCSHMEM_DEVICE_DECLARE_GROUP_TYPED(KEY, T)                                  \
  ROCSHMEM_DEVICE_GROUP_RMA(ROCSHMEM_TYPED_NAME_WAVE, ROCSHMEM_TYPED_NAME_WG, KEY, T, \
                            ROCSHMEM_DECL_BODY, ROCSHMEM_DECL_BODY)
#define ROCSHMEM_DEVICE_DECLARE_THREAD_TYPED(KEY, T) \
  ROCSHMEM_DEVICE_THREAD_RMA(KEY, T, ROCSHMEM_DECL_BODY, ROCSHMEM_DECL_BODY)
/* Collectives: _wave and _wg forms of every type (the thread forms of the
 * host types are in rocshmem.h), all three forms for half and bfloat16. */
#define ROCSHMEM_DEVICE_DECLARE_COLL_GROUP(KEY, T)                                     \
  ROCSHMEM_DEVICE_COLL(ROCSHMEM_TYPED_NAME_WAVE, KEY, T, ROCSHMEM_DECL_BODY)           \
  ROCSHMEM_DEVICE_COLL(ROCSHMEM_TYPED_NAME_WG, KEY, T, ROCSHMEM_DECL_BODY)
#define ROCSHMEM_DEVICE_DECLARE_REDUCE_BIT_GROUP(KEY, T)                               \
  ROCSHMEM_DEVICE_REDUCE_BITWISE(ROCSHMEM_TYPED_NAME_WAVE, KEY, T, ROCSHMEM_DECL_BODY) \
  ROCSHMEM_DEVICE_REDUCE_BITWISE(ROCSHMEM_TYPED_NAME_WG, KEY, T, ROCSHMEM_DECL_BODY)
#define ROCSHMEM_DEVICE_DECLARE_REDUCE_ARITH_GROUP(KEY, T)                             \
  ROCSHMEM_DEVICE_REDUCE_ARITH(ROCSHMEM_TYPED_NAME_WAVE, KEY, T, ROCSHMEM_DECL_BODY)   \
  ROCSHMEM_DEVICE_REDUCE_ARITH(ROCSHMEM_TYPED_NAME_WG, KEY, T, ROCSHMEM_DECL_BODY)
#define ROCSHMEM_DEVICE_DECLARE_EXTRA_COLL(KEY, T)                                     \
  ROCSHMEM_DEVICE_COLL(ROCSHMEM_TYPED_NAME, KEY, T, ROCSHMEM_DECL_BODY)                \
  ROCSHMEM_DEVICE_REDUCE_ARITH(ROCSHMEM_TYPED_NAME, KEY, T, ROCSHMEM_DECL_BODY)

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

/* ---------------------------------------------------------------- teams and collectives
 * Team handles come from the host (kernel arguments) or are
 * ROCSHMEM_TEAM_WORLD / ROCSHMEM_TEAM_SHARED, which work in kernels too (see
 * below).  A collective is called by one thread (the rocshmem.h names),
 * one wavefront (_wave) or one work-group (_wg) per PE, by every member of
 * the team; each returns 0.  rocshmem_team_my_pe / team_n_pes /
 * team_translate_pe (rocshmem.h) give -1 for ROCSHMEM_TEAM_INVALID. */
__device__ int rocshmem_team_sync_wave(rocshmem_team_t team);
__device__ int rocshmem_team_sync_wg(rocshmem_team_t team);
__device__ void rocshmem_barrier_wave(rocshmem_team_t team);
__device__ void rocshmem_barrier_wg(rocshmem_team_t team);
ROCSHMEM_RMA_DEVICE_TYPES(ROCSHMEM_DEVICE_DECLARE_COLL_GROUP)
ROCSHMEM_DEVICE_COLL(ROCSHMEM_MEM_NAME_WAVE, , void, ROCSHMEM_DECL_BODY)
ROCSHMEM_DEVICE_COLL(ROCSHMEM_MEM_NAME_WG, , void, ROCSHMEM_DECL_BODY)
ROCSHMEM_RMA_DEVICE_EXTRA_TYPES(ROCSHMEM_DEVICE_DECLARE_EXTRA_COLL)
ROCSHMEM_REDUCE_BITWISE_TYPES(ROCSHMEM_DEVICE_DECLARE_REDUCE_BIT_GROUP)
ROCSHMEM_REDUCE_ARITH_TYPES(ROCSHMEM_DEVICE_DECLARE_REDUCE_ARITH_GROUP)
/* half and bfloat16: sum/prod/min/max, computed in float */
ROCSHMEM_RMA_DEVICE_EXTRA_TYPES(ROCSHMEM_DEVICE_DECLARE_REDUCE_ARITH_GROUP)

/* The handles of the predefined teams, from the device state. */
__device__ rocshmem_team_t rocshmemi_device_team_world(void);
__device__ rocshmem_team_t rocshmemi_device_team_shared(void);
#ifdef __cplusplus
}
#endif

#undef ROCSHMEM_DEVICE_DECLARE_GROUP_TYPED
#undef ROCSHMEM_DEVICE_DECLARE_THREAD_TYPED
#undef ROCSHMEM_DEVICE_DECLARE_COLL_GROUP
#undef ROCSHMEM_DEVICE_DECLARE_REDUCE_BIT_GROUP
#undef ROCSHMEM_DEVICE_DECLARE_REDUCE_ARITH_GROUP
#undef ROCSHMEM_DEVICE_DECLARE_EXTRA_COLL

/* ROCSHMEM_TEAM_WORLD and ROCSHMEM_TEAM_SHARED in kernels.  On the host
 * they are variables of librocshmem (rocshmem.h), which device code cannot
 * read: nvcc rejects the reference, and a host address would be meaningless
 * there anyway.  The device state carries the same handle values, so in the
 * device compilation pass only the names become calls that read it; host
 * code (and the host pass of a .cu file) keeps the variables, and a handle
 * passed from the host to a kernel compares equal to the one read there.
 * The wrappers are __host__ __device__ so that host code seen by the device
 * pass (which is not compiled for the device) still type-checks. */
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define ROCSHMEMI_PREDEFINED_HANDLE(TYPE, NAME, HOST_VALUE) \
  static inline __host__ __device__ TYPE rocshmemi_##NAME(void) { return rocshmemi_device_##NAME(); }
#else
#define ROCSHMEMI_PREDEFINED_HANDLE(TYPE, NAME, HOST_VALUE) \
  static inline __host__ __device__ TYPE rocshmemi_##NAME(void) { return HOST_VALUE; }
#endif
ROCSHMEMI_PREDEFINED_HANDLE(rocshmem_team_t, team_world, ROCSHMEM_TEAM_WORLD)
ROCSHMEMI_PREDEFINED_HANDLE(rocshmem_team_t, team_shared, ROCSHMEM_TEAM_SHARED)
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define ROCSHMEM_TEAM_WORLD (rocshmemi_team_world())
#define ROCSHMEM_TEAM_SHARED (rocshmemi_team_shared())
#endif

/* ---------------------------------------------------------------- device contexts
 * A fixed pool of contexts in GPU memory (64, the default one included).
 * Every thread of a workgroup calls create / destroy with the same
 * arguments; create returns 0, or non-zero (and ROCSHMEM_CTX_INVALID) when
 * the pool is exhausted, options has unknown bits or this PE is not in the
 * team.  quiet on a context completes the operations it issued (operations
 * through the host proxy are tracked per context); PE arguments of the ctx_
 * routines on a team context are team member indices.  Any ctx that is not
 * from the pool (ROCSHMEM_CTX_DEFAULT, ROCSHMEM_CTX_INVALID) is the default
 * context, which in kernels is also the value rocshmem_get_device_ctx()
 * returns on the host. */
#ifdef __cplusplus
extern "C" {
#endif
__device__ int rocshmem_wg_ctx_create(long options, rocshmem_ctx_t *ctx);
__device__ int rocshmem_wg_team_create_ctx(rocshmem_team_t team, long options,
                                           rocshmem_ctx_t *ctx);
__device__ void rocshmem_wg_ctx_destroy(rocshmem_ctx_t ctx);
__device__ rocshmem_ctx_t rocshmemi_device_ctx_default(void);
/* Host: the default device context, to pass to kernels (NULL without a GPU heap). */
void *rocshmem_get_device_ctx(void);
#ifdef __cplusplus
}
#endif
/* ROCSHMEM_CTX_DEFAULT in kernels, as ROCSHMEM_TEAM_WORLD above. */
ROCSHMEMI_PREDEFINED_HANDLE(rocshmem_ctx_t, ctx_default, ROCSHMEM_CTX_DEFAULT)
#undef ROCSHMEMI_PREDEFINED_HANDLE
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define ROCSHMEM_CTX_DEFAULT (rocshmemi_ctx_default())
#endif
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
