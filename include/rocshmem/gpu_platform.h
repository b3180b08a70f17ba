/*
 * The thin HIP <-> CUDA shim.  rocshmem's GPU code
 * is written in the HIP dialect; compiled by hipcc it uses HIP itself, and
 * compiled by nvcc (or by a host compiler with CUDA's headers) this header
 * maps the small subset we use to CUDA.  HIP's own NVIDIA headers are not
 * used because they do not build with CUDA 13.
 *
 * Only what rocshmem uses is mapped: add a name here when a source needs it,
 * never a blanket #define of the whole API.
 */
#ifndef ROCSHMEM_GPU_PLATFORM_H
#define ROCSHMEM_GPU_PLATFORM_H

#if defined(__HIPCC__) || defined(ROCSHMEM_GPU_HIP)
#define ROCSHMEM_GPU_IS_HIP 1
#include <hip/hip_runtime.h>
#include <hip/hip_bfloat16.h>
#include <hip/hip_fp16.h>
#define ROCSHMEM_GPU_PLATFORM_NAME "hip"

/* The 16-bit floating types of the device RMA table (types.def,
 * ROCSHMEM_RMA_DEVICE_EXTRA_TYPES). */
typedef __half rocshmem_half_t;
typedef hip_bfloat16 rocshmem_bfloat16_t;

#elif defined(__CUDACC__) || defined(ROCSHMEM_GPU_CUDA)
#define ROCSHMEM_GPU_IS_CUDA 1
#include <cuda_bf16.h>
#include <cuda_fp16.h>
#include <cuda_runtime.h>
#define ROCSHMEM_GPU_PLATFORM_NAME "cuda"

typedef __half rocshmem_half_t;
typedef __nv_bfloat16 rocshmem_bfloat16_t;

typedef cudaError_t hipError_t;
typedef cudaStream_t hipStream_t;
typedef cudaEvent_t hipEvent_t;
typedef cudaIpcMemHandle_t hipIpcMemHandle_t;
typedef cudaDeviceProp hipDeviceProp_t;
typedef struct CUmod_st *hipModule_t; /* CUmodule, without the driver API header */
typedef void *hipDeviceptr_t;

#define hipSuccess cudaSuccess
#define hipErrorNoDevice cudaErrorNoDevice
#define hipErrorInsufficientDriver cudaErrorInsufficientDriver
#define hipGetErrorString cudaGetErrorString
#define hipGetLastError cudaGetLastError
#define hipGetDeviceCount cudaGetDeviceCount
#define hipGetDevice cudaGetDevice
#define hipSetDevice cudaSetDevice
#define hipGetDeviceProperties cudaGetDeviceProperties
#define hipDeviceGetPCIBusId cudaDeviceGetPCIBusId
#define hipDeviceSynchronize cudaDeviceSynchronize
#define hipMalloc cudaMalloc
#define hipFree cudaFree
#define hipMemset cudaMemset
#define hipMemcpy cudaMemcpy
#define hipMemcpyAsync cudaMemcpyAsync
#define hipMemcpyToSymbol cudaMemcpyToSymbol
#define hipMemcpyDefault cudaMemcpyDefault
#define hipMemcpyHostToDevice cudaMemcpyHostToDevice
#define hipMemcpyDeviceToHost cudaMemcpyDeviceToHost
#define hipPointerGetAttributes cudaPointerGetAttributes
#define hipPointerAttribute_t cudaPointerAttributes
#define hipMemoryTypeDevice cudaMemoryTypeDevice
#define hipStreamCreateWithFlags cudaStreamCreateWithFlags
#define hipStreamNonBlocking cudaStreamNonBlocking
#define hipStreamDestroy cudaStreamDestroy
#define hipStreamSynchronize cudaStreamSynchronize
#define hipIpcGetMemHandle cudaIpcGetMemHandle
#define hipIpcOpenMemHandle cudaIpcOpenMemHandle
#define hipIpcCloseMemHandle cudaIpcCloseMemHandle
#define hipIpcMemLazyEnablePeerAccess cudaIpcMemLazyEnablePeerAccess
#define hipFuncAttributes cudaFuncAttributes
#define hipFuncGetAttributes cudaFuncGetAttributes
#define hipHostMalloc(PTR, BYTES, FLAGS) cudaHostAlloc((PTR), (BYTES), (FLAGS))
#define hipHostMallocDefault cudaHostAllocDefault
#define hipHostMallocMapped cudaHostAllocMapped
#define hipHostMallocPortable cudaHostAllocPortable
#define hipHostGetDevicePointer cudaHostGetDevicePointer
#define hipHostFree cudaFreeHost
#define hipMemsetAsync cudaMemsetAsync
#define hipEventCreateWithFlags cudaEventCreateWithFlags
#define hipEventDisableTiming cudaEventDisableTiming
#define hipEventDestroy cudaEventDestroy
#define hipEventRecord cudaEventRecord
#define hipEventQuery cudaEventQuery
#define hipEventSynchronize cudaEventSynchronize
#define hipErrorNotReady cudaErrorNotReady
#define hipLaunchKernelGGL(K, GRID, BLOCK, SHMEM, STREAM, ...) \
  K<<<(GRID), (BLOCK), (SHMEM), (STREAM)>>>(__VA_ARGS__)

#else
#error "gpu_platform.h needs hipcc or nvcc (or ROCSHMEM_GPU_HIP / ROCSHMEM_GPU_CUDA for host code)"
#endif

