#include "transport/shm.h"

#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstring>

#include "bootstrap/bootstrap.h"
#include "core/log.h"
#include "core/topology.h"

namespace rocshmem {

std::string shm_socket_name(const Topology &topo) {
  char name[64];
  std::snprintf(name, sizeof name, "rocshmem.%016llx.%d",
                static_cast<unsigned long long>(topo.job_nonce), topo.local_pes[0]);
  return name;
}

namespace {

constexpr int kAcceptTimeoutMs = 120 * 1000;

struct Header {
  int32_t local_index;
  int32_t mask; /* bit s set: an fd for segment s follows */
};

std::string errno_text(const char *what) { return std::string(what) + ": " + std::strerror(errno); }

sockaddr_un socket_address(const Topology &topo, socklen_t *len) {
  sockaddr_un addr{};
  addr.sun_family = AF_UNIX;
  const std::string name = shm_socket_name(topo);
  /* Leading NUL: Linux abstract namespace. */
  std::memcpy(addr.sun_path + 1, name.data(), name.size());
  *len = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + name.size());
  return addr;
}

bool send_entry(int sock, int local_index, const SegmentFds &fds, std::string *error) {
  Header h{local_index, 0};
  int list[SEG_COUNT];
  int count = 0;
  for (int s = 0; s < SEG_COUNT; ++s)
    if (fds[s] >= 0) {
      h.mask |= 1 << s;
      list[count++] = fds[s];
    }
  iovec iov{&h, sizeof h};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * SEG_COUNT)] = {};
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  if (count) {
    msg.msg_control = control;
    msg.msg_controllen = CMSG_SPACE(sizeof(int) * count);
    cmsghdr *c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int) * count);
    std::memcpy(CMSG_DATA(c), list, sizeof(int) * count);
  }
  ssize_t n;
  do n = sendmsg(sock, &msg, MSG_NOSIGNAL);
  while (n < 0 && errno == EINTR);
  if (n != static_cast<ssize_t>(sizeof h)) {
    *error = errno_text("sendmsg of segment descriptors");
    return false;
  }
  return true;
}

