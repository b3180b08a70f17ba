/* The unique-id bootstrap: PEs find each other over TCP, without MPI or a
 * launcher (docs/internals/STARTUP.md, "The unique-id bootstrap").
 *
 *  - rocshmem_get_uniqueid opens the root's listening socket and writes its
 *    address, port and a random session key into the id (uniqueid.h);
 *  - at init, every other PE connects twice (a data and a control
 *    connection) and says hello {session, rank, nranks}; the root accepts
 *    until every PE arrived or the timeout passed, turning away connections
 *    of other jobs or other programs, then welcomes each PE;
 *  - collectives are a star through the root over the data connections
 *    (they only run at setup and teardown); the control connections belong
 *    to the Watchdog (watchdog.h), which ends the job when a PE dies. */
#include <endian.h>
#include <poll.h>
#include <sys/random.h>
#include <sys/socket.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <mutex>

#include "bootstrap/bootstrap.h"
#include "bootstrap/tcp.h"
#include "bootstrap/watchdog.h"
#include "core/log.h"
#include "core/topology.h"

namespace rocshmem {

namespace {

/* ---------------------------------------------------------------- open ids
 * The listening sockets of ids made here, until their rank 0 joins. */
struct OpenRoot {
  uint64_t session;
  int fd;
  pid_t owner;
};
std::mutex g_roots_mu;
std::vector<OpenRoot> g_roots;

/* A child of fork(2) inherits its parent's ids, but the parent is their rank
 * 0: the child closes its copies, so that the socket ends with its owner.
 * Called with g_roots_mu held. */
void drop_inherited() {
  const pid_t me = getpid();
  for (size_t i = g_roots.size(); i-- > 0;)
    if (g_roots[i].owner != me) {
      close(g_roots[i].fd);
      g_roots.erase(g_roots.begin() + static_cast<long>(i));
    }
}

bool open_root(uint32_t ipv4, uint16_t port, uint64_t session, uid::IdFields *id,
               std::string *error) {
  id->ipv4 = ipv4;
  id->session = session;
  int fd = tcp::listen_on(ipv4, port, &id->port, error);
  if (fd < 0) return false;
  std::lock_guard<std::mutex> lock(g_roots_mu);
  drop_inherited();
  g_roots.push_back({session, fd, getpid()});
  return true;
}

int take_root(uint64_t session) {
  std::lock_guard<std::mutex> lock(g_roots_mu);
  drop_inherited();
  for (size_t i = 0; i < g_roots.size(); ++i)
    if (g_roots[i].session == session) {
      int fd = g_roots[i].fd;
      g_roots.erase(g_roots.begin() + static_cast<long>(i));
      return fd;
    }
  return -1;
}

bool port_from(long value, uint16_t *port, std::string *error) {
  if (value < 0 || value > 65535) {
    *error = "ROCSHMEM_MASTER_PORT=" + std::to_string(value) + " is not a TCP port (0..65535)";
    return false;
  }
  *port = static_cast<uint16_t>(value);
  return true;
}

void close_all(std::vector<int> &fds) {
  for (int &fd : fds)
    if (fd >= 0) close(fd), fd = -1;
}

/* ---------------------------------------------------------------- the root's side */
constexpr size_t kMaxUnidentified = 256; /* connections without a hello yet */
constexpr int kMaxWarnings = 8;          /* about rejected connections */

class RootRendezvous {
 public:
  RootRendezvous(const BootstrapRequest &r, long timeout_s)
      : n_(r.nranks),
        session_(r.id.session),
        timeout_s_(timeout_s),
        where_(tcp::address_text(r.id.ipv4, r.id.port)),
        data_(n_, -1),
        control_(n_, -1) {}
  ~RootRendezvous() {
    for (Unidentified &u : unidentified_) close(u.fd);
    close_all(data_);
    close_all(control_);
  }

