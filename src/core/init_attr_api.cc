/* rocshmem_init_attr and the unique-id routines (rocshmem only; no shmem_
 * twins).  Argument errors are reported and returned as ROCSHMEM_ERROR,
 * never fatal: the caller may be a Python program that wants an exception.
 * Failures of the job itself (a timeout, a lost PE) end it, as in
 * rocshmem_init. */
#include "core/config.h"
#include "core/log.h"
#include "core/runtime.h"
#include "rocshmem/rocshmem.h"

namespace {

using rocshmem::report_error;

/* rank/nranks as set_attr_uniqueid_args and init_attr receive them, with
 * the argument names of the call. */
bool ranks_valid(const char *call, const char *rank_name, const char *nranks_name, int rank,
                 int nranks) {
  if (nranks <= 0) {
    report_error(call, "%s = %d must be positive", nranks_name, nranks);
    return false;
  }
  if (rank < 0 || rank >= nranks) {
    report_error(call, "%s = %d is out of range [0, %d) (%s = %d)", rank_name, rank, nranks,
                 nranks_name, nranks);
    return false;
  }
  return true;
}

bool uniqueid_request(const char *call, const rocshmem_uniqueid_args_t &a,
                      rocshmem::BootstrapRequest *r) {
  if (a.version != ROCSHMEM_UNIQUEID_ARGS_VERSION) {
    report_error(call, "attr->uid_args.version = %d is not ROCSHMEM_UNIQUEID_ARGS_VERSION (%d): "
                 "fill attr with rocshmem_set_attr_uniqueid_args", a.version,
                 ROCSHMEM_UNIQUEID_ARGS_VERSION);
    return false;
  }
  if (!a.id) {
    report_error(call, "attr->uid_args.id = NULL");
    return false;
  }
  if (!ranks_valid(call, "attr->uid_args.myrank", "attr->uid_args.nranks", a.myrank, a.nranks))
    return false;
  std::string why;
  if (!rocshmem::uid::decode_id(*a.id, &r->id, &why)) {
    report_error(call, "attr->uid_args.id %s", why.c_str());
    return false;
  }
  const bool made_here = rocshmem::uniqueid_opened_here(r->id);
  if (a.myrank == 0 && !made_here) {
    report_error(call, "attr->uid_args.myrank = 0, but this process did not make the id (or already "
                 "used it): rank 0 must be the process that called rocshmem_get_uniqueid for it");
    return false;
  }
  if (a.myrank != 0 && made_here) {
    report_error(call, "attr->uid_args.myrank = %d, but this process made the id with "
                 "rocshmem_get_uniqueid: it must be rank 0", a.myrank);
    return false;
  }
  r->kind = rocshmem::BootstrapRequest::Kind::kUniqueId;
  r->rank = a.myrank;
  r->nranks = a.nranks;
  return true;
}

}  // namespace

extern "C" {

int rocshmem_get_uniqueid(rocshmem_uniqueid_t *uid) {
  const char *call = "rocshmem_get_uniqueid";
  if (!uid) {
    report_error(call, "uid = NULL");
    return ROCSHMEM_ERROR;
  }
  /* Callable before init: read the configuration for this call only. */
  rocshmem::Config cfg;
  std::string error;
  if (!rocshmem::config_load(&cfg, &error) || !rocshmem::uniqueid_open(cfg, uid, &error)) {
    report_error(call, "%s", error.c_str());
    return ROCSHMEM_ERROR;
  }
  return ROCSHMEM_SUCCESS;
}

int rocshmem_set_attr_uniqueid_args(int rank, int nranks, rocshmem_uniqueid_t *uid,
                                    rocshmem_init_attr_t *attr) {
  const char *call = "rocshmem_set_attr_uniqueid_args";
  if (!uid || !attr) {
    report_error(call, "%s = NULL", !uid ? "uid" : "attr");
    return ROCSHMEM_ERROR;
  }
  if (!ranks_valid(call, "rank", "nranks", rank, nranks)) return ROCSHMEM_ERROR;
  attr->uid_args.version = ROCSHMEM_UNIQUEID_ARGS_VERSION;
  attr->uid_args.id = uid;
  attr->uid_args.myrank = rank;
  attr->uid_args.nranks = nranks;
  return ROCSHMEM_SUCCESS;
}

int rocshmem_init_attr(unsigned int flags, rocshmem_init_attr_t *attr) {
  const char *call = "rocshmem_init_attr";
  if (rocshmem::g_runtime.initialized) {
    report_error(call, "rocshmem is already initialized (call rocshmem_finalize first)");
    return ROCSHMEM_ERROR;
  }
  if (flags != ROCSHMEM_INIT_WITH_MPI_COMM && flags != ROCSHMEM_INIT_WITH_UNIQUEID) {
    report_error(call, "flags = 0x%x: pass exactly one of ROCSHMEM_INIT_WITH_MPI_COMM (0x%x) and "
                 "ROCSHMEM_INIT_WITH_UNIQUEID (0x%x)", flags, ROCSHMEM_INIT_WITH_MPI_COMM,
                 ROCSHMEM_INIT_WITH_UNIQUEID);
    return ROCSHMEM_ERROR;
  }
  if (!attr) {
    report_error(call, "attr = NULL");
    return ROCSHMEM_ERROR;
  }
  rocshmem::BootstrapRequest request;
  if (flags == ROCSHMEM_INIT_WITH_MPI_COMM) {
    std::string why;
    if (!rocshmem::bootstrap_mpi_comm_usable(attr->mpi_comm, &why)) {
      report_error(call, "attr->mpi_comm: %s", why.c_str());
      return ROCSHMEM_ERROR;
    }
    request.kind = rocshmem::BootstrapRequest::Kind::kMpiComm;
    request.mpi_comm = attr->mpi_comm;
  } else if (!uniqueid_request(call, attr->uid_args, &request)) {
    return ROCSHMEM_ERROR;
  }
  rocshmem::runtime_init(call, ROCSHMEM_THREAD_SINGLE, request);
  return ROCSHMEM_SUCCESS;
}

}  // extern "C"
