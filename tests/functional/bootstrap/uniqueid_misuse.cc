/*
 * Misuse of the unique-id bootstrap, without any launcher (run by
 * uniqueid.sh, which checks the exit status, the time taken and stderr of
 * the modes that end the process):
 *
 *   bad-args       every argument error of rocshmem_get_uniqueid,
 *                  rocshmem_set_attr_uniqueid_args and rocshmem_init_attr
 *                  returns ROCSHMEM_ERROR with a message naming the call and
 *                  the argument (one TAP case each; stderr is captured);
 *   foreign        while the root waits for PE 1, strangers connect: junk,
 *                  a hello with another session key, one of another protocol
 *                  version, a silent one and a truncated one.  The root must
 *                  close them and still start the job (TAP);
 *   timeout-root   PE 0 of 2 alone: init must fail with the timeout error;
 *   unreachable    PE 1 of 2 with an id whose root is gone;
 *   unassembled    PE 1 of 3 whose root waits for a PE 2 that never comes
 *                  (this process's timeout is 1 s, the root's longer);
 *   nranks-mismatch, duplicate-rank
 *                  PEs of the same id that disagree: the root fails.
 */
#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <string>

#include <rocshmem/rocshmem.h>

#include "../common/ftest.h"
#include "bootstrap/uniqueid.h"

namespace {

using rocshmem::uid::Channel;
using rocshmem::uid::IdFields;

/* ---------------------------------------------------------------- stderr capture */
int g_saved_stderr = -1;
FILE *g_capture = nullptr;

void capture_begin() {
  fflush(stderr);
  g_capture = tmpfile();
  g_saved_stderr = dup(STDERR_FILENO);
  dup2(fileno(g_capture), STDERR_FILENO);
}

std::string capture_end() {
  fflush(stderr);
  dup2(g_saved_stderr, STDERR_FILENO);
  close(g_saved_stderr);
  std::string text;
  rewind(g_capture);
  char buf[512];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, g_capture)) > 0) text.append(buf, n);
  fclose(g_capture);
  return text;
}

/* One case: `rc` must be ROCSHMEM_ERROR and stderr must contain `want`. */
void expect_error(int rc, const std::string &err, const char *want, const char *what) {
  FT_CHECK(rc == ROCSHMEM_ERROR, "returned %d, expected ROCSHMEM_ERROR", rc);
  FT_CHECK(err.find(want) != std::string::npos, "stderr lacks \"%s\"; it was: %s", want, err.c_str());
  ft_case("%s: ROCSHMEM_ERROR and \"%s\"", what, want);
}