  /* Accepts until every PE arrived; then the connections are the caller's. */
  bool run(int listener, int64_t deadline, std::vector<int> *data, std::vector<int> *control,
           std::string *error) {
    std::vector<pollfd> fds;
    while (arrived_ < n_) {
      int64_t left = deadline - tcp::now_ms();
      if (left <= 0) return timed_out(error);
      fds.assign(1, {listener, POLLIN, 0});
      for (const Unidentified &u : unidentified_) fds.push_back({u.fd, POLLIN, 0});
      if (poll(fds.data(), fds.size(), static_cast<int>(std::min<int64_t>(left, INT_MAX))) < 0)
        continue; /* EINTR */
      for (size_t i = unidentified_.size(); i-- > 0;)
        if (fds[i + 1].revents && !read_hello(i, error)) return false;
      if (fds[0].revents) accept_one(listener);
    }
    return welcome(data, control, error);
  }

 private:
  struct Unidentified {
    int fd;
    std::string from;
    unsigned char hello[uid::kHelloBytes];
    size_t got;
  };

  void accept_one(int listener) {
    int fd = accept4(listener, nullptr, nullptr, SOCK_CLOEXEC | SOCK_NONBLOCK);
    if (fd < 0) return; /* the client gave up already */
    unidentified_.push_back({fd, tcp::peer_text(fd), {}, 0});
    /* Silent connections must not pile up (a port scanner, a flood). */
    if (unidentified_.size() > kMaxUnidentified)
      reject(0, "too many connections without a hello; dropped the oldest");
  }

  void reject(size_t i, const char *why) {
    if (warnings_ < kMaxWarnings) {
      const bool last = ++warnings_ == kMaxWarnings;
      ROCSHMEM_LOG(LOG_WARN, "unique-id bootstrap at %s: rejected a connection from %s: %s%s",
                   where_.c_str(), unidentified_[i].from.c_str(), why,
                   last ? " (further rejections are not reported)" : "");
    }
    close(unidentified_[i].fd);
    unidentified_.erase(unidentified_.begin() + static_cast<long>(i));
  }

  bool read_hello(size_t i, std::string *error) {
    Unidentified &u = unidentified_[i];
    ssize_t got = recv(u.fd, u.hello + u.got, sizeof u.hello - u.got, MSG_DONTWAIT);
    if (got < 0 && (errno == EAGAIN || errno == EINTR)) return true;
    if (got <= 0) {
      reject(i, "it closed before completing a hello");
      return true;
    }
    u.got += static_cast<size_t>(got);
    if (u.got < sizeof u.hello) return true;
    uid::Hello h;
    uid::HelloCheck check = uid::decode_hello(u.hello, session_, &h);
    if (check == uid::HelloCheck::kOk && h.channel == uid::Channel::kWelcome)
      check = uid::HelloCheck::kBadChannel;
    if (check != uid::HelloCheck::kOk) {
      reject(i, uid::hello_check_text(check));
      return true;
    }
    /* From here on it is a PE of this job: a mistake is the job's, not a
     * stranger's, and ends init with a message. */
    if (h.nranks != n_) {
      *error = "PE " + std::to_string(h.rank) + " (from " + u.from + ") joined with nranks = " +
               std::to_string(h.nranks) + ", but PE 0 was given nranks = " + std::to_string(n_) +
               ": every process must pass the same nranks";
      return false;
    }
    if (h.rank < 1 || h.rank >= n_) {
      *error = "a process from " + u.from + " joined as PE " + std::to_string(h.rank) +
               ", outside [1, " + std::to_string(n_) + ") (PE 0 is the id's creator)";
      return false;
    }
    int &slot = (h.channel == uid::Channel::kData ? data_ : control_)[h.rank];
    if (slot >= 0) {
      *error = "two processes joined as PE " + std::to_string(h.rank) + " (the second from " +
               u.from + "): every process needs a rank of its own";
      return false;
    }
    slot = u.fd;
    tcp::set_nonblocking(slot, false);
    if (data_[h.rank] >= 0 && control_[h.rank] >= 0) ++arrived_;
    unidentified_.erase(unidentified_.begin() + static_cast<long>(i));
    return true;
  }

