#include "bootstrap/bootstrap.h"

#include <mpi.h>

#include <cstdlib>
#include <initializer_list>

#include "core/log.h"

namespace rocshmem {

bool bootstrap_under_launcher() {
  static const char *const markers[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK",
                                        "PMI_SIZE", "SLURM_PROCID", "MPI_LOCALNRANKS"};
  for (const char *m : markers)
    if (std::getenv(m)) return true;
  return false;
}

namespace {

/* The first of the launchers' variables that is set, as a number (-1: none). */
long launcher_value(std::initializer_list<const char *> names) {
  for (const char *n : names)
    if (const char *v = std::getenv(n)) return std::strtol(v, nullptr, 10);
  return -1;
}

/* ROCSHMEM_BOOTSTRAP=singleton asked for by a job that a launcher started
 * with several processes: each becomes PE 0 of a job of its own, which is
 * rarely what was meant.  Said once, by the launcher's first process. */
void warn_singletons_under_launcher() {
  const long size = launcher_value({"OMPI_COMM_WORLD_SIZE", "PMIX_SIZE", "PMI_SIZE", "SLURM_NTASKS"});
  const long rank = launcher_value({"OMPI_COMM_WORLD_RANK", "PMIX_RANK", "PMI_RANK", "SLURM_PROCID"});
  if (size > 1 && rank <= 0)
    ROCSHMEM_LOG(LOG_WARN, "ROCSHMEM_BOOTSTRAP=singleton: the launcher started %ld processes, and "
                 "each is a job of one PE (unset ROCSHMEM_BOOTSTRAP, or set it to mpi, to make them "
                 "one job)", size);
}

std::unique_ptr<Bootstrap> from_environment(const Config &cfg, int thread_level,
                                            std::string *error) {
  const std::string &kind = cfg.bootstrap;
  if (kind == "mpi") return bootstrap_mpi_create(thread_level, error);
  if (kind == "singleton") {
    warn_singletons_under_launcher();
    return bootstrap_singleton_create();
  }
  if (kind == "uniqueid") return bootstrap_uniqueid_from_environment(cfg, error);
  if (kind != "auto") {
    *error = "ROCSHMEM_BOOTSTRAP='" + kind + "' is not one of auto, mpi, uniqueid, singleton";
    return nullptr;
  }
  /* An application that already initialized MPI wants us inside its job even
   * without a launcher (MPI singleton); otherwise only a launcher implies MPI.
   * Without either, a torchrun-style environment that names our root. */
  int mpi_up = 0;
  MPI_Initialized(&mpi_up);
  if (mpi_up || bootstrap_under_launcher()) return bootstrap_mpi_create(thread_level, error);
  if (uniqueid_environment_present()) return bootstrap_uniqueid_from_environment(cfg, error);
  return bootstrap_singleton_create();
}

}  // namespace

std::unique_ptr<Bootstrap> bootstrap_create(const BootstrapRequest &request, const Config &cfg,
                                            int thread_level, std::string *error) {
  switch (request.kind) {
    case BootstrapRequest::Kind::kMpiComm: return bootstrap_mpi_comm_create(request.mpi_comm, error);
    case BootstrapRequest::Kind::kUniqueId: return bootstrap_uniqueid_create(request, cfg, error);
    case BootstrapRequest::Kind::kEnvironment: break;
  }
  return from_environment(cfg, thread_level, error);
}

}  // namespace rocshmem
