#include "memory/node_memory.h"

#include <unistd.h>

#include <algorithm>
#include <cstdint>
#include <fstream>
#include <string>

namespace rocshmem {

namespace {

/* A limit file's value; SIZE_MAX for "max" (v2) or an unreadable file.  v1
 * writes "no limit" as a huge number, which the min below ignores too. */
size_t read_limit(const std::string &path) {
  std::ifstream in(path);
  std::string text;
  if (!(in >> text) || text == "max") return SIZE_MAX;
  try {
    return static_cast<size_t>(std::stoull(text));
  } catch (...) {
    return SIZE_MAX;
  }
}

/* The lowest limit of `file` in `group` (a path below `root`) and each
 * group above it, up to `root` itself: a container that mounts its own
 * group as root sees only that one. */
void lowest_limit(const std::string &root, std::string group, const char *file, size_t *bytes,
                  std::string *source) {
  for (;;) {
    std::string path = root + group;
    if (path.back() != '/') path += '/';
    path += file;
    const size_t limit = read_limit(path);
    if (limit < *bytes) {
      *bytes = limit;
      *source = "the memory limit of its control group, " + path;
    }
    const size_t slash = group.find_last_of('/');
    if (group.empty() || group == "/" || slash == std::string::npos) return;
    group.erase(slash);
  }
}

}  // namespace

size_t node_memory_bytes(std::string *source) {
  const long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
  size_t bytes = pages > 0 && page > 0 ? static_cast<size_t>(pages) * static_cast<size_t>(page)
                                       : SIZE_MAX;
  *source = "physical memory";
  /* /proc/self/cgroup: "0::/path" (v2), "N:memory:/path" (v1). */
  std::ifstream groups("/proc/self/cgroup");
  std::string line;
  while (std::getline(groups, line)) {
    const size_t a = line.find(':'), b = line.find(':', a + 1);
    if (a == std::string::npos || b == std::string::npos) continue;
    const std::string controllers = line.substr(a + 1, b - a - 1), group = line.substr(b + 1);
    if (controllers.empty())
      lowest_limit("/sys/fs/cgroup", group, "memory.max", &bytes, source);
    else if (controllers == "memory")
      lowest_limit("/sys/fs/cgroup/memory", group, "memory.limit_in_bytes", &bytes, source);
  }
  return bytes == SIZE_MAX ? 0 : bytes;
}

const char *node_memory_overrun_effect() {
  /* The heap is a memfd (shm_segment.cc; UCX's memory for a PE alone on its
   * node in a job spanning nodes): its pages are allocated when first
   * written, and it has no size limit of its own, unlike a file in a full
   * /dev/shm whose page fault raises SIGBUS.  A fault the node (or the
   * control group) cannot back is an out-of-memory fault. */
  return "a write that needs a page beyond it makes the kernel's OOM killer end a process of "
         "the node (usually the PE with the most memory touched), after swap if there is any; "
         "there is no SIGBUS, because the heap is a memfd with no size limit of its own";
}

}  // namespace rocshmem
