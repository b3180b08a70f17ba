#include "memory/shm_segment.h"

#include <sys/mman.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace rocshmem {

size_t page_size() {
  static const size_t size = static_cast<size_t>(sysconf(_SC_PAGESIZE));
  return size;
}

bool shm_segment_create(const char *label, size_t size, ShmSegment *out, std::string *error) {
  int fd = memfd_create(label, MFD_CLOEXEC);
  if (fd < 0) {
    *error = std::string("memfd_create: ") + std::strerror(errno);
    return false;
  }
  if (ftruncate(fd, static_cast<off_t>(size)) != 0) {
    *error = std::string("ftruncate of ") + std::to_string(size) + " bytes: " + std::strerror(errno);
    close(fd);
    return false;
  }
  char *base = shm_segment_map(fd, size, error);
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
