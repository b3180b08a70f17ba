/* rocshmem_info: what this installation is and how it can be configured.
 * Every environment variable line comes from src/core/env.def, the same
 * table that the library parses and prints in its SHMEM_INFO banner, and
 * the values in force are checked the way shmem_init checks them. */
#include <mpi.h>
#include <unistd.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <vector>

#include "build_config.h"
#include "core/config.h"
#include "memory/node_memory.h"
#include "transport/network.h"
#include "rocshmem/rocshmem.h"

namespace {

void usage(FILE *out, const char *prog) {
  std::fprintf(
      out,
      "Usage: %s [OPTION...]\n\n"
      "Describes this rocshmem installation without starting a job.  Several options\n"
      "may be given; their sections are printed in the order below.\n"
      "  -a, --all       --version, --build and --env together (the default)\n"
      "  --version       library and OpenSHMEM versions\n"
      "  --build         build configuration: install prefix, compilers, MPI, transports,\n"
      "                  GPU platform, configure arguments\n"
      "  --env           every environment variable: current value, default, help; then\n"
      "                  the values in force are checked as shmem_init checks them\n"
      "  --env-markdown  the environment table as Markdown (for documentation)\n"
      "  --parsable      one key:value per line (for scripts), for the sections asked\n"
      "  -h, --help      this text\n\n"
      "Exit status: 0; 1 for an unknown option; 2 when a variable set in the\n"
      "environment holds a value shmem_init would refuse (each is named on stderr).\n"
      "Unknown ROCSHMEM_, SHMEM_ and SMA_ names (with the nearest known name) are a\n"
      "warning in the environment check, as shmem_init warns about them.\n",
      prog);
}

/* A section prints its facts through one of these, so --parsable and the
 * table for people come from the same calls. */
struct Printer {
  bool parsable;
  void fact(const char *key, const char *label, const std::string &value) const {
    if (parsable)
      std::printf("%s:%s\n", key, value.c_str());
    else
      std::printf("%-22s%s\n", (std::string(label) + ":").c_str(), value.c_str());
  }
};

/* The installation this binary belongs to: the directory above its bin/
 * (so a moved installation reports where it is now). */
std::string running_prefix() {
  char exe[PATH_MAX];
  ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
  if (n <= 0) return "";
  std::string path(exe, static_cast<size_t>(n));
  for (int up = 0; up < 2; ++up) {
    size_t slash = path.rfind('/');
    if (slash == std::string::npos) return "";
    path.erase(slash > 0 ? slash : 1);
  }
  return path;
}

void print_version(const Printer &p) {
  p.fact("version:rocshmem", "rocshmem version", ROCSHMEM_VERSION_STRING);
  p.fact("version:openshmem", "OpenSHMEM version",
         std::to_string(ROCSHMEM_SPEC_MAJOR) + "." + std::to_string(ROCSHMEM_SPEC_MINOR));
  p.fact("version:vendor", "vendor string", ROCSHMEM_VENDOR_STRING);
}

void print_build(const Printer &p) {
#ifdef ROCSHMEM_HAVE_UCX
  const char *ucx = "yes (PEs on other nodes; ROCSHMEM_PES_PER_NODE emulates nodes)";
  const char *transports = "shm (same node: memfd mapping, load/store), ucx (other nodes)";
  const char *nodes = "any number";
#else
  const char *ucx = "no";
  const char *transports = "shm (same node: memfd mapping, load/store)";
  const char *nodes = "one (every PE must share the node: built without UCX)";
#endif
#ifdef ROCSHMEM_HAVE_HWLOC
  const char *hwloc = "yes";
#else
  const char *hwloc = "no";
#endif
  std::string here = running_prefix();
  p.fact("build:prefix", "install prefix", here.empty() ? ROCSHMEM_INFO_PREFIX : here);
  if (!here.empty() && here != ROCSHMEM_INFO_PREFIX)
    p.fact("build:configured_prefix", "configured prefix", ROCSHMEM_INFO_PREFIX);
  p.fact("build:cc", "C compiler", ROCSHMEM_INFO_CC);
  p.fact("build:cxx", "C++ compiler", ROCSHMEM_INFO_CXX);
  char mpi_version[MPI_MAX_LIBRARY_VERSION_STRING] = "";
  int len = 0;
  MPI_Get_library_version(mpi_version, &len); /* callable before MPI_Init */
  std::string mpi(mpi_version, static_cast<size_t>(len > 0 ? len : 0));
  mpi = mpi.substr(0, mpi.find_first_of(",\n"));
  p.fact("build:mpi", "MPI", mpi + " (" ROCSHMEM_INFO_MPICC ", launcher " ROCSHMEM_INFO_MPIRUN ")");
  p.fact("build:transports", "transports", transports);
  p.fact("build:ucx", "UCX", ucx);
  p.fact("build:nodes", "nodes", nodes);
  p.fact("build:hwloc", "hwloc", hwloc);
#ifdef ROCSHMEM_HAVE_GPU
  p.fact("build:gpu", "GPU platform",
         std::string(ROCSHMEM_GPU_PLATFORM) + " (targets " ROCSHMEM_GPU_ARCH
         "; device API in librocshmem_device.a; GPU heap for rocshmem_malloc, IPC between "
         "same-node PEs)");
#else
  p.fact("build:gpu", "GPU platform",
         "none (configure --with-cuda or --with-hip for the device API)");
#endif
#if defined(ROCSHMEM_HAVE_GPU) && defined(ROCSHMEM_HAVE_UCX)
  p.fact("build:gpu_other_nodes", "device RMA/AMO on other nodes' GPU heaps",
         rocshmem::net::gpu_memory_known()
             ? "this UCX lists GPU memory: puts and gets are UCX RMA on the peer's registered "
               "GPU heap where a network transport registers GPU memory (GPUDirect RDMA; "
               "ROCSHMEM_GPU_NET_DIRECT=on: wherever UCX lists it), else the staged path (GPU "
               "proxy thread -> UCX active messages -> the target PE copies); atomics always "
               "through the target PE"
             : "GPU proxy thread -> UCX active messages -> the target PE copies into its GPU "
               "(staged through pinned host memory, 256 KiB chunks pipelined; this UCX lists "
               "no CUDA/ROCm memory)");
#endif
  p.fact("build:bootstraps", "bootstraps", "mpi, uniqueid (TCP), singleton");
  p.fact("build:configure", "configure arguments", ROCSHMEM_CONFIGURE_ARGS);
}

void print_env(const Printer &p) {
  if (!p.parsable) {
    std::printf("environment variables:\n");
    rocshmem::config_print(stdout, "  ");
    return;
  }
  size_t n;
  const rocshmem::EnvEntry *table = rocshmem::env_table(&n);
  for (size_t i = 0; i < n; ++i) {
    const rocshmem::EnvEntry &e = table[i];
    const char *source = rocshmem::config_source(e.name);
    const char *value = std::strcmp(source, "default") ? std::getenv(source) : e.default_value;
    const std::string key = std::string("env:") + e.name + ":";
    std::printf("%svalue:%s\n%sdefault:%s\n%ssource:%s\n", key.c_str(), value, key.c_str(),
                e.default_value, key.c_str(), source);
  }
}

/* The checks of shmem_init, without starting a job, and one it cannot make
 * itself: whether heaps of this size for as many PEs as this machine has
 * cores would fit its memory.  Returns false when shmem_init would refuse
 * the environment. */
bool check_env(const Printer &p) {
  rocshmem::Config cfg;
  std::vector<std::string> errors;
  const bool ok = rocshmem::config_load_all(&cfg, &errors);
  for (const std::string &e : errors) std::fprintf(stderr, "rocshmem_info: %s\n", e.c_str());
  /* The names shmem_init warns about, in its words. */
  const std::string unknown = rocshmem::config_unknown_variables();
  std::string verdict =
      ok ? "ok" : std::to_string(errors.size()) + " value(s) shmem_init would refuse (see stderr)";
  if (!unknown.empty())
    verdict = (ok ? std::string("warning") : verdict + "; warning") +
              ": shmem_init ignores unknown variable(s) " + unknown;
  p.fact("check:environment", "environment check", verdict);
  const long cores = sysconf(_SC_NPROCESSORS_ONLN);
  std::string limit_source;
  const double memory = static_cast<double>(rocshmem::node_memory_bytes(&limit_source));
  const double heaps = static_cast<double>(cfg.heap_size) * (cores > 0 ? cores : 1);
  if (ok && memory > 0 && heaps > memory) {
    char line[512];
    std::snprintf(line, sizeof line,
                  "warning: heaps of %.1f GiB (%s) for %ld PEs, one per core, need %.1f GiB; "
                  "this node has %.1f GiB of memory (%s; pages are committed only when touched)",
                  static_cast<double>(cfg.heap_size) / (1 << 30),
                  rocshmem::config_source("SHMEM_SYMMETRIC_SIZE"), cores, heaps / (1 << 30),
                  memory / (1 << 30), limit_source.c_str());
    p.fact("check:heap_memory", "heap check", line);
  } else if (ok) {
    p.fact("check:heap_memory", "heap check", "ok (one heap per core fits this node's memory)");
  }
  return ok;
}

void print_env_markdown() {
  size_t n;
  const rocshmem::EnvEntry *table = rocshmem::env_table(&n);
  std::printf("| Variable | Default | Meaning |\n| --- | --- | --- |\n");
  for (size_t i = 0; i < n; ++i) {
    const rocshmem::EnvEntry &e = table[i];
    std::string names = std::string("`") + e.name + "`";
    if (e.alias) names += std::string(" (alias `") + e.alias + "`)";
    if (e.deprecated) names += std::string(" (legacy `") + e.deprecated + "`)";
    std::printf("| %s | %s%s%s | %s |\n", names.c_str(), *e.default_value ? "`" : "",
                *e.default_value ? e.default_value : "empty", *e.default_value ? "`" : "", e.help);
  }
}

}  // namespace