/* ------------------------------------------------------------------ device side
 * Scoped fences and atomics.  "device" scope covers every thread of this
 * GPU, including other processes' kernels on it (PEs sharing one GPU);
 * "system" scope also covers other GPUs and the CPU. */
#if defined(__CUDACC__) || defined(__HIPCC__)
/* 1 in the device pass of a GPU compilation, 0 in the host pass. */
#if defined(__CUDA_ARCH__) || defined(__HIP_DEVICE_COMPILE__)
#define ROCSHMEM_DEVICE_PASS 1
#else
#define ROCSHMEM_DEVICE_PASS 0
#endif
#define ROCSHMEM_DEVICE __device__
#define ROCSHMEM_HOST_DEVICE __host__ __device__

#ifdef ROCSHMEM_GPU_IS_CUDA
/* warpSize is a runtime constant on both platforms; never hard-code 32/64. */
#define ROCSHMEM_WAVE_SYNC() __syncwarp()
/* Kills the kernel (the host sees a launch failure). */
#define ROCSHMEM_DEVICE_TRAP() __trap()
/* One polite pause of a spin-wait: lets the other warps of the SM (and the
 * other processes' kernels on a shared GPU) use the issue slots. */
#define ROCSHMEM_SPIN_PAUSE() __nanosleep(64)
/* Release and acquire fences (ROCSHMEM_RELEASE_FENCE below): fence.release
 * and fence.acquire need PTX ISA 8.6 (CUDA 12.8) and sm_90; elsewhere the
 * full fence. */
#if defined(__CUDA_ARCH__) && __CUDA_ARCH__ >= 900 && \
    (__CUDACC_VER_MAJOR__ > 12 || (__CUDACC_VER_MAJOR__ == 12 && __CUDACC_VER_MINOR__ >= 8))
#define ROCSHMEM_RELEASE_FENCE() asm volatile("fence.release.gpu;" ::: "memory")
#define ROCSHMEM_RELEASE_FENCE_SYSTEM() asm volatile("fence.release.sys;" ::: "memory")
#define ROCSHMEM_ACQUIRE_FENCE() asm volatile("fence.acquire.gpu;" ::: "memory")
#define ROCSHMEM_ACQUIRE_FENCE_SYSTEM() asm volatile("fence.acquire.sys;" ::: "memory")
#else
#define ROCSHMEM_RELEASE_FENCE() __threadfence()
#define ROCSHMEM_RELEASE_FENCE_SYSTEM() __threadfence_system()
#define ROCSHMEM_ACQUIRE_FENCE() __threadfence()
#define ROCSHMEM_ACQUIRE_FENCE_SYSTEM() __threadfence_system()
#endif
#else
/* A wavefront executes in lockstep on AMD: a compiler barrier suffices. */
#define ROCSHMEM_WAVE_SYNC() __builtin_amdgcn_wave_barrier()
#define ROCSHMEM_DEVICE_TRAP() __builtin_trap()
#define ROCSHMEM_SPIN_PAUSE() __builtin_amdgcn_s_sleep(1)
#define ROCSHMEM_RELEASE_FENCE() __builtin_amdgcn_fence(__ATOMIC_RELEASE, "agent")
#define ROCSHMEM_RELEASE_FENCE_SYSTEM() __builtin_amdgcn_fence(__ATOMIC_RELEASE, "")
#define ROCSHMEM_ACQUIRE_FENCE() __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "agent")
#define ROCSHMEM_ACQUIRE_FENCE_SYSTEM() __builtin_amdgcn_fence(__ATOMIC_ACQUIRE, "")
#endif
/* ROCSHMEM_RELEASE_FENCE() (device scope), _SYSTEM() (system scope): this
 * thread's earlier stores and atomics are performed before its later ones,
 * without what __threadfence() adds for an acquire, the invalidation of the
 * SM's L1 cache (CCTL.IVALL on NVIDIA, buffer_gl0_inv / buffer_gl1_inv on
 * AMD), after which every load misses.  ROCSHMEM_ACQUIRE_FENCE() (_SYSTEM()):
 * the other half, after a load that observed a flag: later loads see what
 * the flag's writer released, without waiting, as a full fence does, until
 * this thread's own earlier stores are performed. */
/* atomicAdd & co. are device ("agent") scope on both platforms, their
 * _system twins system scope; both exist for unsigned int and unsigned long
 * long, the only operand types the device library uses. */
#define ROCSHMEM_ATOMIC_SYS(op) op##_system

/* ROCSHMEM_WALL_CLOCK(): a 64-bit clock that runs at a fixed rate whatever
 * the SM's clock speed and reads the same on every SM, for the time limits
 * of device waits: %globaltimer (nanoseconds) on NVIDIA, the constant-rate
 * wall clock (s_memrealtime) on AMD, whose rate the host reads from
 * hipDeviceAttributeWallClockRate. */
#ifdef ROCSHMEM_GPU_IS_CUDA
static __device__ __forceinline__ unsigned long long rocshmem_globaltimer() {
  unsigned long long t;
  asm volatile("mov.u64 %0, %%globaltimer;" : "=l"(t));
  return t;
}
#define ROCSHMEM_WALL_CLOCK() rocshmem_globaltimer()
#else
/* The builtin itself, not HIP's wall_clock64(): HIP 5.2 declares that only in
 * the device pass, and the host pass of hipcc also parses device functions. */
#define ROCSHMEM_WALL_CLOCK() \
  static_cast<unsigned long long>(__builtin_amdgcn_s_memrealtime())
#endif
#endif /* device compiler */

#endif /* ROCSHMEM_GPU_PLATFORM_H */
