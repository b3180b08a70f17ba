#include "memory/static_data.h"

#include <elf.h>
#include <fcntl.h>
#include <link.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>

namespace rocshmem {

namespace {

struct Range {
  uintptr_t lo = 0, hi = 0;
  uintptr_t file_hi = 0; /* end of the pages the executable's file backs (.data) */
};

/* dl_iterate_phdr visits the main program first. */
int find_main_data(struct dl_phdr_info *info, size_t, void *arg) {
  Range *r = static_cast<Range *>(arg);
  uintptr_t relro_end = 0, lo = 0, hi = 0, file_hi = 0;
  for (int i = 0; i < info->dlpi_phnum; ++i) {
    const ElfW(Phdr) &ph = info->dlpi_phdr[i];
    if (ph.p_type == PT_GNU_RELRO) relro_end = info->dlpi_addr + ph.p_vaddr + ph.p_memsz;
    if (ph.p_type == PT_LOAD && (ph.p_flags & PF_W) && lo == 0) {
      lo = info->dlpi_addr + ph.p_vaddr;
      hi = lo + ph.p_memsz;
      file_hi = lo + ph.p_filesz;
    }
  }
  const uintptr_t page = page_size();
  if (relro_end > lo && relro_end < hi) lo = relro_end; /* RELRO becomes read-only */
  r->lo = (lo + page - 1) & ~(page - 1);
  r->hi = (hi + page - 1) & ~(page - 1);
  r->file_hi = std::min(std::max((file_hi + page - 1) & ~(page - 1), r->lo), r->hi);
  return 1; /* stop after the main program */
}

ShmSegment g_shared_data; /* survives finalize: the program keeps using it */

/* Copies [from, to) of the data segment (starting at lo) into the memfd. */
bool copy_out(int fd, uintptr_t lo, uintptr_t from, uintptr_t to, std::string *error) {
  const char *src = reinterpret_cast<const char *>(from);
  size_t done = 0, size = to - from;
  while (done < size) {
    /* The raw system call, not pwrite(): AddressSanitizer intercepts pwrite
     * and reports the redzones it keeps between globals, which this copy
     * reads whole (the shadow memory stays valid after the remap). */
    ssize_t n = syscall(SYS_pwrite64, fd, src + done, size - done,
                        static_cast<off_t>(from - lo + done));
    if (n <= 0) {
      *error = std::string("copying static data into a memfd: ") + std::strerror(errno);
      return false;
    }
    done += static_cast<size_t>(n);
  }
  return true;
}

constexpr uint64_t kPagePresent = 1ull << 63, kPageSwapped = 1ull << 62; /* pagemap bits */

/* /proc/self/pagemap, if it can be read and calls a stack page of ours
 * present (else it is no pagemap to trust: a sandbox's stand-in, say); -1
 * otherwise. */
int open_pagemap() {
  int pagemap = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC);
  if (pagemap < 0) return -1;
  volatile char here = 0;
  uint64_t entry = 0;
  const off_t at =
      static_cast<off_t>(reinterpret_cast<uintptr_t>(&here) / page_size() * sizeof entry);
  if (pread(pagemap, &entry, sizeof entry, at) != static_cast<ssize_t>(sizeof entry) ||
      !(entry & kPagePresent)) {
    close(pagemap);
    return -1;
  }
  return pagemap;
}

/* Copies the pages of [from, to), a part of the data segment no file backs
 * (.bss), that the program has touched: the others read as zero, like the
 * memfd's holes.  A large .bss (legacy codes keep their arrays there) would
 * otherwise be written out whole at init, its memory committed on every PE:
 * 4 MiB took 19 ms on a 2-core VM (bench/README, start-up rows).  Touched
 * means present or swapped out, as /proc/self/pagemap says; without a
 * pagemap to trust, every page is copied. */
bool copy_touched(int fd, uintptr_t lo, uintptr_t from, uintptr_t to, std::string *error) {
  const uintptr_t page = page_size();
  const int pagemap = open_pagemap();
  if (pagemap < 0) return copy_out(fd, lo, from, to, error);
  constexpr size_t kBatch = 512; /* pagemap entries per read */
  uint64_t entries[kBatch];
  uintptr_t run = 0; /* start of the current run of touched pages, 0: none */
  bool ok = true;
  for (uintptr_t at = from; ok && at < to;) {
    const size_t want = std::min<size_t>(kBatch, (to - at) / page);
    const ssize_t got = pread(pagemap, entries, want * sizeof(uint64_t),
                              static_cast<off_t>(at / page * sizeof(uint64_t)));
    if (got < static_cast<ssize_t>(sizeof(uint64_t))) { /* copy the rest whole */
      close(pagemap);
      return copy_out(fd, lo, run ? run : at, to, error);
    }
    for (size_t i = 0; ok && i < static_cast<size_t>(got) / sizeof(uint64_t); ++i, at += page) {
      const bool touched = entries[i] & (kPagePresent | kPageSwapped);
      if (touched && !run) run = at;
      if (!touched && run) {
        ok = copy_out(fd, lo, run, at, error);
        run = 0;
      }
    }
  }
  close(pagemap);
  return ok && (!run || copy_out(fd, lo, run, to, error));
}

}  // namespace

bool static_data_share(ShmSegment *out, std::string *error) {
  if (g_shared_data.base) {
    *out = g_shared_data;
    return true;
  }
  Range r;
  dl_iterate_phdr(find_main_data, &r);
  if (r.hi <= r.lo) {
    *error = "the executable has no writable data segment";
    return false;
  }
  const uintptr_t lo = r.lo;
  const size_t size = r.hi - r.lo;
  int fd = private_memfd("rocshmem-data", error);
  if (fd < 0) return false;
  if (ftruncate(fd, static_cast<off_t>(size)) != 0) {
    *error = std::string("sizing the static data memfd: ") + std::strerror(errno);
    close(fd);
    return false;
  }
  /* Copy first, then replace the pages: between the two nothing may write
   * the executable's data.  Init runs before the application has threads of
   * its own, and library threads (MPI's) write their own libraries' data. */
  if (!copy_out(fd, lo, lo, r.file_hi, error) || !copy_touched(fd, lo, r.file_hi, r.hi, error)) {
    close(fd);
    return false;
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
