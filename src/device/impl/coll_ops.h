/* Inline device implementation: the reduction operators and accumulators
 * of the team reductions (coll.h, coll_push.h).  Conventions in core.h. */
#ifndef ROCSHMEM_DEVICE_IMPL_COLL_OPS_H
#define ROCSHMEM_DEVICE_IMPL_COLL_OPS_H

#include <rocshmem/gpu_platform.h>
#include <rocshmem/rocshmem.h>

namespace rocshmem {
namespace device {
namespace coll {

/* The operators, applied to the accumulator type (narrow integers promote
 * to int in C++ and are cut back here, as on the host: coll/reduce_ops.h). */
struct OpAnd { template <class A> static __device__ A apply(A a, A b) { return static_cast<A>(a & b); } };
struct OpOr { template <class A> static __device__ A apply(A a, A b) { return static_cast<A>(a | b); } };
struct OpXor { template <class A> static __device__ A apply(A a, A b) { return static_cast<A>(a ^ b); } };
struct OpMax { template <class A> static __device__ A apply(A a, A b) { return a < b ? b : a; } };
struct OpMin { template <class A> static __device__ A apply(A a, A b) { return b < a ? b : a; } };
struct OpSum { template <class A> static __device__ A apply(A a, A b) { return static_cast<A>(a + b); } };
struct OpProd { template <class A> static __device__ A apply(A a, A b) { return static_cast<A>(a * b); } };

/* The accumulator of T: T itself, float for the 16-bit floating types
 * (their arithmetic is float arithmetic rounded once at the end). */
template <class T>
struct Acc {
  using type = T;
  static __device__ T in(T v) { return v; }
  static __device__ T out(T a) { return a; }
};
template <>
struct Acc<rocshmem_half_t> {
  using type = float;
  static __device__ float in(rocshmem_half_t v) { return __half2float(v); }
  static __device__ rocshmem_half_t out(float a) { return __float2half(a); }
};
template <>
struct Acc<rocshmem_bfloat16_t> {
  using type = float;
#ifdef ROCSHMEM_GPU_IS_CUDA
  static __device__ float in(rocshmem_bfloat16_t v) { return __bfloat162float(v); }
  static __device__ rocshmem_bfloat16_t out(float a) { return __float2bfloat16(a); }
#else
  static __device__ float in(rocshmem_bfloat16_t v) { return static_cast<float>(v); }
  static __device__ rocshmem_bfloat16_t out(float a) { return rocshmem_bfloat16_t(a); }
#endif
};

/* acc = v for the first member (m == 0), else acc op v: every PE combines
 * the members in team order, so results are bit-identical everywhere. */
template <class T, class Op>
inline __device__ void accumulate(typename Acc<T>::type &acc, T v, int m) {
  acc = m ? Op::apply(acc, Acc<T>::in(v)) : Acc<T>::in(v);
}

/* Whether a call in which `senders` members send each PE `bytes` has every
 * PE receive at most `limit` bytes in all: the size rule of the push path
 * (coll_push.h) and the put path (coll.h). */
inline __device__ bool receives_within(size_t bytes, int senders, uint64_t limit) {
  return bytes <= limit / static_cast<uint64_t>(senders > 1 ? senders : 1);
}

}  // namespace coll
}  // namespace device
}  // namespace rocshmem

#endif
