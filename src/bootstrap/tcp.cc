#include "bootstrap/tcp.h"

#include <arpa/inet.h>
#include <fcntl.h>
#include <ifaddrs.h>
#include <net/if.h>
#include <netdb.h>
#include <netinet/in.h>
#include <netinet/tcp.h>
#include <poll.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <thread>

namespace rocshmem {
namespace tcp {

namespace {

sockaddr_in socket_address(uint32_t ipv4, uint16_t port) {
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(port);
  a.sin_addr.s_addr = htonl(ipv4);
  return a;
}

/* poll(2) for one descriptor, restarted after signals; 0 on timeout. */
int poll_one(int fd, short events, int timeout_ms) {
  pollfd p{fd, events, 0};
  int r;
  do r = poll(&p, 1, timeout_ms);
  while (r < 0 && errno == EINTR);
  return r;
}

int remaining_ms(int64_t deadline_ms) {
  int64_t left = deadline_ms - now_ms();
  return left <= 0 ? 0 : static_cast<int>(std::min<int64_t>(left, 1 << 30));
}

/* One non-blocking connect attempt, waiting at most timeout_ms for it. */
int try_connect(const sockaddr_in &to, int timeout_ms, int *err) {
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC | SOCK_NONBLOCK, 0);
  if (fd < 0) {
    *err = errno;
    return -1;
  }
  int r = connect(fd, reinterpret_cast<const sockaddr *>(&to), sizeof to);
  if (r != 0 && errno == EINPROGRESS) {
    if (poll_one(fd, POLLOUT, timeout_ms) <= 0) {
      errno = ETIMEDOUT;
    } else {
      socklen_t len = sizeof *err;
      *err = 0;
      getsockopt(fd, SOL_SOCKET, SO_ERROR, err, &len);
      errno = *err;
      r = *err == 0 ? 0 : -1;
    }
  }
  if (r == 0) {
    set_nonblocking(fd, false);
    return fd;
  }
  *err = errno;
  close(fd);
  return -1;
}

}  // namespace

int64_t now_ms() {
  using namespace std::chrono;
  return duration_cast<milliseconds>(steady_clock::now().time_since_epoch()).count();
}

std::string address_text(uint32_t ipv4, uint16_t port) {
  in_addr a{htonl(ipv4)};
  char text[INET_ADDRSTRLEN] = "?";
  inet_ntop(AF_INET, &a, text, sizeof text);
  return std::string(text) + ":" + std::to_string(port);
}

std::string peer_text(int fd) {
  sockaddr_in a{};
  socklen_t len = sizeof a;
  if (getpeername(fd, reinterpret_cast<sockaddr *>(&a), &len) != 0 || a.sin_family != AF_INET)
    return "an unknown address";
  return address_text(ntohl(a.sin_addr.s_addr), ntohs(a.sin_port));
}

bool ifname_matches(const std::string &filter, const std::string &name) {
  if (filter.empty()) return true;
  size_t i = 0;
  const bool exclude = filter[i] == '^';
  if (exclude) ++i;
  const bool exact = i < filter.size() && filter[i] == '=';
  if (exact) ++i;
  bool listed = false;
  while (i <= filter.size() && !listed) {
    size_t end = std::min(filter.find(',', i), filter.size());
    std::string item = filter.substr(i, end - i);
    if (!item.empty())
      listed = exact ? name == item : name.compare(0, item.size(), item) == 0;
    i = end + 1;
  }
  return exclude ? !listed : listed;
}

bool resolve_ipv4(const std::string &name, uint32_t *ipv4, std::string *error) {
  addrinfo hints{};
  hints.ai_family = AF_INET;
  hints.ai_socktype = SOCK_STREAM;
  addrinfo *found = nullptr;
  int r = getaddrinfo(name.c_str(), nullptr, &hints, &found);
  if (r != 0 || !found) {
    *error = "cannot resolve '" + name + "' to an IPv4 address: " + gai_strerror(r);
    return false;
  }
  *ipv4 = ntohl(reinterpret_cast<sockaddr_in *>(found->ai_addr)->sin_addr.s_addr);
  freeaddrinfo(found);
  return true;
}

bool choose_address(const std::string &master_addr, const std::string &filter, uint32_t *ipv4,
                    std::string *error) {
  if (!master_addr.empty()) {
    if (resolve_ipv4(master_addr, ipv4, error)) return true;
    *error = "ROCSHMEM_MASTER_ADDR=" + master_addr + ": " + *error;
    return false;
  }
  ifaddrs *list = nullptr;
  if (getifaddrs(&list) != 0) {
    *error = std::string("listing network interfaces: ") + std::strerror(errno);
    return false;
  }
  bool have_other = false, have_loopback = false;
  uint32_t other = 0, loopback = 0;
  std::string seen;
  for (ifaddrs *i = list; i; i = i->ifa_next) {
    if (!i->ifa_addr || i->ifa_addr->sa_family != AF_INET || !(i->ifa_flags & IFF_UP)) continue;
    uint32_t a = ntohl(reinterpret_cast<sockaddr_in *>(i->ifa_addr)->sin_addr.s_addr);
    seen += std::string(seen.empty() ? "" : ", ") + i->ifa_name + " " + address_text(a, 0);
    if (!ifname_matches(filter, i->ifa_name)) continue;
    if (i->ifa_flags & IFF_LOOPBACK) {
      if (!have_loopback) loopback = a;
      have_loopback = true;
    } else if (!have_other) {
      other = a;
      have_other = true;
    }
  }
  freeifaddrs(list);
  /* Loopback last: it only serves processes of this host. */
  if (have_other || have_loopback) {
    *ipv4 = have_other ? other : loopback;
    return true;
  }
  *error = (filter.empty() ? std::string("no network interface is up with an IPv4 address")
                           : "ROCSHMEM_BOOTSTRAP_IFNAME=" + filter +
                                 " matches no up IPv4 interface") +
           " (up: " + (seen.empty() ? "none" : seen) + ")";
  return false;
}

int listen_on(uint32_t ipv4, uint16_t port, uint16_t *bound_port, std::string *error) {
  int fd = socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  int one = 1;
  sockaddr_in a = socket_address(ipv4, port);
  socklen_t len = sizeof a;
  /* SO_REUSEADDR: a fixed port is reusable while the last job's
   * connections sit in TIME_WAIT. */
  if (fd < 0 || setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one) != 0 ||
      bind(fd, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0 || listen(fd, SOMAXCONN) != 0 ||
      getsockname(fd, reinterpret_cast<sockaddr *>(&a), &len) != 0) {
    *error = "cannot listen on " + address_text(ipv4, port) + ": " + std::strerror(errno);
    if (fd >= 0) close(fd);
    return -1;
  }
  *bound_port = ntohs(a.sin_port);
  return fd;
}

int connect_until(uint32_t ipv4, uint16_t port, int64_t deadline_ms, std::string *error) {
  const sockaddr_in to = socket_address(ipv4, port);
  int pause_ms = 10;
  for (;;) {
    int err = 0;
    int fd = try_connect(to, std::max(1, std::min(remaining_ms(deadline_ms), 2000)), &err);
    if (fd >= 0) return fd;
    int left = remaining_ms(deadline_ms);
    if (left == 0) {
      *error = "connecting to " + address_text(ipv4, port) + ": " + std::strerror(err);
      return -1;
    }
    /* Not listening yet (or a dropped SYN): try again a little later. */
    std::this_thread::sleep_for(std::chrono::milliseconds(std::min(pause_ms, left)));
    pause_ms = std::min(pause_ms * 2, 500);
  }
}

bool send_all(int fd, const void *buf, size_t len) {
  const char *p = static_cast<const char *>(buf);
  while (len > 0) {
    ssize_t n = send(fd, p, len, MSG_NOSIGNAL);
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN && poll_one(fd, POLLOUT, -1) >= 0) continue;
      return false;
    }
    p += n;
    len -= static_cast<size_t>(n);
  }
  return true;
}