  bool timed_out(std::string *error) {
    std::string missing;
    int listed = 0;
    for (int pe = 1; pe < n_; ++pe)
      if (data_[pe] < 0 || control_[pe] < 0) {
        if (listed++ == 8) {
          missing += ", ...";
          break;
        }
        missing += (missing.empty() ? "PE " : ", PE ") + std::to_string(pe);
      }
    *error = "timed out after " + std::to_string(timeout_s_) +
             " s (ROCSHMEM_BOOTSTRAP_TIMEOUT) waiting at " + where_ + " for the other PEs: " +
             std::to_string(arrived_) + " of " + std::to_string(n_) + " PEs arrived (missing: " +
             missing + "); every process must join with this id and its own rank in that time";
    return false;
  }

  bool welcome(std::vector<int> *data, std::vector<int> *control, std::string *error) {
    unsigned char w[uid::kHelloBytes];
    uid::encode_hello({uid::Channel::kWelcome, session_, 0, n_}, w);
    for (int pe = 1; pe < n_; ++pe) {
      tcp::tune_data(data_[pe]);
      if (!tcp::send_all(data_[pe], w, sizeof w)) {
        *error = "PE " + std::to_string(pe) + " closed its connection during init";
        return false;
      }
    }
    data->swap(data_);
    control->swap(control_);
    return true;
  }

  const int n_;
  const uint64_t session_;
  const long timeout_s_;
  const std::string where_;
  std::vector<int> data_, control_; /* by PE, -1 until it arrived */
  std::vector<Unidentified> unidentified_;
  int arrived_ = 1; /* PEs with both connections, the root included */
  int warnings_ = 0;
};

/* ---------------------------------------------------------------- a non-root's side */
bool join_root(const BootstrapRequest &r, long timeout_s, int64_t deadline, int *data,
               int *control, std::string *error) {
  const std::string where = tcp::address_text(r.id.ipv4, r.id.port);
  const std::string me = "PE " + std::to_string(r.rank);
  const std::string limit = "ROCSHMEM_BOOTSTRAP_TIMEOUT=" + std::to_string(timeout_s) + " s";
  int *ends[] = {data, control};
  const uid::Channel channels[] = {uid::Channel::kData, uid::Channel::kControl};
  for (int c = 0; c < 2; ++c) {
    std::string why;
    *ends[c] = tcp::connect_until(r.id.ipv4, r.id.port, deadline, &why);
    if (*ends[c] < 0) {
      *error = me + " could not reach PE 0 (the root) at " + where + " within " + limit + ": " +
               why + " (is the root running, and reachable at that address?)";
      return false;
    }
    unsigned char hello[uid::kHelloBytes];
    uid::encode_hello({channels[c], r.id.session, r.rank, r.nranks}, hello);
    if (!tcp::send_all(*ends[c], hello, sizeof hello)) break; /* reported below */
  }
  unsigned char w[uid::kHelloBytes];
  uid::Hello welcome;
  switch (tcp::recv_all(*data, w, sizeof w, deadline)) {
    case tcp::Io::kOk:
      if (uid::decode_hello(w, r.id.session, &welcome) == uid::HelloCheck::kOk &&
          welcome.channel == uid::Channel::kWelcome && welcome.nranks == r.nranks) {
        tcp::tune_data(*data);
        return true;
      }
      *error = "the process listening at " + where + " is not the root of this job";
      return false;
    case tcp::Io::kTimeout:
      *error = me + " reached PE 0 (the root) at " + where + ", but the job did not assemble within " +
               limit + ": the root is still waiting for other PEs";
      return false;
    default:
      *error = "PE 0 (the root) at " + where + " closed the connection while " + me +
               " was joining: it rejected this PE or failed (see its message), or the id is stale";
      return false;
  }
}

/* ---------------------------------------------------------------- the bootstrap */
class UniqueIdBootstrap final : public Bootstrap {
 public:
  /* data/control: by PE (a non-root has only PE 0's). */
  UniqueIdBootstrap(int rank, int size, std::vector<int> data, std::vector<int> control,
                    const std::string &root_where)
      : rank_(rank), size_(size), data_(std::move(data)) {
    if (size > 1) watchdog_ = std::make_unique<Watchdog>(rank, std::move(control), root_where);
  }
  ~UniqueIdBootstrap() override { finalize(); }

