/*
 * Another user at the same-node descriptor socket (src/transport/shm.cc).
 * The socket is in the abstract namespace, which has no permissions, so the
 * only protection is the SO_PEERCRED uid check at both ends.  Run by
 * peer_uid.sh as root: this program forks the PEs of a one-node, two-PE
 * exchange (shm_exchange_fds, the real code, with a pipe for the bootstrap's
 * barrier) and a "stranger" that drops to another uid (ROCTEST_STRANGER_UID,
 * default 65534, nobody):
 *
 *   leader   the stranger connects to the leader's socket first and sends a
 *            well-formed entry claiming to be PE 1, with a descriptor of its
 *            own.  The leader must drop it without sending anything, warn,
 *            keep waiting, and then complete the exchange with the real
 *            member (holding the member's segment, not the stranger's).
 *   member   the stranger listens at the name first.  The member must refuse
 *            it (an error naming the other user) and send it nothing.
 *
 * Without root the cases are skipped (TAP SKIP): only root can start a
 * process of another uid.
 */
#include <grp.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <string>
#include <vector>

#include "../common/ftest.h"
#include "bootstrap/bootstrap.h"
#include "core/topology.h"
#include "transport/shm.h"

namespace {

using rocshmem::SegmentFds;

constexpr int kWaitMs = 30 * 1000; /* far beyond any step here; a bound, not a hang */

uid_t g_stranger = 65534;

std::string errno_text(const char *what) { return std::string(what) + ": " + strerror(errno); }

/* Only barrier() is used by shm_exchange_fds.  The leader's tells the parent
 * "I listen" through one pipe and then waits for a byte on another before it
 * accepts anyone, so that the stranger's connection and entry are queued
 * first: otherwise the leader may drop the connection before the stranger
 * has sent its entry (seen in CI: sendmsg failed with EPIPE). */
class PipeBootstrap : public rocshmem::Bootstrap {
 public:
  PipeBootstrap(int notify_fd, int go_fd) : notify_fd_(notify_fd), go_fd_(go_fd) {}
  const char *name() const override { return "test pipe"; }
  int rank() const override { return 0; }
  int size() const override { return 2; }
  void allgather(const void *, void *, size_t) override { abort(70); }
  void barrier() override {
    char go;
    if (notify_fd_ >= 0 && write(notify_fd_, "L", 1) != 1) abort(71);
    if (go_fd_ >= 0 && read(go_fd_, &go, 1) != 1) abort(72);
  }
  [[noreturn]] void abort(int status) override { _exit(status); }
  void finalize() override {}