int main(int argc, char **argv) {
  bool version = false, build = false, env = false, markdown = false;
  Printer printer{false};
  for (int i = 1; i < argc; ++i) {
    const char *a = argv[i];
    if (!std::strcmp(a, "-a") || !std::strcmp(a, "--all")) {
      version = build = env = true;
    } else if (!std::strcmp(a, "--version")) {
      version = true;
    } else if (!std::strcmp(a, "--build")) {
      build = true;
    } else if (!std::strcmp(a, "--env")) {
      env = true;
    } else if (!std::strcmp(a, "--env-markdown")) {
      markdown = true;
    } else if (!std::strcmp(a, "--parsable") || !std::strcmp(a, "--parseable")) {
      printer.parsable = true;
    } else if (!std::strcmp(a, "-h") || !std::strcmp(a, "--help")) {
      usage(stdout, argv[0]);
      return 0;
    } else {
      std::fprintf(stderr, "%s: unknown option '%s'\n", argv[0], a);
      usage(stderr, argv[0]);
      return 1;
    }
  }
  if (!version && !build && !env && !markdown) version = build = env = true;
  if (version) print_version(printer);
  if (build) print_build(printer);
  bool env_ok = true;
  if (env) {
    print_env(printer);
    env_ok = check_env(printer);
  }
  if (markdown) print_env_markdown();
  return env_ok ? 0 : 2;
}
