/*
 * libFuzzer target: the unique-ID bootstrap's decoders (src/bootstrap/
 * uniqueid.h), which read bytes from the user (the id) and from the network
 * (hellos, control frames).  Byte 0 picks the decoder; the rest, padded
 * with zeros or cut to its size, is the input.  Besides sanitizer reports
 * it checks the header's promise: whatever a decoder accepts is exactly
 * what the encoder makes of the decoded fields (nothing accepted is lost or
 * reinterpreted on the way).
 */
#include <endian.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>

#include "bootstrap/uniqueid.h"

namespace {

using namespace rocshmem::uid;

[[noreturn]] void broken(const char *what) {
  std::fprintf(stderr, "fuzz_uniqueid: %s\n", what);
  std::abort();
}

void check_id(const unsigned char *in) {
  rocshmem_uniqueid_t id, again;
  std::memcpy(&id, in, sizeof id);
  IdFields f;
  std::string why;
  if (!decode_id(id, &f, &why)) {
    if (why.empty()) broken("decode_id refused an id without a reason");
    return;
  }
  encode_id(f, &again);
  if (std::memcmp(&id, &again, sizeof id) != 0) broken("decode_id accepted an id encode_id does not make");
}

void check_hello(const unsigned char *in, uint64_t session) {
  Hello h;
  unsigned char again[kHelloBytes];
  HelloCheck c = decode_hello(in, session, &h);
  if (!hello_check_text(c)) broken("hello_check_text returned NULL");
  if (c != HelloCheck::kOk) return;
  encode_hello(h, again);
  if (std::memcmp(in, again, kHelloBytes) != 0) broken("decode_hello accepted a hello encode_hello does not make");
  if (h.session != session) broken("decode_hello accepted another session");
}

void check_frame(const unsigned char *in) {
  Frame f;
  unsigned char again[kFrameBytes];
  if (!decode_frame(in, &f)) return;
  encode_frame(f, again);
  if (std::memcmp(in, again, kFrameBytes) != 0) broken("decode_frame accepted a frame encode_frame does not make");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  if (size == 0) return 0;
  unsigned char buf[sizeof(rocshmem_uniqueid_t) + 8] = {};
  std::memcpy(buf, data + 1, std::min(size - 1, sizeof buf));
  switch (data[0] % 3) {
    case 0: check_id(buf); break;
    case 1: { /* the session the root expects: the hello's own, or the last 8 bytes */
      uint64_t session;
      std::memcpy(&session, buf + (data[0] & 4 ? 8 : sizeof buf - 8), sizeof session);
      check_hello(buf, data[0] & 4 ? be64toh(session) : session);
      break;
    }
    default: check_frame(buf); break;
  }
  return 0;
}
