/* Which PEs share a node (and so can map each other's memory). */
#ifndef ROCSHMEM_CORE_TOPOLOGY_H
#define ROCSHMEM_CORE_TOPOLOGY_H

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace rocshmem {

class Bootstrap;

struct Topology {
  std::vector<int> node_of_pe;  /* node index per PE, nodes numbered by lowest PE */
  std::vector<int> local_pes;   /* PEs on my node, ascending */
  uint64_t job_nonce = 0;       /* random, chosen by PE 0: names this job's sockets */
  int local_rank = 0;           /* my index in local_pes */
  int n_nodes = 0;
  /* PEs running on this machine (one kernel, hence one set of cores),
   * whatever the nodes: emulated nodes (ROCSHMEM_PES_PER_NODE,
   * ROCSHMEM_NODE_ID) and network namespaces split one machine into
   * several, and its PEs still share its cores. */
  int machine_pes = 0;
};

/* FNV-1a: a stable 64-bit hash of bytes (the same in every process and
 * build, unlike std::hash), for keys that PEs derive independently. */
inline uint64_t fnv1a(std::string_view s) {
  uint64_t h = 1469598103934665603ull;
  for (unsigned char c : s) {
    h ^= c;
    h *= 1099511628211ull;
  }
  return h;
}

/* The identity of this node: `override_id` if non-empty (ROCSHMEM_NODE_ID),
 * else host name + boot id + network namespace (two network namespaces on one
 * host cannot share an abstract socket, so they count as two nodes). */
uint64_t topology_node_key(const std::string &override_id);

/* The identity of this machine's running kernel: its boot id (the host
 * name where there is none). */
uint64_t topology_machine_key();

/* Collective over the bootstrap.  pes_per_node > 0 emulates nodes of that
 * many consecutive PEs (for testing the network path on one machine). */
void topology_discover(Bootstrap &boot, const std::string &override_id, long pes_per_node,
                       Topology *topo);

}  // namespace rocshmem

#endif
