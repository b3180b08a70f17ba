/* Liveness of a unique-id job: without a launcher, nobody else notices that
 * a PE died or asked the job to end, so each process watches its control
 * connections (non-root: the one to the root; root: one per other PE) on a
 * thread of its own, and ends itself when:
 *  - a frame says so: kExit (a PE called rocshmem_global_exit or hit a fatal
 *    error: every process exits with that status; the root relays it), or
 *    kLost (the root lost a PE: everyone exits with status 1);
 *  - the connection closes without a kBye first: the peer's process is gone
 *    (killed, crashed, or exited without rocshmem_finalize).  The root then
 *    names the PE and tells the others; a non-root that loses the root ends.
 * So a job never hangs on a dead PE: the survivors end within moments of the
 * kernel closing its sockets (TCP keepalive covers a vanished host).
 *
 * Whoever ends the job sends its frames, shuts its side down and reads
 * until the peers close (at most kLingerMs), so that closing never resets a
 * connection whose last frame the peer has not read yet; then _exit. */
#ifndef ROCSHMEM_BOOTSTRAP_WATCHDOG_H
#define ROCSHMEM_BOOTSTRAP_WATCHDOG_H

#include <atomic>
#include <string>
#include <thread>
#include <vector>

#include "bootstrap/uniqueid.h"

namespace rocshmem {

class Watchdog {
 public:
  /* links[pe]: the control connection to pe, or -1 (this PE; on a non-root
   * every PE but 0).  The watchdog owns them.  `root_where` names the
   * root's address for messages. */
  Watchdog(int rank, std::vector<int> links, std::string root_where);
  ~Watchdog();
  Watchdog(const Watchdog &) = delete;
  Watchdog &operator=(const Watchdog &) = delete;

  /* Orderly end (rocshmem_finalize, after a barrier): a non-root says kBye;
   * the root waits for every kBye.  The thread is joined and the links
   * closed. */
  void stop();
  /* This PE ends the job: every process exits with `status`. */
  [[noreturn]] void end_job(int status);
  /* The data connection to `pe` broke in a collective.  The control
   * connection says why (an exit status, or a lost process): give the
   * watching thread a moment to act on it before calling `pe` lost. */
  [[noreturn]] void data_link_broken(int pe);

 private:
  void watch_root();
  void watch_root_link();
  [[noreturn]] void lost(int pe);
  /* Sends `frame` on every open link but skip's, lingers, exits. */
  [[noreturn]] void finish(const uid::Frame &frame, int skip, int status);
  /* The first thread to end the job goes on; any other waits to be ended. */
  void claim_or_park();

  const int rank_;
  std::vector<int> links_;
  std::vector<bool> said_bye_;
  const std::string root_where_;
  int wake_fd_ = -1; /* eventfd: stop() wakes a non-root's thread */
  std::atomic<bool> ending_{false};
  std::atomic<bool> stopping_{false};
  std::thread thread_;
};

}  // namespace rocshmem

#endif
