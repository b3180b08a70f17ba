/* MPI bootstrap (the default under mpirun/oshrun).
 *
 * Ownership rules (OpenSHMEM 1.5 annex on MPI interoperability):
 *  - if the application initialized MPI, we duplicate its MPI_COMM_WORLD and
 *    never finalize MPI;
 *  - if we initialize MPI, we still do not finalize it in shmem_finalize,
 *    because the application may go on to use MPI and call MPI_Finalize
 *    itself ("shmem_init; MPI calls; shmem_finalize; MPI_Finalize").  An
 *    atexit handler finalizes MPI only if nobody else did;
 *  - rocshmem_init_attr(ROCSHMEM_INIT_WITH_MPI_COMM) runs over a duplicate
 *    of the application's communicator; MPI must be up, and stays the
 *    application's. */
#include <mpi.h>

#include <cstdio>
#include <cstdlib>
#include <vector>

#include "bootstrap/bootstrap.h"
#include "rocshmem/rocshmem.h"

namespace rocshmem {

namespace {

int mpi_thread_level(int shmem_level) {
  switch (shmem_level) {
    case ROCSHMEM_THREAD_SINGLE: return MPI_THREAD_SINGLE;
    case ROCSHMEM_THREAD_FUNNELED: return MPI_THREAD_FUNNELED;
    case ROCSHMEM_THREAD_SERIALIZED: return MPI_THREAD_SERIALIZED;
    default: return MPI_THREAD_MULTIPLE;
  }
}

void finalize_mpi_at_exit() {
  int finalized = 0;
  MPI_Finalized(&finalized);
  if (!finalized) MPI_Finalize();
}

class MpiBootstrap final : public Bootstrap {
 public:
  explicit MpiBootstrap(MPI_Comm comm) : comm_(comm) {
    MPI_Comm_rank(comm_, &rank_);
    MPI_Comm_size(comm_, &size_);
  }
  const char *name() const override { return "mpi"; }
  int rank() const override { return rank_; }
  int size() const override { return size_; }
  void allgather(const void *in, void *out, size_t bytes) override {
    MPI_Allgather(in, static_cast<int>(bytes), MPI_BYTE, out, static_cast<int>(bytes), MPI_BYTE,
                  comm_);
  }
  void barrier() override { MPI_Barrier(comm_); }
  bool data_path_collectives() const override { return true; }
  int group_create(const int *ranks, int n) override {
    MPI_Group all = MPI_GROUP_NULL, some = MPI_GROUP_NULL;
    MPI_Comm_group(comm_, &all);
    MPI_Group_incl(all, n, ranks, &some);
    MPI_Comm comm = MPI_COMM_NULL;
    /* Every member creates its groups in the same order (collectives on
     * overlapping groups are ordered alike, as OpenSHMEM requires), so one
     * tag tells them apart. */
    MPI_Comm_create_group(comm_, some, kGroupTag, &comm);
    MPI_Group_free(&some);
    MPI_Group_free(&all);
    MPI_Comm_set_errhandler(comm, MPI_ERRORS_ARE_FATAL);
    groups_.push_back(comm);
    return static_cast<int>(groups_.size());
  }
  int comm_rank(int c) const override {
    int r = 0;
    MPI_Comm_rank(data_comm(c), &r);
    return r;
  }
  int comm_size(int c) const override {
    int n = 0;
    MPI_Comm_size(data_comm(c), &n);
    return n;
  }
  void isend_start(int c, int to, const void *buf, size_t bytes, int tag) override {
    MPI_Isend(buf, static_cast<int>(bytes), MPI_BYTE, to, tag, data_comm(c), next_request());
  }
  void irecv_start(int c, int from, void *buf, size_t bytes, int tag) override {
    MPI_Irecv(buf, static_cast<int>(bytes), MPI_BYTE, from, tag, data_comm(c), next_request());
  }
  bool request_done() override {
    if (n_requests_ == 0) return true;
    int done = 0;
    MPI_Testall(n_requests_, requests_, &done, MPI_STATUSES_IGNORE);
    if (done) n_requests_ = 0;
    return done != 0;
  }
  [[noreturn]] void abort(int status) override {
    MPI_Abort(comm_, status);
    std::_Exit(status);
  }
  void finalize() override {
    int finalized = 0;
    MPI_Finalized(&finalized);
    if (!finalized) {
      /* (collective: in creation order, the same on every member) */
      for (MPI_Comm &g : groups_) MPI_Comm_free(&g);
      if (comm_ != MPI_COMM_NULL) MPI_Comm_free(&comm_);
    }
    groups_.clear();
    comm_ = MPI_COMM_NULL;
  }