#define EXPECT_ERROR(CALL, WANT)                 \
  do {                                           \
    capture_begin();                             \
    int rc_ = (CALL);                            \
    std::string err_ = capture_end();            \
    expect_error(rc_, err_, WANT, #CALL);        \
  } while (0)

IdFields fields_of(const rocshmem_uniqueid_t &id) {
  IdFields f;
  std::string why;
  if (!rocshmem::uid::decode_id(id, &f, &why)) {
    printf("Bail out! cannot decode a fresh id: %s\n", why.c_str());
    exit(1);
  }
  return f;
}

int init_uid(rocshmem_uniqueid_t *id, int rank, int nranks) {
  rocshmem_init_attr_t attr;
  if (rocshmem_set_attr_uniqueid_args(rank, nranks, id, &attr) != ROCSHMEM_SUCCESS)
    return ROCSHMEM_ERROR;
  return rocshmem_init_attr(ROCSHMEM_INIT_WITH_UNIQUEID, &attr);
}

void need_id(rocshmem_uniqueid_t *id) {
  if (rocshmem_get_uniqueid(id) != ROCSHMEM_SUCCESS) {
    printf("Bail out! rocshmem_get_uniqueid failed\n");
    exit(1);
  }
}

/* An id whose maker (a child) has exited: nobody listens at its address. */
void stale_id(rocshmem_uniqueid_t *id) {
  int p[2];
  if (pipe(p) != 0) exit(1);
  fflush(NULL);
  pid_t pid = fork();
  if (pid == 0) {
    need_id(id);
    ssize_t ignored = write(p[1], id, sizeof *id);
    (void)ignored;
    _exit(0);
  }
  close(p[1]);
  if (read(p[0], id, sizeof *id) != static_cast<ssize_t>(sizeof *id)) exit(1);
  close(p[0]);
  waitpid(pid, nullptr, 0);
}

/* Runs `body(id)` in a child that made the id and passes it back first. */
template <class Body>
void id_from_child(rocshmem_uniqueid_t *id, Body body) {
  int p[2];
  if (pipe(p) != 0) exit(1);
  fflush(NULL);
  if (fork() == 0) {
    close(p[0]);
    need_id(id);
    ssize_t ignored = write(p[1], id, sizeof *id);
    (void)ignored;
    close(p[1]);
    body(id);
    _exit(0);
  }
  close(p[1]);
  if (read(p[0], id, sizeof *id) != static_cast<ssize_t>(sizeof *id)) exit(1);
  close(p[0]);
}

/* ---------------------------------------------------------------- bad arguments */
int bad_args() {
  rocshmem_uniqueid_t id, stranger;
  need_id(&id);
  rocshmem_init_attr_t attr;
  memset(&attr, 0, sizeof attr);
  rocshmem_set_attr_uniqueid_args(1, 2, &id, &attr);

  EXPECT_ERROR(rocshmem_init_attr(0, &attr), "rocshmem_init_attr: flags = 0x0");
  EXPECT_ERROR(rocshmem_init_attr(ROCSHMEM_INIT_WITH_MPI_COMM | ROCSHMEM_INIT_WITH_UNIQUEID, &attr),
               "rocshmem_init_attr: flags = 0x3");
  EXPECT_ERROR(rocshmem_init_attr(0x10, &attr), "rocshmem_init_attr: flags = 0x10");
  EXPECT_ERROR(rocshmem_init_attr(ROCSHMEM_INIT_WITH_UNIQUEID, nullptr),
               "rocshmem_init_attr: attr = NULL");
  EXPECT_ERROR(rocshmem_init_attr(ROCSHMEM_INIT_WITH_MPI_COMM, &attr),
               "rocshmem_init_attr: attr->mpi_comm: MPI is not initialized");

  rocshmem_init_attr_t bad = attr;
  bad.uid_args.version = 0;
  EXPECT_ERROR(rocshmem_init_attr(ROCSHMEM_INIT_WITH_UNIQUEID, &bad),
               "rocshmem_init_attr: attr->uid_args.version = 0");
  bad = attr;
  bad.uid_args.id = nullptr;
  EXPECT_ERROR(rocshmem_init_attr(ROCSHMEM_INIT_WITH_UNIQUEID, &bad),
               "rocshmem_init_attr: attr->uid_args.id = NULL");
  bad = attr;
  bad.uid_args.nranks = 0;
  EXPECT_ERROR(rocshmem_init_attr(ROCSHMEM_INIT_WITH_UNIQUEID, &bad),
               "rocshmem_init_attr: attr->uid_args.nranks = 0 must be positive");
  bad = attr;
  bad.uid_args.myrank = -1;
  EXPECT_ERROR(rocshmem_init_attr(ROCSHMEM_INIT_WITH_UNIQUEID, &bad),
               "rocshmem_init_attr: attr->uid_args.myrank = -1 is out of range [0, 2)");
  bad = attr;
  bad.uid_args.myrank = 2;
  EXPECT_ERROR(rocshmem_init_attr(ROCSHMEM_INIT_WITH_UNIQUEID, &bad),
               "rocshmem_init_attr: attr->uid_args.myrank = 2 is out of range [0, 2)");

  rocshmem_uniqueid_t zero = ROCSHMEM_UNIQUEID_INITIALIZER;
  EXPECT_ERROR(init_uid(&zero, 1, 2),
               "rocshmem_init_attr: attr->uid_args.id is not an id made by rocshmem_get_uniqueid");
  stranger = id;
  stranger.internal[20] ^= 0x5a; /* another session: an id some other process made */
  EXPECT_ERROR(init_uid(&stranger, 0, 2),
               "rocshmem_init_attr: attr->uid_args.myrank = 0, but this process did not make the id");
  EXPECT_ERROR(init_uid(&id, 1, 2),
               "rocshmem_init_attr: attr->uid_args.myrank = 1, but this process made the id");

  EXPECT_ERROR(rocshmem_set_attr_uniqueid_args(0, 2, nullptr, &attr),
               "rocshmem_set_attr_uniqueid_args: uid = NULL");
  EXPECT_ERROR(rocshmem_set_attr_uniqueid_args(0, 2, &id, nullptr),
               "rocshmem_set_attr_uniqueid_args: attr = NULL");
  EXPECT_ERROR(rocshmem_set_attr_uniqueid_args(5, 2, &id, &attr),
               "rocshmem_set_attr_uniqueid_args: rank = 5 is out of range [0, 2)");
  EXPECT_ERROR(rocshmem_set_attr_uniqueid_args(0, -1, &id, &attr),
               "rocshmem_set_attr_uniqueid_args: nranks = -1 must be positive");

  EXPECT_ERROR(rocshmem_get_uniqueid(nullptr), "rocshmem_get_uniqueid: uid = NULL");
  setenv("ROCSHMEM_BOOTSTRAP_IFNAME", "=no-such-interface", 1);
  EXPECT_ERROR(rocshmem_get_uniqueid(&stranger),
               "rocshmem_get_uniqueid: ROCSHMEM_BOOTSTRAP_IFNAME==no-such-interface matches no up IPv4 interface");
  unsetenv("ROCSHMEM_BOOTSTRAP_IFNAME");
  setenv("ROCSHMEM_MASTER_PORT", "70000", 1);
  EXPECT_ERROR(rocshmem_get_uniqueid(&stranger),
               "rocshmem_get_uniqueid: ROCSHMEM_MASTER_PORT=70000 is not a TCP port");
  unsetenv("ROCSHMEM_MASTER_PORT");

  /* A job of one, then the calls that a running job refuses. */
  rocshmem_uniqueid_t solo;
  need_id(&solo);
  int rc = init_uid(&solo, 0, 1);
  FT_CHECK(rc == ROCSHMEM_SUCCESS && shmem_n_pes() == 1 && shmem_my_pe() == 0,
           "init_attr of a job of one: rc %d", rc);
  ft_case("rocshmem_init_attr with nranks = 1 starts a job of one");
  EXPECT_ERROR(init_uid(&id, 0, 2), "rocshmem_init_attr: rocshmem is already initialized");
  shmem_finalize();
  EXPECT_ERROR(init_uid(&solo, 0, 1),
               "rocshmem_init_attr: attr->uid_args.myrank = 0, but this process did not make the id (or already used it)");
  return ft_finish();
}

/* ---------------------------------------------------------------- foreign connections */
int connect_to(const IdFields &f) {
  int s = socket(AF_INET, SOCK_STREAM, 0);
  sockaddr_in a{};
  a.sin_family = AF_INET;
  a.sin_port = htons(f.port);
  a.sin_addr.s_addr = htonl(f.ipv4);
  if (s < 0 || connect(s, reinterpret_cast<sockaddr *>(&a), sizeof a) != 0) {
    fprintf(stderr, "# foreign client: connect failed\n");
    _exit(2);
  }
  return s;
}

/* True when the root closes the connection within 10 s. */
bool closed_by_root(int s) {
  pollfd p{s, POLLIN, 0};
  char c;
  return poll(&p, 1, 10000) == 1 && recv(s, &c, 1, 0) <= 0;
}

/* The strangers: each must be closed by the root without ending the job. */
int foreign_client(const IdFields &f) {
  unsigned char hello[rocshmem::uid::kHelloBytes];
  const char junk[] = "GET / HTTP/1.0\r\nHost: example\r\n\r\n";
  int strangers[3];
  strangers[0] = connect_to(f);
  send(strangers[0], junk, sizeof junk, MSG_NOSIGNAL);
  strangers[1] = connect_to(f);
  rocshmem::uid::encode_hello({Channel::kData, f.session ^ 1, 1, 2}, hello);
  send(strangers[1], hello, sizeof hello, MSG_NOSIGNAL);
  strangers[2] = connect_to(f);
  rocshmem::uid::encode_hello({Channel::kControl, f.session, 1, 2}, hello);
  hello[5] = 99; /* protocol version */
  send(strangers[2], hello, sizeof hello, MSG_NOSIGNAL);
  int silent = connect_to(f);
  int truncated = connect_to(f);
  rocshmem::uid::encode_hello({Channel::kData, f.session, 1, 2}, hello);
  send(truncated, hello, 10, MSG_NOSIGNAL);
  close(truncated);
  int open = 0;
  for (int s : strangers) open += !closed_by_root(s);
  close(silent);
  return open;
}

int foreign() {
  rocshmem_uniqueid_t id;
  need_id(&id);
  const IdFields f = fields_of(id);
  int go[2];
  if (pipe(go) != 0) return 1;
  fflush(NULL);
  pid_t stranger = fork();
  if (stranger == 0) {
    close(go[0]);
    int open = foreign_client(f);
    close(go[1]); /* now PE 1 may join */
    _exit(open == 0 ? 0 : 1);
  }
  pid_t pe1 = fork();
  if (pe1 == 0) {
    close(go[1]);
    char c;
    while (read(go[0], &c, 1) > 0) {
    }
    if (init_uid(&id, 1, 2) != ROCSHMEM_SUCCESS || shmem_n_pes() != 2) _exit(1);
    shmem_barrier_all();
    shmem_finalize();
    _exit(0);
  }
  close(go[0]);
  close(go[1]);
  int rc = init_uid(&id, 0, 2);
  ft_begin();
  FT_CHECK(rc == ROCSHMEM_SUCCESS && shmem_n_pes() == 2, "init_attr: rc %d", rc);
  ft_case("the job starts although strangers connected to the root first");
  shmem_barrier_all();
  shmem_finalize();
  int status = 0;
  waitpid(stranger, &status, 0);
  FT_CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0,
           "%d of the junk, wrong-session and wrong-version connections were left open (status 0x%x)",
           WIFEXITED(status) ? WEXITSTATUS(status) : -1, status);
  ft_case("the root closed the junk, wrong-session and wrong-version connections");
  waitpid(pe1, &status, 0);
  FT_CHECK(WIFEXITED(status) && WEXITSTATUS(status) == 0, "PE 1 ended with status 0x%x", status);
  ft_case("PE 1 joined and finalized");
  return ft_finish();
}