Io recv_all(int fd, void *buf, size_t len, int64_t deadline_ms) {
  char *p = static_cast<char *>(buf);
  while (len > 0) {
    if (deadline_ms >= 0) {
      int r = poll_one(fd, POLLIN, remaining_ms(deadline_ms));
      if (r == 0) return Io::kTimeout;
      if (r < 0) return Io::kError;
    }
    ssize_t n = recv(fd, p, len, 0);
    if (n == 0) return Io::kClosed;
    if (n < 0) {
      if (errno == EINTR) continue;
      if (errno == EAGAIN && poll_one(fd, POLLIN, -1) >= 0) continue;
      return errno == ECONNRESET || errno == EPIPE ? Io::kClosed : Io::kError;
    }
    p += n;
    len -= static_cast<size_t>(n);
  }
  return Io::kOk;
}

void set_nonblocking(int fd, bool on) {
  int flags = fcntl(fd, F_GETFL);
  if (flags >= 0) fcntl(fd, F_SETFL, on ? flags | O_NONBLOCK : flags & ~O_NONBLOCK);
}

void tune_data(int fd) {
  int one = 1;
  setsockopt(fd, IPPROTO_TCP, TCP_NODELAY, &one, sizeof one);
}

void tune_control(int fd) {
  /* A process that dies closes its sockets, which peers see at once; a host
   * that vanishes does not, so probe idle links: noticed within ~60 s. */
  int one = 1, idle = 30, interval = 10, count = 3;
  setsockopt(fd, SOL_SOCKET, SO_KEEPALIVE, &one, sizeof one);
  setsockopt(fd, IPPROTO_TCP, TCP_KEEPIDLE, &idle, sizeof idle);
  setsockopt(fd, IPPROTO_TCP, TCP_KEEPINTVL, &interval, sizeof interval);
  setsockopt(fd, IPPROTO_TCP, TCP_KEEPCNT, &count, sizeof count);
}

}  // namespace tcp
}  // namespace rocshmem
