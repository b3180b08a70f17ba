/* Same-node transport setup: hands every PE the memfds of its same-node peers
 * so it can map their heap and static data once, at init.  After that the
 * data path is plain load/store (rma/, sync/) and needs nothing from here. */
#ifndef ROCSHMEM_TRANSPORT_SHM_H
#define ROCSHMEM_TRANSPORT_SHM_H

#include <array>
#include <string>
#include <vector>

#include "transport/peer_table.h"

namespace rocshmem {

class Bootstrap;
struct Topology;

using SegmentFds = std::array<int, SEG_COUNT>; /* -1 where a segment is absent */

/* Collective over the bootstrap.  my_fds are this PE's segments; on return
 * (*peer_fds)[i] holds the fds of topo.local_pes[i] (our own entry is a copy
 * of my_fds; the others are new descriptors the caller must close).
 *
 * The node's lowest PE listens on an abstract Unix socket named after the job
 * nonce (abstract: no file to leave behind), the others connect, and fds
 * travel as SCM_RIGHTS.  Connections from another user are refused. */
/* The abstract name (without its leading NUL) the node's lowest PE listens
 * on: rocshmem.<job nonce, 16 hex digits>.<that PE>.  Exposed for the test
 * that plays another user at it (tests/functional/faults/peer_uid.cc). */
std::string shm_socket_name(const Topology &topo);

bool shm_exchange_fds(Bootstrap &boot, const Topology &topo, const SegmentFds &my_fds,
                      std::vector<SegmentFds> *peer_fds, std::string *error);

}  // namespace rocshmem

#endif
