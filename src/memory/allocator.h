/* Offset allocator behind the symmetric heap.
 *
 * Deterministic by construction: the same sequence of calls yields the same
 * offsets, which is what makes a collective shmem_malloc symmetric on every PE
 * without communication.  Best fit over an address-ordered free list, with
 * coalescing on release.  Not thread-safe (the heap serializes).
 *
 * Each live block also remembers the size its caller asked for (blocks are
 * rounded up to kMinAlign) and a label naming who allocated it, so that
 * SHMEM_DEBUG can check a transfer against the object the user asked for,
 * not against the rounding slack, and say where that object came from. */
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

  /* A live block as find() reports it. */
  struct Block {
    size_t offset;
    size_t size;       /* what the block occupies: a multiple of kMinAlign */
    size_t requested;  /* what allocate/resize_in_place was asked for */
    const char *label; /* as given to allocate/resize_in_place; may be nullptr */
  };

  explicit Allocator(size_t capacity = 0) { reset(capacity); }
  void reset(size_t capacity);

  /* size > 0; align a power of two (values below kMinAlign are raised).
   * Returns false when no free block fits.  label (a string that outlives
   * the block, e.g. the public call's name) is kept for find(). */
  bool allocate(size_t size, size_t align, size_t *offset, const char *label = nullptr);
  /* Returns false when offset is not the start of a live block. */
  bool release(size_t offset);
  /* Grows or shrinks a live block without moving it, if the space after it
   * allows; returns false otherwise (the block is unchanged).  A label
   * replaces the block's; nullptr keeps it. */
  bool resize_in_place(size_t offset, size_t new_size, const char *label = nullptr);
  /* Size of the live block starting at offset, 0 if there is none. */
  size_t block_size(size_t offset) const;
  /* The live block whose [offset, offset + size) holds `offset`, in
   * O(log live_blocks()); false when offset is in free space or past the
   * capacity. */
  bool find(size_t offset, Block *out) const;

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
  struct Used {
    size_t size;
    size_t requested;
    const char *label;
  };
  std::map<size_t, Used> used_; /* offset -> block */
};

}  // namespace rocshmem

#endif
