/* rocshmem_info: what this installation is and how it can be configured.
 * Every environment variable line comes from src/core/env.def, the same
 * table that the library parses and prints in its SHMEM_INFO banner. */
#include <cstdio>
#include <cstring>

#include "build_config.h"
#include "core/config.h"
#include "rocshmem/rocshmem.h"

namespace {

void usage(const char *prog) {
  std::printf(
      "Usage: %s [--all | --version | --build | --env | --env-markdown | --help]\n\n"
      "Describes this rocshmem installation without starting a job.\n"
      "  --all           --version, --build and --env together (default)\n"
      "  --version       library and OpenSHMEM versions\n"
      "  --build         build configuration: transports, GPU platform, configure arguments\n"
      "  --env           every environment variable: current value, default, help\n"
      "  --env-markdown  the environment table as Markdown (for documentation)\n",
      prog);
}

void print_version() {
  std::printf("rocshmem version:     %s\n", ROCSHMEM_VERSION_STRING);
  std::printf("OpenSHMEM version:    %d.%d\n", ROCSHMEM_SPEC_MAJOR, ROCSHMEM_SPEC_MINOR);
  std::printf("vendor string:        %s\n", ROCSHMEM_VENDOR_STRING);
}

void print_build() {
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
  std::printf("transports:           %s\n", transports);
  std::printf("UCX:                  %s\n", ucx);
  std::printf("nodes:                %s\n", nodes);
  std::printf("hwloc:                %s\n", hwloc);
#ifdef ROCSHMEM_HAVE_GPU
  std::printf("GPU platform:         %s (targets %s; device API in librocshmem_device.a; GPU heap "
              "for rocshmem_malloc, IPC between same-node PEs)\n",
              ROCSHMEM_GPU_PLATFORM, ROCSHMEM_GPU_ARCH);
#else
  std::printf("GPU platform:         none (configure --with-cuda or --with-hip for the device API)\n");
#endif
  std::printf("bootstraps:           mpi, uniqueid (TCP), singleton\n");
  std::printf("configure arguments:  %s\n", ROCSHMEM_CONFIGURE_ARGS);
}

void print_env_markdown() {
  size_t n;
  const rocshmem::EnvEntry *table = rocshmem::env_table(&n);
  std::printf("| Variable | Default | Meaning |\n| --- | --- | --- |\n");
  for (size_t i = 0; i < n; ++i) {
    const rocshmem::EnvEntry &e = table[i];
    std::printf("| `%s`%s%s%s | %s%s%s | %s |\n", e.name, e.alias ? " (alias `" : "",
                e.alias ? e.alias : "", e.alias ? "`)" : "", *e.default_value ? "`" : "",
                *e.default_value ? e.default_value : "empty", *e.default_value ? "`" : "", e.help);
  }
}

}  // namespace

int main(int argc, char **argv) {
  const char *mode = argc > 1 ? argv[1] : "--all";
  if (argc > 2 || !std::strcmp(mode, "--help") || !std::strcmp(mode, "-h")) {
    usage(argv[0]);
    return argc > 2 ? 1 : 0;
  }
  bool all = !std::strcmp(mode, "--all");
  if (all || !std::strcmp(mode, "--version")) print_version();
  if (all || !std::strcmp(mode, "--build")) print_build();
  if (all || !std::strcmp(mode, "--env")) {
    std::printf("environment variables:\n");
    rocshmem::config_print(stdout, "  ");
  }
  if (!std::strcmp(mode, "--env-markdown")) {
    print_env_markdown();
    return 0;
  }
  if (!all && std::strcmp(mode, "--version") && std::strcmp(mode, "--build") &&
      std::strcmp(mode, "--env")) {
    std::fprintf(stderr, "%s: unknown option '%s'\n", argv[0], mode);
    usage(argv[0]);
    return 1;
  }
  return 0;
}
