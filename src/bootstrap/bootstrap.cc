#include "bootstrap/bootstrap.h"

#include <mpi.h>

#include <cstdlib>

namespace rocshmem {

bool bootstrap_under_launcher() {
  static const char *const markers[] = {"OMPI_COMM_WORLD_SIZE", "PMIX_RANK", "PMI_RANK",
                                        "PMI_SIZE", "SLURM_PROCID", "MPI_LOCALNRANKS"};
  for (const char *m : markers)
    if (std::getenv(m)) return true;
  return false;
}

namespace {

std::unique_ptr<Bootstrap> from_environment(const Config &cfg, int thread_level,
                                            std::string *error) {
  const std::string &kind = cfg.bootstrap;
  if (kind == "mpi") return bootstrap_mpi_create(thread_level, error);
  if (kind == "singleton") return bootstrap_singleton_create();
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