bool recv_entry(int sock, std::vector<SegmentFds> *out, int *sender, std::string *error) {
  Header h{};
  iovec iov{&h, sizeof h};
  alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * SEG_COUNT)] = {};
  msghdr msg{};
  msg.msg_iov = &iov;
  msg.msg_iovlen = 1;
  msg.msg_control = control;
  msg.msg_controllen = sizeof control;
  ssize_t n;
  do n = recvmsg(sock, &msg, MSG_WAITALL | MSG_CMSG_CLOEXEC);
  while (n < 0 && errno == EINTR);
  if (n != static_cast<ssize_t>(sizeof h)) {
    *error = n == 0 ? std::string("a same-node peer closed the connection during init")
                    : errno_text("recvmsg of segment descriptors");
    return false;
  }
  if (h.local_index < 0 || static_cast<size_t>(h.local_index) >= out->size()) {
    *error = "malformed descriptor message during init";
    return false;
  }
  int list[SEG_COUNT];
  int count = 0;
  for (cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c))
    if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS) {
      count = static_cast<int>((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
      std::memcpy(list, CMSG_DATA(c), sizeof(int) * count);
    }
  if (sender) *sender = h.local_index;
  SegmentFds &dst = (*out)[h.local_index];
  int used = 0;
  for (int s = 0; s < SEG_COUNT; ++s) dst[s] = (h.mask & (1 << s)) && used < count ? list[used++] : -1;
  if (used != __builtin_popcount(h.mask)) {
    *error = "a same-node peer's segment descriptors did not arrive";
    return false;
  }
  return true;
}

/* The socket's name is in the abstract namespace, which has no permissions:
 * any local user could connect to it, or (knowing the random name) listen
 * on it first.  Both ends therefore check that the other is our own user. */
bool same_user(int sock, ucred *cred) {
  socklen_t len = sizeof *cred;
  *cred = ucred{0, static_cast<uid_t>(-1), static_cast<gid_t>(-1)};
  return getsockopt(sock, SOL_SOCKET, SO_PEERCRED, cred, &len) == 0 && cred->uid == getuid();
}

/* A connection from another user is dropped and the wait goes on (until the
 * same deadline): a stranger must not be able to make init fail. */
bool accept_peer(int listener, int *sock, std::string *error) {
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::milliseconds(kAcceptTimeoutMs);
  for (;;) {
    pollfd p{listener, POLLIN, 0};
    int r;
    do {
      auto left = std::chrono::duration_cast<std::chrono::milliseconds>(
          deadline - std::chrono::steady_clock::now());
      r = left.count() > 0 ? poll(&p, 1, static_cast<int>(left.count())) : 0;
    } while (r < 0 && errno == EINTR);
    if (r == 0) {
      *error = "timed out waiting for same-node PEs to connect during init";
      return false;
    }
    *sock = accept4(listener, nullptr, nullptr, SOCK_CLOEXEC);
    if (*sock < 0) {
      *error = errno_text("accept");
      return false;
    }
    ucred who;
    if (same_user(*sock, &who)) return true;
    /* Not silent: another user's process knocking on a job's socket is
     * worth knowing about. */
    ROCSHMEM_LOG(LOG_WARN, "init: dropped a connection to this node's descriptor socket "
                 "from another user (uid %u, pid %d); still waiting for this job's PEs",
                 static_cast<unsigned>(who.uid), static_cast<int>(who.pid));
    close(*sock);
    *sock = -1;
  }
}

bool leader_exchange(int listener, const Topology &topo, std::vector<SegmentFds> *fds,
                     std::string *error) {
  const size_t n = topo.local_pes.size();
  std::vector<int> socks, who; /* who[i]: local index behind socks[i] */
  bool ok = true;
  while (ok && socks.size() + 1 < n) {
    int s = -1, sender = -1;
    ok = accept_peer(listener, &s, error);
    if (ok) {
      socks.push_back(s);
      ok = recv_entry(s, fds, &sender, error);
      who.push_back(sender);
    }
  }
  /* Tell each peer about everyone but itself. */
  for (size_t i = 0; ok && i < socks.size(); ++i)
    for (size_t j = 0; ok && j < n; ++j)
      if (static_cast<int>(j) != who[i]) ok = send_entry(socks[i], static_cast<int>(j), (*fds)[j], error);
  for (int s : socks) close(s);
  return ok;
}

bool member_exchange(const Topology &topo, std::vector<SegmentFds> *fds, std::string *error) {
  int sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (sock < 0) {
    *error = errno_text("socket");
    return false;
  }
  socklen_t len;
  sockaddr_un addr = socket_address(topo, &len);
  if (connect(sock, reinterpret_cast<sockaddr *>(&addr), len) != 0) {
    *error = errno_text("connecting to the node's first PE");
    close(sock);
    return false;
  }
  ucred who;
  if (!same_user(sock, &who)) { /* our segments' fds would go to a stranger */
    *error = "the node's first PE's socket belongs to another user (uid " +
             std::to_string(who.uid) + "): not sending it our segments";
    close(sock);
    return false;
  }
  bool ok = send_entry(sock, topo.local_rank, (*fds)[topo.local_rank], error);
  for (size_t i = 0; ok && i + 1 < topo.local_pes.size(); ++i) ok = recv_entry(sock, fds, nullptr, error);
  close(sock);
  return ok;
}

}  // namespace

bool shm_exchange_fds(Bootstrap &boot, const Topology &topo, const SegmentFds &my_fds,
                      std::vector<SegmentFds> *peer_fds, std::string *error) {
  const size_t n = topo.local_pes.size();
  peer_fds->assign(n, SegmentFds{});
  for (auto &f : *peer_fds) f.fill(-1);
  (*peer_fds)[topo.local_rank] = my_fds;

  const bool leader = topo.local_rank == 0;
  int listener = -1;
  std::string listen_error;
  if (leader && n > 1) {
    listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    socklen_t len;
    sockaddr_un addr = socket_address(topo, &len);
    if (listener < 0 || bind(listener, reinterpret_cast<sockaddr *>(&addr), len) != 0 ||
        listen(listener, static_cast<int>(n)) != 0)
      listen_error = errno_text("listening for same-node PEs");
  }
  /* Everyone waits until every leader listens; a leader that failed still
   * takes part so that nobody blocks in the barrier. */
  boot.barrier();
  bool ok = listen_error.empty();
  if (!ok) *error = listen_error;
  if (ok && n > 1) ok = leader ? leader_exchange(listener, topo, peer_fds, error)
                               : member_exchange(topo, peer_fds, error);
  if (listener >= 0) close(listener);
  return ok;
}

}  // namespace rocshmem
