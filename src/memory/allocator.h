/* Offset allocator behind the symmetric heap.
 *
 * Deterministic by construction: the same sequence of calls yields the same
 * offsets, which is what makes a collective shmem_malloc symmetric on every PE
 * without communication.  Best fit over an address-ordered free list, with
 * coalescing on release.  Not thread-safe (the heap serializes). */
#ifndef ROCSHMEM_MEMORY_ALLOCATOR_H
#define ROCSHMEM_MEMORY_ALLOCATOR_H

#include <cstddef>
#include <map>

namespace rocshmem {

class Allocator {
 public:
  /* Every block starts at a multiple of kMinAlign: a cache line, so that
   * separately allocated flags never share one. */
  static constexpr size_t kMinAlign = 64;

  explicit Allocator(size_t capacity = 0) { reset(capacity); }
  void reset(size_t capacity);

  /* size > 0; align a power of two (values below kMinAlign are raised).
   * Returns false when no free block fits. */
  bool allocate(size_t size, size_t align, size_t *offset);
  /* Returns false when offset is not the start of a live block. */
  bool release(size_t offset);
  /* Grows or shrinks a live block without moving it, if the space after it
   * allows; returns false otherwise (the block is unchanged). */
  bool resize_in_place(size_t offset, size_t new_size);
  /* Size of the live block starting at offset, 0 if there is none. */
  size_t block_size(size_t offset) const;

  size_t capacity() const { return capacity_; }
  size_t bytes_in_use() const { return in_use_; }
  size_t largest_free() const;
  size_t live_blocks() const { return used_.size(); }

 private:
  void insert_free(size_t offset, size_t size); /* merges with neighbours */
  static size_t round_up(size_t v, size_t a) { return (v + a - 1) & ~(a - 1); }

  size_t capacity_ = 0;
  size_t in_use_ = 0;
  std::map<size_t, size_t> free_; /* offset -> size, disjoint and non-adjacent */
  std::map<size_t, size_t> used_; /* offset -> size */
};

}  // namespace rocshmem

#endif
