/* The unique-id (TCP) bootstrap: the layout of the id and of the messages
 * on the wire, as pure functions (no sockets), so that tests and fuzzers
 * can drive them directly.  Every multi-byte field is big-endian, so an id
 * made on one host decodes on any other.
 *
 * The id (rocshmem_uniqueid_t, 128 bytes):
 *   0  u32 magic "RSID"     4  u16 format version   6  u16 address family (AF_INET)
 *   8  u16 port            10  u16 reserved (0)     12  u32 IPv4 address
 *  16  u64 session key (random; names the job)      24..127 zero
 *
 * Every connection to the root starts with a hello (kHelloBytes):
 *   0 u32 magic "RSBS"  4 u16 protocol version  6 u16 channel  8 u64 session
 *  16 i32 rank         20 i32 nranks
 * and the root answers on the data channel, once every PE has arrived, with
 * a welcome of the same layout (channel kWelcome, rank 0).
 *
 * The control channel then carries only frames (kFrameBytes):
 *   0 u32 type  4 i32 status  8 i32 pe
 */
#ifndef ROCSHMEM_BOOTSTRAP_UNIQUEID_H
#define ROCSHMEM_BOOTSTRAP_UNIQUEID_H

#include <cstddef>
#include <cstdint>
#include <string>

#include "rocshmem/rocshmem.h"

namespace rocshmem {
namespace uid {

/* What an id says: where the root listens and which job it is. */
struct IdFields {
  uint64_t session = 0;
  uint32_t ipv4 = 0; /* host byte order */
  uint16_t port = 0;
};

void encode_id(const IdFields &fields, rocshmem_uniqueid_t *id);
/* False (with the reason in *why) for anything encode_id did not make. */
bool decode_id(const rocshmem_uniqueid_t &id, IdFields *fields, std::string *why);

enum class Channel : uint16_t { kData = 1, kControl = 2, kWelcome = 3 };

struct Hello {
  Channel channel = Channel::kData;
  uint64_t session = 0;
  int32_t rank = 0;
  int32_t nranks = 0;
};

constexpr size_t kHelloBytes = 24;
void encode_hello(const Hello &hello, unsigned char out[kHelloBytes]);

/* How the root classifies the first bytes of a connection. */
enum class HelloCheck {
  kOk,
  kBadMagic,      /* not a rocshmem bootstrap peer at all */
  kBadVersion,    /* a rocshmem of another protocol version */
  kBadChannel,
  kWrongSession,  /* another job's PE (or a stale id) */
};
HelloCheck decode_hello(const unsigned char in[kHelloBytes], uint64_t session, Hello *hello);
const char *hello_check_text(HelloCheck check);

enum class FrameType : uint32_t {
  kBye = 1,  /* orderly end: the sender is in rocshmem_finalize */
  kExit = 2, /* PE `pe` ended the job with `status` (global_exit, fatal error) */
  kLost = 3, /* the root lost PE `pe`; everyone ends with `status` */
};

struct Frame {
  FrameType type = FrameType::kBye;
  int32_t status = 0;
  int32_t pe = 0;
};

constexpr size_t kFrameBytes = 12;
void encode_frame(const Frame &frame, unsigned char out[kFrameBytes]);
/* False for an unknown type. */
bool decode_frame(const unsigned char in[kFrameBytes], Frame *frame);

}  // namespace uid
}  // namespace rocshmem

#endif
