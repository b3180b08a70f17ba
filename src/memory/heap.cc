#include "memory/heap.h"

namespace rocshmem {

size_t SymmetricHeap::page_rounded(size_t size) {
  size_t page = page_size();
  return (size + page - 1) & ~(page - 1);
}

bool SymmetricHeap::create(size_t size, std::string *error) {
  size = page_rounded(size);
  if (!shm_segment_create("rocshmem-heap", size, kMaxAlign, &seg_, error)) return false;
  alloc_.reset(size);
  return true;
}

void SymmetricHeap::adopt(char *base, size_t size, size_t max_align) {
  std::lock_guard<std::mutex> lock(mu_);
  seg_ = ShmSegment{-1, base, size};
  external_ = true;
  max_align_ = max_align;
  alloc_.reset(size);
}

void SymmetricHeap::destroy() {
  std::lock_guard<std::mutex> lock(mu_);
  if (external_)
    seg_ = ShmSegment{};
  else
    shm_segment_destroy(&seg_);
  external_ = false;
  max_align_ = kMaxAlign;
  alloc_.reset(0);
}

void *SymmetricHeap::allocate(size_t size, size_t align, const char *label) {
  std::lock_guard<std::mutex> lock(mu_);
  size_t off;
  if (!alloc_.allocate(size, align, &off, label)) return nullptr;
  return seg_.base + off;
}

bool SymmetricHeap::release(void *p) {
  std::lock_guard<std::mutex> lock(mu_);
  return contains(p) && alloc_.release(offset_of(p));
}

bool SymmetricHeap::resize_in_place(void *p, size_t size, const char *label) {
  std::lock_guard<std::mutex> lock(mu_);
  return contains(p) && alloc_.resize_in_place(offset_of(p), size, label);
}

bool SymmetricHeap::find_block(const void *p, Block *out) const {
  std::lock_guard<std::mutex> lock(mu_);
  Allocator::Block b;
  if (!contains(p) || !alloc_.find(offset_of(p), &b)) return false;
  *out = Block{seg_.base + b.offset, b.requested, b.label};
  return true;
}

size_t SymmetricHeap::block_size(const void *p) const {
  std::lock_guard<std::mutex> lock(mu_);
  return contains(p) ? alloc_.block_size(offset_of(p)) : 0;
}

size_t SymmetricHeap::bytes_in_use() const {
  std::lock_guard<std::mutex> lock(mu_);
  return alloc_.bytes_in_use();
}

size_t SymmetricHeap::largest_free() const {
  std::lock_guard<std::mutex> lock(mu_);
  return alloc_.largest_free();
}

}  // namespace rocshmem