 private:
  int notify_fd_, go_fd_;
};

rocshmem::Topology two_pe_topology(int local_rank) {
  rocshmem::Topology t;
  t.node_of_pe = {0, 0};
  t.local_pes = {0, 1};
  t.local_rank = local_rank;
  t.n_nodes = 1;
  return t;
}

/* A fresh random nonce per case: a name no other job (or case) uses. */
uint64_t random_nonce() {
  uint64_t n = 0;
  if (getrandom(&n, sizeof n, 0) != static_cast<ssize_t>(sizeof n)) exit(99);
  return n;
}

/* A one-page memfd holding `tag`: it stands for a PE's heap segment. */
int tagged_segment(const char *tag) {
  int fd = memfd_create("peer_uid-test", MFD_CLOEXEC);
  if (fd < 0 || ftruncate(fd, 4096) != 0 ||
      pwrite(fd, tag, strlen(tag) + 1, 0) != static_cast<ssize_t>(strlen(tag) + 1))
    exit(99);
  return fd;
}

std::string tag_of(int fd) {
  char buf[64] = {};
  if (fd < 0) return "(no descriptor)";
  if (pread(fd, buf, sizeof buf - 1, 0) < 0) return errno_text("pread");
  return buf;
}

sockaddr_un abstract_address(const std::string &name, socklen_t *len) {
  sockaddr_un a{};
  a.sun_family = AF_UNIX;
  memcpy(a.sun_path + 1, name.data(), name.size());
  *len = static_cast<socklen_t>(offsetof(sockaddr_un, sun_path) + 1 + name.size());
  return a;
}

/* In a child: becomes g_stranger for good (groups too).  "" on success. */
std::string become_stranger() {
  gid_t g = static_cast<gid_t>(g_stranger);
  if (setgroups(0, nullptr) != 0) return errno_text("setgroups");
  if (setresgid(g, g, g) != 0) return errno_text("setresgid");
  if (setresuid(g_stranger, g_stranger, g_stranger) != 0) return errno_text("setresuid");
  if (getuid() != g_stranger || geteuid() != g_stranger) return "uid did not change";
  return "";
}

bool readable_within(int fd, int ms) {
  pollfd p{fd, POLLIN, 0};
  int r;
  do r = poll(&p, 1, ms);
  while (r < 0 && errno == EINTR);
  return r > 0;
}

/* What came over a connection until it ended: bytes and descriptors. */
struct Received {
  long bytes = 0;
  int fds = 0;
  std::string ended; /* "EOF", "reset" (ECONNRESET), or what went wrong */
};

Received drain(int sock) {
  Received got;
  for (;;) {
    if (!readable_within(sock, kWaitMs)) {
      got.ended = "nothing for 30 s (still open)";
      return got;
    }
    char data[256];
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int) * 8)];
    iovec iov{data, sizeof data};
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    ssize_t n = recvmsg(sock, &msg, MSG_CMSG_CLOEXEC);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      got.ended = errno == ECONNRESET ? "reset" : errno_text("recvmsg");
      return got;
    }
    for (cmsghdr *c = CMSG_FIRSTHDR(&msg); c; c = CMSG_NXTHDR(&msg, c))
      if (c->cmsg_level == SOL_SOCKET && c->cmsg_type == SCM_RIGHTS)
        got.fds += static_cast<int>((c->cmsg_len - CMSG_LEN(0)) / sizeof(int));
    if (n == 0) {
      got.ended = "EOF";
      return got;
    }
    got.bytes += n;
  }
}

std::string describe(const Received &r) {
  return std::to_string(r.bytes) + " byte(s) and " + std::to_string(r.fds) +
         " descriptor(s), then " + r.ended;
}

/* ---------------------------------------------------------------- children */
/* A child runs `body`, whose text ("" = all well, else the problem) comes
 * back through a pipe; its stderr goes to a file the parent can read. */
struct Child {
  pid_t pid = -1;
  int report = -1;
  FILE *err = nullptr;
};

Child spawn(const std::function<std::string()> &body) {
  Child c;
  int p[2];
  c.err = tmpfile();
  if (!c.err || pipe(p) != 0) exit(99);
  fflush(nullptr);
  c.pid = fork();
  if (c.pid < 0) exit(99);
  if (c.pid == 0) {
    close(p[0]);
    dup2(fileno(c.err), STDERR_FILENO);
    std::string text = body();
    fflush(nullptr);
    ssize_t ignored = write(p[1], text.data(), text.size());
    (void)ignored;
    _exit(0);
  }
  close(p[1]);
  c.report = p[0];
  return c;
}

/* Its report once it has ended (killed after kWaitMs: a hang is a failure). */
std::string finish(Child &c, std::string *stderr_text = nullptr) {
  std::string text;
  char buf[512];
  for (;;) {
    if (!readable_within(c.report, kWaitMs)) {
      kill(c.pid, SIGKILL);
      text += "(still running after 30 s: killed)";
      break;
    }
    ssize_t n = read(c.report, buf, sizeof buf);
    if (n <= 0) break;
    text.append(buf, static_cast<size_t>(n));
  }
  close(c.report);
  int status = 0;
  waitpid(c.pid, &status, 0);
  if (!WIFEXITED(status) || WEXITSTATUS(status) != 0)
    text += " (child ended with status " + std::to_string(status) + ")";
  if (stderr_text) {
    rewind(c.err);
    while (fgets(buf, sizeof buf, c.err)) *stderr_text += buf;
  }
  fclose(c.err);
  return text;
}

/* shm_exchange_fds as PE `local_rank` of the topology, offering a segment
 * tagged `mine`; "" when it succeeds holding the other PE's `expect`. */
