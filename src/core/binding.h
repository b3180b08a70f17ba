/* Where this PE runs: a one-line CPU binding report (hwloc when available,
 * else the scheduler's affinity mask).  Printed at ROCSHMEM_DEBUG_LEVEL>=2. */
#ifndef ROCSHMEM_CORE_BINDING_H
#define ROCSHMEM_CORE_BINDING_H

#include <string>

namespace rocshmem {

/* e.g. "CPUs 0-1 of 2 (hwloc)"; "unbound" when every CPU is allowed. */
std::string binding_describe();

}  // namespace rocshmem

#endif
