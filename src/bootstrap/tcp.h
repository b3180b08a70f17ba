/* Small TCP helpers for the unique-id bootstrap: choosing the root's IPv4
 * address, listening, connecting with retries until a deadline, and whole-
 * message sends and receives.  Every socket is close-on-exec, and sends
 * never raise SIGPIPE. */
#ifndef ROCSHMEM_BOOTSTRAP_TCP_H
#define ROCSHMEM_BOOTSTRAP_TCP_H

#include <cstddef>
#include <cstdint>
#include <string>

namespace rocshmem {
namespace tcp {

/* Milliseconds on a monotonic clock, for deadlines. */
int64_t now_ms();

/* "192.0.2.7:41234" (ipv4 in host byte order). */
std::string address_text(uint32_t ipv4, uint16_t port);
/* The remote address of a connected socket, for messages. */
std::string peer_text(int fd);

/* Whether interface `name` passes a filter written as NCCL_SOCKET_IFNAME:
 * a comma-separated list of name prefixes ("eth,ib"), "=" before the list
 * for exact names ("=eth0"), "^" before it to exclude instead ("^docker,lo").
 * An empty filter passes every name. */
bool ifname_matches(const std::string &filter, const std::string &name);

/* The address the root listens on: `master_addr` (a host name or IPv4
 * address) when non-empty; else the first up IPv4 interface that passes
 * `ifname_filter` and is not loopback (loopback only when the filter names
 * it, or as the last resort without an including filter).  Messages name
 * ROCSHMEM_MASTER_ADDR / ROCSHMEM_BOOTSTRAP_IFNAME. */
bool choose_address(const std::string &master_addr, const std::string &ifname_filter,
                    uint32_t *ipv4, std::string *error);
bool resolve_ipv4(const std::string &name, uint32_t *ipv4, std::string *error);

/* A listening socket on ipv4:port (port 0: any free one); *bound_port
 * receives the port.  -1 and *error on failure. */
int listen_on(uint32_t ipv4, uint16_t port, uint16_t *bound_port, std::string *error);

/* Connects to ipv4:port, retrying with a growing pause while the root is
 * not listening yet, until deadline_ms.  -1 and *error (the last failure)
 * when the deadline passes. */
int connect_until(uint32_t ipv4, uint16_t port, int64_t deadline_ms, std::string *error);

bool send_all(int fd, const void *buf, size_t len);

enum class Io { kOk, kClosed, kTimeout, kError };
/* Receives exactly len bytes.  kClosed: the peer closed or reset the
 * connection.  deadline_ms < 0 waits without limit. */
Io recv_all(int fd, void *buf, size_t len, int64_t deadline_ms = -1);

void set_nonblocking(int fd, bool on);
/* Data connections carry small synchronous messages: no Nagle delay. */
void tune_data(int fd);
/* Control connections detect a vanished host through TCP keepalive. */
void tune_control(int fd);

}  // namespace tcp
}  // namespace rocshmem

#endif
