#include "core/topology.h"

#include <unistd.h>

#include <fstream>
#include <map>
#include <random>

#include "bootstrap/bootstrap.h"

namespace rocshmem {

namespace {

struct NodeInfo {
  uint64_t key;
  uint64_t machine;
  uint64_t nonce;
};

std::string boot_id() {
  std::string id;
  std::ifstream("/proc/sys/kernel/random/boot_id") >> id;
  return id;
}

std::string host_name() {
  char host[256] = {};
  gethostname(host, sizeof host - 1);
  return host;
}

}  // namespace

uint64_t topology_node_key(const std::string &override_id) {
  if (!override_id.empty()) return fnv1a("id:" + override_id);
  char netns[128] = {};
  ssize_t n = readlink("/proc/self/ns/net", netns, sizeof netns - 1);
  if (n < 0) n = 0;
  return fnv1a(host_name() + "|" + boot_id() + "|" + std::string(netns, n));
}

uint64_t topology_machine_key() {
  std::string id = boot_id();
  return fnv1a(id.empty() ? "host:" + host_name() : "boot:" + id);
}

void topology_discover(Bootstrap &boot, const std::string &override_id, long pes_per_node,
                       Topology *topo) {
  const int n = boot.size(), me = boot.rank();
  std::random_device rd;
  NodeInfo mine{pes_per_node > 0
                    ? topology_node_key("emulated:" + std::to_string(me / pes_per_node))
                    : topology_node_key(override_id),
                topology_machine_key(),
                (static_cast<uint64_t>(rd()) << 32 | rd()) ^ static_cast<uint64_t>(getpid())};
  std::vector<NodeInfo> all(n);
  boot.allgather(&mine, all.data(), sizeof mine);

  std::map<uint64_t, int> node_index;
  topo->node_of_pe.assign(n, 0);
  topo->local_pes.clear();
  topo->machine_pes = 0;
  for (int pe = 0; pe < n; ++pe) {
    topo->machine_pes += all[pe].machine == mine.machine;
    auto it = node_index.emplace(all[pe].key, static_cast<int>(node_index.size())).first;
    topo->node_of_pe[pe] = it->second;
    if (all[pe].key == mine.key) {
      if (pe == me) topo->local_rank = static_cast<int>(topo->local_pes.size());
      topo->local_pes.push_back(pe);
    }
  }
  topo->n_nodes = static_cast<int>(node_index.size());
  topo->job_nonce = all[0].nonce;
}

}  // namespace rocshmem
