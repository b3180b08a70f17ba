#include "memory/static_data.h"

#include <elf.h>
#include <link.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace rocshmem {

namespace {

struct Range {
  uintptr_t lo = 0, hi = 0;
};

/* dl_iterate_phdr visits the main program first. */
int find_main_data(struct dl_phdr_info *info, size_t, void *arg) {
  Range *r = static_cast<Range *>(arg);
  uintptr_t relro_end = 0, lo = 0, hi = 0;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    if (ph.p_type == PT_GNU_RELRO) relro_end = info->dlpi_addr + ph.p_vaddr + ph.p_memsz;
    if (ph.p_type == PT_LOAD && (ph.p_flags & PF_W) && lo == 0) {
      lo = info->dlpi_addr + ph.p_vaddr;
      hi = lo + ph.p_memsz;
    }
  }
  const uintptr_t page = page_size();
  if (relro_end > lo && relro_end < hi) lo = relro_end; /* RELRO becomes read-only */
  r->lo = (lo + page - 1) & ~(page - 1);
  r->hi = (hi + page - 1) & ~(page - 1);
  return 1; /* stop after the main program */
}

ShmSegment g_shared_data; /* survives finalize: the program keeps using it */

}  // namespace

bool static_data_range(uintptr_t *lo, uintptr_t *hi) {
  Range r;
  dl_iterate_phdr(find_main_data, &r);
  if (r.hi <= r.lo) return false;
  *lo = r.lo;
  *hi = r.hi;
  return true;
}

bool static_data_share(ShmSegment *out, std::string *error) {
  if (g_shared_data.base) {
    *out = g_shared_data;
    return true;
  }
  uintptr_t lo, hi;
  if (!static_data_range(&lo, &hi)) {
    *error = "the executable has no writable data segment";
    return false;
  }
  size_t size = hi - lo;
  int fd = private_memfd("rocshmem-data", error);
  if (fd < 0) return false;
  /* Copy first, then replace the pages: between the two nothing may write
   * the executable's data.  Init runs before the application has threads of
   * its own, and library threads (MPI's) write their own libraries' data. */
  const char *src = reinterpret_cast<const char *>(lo);
  size_t done = 0;
  while (done < size) {
    /* The raw system call, not pwrite(): AddressSanitizer intercepts pwrite
     * and reports the redzones it keeps between globals, which this copy
     * reads whole (the shadow memory stays valid after the remap). */
    ssize_t n = syscall(SYS_pwrite64, fd, src + done, size - done, static_cast<off_t>(done));
    if (n <= 0) {
      *error = std::string("copying static data into a memfd: ") + std::strerror(errno);
      close(fd);
      return false;
    }
    done += static_cast<size_t>(n);
  }
  void *p = mmap(reinterpret_cast<void *>(lo), size, PROT_READ | PROT_WRITE,
                 MAP_SHARED | MAP_FIXED, fd, 0);
  if (p == MAP_FAILED) {
    /* MAP_FIXED failing leaves the old mapping in place: nothing was lost. */
    *error = std::string("remapping static data: ") + std::strerror(errno);
    close(fd);
    return false;
  }
  g_shared_data.fd = fd;
  g_shared_data.base = static_cast<char *>(p);
  g_shared_data.size = size;
  *out = g_shared_data;
  return true;
}

}  // namespace rocshmem
