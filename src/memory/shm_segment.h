/* Anonymous shared-memory segments (memfd): nothing is ever named in /dev/shm
 * or the file system, so nothing is left behind after a crash or kill -9; a
 * segment lives exactly as long as some process maps it or holds its fd. */
#ifndef ROCSHMEM_MEMORY_SHM_SEGMENT_H
#define ROCSHMEM_MEMORY_SHM_SEGMENT_H

#include <cstddef>
#include <string>

namespace rocshmem {

/* memfd_create with mode 0600: the kernel makes memfds 0777, and although
 * only processes that may ptrace us can reach one through /proc/PID/fd, a
 * segment holding user data should not claim to be world-writable.  Returns
 * the fd, or -1 with *error set. */
int private_memfd(const char *label, std::string *error);

struct ShmSegment {
  int fd = -1;
  char *base = nullptr;
  size_t size = 0;
};

/* Creates a zero-filled segment of `size` bytes and maps it read-write at an
 * address that is a multiple of `align` (a power of two, at least a page). */
bool shm_segment_create(const char *label, size_t size, size_t align, ShmSegment *out,
                        std::string *error);
/* Maps another process's segment (received as an fd) read-write. */
char *shm_segment_map(int fd, size_t size, std::string *error);
/* Unmaps and closes; safe on an empty segment. */
void shm_segment_destroy(ShmSegment *seg);

size_t page_size();

}  // namespace rocshmem

#endif
