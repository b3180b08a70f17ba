/* How PEs find each other at init: a small collective interface used only
 * during setup, allocation checks and teardown (never on the data path). */
#ifndef ROCSHMEM_BOOTSTRAP_BOOTSTRAP_H
#define ROCSHMEM_BOOTSTRAP_BOOTSTRAP_H

#include <cstddef>
#include <memory>
#include <string>

namespace rocshmem {

class Bootstrap {
 public:
  virtual ~Bootstrap() = default;
  virtual const char *name() const = 0;
  virtual int rank() const = 0;
  virtual int size() const = 0;
  /* Every rank contributes `bytes` from `in`; `out` receives size()*bytes in
   * rank order. */
  virtual void allgather(const void *in, void *out, size_t bytes) = 0;
  virtual void barrier() = 0;
  /* Ends every process of the job with `status`. */
  [[noreturn]] virtual void abort(int status) = 0;
  /* Releases what init took (never finalizes an MPI the application owns). */
  virtual void finalize() = 0;
};

/* Chooses and starts a bootstrap: `kind` is ROCSHMEM_BOOTSTRAP (auto, mpi,
 * singleton); `thread_level` the requested ROCSHMEM_THREAD_* level.  Returns
 * nullptr and fills *error on failure. */
std::unique_ptr<Bootstrap> bootstrap_create(const std::string &kind, int thread_level,
                                            std::string *error);

/* True when a process launcher (mpirun, srun, PMIx) started this process. */
bool bootstrap_under_launcher();

std::unique_ptr<Bootstrap> bootstrap_mpi_create(int thread_level, std::string *error);
std::unique_ptr<Bootstrap> bootstrap_singleton_create();

}  // namespace rocshmem

#endif