 private:
  static constexpr int kGroupTag = 0x524f43; /* "ROC" */
  /* The data path's communicator `c`: 0 is every rank, then group_create's. */
  MPI_Comm data_comm(int c) const { return c == 0 ? comm_ : groups_[c - 1]; }

  MPI_Comm comm_;
  std::vector<MPI_Comm> groups_; /* group_create's, in creation order */
  /* What the data path started and request_done has not seen complete:
   * one round of a schedule (sync/boot_comm.cc: at most 32 messages). */
  static constexpr int kMaxRequests = 64;
  MPI_Request *next_request() {
    if (n_requests_ == kMaxRequests) {
      std::fprintf(stderr, "rocshmem: internal error: more than %d bootstrap requests "
                   "outstanding\n", kMaxRequests);
      abort(1);
    }
    return &requests_[n_requests_++];
  }
  MPI_Request requests_[kMaxRequests];
  int n_requests_ = 0;
  int rank_ = 0;
  int size_ = 1;
};

/* rocshmem's own communicator: its traffic never mixes with the
 * application's, and errors inside it are fatal to the job anyway. */
std::unique_ptr<Bootstrap> dup_of(MPI_Comm parent) {
  MPI_Comm comm = MPI_COMM_NULL;
  MPI_Comm_dup(parent, &comm);
  MPI_Comm_set_errhandler(comm, MPI_ERRORS_ARE_FATAL);
  return std::make_unique<MpiBootstrap>(comm);
}

}  // namespace

std::unique_ptr<Bootstrap> bootstrap_mpi_create(int thread_level, std::string *error) {
  int initialized = 0, finalized = 0;
  MPI_Finalized(&finalized);
  if (finalized) {
    *error = "MPI has already been finalized; rocshmem cannot bootstrap through it";
    return nullptr;
  }
  MPI_Initialized(&initialized);
  if (!initialized) {
    int provided = 0;
    if (MPI_Init_thread(nullptr, nullptr, mpi_thread_level(thread_level), &provided) !=
        MPI_SUCCESS) {
      *error = "MPI_Init_thread failed";
      return nullptr;
    }
    std::atexit(finalize_mpi_at_exit);
  }
  return dup_of(MPI_COMM_WORLD);
}

bool bootstrap_mpi_comm_usable(const void *comm, std::string *why) {
  int initialized = 0, finalized = 0, inter = 0;
  MPI_Initialized(&initialized);
  MPI_Finalized(&finalized);
  if (!initialized || finalized) {
    *why = finalized ? "MPI has already been finalized"
                     : "MPI is not initialized: the application owns MPI with "
                       "ROCSHMEM_INIT_WITH_MPI_COMM and must call MPI_Init first";
    return false;
  }
  const MPI_Comm c = comm ? *static_cast<const MPI_Comm *>(comm) : MPI_COMM_WORLD;
  if (c == MPI_COMM_NULL) {
    *why = "points to MPI_COMM_NULL";
    return false;
  }
  MPI_Comm_test_inter(c, &inter);
  if (inter) {
    *why = "is an intercommunicator; rocshmem needs an intracommunicator";
    return false;
  }
  return true;
}

std::unique_ptr<Bootstrap> bootstrap_mpi_comm_create(const void *comm, std::string *error) {
  if (!bootstrap_mpi_comm_usable(comm, error)) {
    *error = "attr->mpi_comm: " + *error;
    return nullptr;
  }
  return dup_of(comm ? *static_cast<const MPI_Comm *>(comm) : MPI_COMM_WORLD);
}

}  // namespace rocshmem
