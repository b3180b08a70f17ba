#include "bootstrap/watchdog.h"

#include <poll.h>
#include <pthread.h>
#include <signal.h>
#include <sys/socket.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>

#include "bootstrap/tcp.h"
#include "core/log.h"

namespace rocshmem {

namespace {

constexpr int kLingerMs = 2000;    /* for peers to read our last frame and close */
constexpr int kExplainMs = 10000;  /* for a control frame to explain a broken data link */
constexpr int kLostStatus = 1;

/* A frame arrives whole in practice; a peer that stalls mid-frame is broken. */
bool read_frame(int fd, uid::Frame *frame) {
  unsigned char buf[uid::kFrameBytes];
  return tcp::recv_all(fd, buf, sizeof buf, tcp::now_ms() + kLingerMs) == tcp::Io::kOk &&
         uid::decode_frame(buf, frame);
}

int poll_all(std::vector<pollfd> &fds, int timeout_ms) {
  int r;
  do r = poll(fds.data(), fds.size(), timeout_ms);
  while (r < 0 && errno == EINTR);
  return r;
}

}  // namespace

Watchdog::Watchdog(int rank, std::vector<int> links, std::string root_where)
    : rank_(rank),
      links_(std::move(links)),
      said_bye_(links_.size(), false),
      root_where_(std::move(root_where)) {
  for (int fd : links_)
    if (fd >= 0) tcp::tune_control(fd);
  /* The thread takes no signals: the application's handlers run where they
   * expect to.  It inherits the mask, so block around its creation. */
  sigset_t all, old;
  sigfillset(&all);
  pthread_sigmask(SIG_BLOCK, &all, &old);
  thread_ = std::thread([this] { rank_ == 0 ? watch_root() : watch_root_link(); });
  pthread_sigmask(SIG_SETMASK, &old, nullptr);
}

Watchdog::~Watchdog() { stop(); }

void Watchdog::stop() {
  stopping_ = true;
  if (rank_ != 0 && !links_.empty() && links_[0] >= 0) {
    unsigned char bye[uid::kFrameBytes];
    uid::encode_frame({uid::FrameType::kBye, 0, rank_}, bye);
    tcp::send_all(links_[0], bye, sizeof bye);
    /* Wakes our thread (its recv returns 0; stopping_ says that is fine). */
    shutdown(links_[0], SHUT_RDWR);
  }
  /* The root's thread returns once every other PE said kBye. */
  if (thread_.joinable()) thread_.join();
  for (int &fd : links_)
    if (fd >= 0) close(fd), fd = -1;
}

void Watchdog::claim_or_park() {
  if (!ending_.exchange(true)) return;
  for (;;) pause(); /* the other thread is ending the process */
}

void Watchdog::end_job(int status) {
  claim_or_park();
  finish({uid::FrameType::kExit, status, rank_}, -1, status);
}

void Watchdog::data_link_broken(int pe) {
  const int64_t until = tcp::now_ms() + kExplainMs;
  while (tcp::now_ms() < until) {
    if (ending_.load()) claim_or_park();
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  lost(pe);
}

void Watchdog::lost(int pe) {
  claim_or_park();
  if (rank_ != 0) {
    log_msg_pe(rank_, LOG_ERROR,
               "lost the connection to PE 0 (the bootstrap root, %s) before rocshmem_finalize: "
               "it was killed, crashed or exited; ending this PE", root_where_.c_str());
    _exit(kLostStatus);
  }
  log_msg_pe(0, LOG_ERROR,
             "PE %d was lost: its connection to PE 0 closed before rocshmem_finalize (the process "
             "was killed, crashed or exited); ending the job", pe);
  finish({uid::FrameType::kLost, kLostStatus, pe}, pe, kLostStatus);
}

void Watchdog::finish(const uid::Frame &frame, int skip, int status) {
  unsigned char buf[uid::kFrameBytes];
  uid::encode_frame(frame, buf);
  std::vector<pollfd> open;
  for (int pe = 0; pe < static_cast<int>(links_.size()); ++pe) {
    int fd = links_[pe];
    if (fd < 0 || pe == skip) continue;
    tcp::send_all(fd, buf, sizeof buf); /* a peer already gone is fine */
    shutdown(fd, SHUT_WR);
    open.push_back({fd, POLLIN, 0});
  }
  /* Read (and drop) until every peer closed: closing with unread data
   * would reset the connection, and a reset may discard our frame. */
  const int64_t until = tcp::now_ms() + kLingerMs;
  while (!open.empty()) {
    int64_t left = until - tcp::now_ms();
    if (left <= 0 || poll_all(open, static_cast<int>(left)) <= 0) break;
    for (size_t i = open.size(); i-- > 0;) {
      if (!open[i].revents) continue;
      char sink[256];
      ssize_t n = recv(open[i].fd, sink, sizeof sink, MSG_DONTWAIT);
      if (n == 0 || (n < 0 && errno != EAGAIN && errno != EINTR))
        open.erase(open.begin() + static_cast<long>(i));
    }
  }
  _exit(status);
}

void Watchdog::watch_root() {
  std::vector<pollfd> fds;
  std::vector<int> pe_of;
  for (;;) {
    fds.clear();
    pe_of.clear();
    for (int pe = 1; pe < static_cast<int>(links_.size()); ++pe)
      if (links_[pe] >= 0 && !said_bye_[pe]) {
        fds.push_back({links_[pe], POLLIN, 0});
        pe_of.push_back(pe);
      }
    if (fds.empty()) return; /* everyone is in rocshmem_finalize */
    if (poll_all(fds, -1) < 0) continue;
    for (size_t i = 0; i < fds.size(); ++i) {
      if (!fds[i].revents) continue;
      const int pe = pe_of[i];
      uid::Frame f;
      if (!read_frame(fds[i].fd, &f) || f.type == uid::FrameType::kLost) lost(pe);
      if (f.type == uid::FrameType::kBye) {
        said_bye_[pe] = true;
        continue;
      }
      claim_or_park(); /* kExit: relay it to everyone else */
      log_msg_pe(0, LOG_INFO, "PE %d ended the job with status %d", pe, f.status);
      finish({uid::FrameType::kExit, f.status, pe}, pe, f.status);
    }
  }
}

void Watchdog::watch_root_link() {
  std::vector<pollfd> fds{{links_[0], POLLIN, 0}};
  for (;;) {
    if (poll_all(fds, -1) < 0) continue;
    uid::Frame f;
    if (!read_frame(links_[0], &f)) {
      if (stopping_) return; /* our own shutdown after kBye */
      lost(0);
    }
    if (f.type == uid::FrameType::kBye) continue; /* the root sends none; harmless */
    claim_or_park();
    if (f.type == uid::FrameType::kLost)
      log_msg_pe(rank_, LOG_ERROR, "PE %d was lost (PE 0 saw its connection close before "
                 "rocshmem_finalize); ending this PE", f.pe);
    else
      log_msg_pe(rank_, LOG_INFO, "PE %d ended the job with status %d", f.pe, f.status);
    /* Our side of the link holds no unread data, so closing it is clean. */
    _exit(f.status);
  }
}

}  // namespace rocshmem
