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

std::unique_ptr<Bootstrap> bootstrap_create(const std::string &kind, int thread_level,
                                            std::string *error) {
  if (kind == "mpi") return bootstrap_mpi_create(thread_level, error);
  if (kind == "singleton") return bootstrap_singleton_create();
  if (kind != "auto") {
    *error = "ROCSHMEM_BOOTSTRAP='" + kind + "' is not one of auto, mpi, singleton";
    return nullptr;
  }
  /* An application that already initialized MPI wants us inside its job even
   * without a launcher (MPI singleton); otherwise only a launcher implies MPI. */
  int mpi_up = 0;
  MPI_Initialized(&mpi_up);
  if (mpi_up || bootstrap_under_launcher()) return bootstrap_mpi_create(thread_level, error);
  return bootstrap_singleton_create();
}

}  // namespace rocshmem
