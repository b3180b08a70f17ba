/* A program started without a launcher is one PE; no MPI is initialized. */
#include <cstdlib>
#include <cstring>

#include "bootstrap/bootstrap.h"

namespace rocshmem {

namespace {

class SingletonBootstrap final : public Bootstrap {
 public:
  const char *name() const override { return "singleton"; }
  int rank() const override { return 0; }
  int size() const override { return 1; }
  void allgather(const void *in, void *out, size_t bytes) override {
    if (bytes) std::memcpy(out, in, bytes);
  }
  void barrier() override {}
  [[noreturn]] void abort(int status) override { std::_Exit(status); }
  void finalize() override {}
};

}  // namespace

std::unique_ptr<Bootstrap> bootstrap_singleton_create() {
  return std::make_unique<SingletonBootstrap>();
}

}  // namespace rocshmem
