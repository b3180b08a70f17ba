#include "core/binding.h"

#include <sched.h>
#include <unistd.h>

#include "build_config.h"
#ifdef ROCSHMEM_HAVE_HWLOC
#include <hwloc.h>
#endif

namespace rocshmem {

namespace {

/* "0-3,6" from a CPU predicate. */
template <class IsSet>
std::string cpu_list(int ncpus, IsSet is_set) {
  std::string out;
  for (int c = 0; c < ncpus; ++c) {
    if (!is_set(c)) continue;
    int end = c;
    while (end + 1 < ncpus && is_set(end + 1)) ++end;
    if (!out.empty()) out += ',';
    out += std::to_string(c);
    if (end > c) out += '-' + std::to_string(end);
    c = end;
  }
  return out;
}

}  // namespace

std::string binding_describe() {
#ifdef ROCSHMEM_HAVE_HWLOC
  hwloc_topology_t topo;
  if (hwloc_topology_init(&topo) == 0 && hwloc_topology_load(topo) == 0) {
    hwloc_bitmap_t set = hwloc_bitmap_alloc();
    std::string result;
    if (hwloc_get_cpubind(topo, set, HWLOC_CPUBIND_PROCESS) == 0) {
      int ncpus = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PU);
      int npackages = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_PACKAGE);
      int ncores = hwloc_get_nbobjs_by_type(topo, HWLOC_OBJ_CORE);
      bool all = hwloc_bitmap_isincluded(hwloc_topology_get_allowed_cpuset(topo), set);
      result = (all ? std::string("unbound") : "CPUs " + cpu_list(ncpus, [&](int c) {
        return hwloc_bitmap_isset(set, static_cast<unsigned>(c)) != 0;
      })) + " (hwloc: " + std::to_string(npackages) + " package(s), " + std::to_string(ncores) +
               " core(s), " + std::to_string(ncpus) + " PU(s))";
    }
    hwloc_bitmap_free(set);
    hwloc_topology_destroy(topo);
    if (!result.empty()) return result;
  }
#endif
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0) return "unknown";
  int ncpus = static_cast<int>(sysconf(_SC_NPROCESSORS_ONLN));
  if (CPU_COUNT(&set) >= ncpus) return "unbound (" + std::to_string(ncpus) + " CPUs)";
  return "CPUs " + cpu_list(ncpus, [&](int c) { return CPU_ISSET(c, &set) != 0; }) + " of " +
         std::to_string(ncpus);
}

}  // namespace rocshmem