/* ---------------------------------------------------------------- init failures */
int timeout_root() {
  rocshmem_uniqueid_t id;
  need_id(&id);
  init_uid(&id, 0, 2);
  return 0; /* not reached: init ends the process */
}

int unreachable() {
  rocshmem_uniqueid_t id;
  stale_id(&id);
  init_uid(&id, 1, 2);
  return 0;
}

int unassembled() {
  rocshmem_uniqueid_t id;
  id_from_child(&id, [](rocshmem_uniqueid_t *mine) {
    setenv("ROCSHMEM_BOOTSTRAP_TIMEOUT", "4", 1);
    init_uid(mine, 0, 3);
  });
  setenv("ROCSHMEM_BOOTSTRAP_TIMEOUT", "1", 1);
  init_uid(&id, 1, 3);
  return 0;
}

/* This process is the root; children join with bad ranks. */
int disagreeing(int child_rank, int child_nranks, int children) {
  rocshmem_uniqueid_t id;
  need_id(&id);
  fflush(NULL);
  for (int c = 0; c < children; ++c)
    if (fork() == 0) _exit(init_uid(&id, child_rank, child_nranks) == ROCSHMEM_SUCCESS ? 0 : 1);
  init_uid(&id, 0, 3);
  return 0;
}

}  // namespace

int main(int argc, char **argv) {
  const std::string mode = argc > 1 ? argv[1] : "";
  if (mode == "bad-args") return bad_args();
  if (mode == "foreign") return foreign();
  if (mode == "timeout-root") return timeout_root();
  if (mode == "unreachable") return unreachable();
  if (mode == "unassembled") return unassembled();
  if (mode == "nranks-mismatch") return disagreeing(1, 2, 1);
  if (mode == "duplicate-rank") return disagreeing(1, 3, 2);
  fprintf(stderr, "usage: %s bad-args|foreign|timeout-root|unreachable|unassembled|"
          "nranks-mismatch|duplicate-rank\n", argv[0]);
  return 99;
}