  const char *name() const override { return "uniqueid"; }
  int rank() const override { return rank_; }
  int size() const override { return size_; }

  /* A star through the root; every contribution is preceded by its length,
   * so PEs that disagree on `bytes` (a library bug) end the job instead of
   * misreading the stream. */
  void allgather(const void *in, void *out, size_t bytes) override {
    const size_t total = bytes * static_cast<size_t>(size_);
    if (bytes) std::memcpy(static_cast<char *>(out) + bytes * static_cast<size_t>(rank_), in, bytes);
    if (size_ == 1) return;
    if (rank_ == 0) {
      for (int pe = 1; pe < size_; ++pe) {
        expect_length(pe, bytes);
        receive(pe, static_cast<char *>(out) + bytes * static_cast<size_t>(pe), bytes);
      }
      for (int pe = 1; pe < size_; ++pe) {
        send_length(pe, total);
        send(pe, out, total);
      }
    } else {
      send_length(0, bytes);
      send(0, in, bytes);
      expect_length(0, total);
      receive(0, out, total);
    }
  }
  void barrier() override { allgather(nullptr, nullptr, 0); }
  [[noreturn]] void abort(int status) override {
    if (watchdog_) watchdog_->end_job(status);
    std::_Exit(status);
  }
  void finalize() override {
    if (watchdog_) watchdog_->stop();
    watchdog_.reset();
    close_all(data_);
  }

 private:
  void send(int pe, const void *buf, size_t len) {
    if (len && !tcp::send_all(data_[pe], buf, len)) watchdog_->data_link_broken(pe);
  }
  void receive(int pe, void *buf, size_t len) {
    if (len && tcp::recv_all(data_[pe], buf, len) != tcp::Io::kOk) watchdog_->data_link_broken(pe);
  }
  void send_length(int pe, uint64_t len) {
    len = htobe64(len);
    send(pe, &len, sizeof len);
  }
  void expect_length(int pe, uint64_t want) {
    uint64_t len = 0;
    receive(pe, &len, sizeof len);
    if (be64toh(len) == want) return;
    log_msg(LOG_ERROR, "internal error: a bootstrap collective of %llu bytes met one of %llu bytes "
            "from PE %d", static_cast<unsigned long long>(want),
            static_cast<unsigned long long>(be64toh(len)), pe);
    watchdog_->end_job(1);
  }