std::string exchange(uint64_t nonce, int local_rank, int notify_fd, int go_fd,
                     const char *mine, const char *expect) {
  rocshmem::Topology topo = two_pe_topology(local_rank);
  topo.job_nonce = nonce;
  PipeBootstrap boot(notify_fd, go_fd);
  SegmentFds my_fds;
  my_fds.fill(-1);
  my_fds[0] = tagged_segment(mine);
  std::vector<SegmentFds> peers;
  std::string error;
  if (!rocshmem::shm_exchange_fds(boot, topo, my_fds, &peers, &error))
    return "shm_exchange_fds failed: " + error;
  std::string got = tag_of(peers[1 - local_rank][0]);
  if (got != expect) return "holds the segment of \"" + got + "\", expected \"" + expect + "\"";
  return "";
}

/* ---------------------------------------------------------------- the cases */
void leader_drops_stranger() {
  const uint64_t nonce = random_nonce();
  rocshmem::Topology topo = two_pe_topology(0);
  topo.job_nonce = nonce;
  const std::string name = rocshmem::shm_socket_name(topo);
  int listening[2], go[2], sent[2];
  if (pipe(listening) != 0 || pipe(go) != 0 || pipe(sent) != 0) exit(99);

  Child leader = spawn([&] {
    close(listening[0]);
    close(go[1]);
    close(sent[0]);
    close(sent[1]);
    return exchange(nonce, 0, listening[1], go[0], "leader", "member");
  });
  close(listening[1]);
  close(go[0]);
  FT_CHECK(readable_within(listening[0], kWaitMs), "the leader did not start listening");
  close(listening[0]);

  /* The stranger offers a segment as PE 1 in shm.cc's wire format
   * ({int32 local index, int32 segment mask} + SCM_RIGHTS): without the uid
   * check the leader would take it and answer with the leader's segment. */
  Child stranger = spawn([&]() -> std::string {
    std::string why = become_stranger();
    if (!why.empty()) return why;
    int sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    socklen_t len;
    sockaddr_un addr = abstract_address(name, &len);
    if (sock < 0 || connect(sock, reinterpret_cast<sockaddr *>(&addr), len) != 0)
      return errno_text("connect to the leader's socket");
    int32_t header[2] = {1, 1};
    int fd = tagged_segment("stranger");
    iovec iov{header, sizeof header};
    alignas(cmsghdr) char control[CMSG_SPACE(sizeof(int))] = {};
    msghdr msg{};
    msg.msg_iov = &iov;
    msg.msg_iovlen = 1;
    msg.msg_control = control;
    msg.msg_controllen = sizeof control;
    cmsghdr *c = CMSG_FIRSTHDR(&msg);
    c->cmsg_level = SOL_SOCKET;
    c->cmsg_type = SCM_RIGHTS;
    c->cmsg_len = CMSG_LEN(sizeof(int));
    memcpy(CMSG_DATA(c), &fd, sizeof fd);
    if (sendmsg(sock, &msg, MSG_NOSIGNAL) != static_cast<ssize_t>(sizeof header))
      return errno_text("sendmsg to the leader");
    if (write(sent[1], "S", 1) != 1) return errno_text("write");
    Received r = drain(sock);
    if (r.bytes || r.fds || (r.ended != "EOF" && r.ended != "reset"))
      return "the leader answered the stranger: " + describe(r);
    return "";
  });
  close(sent[1]);
  /* The stranger's entry is queued (or it failed); now let the leader accept. */
  bool queued = readable_within(sent[0], kWaitMs);
  close(sent[0]);
  if (write(go[1], "G", 1) != 1) exit(99);
  close(go[1]);
  std::string s = finish(stranger);
  FT_CHECK(queued && s.empty(), "stranger: %s", s.empty() ? "its entry was not sent" : s.c_str());
  ft_case("leader: a connection from uid %u (its entry and descriptor sent) is dropped unanswered",
          static_cast<unsigned>(g_stranger));

  /* Only now the real member: the leader must still be waiting for it. */
  Child member = spawn([&] { return exchange(nonce, 1, -1, -1, "member", "leader"); });
  std::string m = finish(member);
  std::string leader_err;
  std::string l = finish(leader, &leader_err);
  FT_CHECK(l.empty(), "leader: %s", l.c_str());
  FT_CHECK(m.empty(), "member: %s", m.c_str());
  ft_case("leader: keeps waiting after the stranger, then exchanges with the real member "
          "(each holds the other's segment)");

  const std::string warning = "dropped a connection to this node's descriptor socket from another "
                              "user (uid " + std::to_string(g_stranger) + ",";
  FT_CHECK(leader_err.find(warning) != std::string::npos,
           "the leader's stderr lacks \"%s\"; it was: %s", warning.c_str(), leader_err.c_str());
  ft_case("leader: warns naming the stranger's uid");
}

