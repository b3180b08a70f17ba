#include "memory/allocator.h"

#include <limits>

namespace rocshmem {

void Allocator::reset(size_t capacity) {
  capacity_ = capacity & ~(kMinAlign - 1);
  in_use_ = 0;
  free_.clear();
  used_.clear();
  if (capacity_) free_[0] = capacity_;
}

bool Allocator::allocate(size_t size, size_t align, size_t *offset, const char *label) {
  if (size == 0 || align == 0 || (align & (align - 1)) != 0) return false;
  if (align < kMinAlign) align = kMinAlign;
  if (size > std::numeric_limits<size_t>::max() - kMinAlign) return false;
  const size_t requested = size;
  size = round_up(size, kMinAlign);

  /* Best fit: the smallest free block that holds an aligned `size`; ties go to
   * the lowest address, which keeps the heap compact. */
  auto best = free_.end();
  size_t best_start = 0;
  for (auto it = free_.begin(); it != free_.end(); ++it) {
    size_t start = round_up(it->first, align);
    size_t pad = start - it->first;
    if (pad > it->second || it->second - pad < size) continue;
    if (best == free_.end() || it->second < best->second) {
      best = it;
      best_start = start;
      if (it->second == size && pad == 0) break;
    }
  }
  if (best == free_.end()) return false;

  size_t block = best->first, block_size = best->second;
  free_.erase(best);
  if (best_start > block) free_[block] = best_start - block;
  size_t tail = block + block_size - (best_start + size);
  if (tail) free_[best_start + size] = tail;
  used_[best_start] = Used{size, requested, label};
  in_use_ += size;
  *offset = best_start;
  return true;
}

void Allocator::insert_free(size_t offset, size_t size) {
  auto next = free_.lower_bound(offset);
  if (next != free_.end() && offset + size == next->first) {
    size += next->second;
    next = free_.erase(next);
  }
  if (next != free_.begin()) {
    auto prev = std::prev(next);
    if (prev->first + prev->second == offset) {
      prev->second += size;
      return;
    }
  }
  free_[offset] = size;
}

bool Allocator::release(size_t offset) {
  auto it = used_.find(offset);
  if (it == used_.end()) return false;
  in_use_ -= it->second.size;
  insert_free(it->first, it->second.size);
  used_.erase(it);
  return true;
}

bool Allocator::resize_in_place(size_t offset, size_t new_size, const char *label) {
  auto it = used_.find(offset);
  if (it == used_.end() || new_size == 0) return false;
  if (new_size > std::numeric_limits<size_t>::max() - kMinAlign) return false;
  const size_t requested = new_size;
  new_size = round_up(new_size, kMinAlign);
  size_t old_size = it->second.size;
  if (new_size <= old_size) {
    if (new_size < old_size) insert_free(offset + new_size, old_size - new_size);
  } else {
    auto next = free_.find(offset + old_size);
    size_t grow = new_size - old_size;
    if (next == free_.end() || next->second < grow) return false;
    size_t rest = next->second - grow;
    free_.erase(next);
    if (rest) free_[offset + new_size] = rest;
  }
  in_use_ = in_use_ - old_size + new_size;
  it->second.size = new_size;
  it->second.requested = requested;
  if (label) it->second.label = label;
  return true;
}

size_t Allocator::block_size(size_t offset) const {
  auto it = used_.find(offset);
  return it == used_.end() ? 0 : it->second.size;
}

bool Allocator::find(size_t offset, Block *out) const {
  auto it = used_.upper_bound(offset); /* the first block starting after offset */
  if (it == used_.begin()) return false;
  --it;
  if (offset - it->first >= it->second.size) return false;
  *out = Block{it->first, it->second.size, it->second.requested, it->second.label};
  return true;
}

size_t Allocator::largest_free() const {
  size_t largest = 0;
  for (const auto &f : free_)
    if (f.second > largest) largest = f.second;
  return largest;
}

}  // namespace rocshmem