  const int rank_, size_;
  std::vector<int> data_;
  std::unique_ptr<Watchdog> watchdog_;
};

}  // namespace

bool uniqueid_open(const Config &cfg, rocshmem_uniqueid_t *id, std::string *error) {
  uint16_t port = 0;
  uint32_t ipv4 = 0;
  uint64_t session = 0;
  if (!port_from(cfg.master_port, &port, error) ||
      !tcp::choose_address(cfg.master_addr, cfg.bootstrap_ifname, &ipv4, error))
    return false;
  if (getrandom(&session, sizeof session, 0) != static_cast<ssize_t>(sizeof session)) {
    *error = std::string("getrandom: ") + std::strerror(errno);
    return false;
  }
  uid::IdFields fields;
  if (!open_root(ipv4, port, session, &fields, error)) {
    *error += " (ROCSHMEM_MASTER_ADDR or ROCSHMEM_BOOTSTRAP_IFNAME choose the address, "
              "ROCSHMEM_MASTER_PORT the port)";
    return false;
  }
  uid::encode_id(fields, id);
  return true;
}

bool uniqueid_opened_here(const uid::IdFields &id) {
  std::lock_guard<std::mutex> lock(g_roots_mu);
  drop_inherited();
  for (const OpenRoot &r : g_roots)
    if (r.session == id.session) return true;
  return false;
}

std::unique_ptr<Bootstrap> bootstrap_uniqueid_create(const BootstrapRequest &r, const Config &cfg,
                                                     std::string *error) {
  const long timeout_s = cfg.bootstrap_timeout;
  if (timeout_s <= 0 || timeout_s > INT_MAX) {
    *error = "ROCSHMEM_BOOTSTRAP_TIMEOUT=" + std::to_string(timeout_s) +
             " is not a positive number of seconds";
    return nullptr;
  }
  const int64_t deadline = tcp::now_ms() + static_cast<int64_t>(timeout_s) * 1000;
  std::vector<int> data(r.nranks, -1), control(r.nranks, -1);
  if (r.rank == 0) {
    int listener = take_root(r.id.session);
    if (listener < 0) {
      *error = "PE 0 must be the process whose rocshmem_get_uniqueid made the id, and may use "
               "it once (this process did not make it, or already used it)";
      return nullptr;
    }
    RootRendezvous rendezvous(r, timeout_s);
    bool ok = rendezvous.run(listener, deadline, &data, &control, error);
    close(listener); /* late or stray connections are now refused */
    if (!ok) return nullptr;
  } else {
    {
      std::lock_guard<std::mutex> lock(g_roots_mu);
      drop_inherited();
    }
    if (!join_root(r, timeout_s, deadline, &data[0], &control[0], error)) {
      if (data[0] >= 0) close(data[0]);
      if (control[0] >= 0) close(control[0]);
      return nullptr;
    }
  }
  return std::make_unique<UniqueIdBootstrap>(r.rank, r.nranks, std::move(data), std::move(control),
                                             tcp::address_text(r.id.ipv4, r.id.port));
}

bool uniqueid_environment_present() {
  for (const char *v : {"RANK", "WORLD_SIZE", "ROCSHMEM_MASTER_ADDR", "ROCSHMEM_MASTER_PORT"})
    if (!std::getenv(v)) return false;
  return true;
}

std::unique_ptr<Bootstrap> bootstrap_uniqueid_from_environment(const Config &cfg,
                                                               std::string *error) {
  const char *rank_text = std::getenv("RANK"), *size_text = std::getenv("WORLD_SIZE");
  long rank = -1, size = 0;
  if (!parse_int(rank_text, &rank) || !parse_int(size_text, &size) || size <= 0 ||
      size > INT_MAX || rank < 0 || rank >= size) {
    *error = std::string("ROCSHMEM_BOOTSTRAP=uniqueid needs RANK and WORLD_SIZE with 0 <= RANK < "
                         "WORLD_SIZE (RANK=") + (rank_text ? rank_text : "unset") +
             ", WORLD_SIZE=" + (size_text ? size_text : "unset") + ")";
    return nullptr;
  }
  if (cfg.master_addr.empty() || cfg.master_port <= 0 || cfg.master_port > 65535) {
    *error = "ROCSHMEM_BOOTSTRAP=uniqueid needs ROCSHMEM_MASTER_ADDR and a fixed "
             "ROCSHMEM_MASTER_PORT (1..65535) where PE 0 listens (ROCSHMEM_MASTER_PORT=" +
             std::to_string(cfg.master_port) + ")";
    return nullptr;
  }
  BootstrapRequest r;
  r.kind = BootstrapRequest::Kind::kUniqueId;
  r.rank = static_cast<int>(rank);
  r.nranks = static_cast<int>(size);
  r.id.port = static_cast<uint16_t>(cfg.master_port);
  if (!tcp::resolve_ipv4(cfg.master_addr, &r.id.ipv4, error)) {
    *error = "ROCSHMEM_MASTER_ADDR=" + cfg.master_addr + ": " + *error;
    return nullptr;
  }
  /* Every PE derives the same key.  It tells this job's connections from
   * strays and from an earlier job on the same address; it is no secret. */
  const char *run = std::getenv("TORCHELASTIC_RUN_ID");
  r.id.session = fnv1a(std::string("rocshmem-env|") + (run ? run : "") + "|" +
                       tcp::address_text(r.id.ipv4, r.id.port));
  if (r.rank == 0 && !open_root(r.id.ipv4, r.id.port, r.id.session, &r.id, error)) return nullptr;
  return bootstrap_uniqueid_create(r, cfg, error);
}

}  // namespace rocshmem
