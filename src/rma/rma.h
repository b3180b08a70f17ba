/* One implementation of every RMA routine, for all types and both prefixes:
 * entry points only add the element size and their own name.
 *
 * Same-node peers are mapped into this process, so a put is a memcpy into
 * the peer's segment and completes before it returns (the _nbi forms too),
 * and quiet only has to order (sync/barrier.h).  Other peers go through the
 * network transport, where _nbi really is non-blocking.  GPU-heap objects
 * (SEG_GPU), remote or a local buffer in this PE's GPU heap, are copied by
 * the GPU runtime (gpu/gpu.h), complete on return. */
#ifndef ROCSHMEM_RMA_RMA_H
#define ROCSHMEM_RMA_RMA_H

#include <cstdint>
#include <cstring>

#include "core/log.h"
#include "core/runtime.h"
#include "ctx/context.h"
#include "ctx/pcntr.h"
#include "gpu/gpu.h"
#include "memory/symmetric_alloc.h"
#include "transport/network.h"
#include "transport/peer_table.h"

namespace rocshmem {
namespace rma {

/* Element size of a routine: putmem/getmem count bytes, the sized forms
 * (shmem_put32) pass Bits<32>. */
template <class T>
struct ElemSize {
  static constexpr size_t value = sizeof(T);
};
template <>
struct ElemSize<void> {
  static constexpr size_t value = 1;
};
template <size_t BITS>
struct Bits {};
template <size_t BITS>
struct ElemSize<Bits<BITS>> {
  static constexpr size_t value = BITS / 8;
};

/* The checks every RMA routine starts with; returns the world PE (team
 * contexts number PEs within their team). */
inline int enter(const char *call, rocshmem_ctx_t ctx, int pe) {
  require_init(call);
  return ctx_world_pe(call, ctx, pe);
}

template <size_t ES>
inline size_t byte_count(const char *call, size_t nelems) {
  if (ES > 1 && __builtin_expect(nelems > SIZE_MAX / ES, 0))
    fatal(call, "nelems = %zu elements of %zu bytes overflows the address space", nelems, ES);
  return nelems * ES;
}

/* Moves bytes to / from a checked remote location by whichever path reaches
 * it: load/store between host memories, the remote one mapped (the hot
 * path); the GPU runtime when either side is GPU-heap memory; the network
 * transport otherwise. */
inline void put_bytes(const char *call, int pe, const Location &to, const void *source,
                      size_t bytes, bool nbi) {
  if (__builtin_expect(to.mapped != nullptr && to.seg != SEG_GPU && !gpu::local_gpu(source), 1))
    std::memcpy(to.mapped, source, bytes);
  else if (to.seg == SEG_GPU)
    gpu::put(call, pe, to, source, bytes);
  else if (gpu::local_gpu(source))
    gpu::put_from_gpu(call, pe, to, source, bytes);
  else
    net::put(call, pe, to, source, bytes, nbi);
}

inline void get_bytes(const char *call, int pe, const Location &from, void *dest, size_t bytes,
                      bool nbi) {
  if (__builtin_expect(from.mapped != nullptr && from.seg != SEG_GPU && !gpu::local_gpu(dest), 1))
    std::memcpy(dest, from.mapped, bytes);
  else if (from.seg == SEG_GPU)
    gpu::get(call, pe, from, dest, bytes);
  else if (gpu::local_gpu(dest))
    gpu::get_into_gpu(call, pe, from, dest, bytes);
  else
    net::get(call, pe, from, dest, bytes, nbi);
}

template <class T, bool NBI = false>
inline void put(const char *call, rocshmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                int pe) {
  pe = enter(call, ctx, pe);
  size_t bytes = byte_count<ElemSize<T>::value>(call, nelems);
  if (bytes == 0) return peer_check_pe(call, pe); /* NULL buffers are fine then */
  debug_check_range(call, "dest", dest, dest, bytes);
  Location to = peer_locate(call, "dest", dest, bytes, pe);
  put_bytes(call, pe, to, source, bytes, NBI);
  pcntr::issued(ctx, to, source, true, NBI);
}

template <class T, bool NBI = false>
inline void get(const char *call, rocshmem_ctx_t ctx, void *dest, const void *source, size_t nelems,
                int pe) {
  pe = enter(call, ctx, pe);
  size_t bytes = byte_count<ElemSize<T>::value>(call, nelems);
  if (bytes == 0) return peer_check_pe(call, pe);
  debug_check_range(call, "source", source, source, bytes);
  Location from = peer_locate(call, "source", source, bytes, pe);
  get_bytes(call, pe, from, dest, bytes, NBI);
  pcntr::issued(ctx, from, dest, false, NBI);
}

template <class T>
inline void put_nbi(const char *call, rocshmem_ctx_t ctx, void *dest, const void *source,
                    size_t nelems, int pe) {
  put<T, true>(call, ctx, dest, source, nelems, pe);
}
template <class T>
inline void get_nbi(const char *call, rocshmem_ctx_t ctx, void *dest, const void *source,
                    size_t nelems, int pe) {
  get<T, true>(call, ctx, dest, source, nelems, pe);
}

/* The remote span touched by a strided access of nelems elements with
 * stride `stride` (in elements, any sign) starting at `first`: checks it is
 * symmetric (and, under SHMEM_DEBUG, inside one heap block) and returns the
 * location of `first`. */
template <size_t ES>
inline Location strided_locate(const char *call, const char *arg, const void *first,
                               ptrdiff_t stride, size_t nelems, int pe) {
  size_t step = static_cast<size_t>(stride < 0 ? -stride : stride);
  size_t last = nelems - 1;
  if (step && last > (SIZE_MAX - ES) / ES / step)
    fatal(call, "%s stride %td over %zu elements overflows the address space", arg, stride, nelems);
  size_t span = last * step * ES;
  const char *lo = static_cast<const char *>(first) - (stride < 0 ? span : 0);
  debug_check_range(call, arg, first, lo, span + ES);
  Location loc = peer_locate(call, arg, lo, span + ES, pe);
  size_t shift = stride < 0 ? span : 0;
  return Location{loc.mapped ? loc.mapped + shift : nullptr, loc.seg, loc.offset + shift};
}

/* Element i of a strided remote range starting at `first`. */
inline Location strided_element(const Location &first, ptrdiff_t stride, size_t i, size_t es) {
  ptrdiff_t delta = static_cast<ptrdiff_t>(i) * stride * static_cast<ptrdiff_t>(es);
  return Location{first.mapped ? first.mapped + delta : nullptr, first.seg,
                  static_cast<size_t>(static_cast<ptrdiff_t>(first.offset) + delta)};
}

template <class T>
inline void iput(const char *call, rocshmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                 ptrdiff_t sst, size_t nelems, int pe) {
  constexpr size_t ES = ElemSize<T>::value;
  pe = enter(call, ctx, pe);
  if (nelems == 0) return peer_check_pe(call, pe);
  Location d = strided_locate<ES>(call, "dest", dest, dst, nelems, pe);
  const char *s = static_cast<const char *>(source);
  for (size_t i = 0; i < nelems; ++i) {
    const char *from = s + static_cast<ptrdiff_t>(i) * sst * static_cast<ptrdiff_t>(ES);
    put_bytes(call, pe, strided_element(d, dst, i, ES), from, ES, false);
  }
  pcntr::issued(ctx, d, source, true, false);
}

template <class T>
inline void iget(const char *call, rocshmem_ctx_t ctx, void *dest, const void *source, ptrdiff_t dst,
                 ptrdiff_t sst, size_t nelems, int pe) {
  constexpr size_t ES = ElemSize<T>::value;
  pe = enter(call, ctx, pe);
  if (nelems == 0) return peer_check_pe(call, pe);
  Location s = strided_locate<ES>(call, "source", source, sst, nelems, pe);
  char *d = static_cast<char *>(dest);
  for (size_t i = 0; i < nelems; ++i) {
    char *to = d + static_cast<ptrdiff_t>(i) * dst * static_cast<ptrdiff_t>(ES);
    get_bytes(call, pe, strided_element(s, sst, i, ES), to, ES, true);
  }
  if (!s.mapped) net::quiet(); /* the elements were fetched non-blocking */
  pcntr::issued(ctx, s, dest, false, false);
}

/* Blocked strided RMA (OpenSHMEM 1.6 ibput/ibget): nblocks blocks of bsize
 * contiguous elements, block i at i * stride elements from the start on
 * each side.  The spec requires strides of at least bsize (blocks neither
 * overlap nor run backwards) once there are two blocks; anything else ends
 * the job naming the stride.  The remote span, first block to the end of
 * the last, is checked once; each block is then one contiguous transfer. */
inline void check_block_stride(const char *call, const char *arg, ptrdiff_t stride, size_t bsize,
                               size_t nblocks) {
  if (nblocks > 1 && (stride < 0 || static_cast<size_t>(stride) < bsize))
    fatal(call, "%s = %td is smaller than bsize = %zu (blocks must not overlap)", arg, stride,
          bsize);
}

template <size_t ES>
inline Location blocked_locate(const char *call, const char *arg, const void *first,
                               ptrdiff_t stride, size_t block_bytes, size_t nblocks, int pe) {
  const size_t last = nblocks - 1, step = static_cast<size_t>(stride);
  if (last && step && last > (SIZE_MAX - block_bytes) / ES / step)
    fatal(call, "%s stride %td over %zu blocks overflows the address space", arg, stride, nblocks);
  const size_t span = last * step * ES + block_bytes;
  debug_check_range(call, arg, first, first, span);
  return peer_locate(call, arg, first, span, pe);
}

/* ibput and ibget: the remote side is the one at the blocked_locate'd
 * address (dest of a put, source of a get), the local side walks its own
 * stride; one contiguous transfer per block. */
template <class T, bool Put>
inline void blocked(const char *call, rocshmem_ctx_t ctx, void *dest, const void *source,
                    ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe) {
  constexpr size_t ES = ElemSize<T>::value;
  pe = enter(call, ctx, pe);
  const size_t block = byte_count<ES>(call, bsize);
  if (block == 0 || nblocks == 0) return peer_check_pe(call, pe);
  check_block_stride(call, "dst", dst, bsize, nblocks);
  check_block_stride(call, "sst", sst, bsize, nblocks);
  const ptrdiff_t remote_stride = Put ? dst : sst, local_stride = Put ? sst : dst;
  const Location remote = blocked_locate<ES>(call, Put ? "dest" : "source", Put ? dest : source,
                                             remote_stride, block, nblocks, pe);
  for (size_t i = 0; i < nblocks; ++i) {
    const Location at = strided_element(remote, remote_stride, i, ES);
    const ptrdiff_t local_offset = static_cast<ptrdiff_t>(i) * local_stride * static_cast<ptrdiff_t>(ES);
    if constexpr (Put)
      put_bytes(call, pe, at, static_cast<const char *>(source) + local_offset, block, false);
    else
      get_bytes(call, pe, at, static_cast<char *>(dest) + local_offset, block, true);
  }
  if (!Put && !remote.mapped) net::quiet(); /* the blocks were fetched non-blocking */
  pcntr::issued(ctx, remote, Put ? source : dest, Put, false);
}

template <class T>
inline void ibput(const char *call, rocshmem_ctx_t ctx, void *dest, const void *source,
                  ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe) {
  blocked<T, true>(call, ctx, dest, source, dst, sst, bsize, nblocks, pe);
}
template <class T>
inline void ibget(const char *call, rocshmem_ctx_t ctx, void *dest, const void *source,
                  ptrdiff_t dst, ptrdiff_t sst, size_t bsize, size_t nblocks, int pe) {
  blocked<T, false>(call, ctx, dest, source, dst, sst, bsize, nblocks, pe);
}

template <class T>
inline void p(const char *call, rocshmem_ctx_t ctx, T *dest, T value, int pe) {
  put<T>(call, ctx, dest, &value, 1, pe);
}

template <class T>
inline T g(const char *call, rocshmem_ctx_t ctx, const T *source, int pe) {
  T value;
  get<T>(call, ctx, &value, source, 1, pe);
  return value;
}

}  // namespace rma
}  // namespace rocshmem

/* Definition body for the declaration macros of api_rma.def. */
#define ROCSHMEM_RMA_DEF_BODY(NAME, CTX, OP, T, KEY, ...) \
  { return ::rocshmem::rma::OP<T>(ROCSHMEM_STR(NAME), CTX, __VA_ARGS__); }

#endif
