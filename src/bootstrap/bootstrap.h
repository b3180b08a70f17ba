/* How PEs find each other at init: a small collective interface used during
 * setup, allocation checks and teardown.  One piece serves the data path:
 * the MPI bootstrap's non-blocking collectives, which the synchronizations
 * and collectives of groups spanning nodes over tcp use (sync/boot_comm.cc,
 * coll/coll.cc). */
#ifndef ROCSHMEM_BOOTSTRAP_BOOTSTRAP_H
#define ROCSHMEM_BOOTSTRAP_BOOTSTRAP_H

#include <cstddef>
#include <memory>
#include <string>

#include "bootstrap/uniqueid.h"
#include "core/config.h"

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
  /* Point-to-point messages for the data path: the synchronizations and
   * collectives of groups spanning nodes over tcp, scheduled by the library
   * (sync/boot_comm.cc) and completed by polling request_done(), serving the
   * network transport meanwhile; data_path_collectives() says whether this
   * bootstrap has them.  The MPI bootstrap's are MPI_Isend/MPI_Irecv: shared
   * memory on a node and the network between.  `comm` 0 is every rank in
   * order; group_create makes others, ranked as listed.  Byte counts fit an
   * int (callers check); the other bootstraps' messages would be no faster
   * than the library's own. */
  virtual bool data_path_collectives() const { return false; }
  /* Collective over the `n` ranks listed (in the order given, which becomes
   * their order in the group), and only over them; blocking.  Returns the
   * new group's `comm` for the calls below. */
  virtual int group_create(const int * /*ranks*/, int /*n*/) { return -1; }
  virtual int comm_rank(int /*comm*/) const { return rank(); }
  virtual int comm_size(int /*comm*/) const { return size(); }
  /* Any number outstanding (up to a bound far above what one round of a
   * schedule needs), all completed together by request_done(). */
  virtual void isend_start(int /*comm*/, int /*to*/, const void * /*buf*/, size_t /*bytes*/,
                           int /*tag*/) {}
  virtual void irecv_start(int /*comm*/, int /*from*/, void * /*buf*/, size_t /*bytes*/,
                           int /*tag*/) {}
  /* Whether everything started since the last true answer has completed. */
  virtual bool request_done() { return true; }
  /* Ends every process of the job with `status`. */
  [[noreturn]] virtual void abort(int status) = 0;
  /* Releases what init took (never finalizes an MPI the application owns). */
  virtual void finalize() = 0;
};

/* What the caller of runtime_init asks for: the bootstrap ROCSHMEM_BOOTSTRAP
 * names (shmem_init, rocshmem_init), or an explicit one (rocshmem_init_attr,
 * which ignores the variable). */
struct BootstrapRequest {
  enum class Kind { kEnvironment, kMpiComm, kUniqueId };
  Kind kind = Kind::kEnvironment;
  const void *mpi_comm = nullptr; /* kMpiComm: an MPI_Comm *, null for MPI_COMM_WORLD */
  uid::IdFields id;               /* kUniqueId: the decoded id ... */
  int rank = 0;                   /* ... and this process's rank among nranks */
  int nranks = 0;
};

/* Starts the bootstrap `request` asks for; `thread_level` is the requested
 * ROCSHMEM_THREAD_* level (for an MPI that rocshmem initializes).  Returns
 * nullptr and fills *error on failure. */
std::unique_ptr<Bootstrap> bootstrap_create(const BootstrapRequest &request, const Config &cfg,
                                            int thread_level, std::string *error);

/* True when a process launcher (mpirun, srun, PMIx) started this process. */
bool bootstrap_under_launcher();

std::unique_ptr<Bootstrap> bootstrap_mpi_create(int thread_level, std::string *error);
/* Over a duplicate of an application's communicator (an MPI_Comm *, null
 * for MPI_COMM_WORLD); the application owns MPI. */
std::unique_ptr<Bootstrap> bootstrap_mpi_comm_create(const void *comm, std::string *error);
/* Whether bootstrap_mpi_comm_create can use `comm` (MPI is up, the
 * communicator is a valid intracommunicator); *why says what is wrong. */
bool bootstrap_mpi_comm_usable(const void *comm, std::string *why);
std::unique_ptr<Bootstrap> bootstrap_singleton_create();

/* The unique-id bootstrap (uniqueid.cc).  uniqueid_open is
 * rocshmem_get_uniqueid: it opens the root's listening socket, which stays
 * open in this process until its rank 0 joins, and describes it in *id. */
bool uniqueid_open(const Config &cfg, rocshmem_uniqueid_t *id, std::string *error);
/* Whether this process opened the id's socket, and so must be its rank 0
 * (an id opened by a parent before fork(2) is the parent's). */
bool uniqueid_opened_here(const uid::IdFields &id);
std::unique_ptr<Bootstrap> bootstrap_uniqueid_create(const BootstrapRequest &request,
                                                     const Config &cfg, std::string *error);
/* ROCSHMEM_BOOTSTRAP=uniqueid: the rank, size and root from RANK,
 * WORLD_SIZE, ROCSHMEM_MASTER_ADDR and ROCSHMEM_MASTER_PORT (torchrun). */
std::unique_ptr<Bootstrap> bootstrap_uniqueid_from_environment(const Config &cfg,
                                                               std::string *error);
/* Whether those four variables are all set (ROCSHMEM_BOOTSTRAP=auto then
 * picks the unique-id bootstrap when there is no launcher). */
bool uniqueid_environment_present();

}  // namespace rocshmem

#endif