void member_refuses_stranger() {
  const uint64_t nonce = random_nonce();
  rocshmem::Topology topo = two_pe_topology(1);
  topo.job_nonce = nonce;
  const std::string name = rocshmem::shm_socket_name(topo);
  int ready[2];
  if (pipe(ready) != 0) exit(99);

  Child stranger = spawn([&]() -> std::string {
    close(ready[0]);
    std::string why = become_stranger();
    if (!why.empty()) return why;
    int sock = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
    socklen_t len;
    sockaddr_un addr = abstract_address(name, &len);
    if (sock < 0 || bind(sock, reinterpret_cast<sockaddr *>(&addr), len) != 0 ||
        listen(sock, 4) != 0)
      return errno_text("listening at the leader's name");
    if (write(ready[1], "S", 1) != 1) return errno_text("write");
    if (!readable_within(sock, kWaitMs)) return "the member never connected";
    int conn = accept4(sock, nullptr, nullptr, SOCK_CLOEXEC);
    if (conn < 0) return errno_text("accept");
    Received r = drain(conn);
    if (r.bytes || r.fds || (r.ended != "EOF" && r.ended != "reset"))
      return "the member sent the stranger " + describe(r);
    return "";
  });
  close(ready[1]);
  FT_CHECK(readable_within(ready[0], kWaitMs), "the stranger did not start listening");
  close(ready[0]);

  const std::string want = "the node's first PE's socket belongs to another user (uid " +
                           std::to_string(g_stranger) + ")";
  Child member = spawn([&]() -> std::string {
    std::string r = exchange(nonce, 1, -1, -1, "member", "leader");
    if (r.find(want) == std::string::npos)
      return "expected shm_exchange_fds to fail with \"" + want + "\"; got: " +
             (r.empty() ? "success" : r);
    return "";
  });
  std::string m = finish(member);
  std::string s = finish(stranger);
  FT_CHECK(m.empty(), "member: %s", m.c_str());
  ft_case("member: refuses a listener of uid %u (\"%s\")", static_cast<unsigned>(g_stranger),
          want.c_str());
  FT_CHECK(s.empty(), "stranger: %s", s.c_str());
  ft_case("member: sends that listener nothing (no entry, no descriptor)");
}

/* Whether this process may start a child of another uid at all. */
std::string can_impersonate() {
  if (geteuid() != 0) return "not root: only root can start a process of another uid "
                             "(CI runs as root)";
  Child probe = spawn(become_stranger);
  std::string why = finish(probe);
  return why.empty() ? "" : "cannot become uid " + std::to_string(g_stranger) + ": " + why;
}

}  // namespace

int main() {
  if (const char *u = getenv("ROCTEST_STRANGER_UID")) g_stranger = static_cast<uid_t>(atol(u));
  std::string skip = can_impersonate();
  if (!skip.empty()) {
    ft_skip(skip.c_str(), "leader: a connection from another uid is dropped");
    ft_skip(skip.c_str(), "member: a listener of another uid is refused");
    return ft_finish();
  }
  if (g_stranger == getuid()) {
    printf("Bail out! ROCTEST_STRANGER_UID=%u is this process's own uid\n",
           static_cast<unsigned>(g_stranger));
    return 1;
  }
  leader_drops_stranger();
  member_refuses_stranger();
  return ft_finish();
}
