#include "memory/shm_segment.h"

#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

namespace rocshmem {

size_t page_size() {
  static const size_t size = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

namespace {

/* Maps fd at a multiple of align: reserve align bytes more than needed, map
 * over the aligned part, give back the rest. */
char *map_aligned(int fd, size_t size, size_t align, std::string *error) {
  void *reserved = mmap(nullptr, size + align, PROT_NONE, MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE,
                        -1, 0);
  if (reserved == MAP_FAILED) {
    *error = std::string("reserving ") + std::to_string(size + align) + " bytes of address space: " +
             std::strerror(errno);
    return nullptr;
  }
  uintptr_t start = reinterpret_cast<uintptr_t>(reserved);
  uintptr_t aligned = (start + align - 1) & ~(static_cast<uintptr_t>(align) - 1);
  void *p = mmap(reinterpret_cast<void *>(aligned), size, PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_FIXED, fd, 0);
  if (p == MAP_FAILED) {
    *error = std::string("mmap of ") + std::to_string(size) + " bytes: " + std::strerror(errno);
    munmap(reserved, size + align);
    return nullptr;
  }
  if (aligned > start) munmap(reserved, aligned - start);
  uintptr_t end = start + size + align, used_end = aligned + size;
  if (end > used_end) munmap(reinterpret_cast<void *>(used_end), end - used_end);
  return static_cast<char *>(p);
}

}  // namespace

int private_memfd(const char *label, std::string *error) {
  int fd = memfd_create(label, MFD_CLOEXEC);
  if (fd < 0) {
    *error = std::string("memfd_create: ") + std::strerror(errno);
    return -1;
  }
  if (fchmod(fd, S_IRUSR | S_IWUSR) != 0) {
    *error = std::string("fchmod of a memfd to 0600: ") + std::strerror(errno);
    close(fd);
    return -1;
  }
  return fd;
}

bool shm_segment_create(const char *label, size_t size, size_t align, ShmSegment *out,
                        std::string *error) {
  int fd = private_memfd(label, error);
  if (fd < 0) return false;
  if (ftruncate(fd, static_cast<off_t>(size)) != 0) {
    *error = std::string("ftruncate of ") + std::to_string(size) + " bytes: " + std::strerror(errno);
    close(fd);
    return false;
  }
  char *base = map_aligned(fd, size, align, error);
  if (!base) {
    close(fd);
    return false;
  }
  out->fd = fd;
  out->base = base;
  out->size = size;
  return true;
}

char *shm_segment_map(int fd, size_t size, std::string *error) {
  if (size == 0) return nullptr;
  void *p = mmap(nullptr, size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
  if (p == MAP_FAILED) {
    *error = std::string("mmap of ") + std::to_string(size) + " bytes: " + std::strerror(errno);
    return nullptr;
  }
  return static_cast<char *>(p);
}

void shm_segment_destroy(ShmSegment *seg) {
  if (seg->base) munmap(seg->base, seg->size);
  if (seg->fd >= 0) close(seg->fd);
  *seg = ShmSegment{};
}

}  // namespace rocshmem
