/* A symmetric heap of this PE: one memfd segment (so same-node peers can
 * map it), or memory owned by someone else (the GPU heap, see gpu/gpu.h),
 * managed by a deterministic Allocator (so the same collective calls give
 * the same offsets on every PE).  Thread-safe. */
#ifndef ROCSHMEM_MEMORY_HEAP_H
#define ROCSHMEM_MEMORY_HEAP_H

#include <cstddef>
#include <mutex>
#include <string>

#include "memory/allocator.h"
#include "memory/shm_segment.h"

namespace rocshmem {

class SymmetricHeap {
 public:
  /* The heap starts at a multiple of this, so offsets aligned to anything up
   * to it are addresses aligned as much (shmem_align's largest alignment). */
  static constexpr size_t kMaxAlign = size_t(1) << 30;

  /* size rounded up to whole pages: what create maps. */
  static size_t page_rounded(size_t size);
  bool create(size_t size, std::string *error);
  /* Manages [base, base + size) without owning it (destroy leaves it alone);
   * base is a multiple of max_align. */
  void adopt(char *base, size_t size, size_t max_align);
  /* The largest alignment an allocation can be given. */
  size_t max_align() const { return max_align_; }
  void destroy();

  const ShmSegment &segment() const { return seg_; }
  bool contains(const void *p) const {
    return static_cast<const char *>(p) >= seg_.base && static_cast<const char *>(p) < seg_.base + seg_.size;
  }

  /* Local part of a collective allocation; nullptr when the heap cannot fit
   * it (the caller reports).  label: who asked (a public call's name), kept
   * for messages; nullptr for the library's own blocks. */
  void *allocate(size_t size, size_t align, const char *label = nullptr);
  /* false: p is not the start of a live block. */
  bool release(void *p);
  /* Resizes in place if possible; false otherwise (block unchanged). */
  bool resize_in_place(void *p, size_t size, const char *label = nullptr);
  size_t block_size(const void *p) const;
  /* The live block holding p (anywhere inside it), for SHMEM_DEBUG's range
   * checks: O(log blocks) under the heap's mutex.  False when p is outside
   * the heap or in free space. */
  struct Block {
    char *start;
    size_t size; /* as requested, not rounded up */
    const char *label;
  };
  bool find_block(const void *p, Block *out) const;
  size_t bytes_in_use() const;
  size_t largest_free() const;

 private:
  size_t offset_of(const void *p) const { return static_cast<const char *>(p) - seg_.base; }

  mutable std::mutex mu_;
  Allocator alloc_;
  ShmSegment seg_;
  bool external_ = false;
  size_t max_align_ = kMaxAlign;
};

}  // namespace rocshmem

#endif
