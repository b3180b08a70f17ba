/* How much memory the symmetric heaps of one node can really have: the
 * heap is sized by SHMEM_SYMMETRIC_SIZE alone and its pages are committed
 * only when first touched, so a size the node cannot back starts fine and
 * fails later.  shmem_init warns (core/runtime.cc) and rocshmem_info --env
 * checks with the same numbers. */
#ifndef ROCSHMEM_MEMORY_NODE_MEMORY_H
#define ROCSHMEM_MEMORY_NODE_MEMORY_H

#include <cstddef>
#include <string>

namespace rocshmem {

/* The bytes of memory this process's PEs may fill: the machine's physical
 * memory, or the memory limit of this process's control group (cgroup v2
 * memory.max or v1 memory.limit_in_bytes, of its group and the groups
 * above it) when that is lower.  *source says which ("physical memory" or
 * the limit file).  0 when neither can be read. */
size_t node_memory_bytes(std::string *source);

/* What happens when heaps bigger than node_memory_bytes are touched beyond
 * it, for the warnings. */
const char *node_memory_overrun_effect();

}  // namespace rocshmem

#endif
