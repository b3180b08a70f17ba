#include "sync/wait.h"

#include <string>

#include "core/log.h"
#include "sync/barrier.h"

namespace rocshmem {

namespace {

std::string describe(const WaitSite &site) {
  return site.pe >= 0 ? std::string(site.what) + " " + std::to_string(site.pe) : site.what;
}

/* How long a wait goes on while a peer's leaving word is set before the job
 * ends.  A PE past its last synchronization (kGone) will never signal again,
 * but a waiter may not have seen yet the signals of PEs that left the same
 * barrier just after it (a PE descheduled between two of its signals): a
 * second.  A PE still in its implicit finalize's barrier (kLeaving) is
 * waiting for this PE, but this PE's wait may be legitimate all the same (a
 * wait_until for a word that a third PE, still computing, will set before
 * it ends the program the same way): 3 s, a bound on the damage rather than
 * a proof; a program that waits longer so must call shmem_finalize. */
constexpr std::chrono::seconds kGoneGrace{1};
constexpr std::chrono::seconds kLeavingGrace{3};

[[noreturn]] void peer_left(const WaitSite &site, int pe, LeaveStage stage) {
  fatal(site.call,
        "PE %d exited without calling shmem_finalize while PE %d waits for %s: it returned "
        "from main (or called exit) and %s; call shmem_finalize on every PE, or end every PE "
        "the same way at the same point",
        pe, g_runtime.my_pe, describe(site).c_str(),
        stage == kGone ? "its implicit finalize has passed its last synchronization, so it "
                         "will not take part in any other"
                       : "waits in its implicit finalize for PEs that are still in other calls");
}

/* A same-node PE whose leaving word counts for this wait: kGone unless this
 * PE is past its own finalize's synchronization (tearing down, when every
 * PE may be gone), kLeaving only outside a finalize (implicit finalization,
 * and a shmem_finalize on some PEs matched by the exit of others, are
 * legal).  Other nodes' words are not mapped here: an early exit there stays
 * a hang that ROCSHMEM_WAIT_TIMEOUT bounds (the launcher ends the job when
 * the process itself dies). */
int find_leaver(LeaveStage *stage) {
  const Runtime &rt = g_runtime;
  if (rt.finalizing == Finalizing::kTearingDown) return -1;
  int leaving = -1;
  for (int pe : rt.topo.local_pes) {
    if (pe == rt.my_pe) continue;
    const LeaveStage s = leave_stage_of(pe);
    if (s == kGone) {
      *stage = kGone;
      return pe;
    }
    if (s == kLeaving && leaving < 0 && rt.finalizing == Finalizing::kNo) leaving = pe;
  }
  *stage = kLeaving;
  return leaving;
}

}  // namespace

void wait_timed_out(const WaitSite &site, long seconds) {
  fatal(site.call,
        "PE %d has waited %ld s (ROCSHMEM_WAIT_TIMEOUT) for %s; the PEs it waits for have not "
        "done their part: a collective call skipped, or made in another order or on another team, "
        "or a PE still computing, stopped or stuck (raise ROCSHMEM_WAIT_TIMEOUT, or set 0 to wait "
        "for ever)",
        g_runtime.my_pe, seconds, describe(site).c_str());
}

void WaitTimer::look(const WaitSite &site, Clock::time_point now) {
  next_ = now + kLook;
  if (start_ == Clock::time_point{}) {
    start_ = now;
    return;
  }
  const Config &cfg = g_runtime.cfg;
  const Clock::duration waited = now - start_;
  if (cfg.wait_timeout > 0 && waited >= std::chrono::seconds(cfg.wait_timeout))
    wait_timed_out(site, cfg.wait_timeout);
  if (!warned_ && cfg.wait_warn > 0 && waited >= std::chrono::seconds(cfg.wait_warn)) {
    warned_ = true;
    ROCSHMEM_LOG(LOG_WARN,
                 "%s: PE %d has waited %ld s for %s (ROCSHMEM_WAIT_WARN; the job goes on; a "
                 "wait that never ends is usually PEs that did not make the same collective "
                 "calls in the same order: ROCSHMEM_WAIT_TIMEOUT ends such a job)",
                 site.call, g_runtime.my_pe, cfg.wait_warn, describe(site).c_str());
  }
  LeaveStage stage = kStaying;
  const int pe = find_leaver(&stage);
  if (pe < 0) {
    leaver_seen_ = Clock::time_point{};
  } else if (leaver_seen_ == Clock::time_point{} || static_cast<unsigned>(stage) != leaver_stage_) {
    /* (a PE turning from kLeaving to kGone starts its own grace: the
     * barrier it passed may be this one, whose last signals are due now) */
    leaver_seen_ = now;
    leaver_stage_ = static_cast<unsigned>(stage);
  } else if (now - leaver_seen_ >= (stage == kGone ? Clock::duration(kGoneGrace)
                                                   : Clock::duration(kLeavingGrace))) {
    peer_left(site, pe, stage);
  }
}

}  // namespace rocshmem
