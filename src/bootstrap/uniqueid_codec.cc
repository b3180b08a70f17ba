#include <endian.h>
#include <sys/socket.h>

#include <cstring>

#include "bootstrap/uniqueid.h"

namespace rocshmem {
namespace uid {

namespace {

constexpr uint32_t kIdMagic = 0x52534944;    /* "RSID" */
constexpr uint16_t kIdVersion = 1;
constexpr uint32_t kWireMagic = 0x52534253;  /* "RSBS" */
constexpr uint16_t kWireVersion = 1;

/* Unaligned big-endian stores and loads. */
void put16(unsigned char *p, uint16_t v) { v = htobe16(v); std::memcpy(p, &v, sizeof v); }
void put32(unsigned char *p, uint32_t v) { v = htobe32(v); std::memcpy(p, &v, sizeof v); }
void put64(unsigned char *p, uint64_t v) { v = htobe64(v); std::memcpy(p, &v, sizeof v); }
uint16_t get16(const unsigned char *p) { uint16_t v; std::memcpy(&v, p, sizeof v); return be16toh(v); }
uint32_t get32(const unsigned char *p) { uint32_t v; std::memcpy(&v, p, sizeof v); return be32toh(v); }
uint64_t get64(const unsigned char *p) { uint64_t v; std::memcpy(&v, p, sizeof v); return be64toh(v); }

}  // namespace

void encode_id(const IdFields &f, rocshmem_uniqueid_t *id) {
  unsigned char *p = reinterpret_cast<unsigned char *>(id->internal);
  std::memset(p, 0, sizeof id->internal);
  put32(p + 0, kIdMagic);
  put16(p + 4, kIdVersion);
  put16(p + 6, AF_INET);
  put16(p + 8, f.port);
  put32(p + 12, f.ipv4);
  put64(p + 16, f.session);
}

bool decode_id(const rocshmem_uniqueid_t &id, IdFields *f, std::string *why) {
  const unsigned char *p = reinterpret_cast<const unsigned char *>(id.internal);
  if (get32(p) != kIdMagic) {
    *why = "is not an id made by rocshmem_get_uniqueid (unknown magic; an uninitialized id?)";
    return false;
  }
  if (get16(p + 4) != kIdVersion) {
    *why = "was made by another version of rocshmem (id format " + std::to_string(get16(p + 4)) +
           ", this library reads " + std::to_string(kIdVersion) + ")";
    return false;
  }
  if (get16(p + 6) != AF_INET || get16(p + 8) == 0) {
    *why = "holds no IPv4 address and port (corrupted id?)";
    return false;
  }
  /* Reserved bytes are zero in every id made: anything else is damage. */
  bool reserved_zero = get16(p + 10) == 0;
  for (size_t i = 24; i < sizeof id.internal && reserved_zero; ++i) reserved_zero = p[i] == 0;
  if (!reserved_zero) {
    *why = "is corrupted (its reserved bytes are not zero)";
    return false;
  }
  f->port = get16(p + 8);
  f->ipv4 = get32(p + 12);
  f->session = get64(p + 16);
  return true;
}

void encode_hello(const Hello &h, unsigned char out[kHelloBytes]) {
  put32(out + 0, kWireMagic);
  put16(out + 4, kWireVersion);
  put16(out + 6, static_cast<uint16_t>(h.channel));
  put64(out + 8, h.session);
  put32(out + 16, static_cast<uint32_t>(h.rank));
  put32(out + 20, static_cast<uint32_t>(h.nranks));
}

HelloCheck decode_hello(const unsigned char in[kHelloBytes], uint64_t session, Hello *h) {
  if (get32(in) != kWireMagic) return HelloCheck::kBadMagic;
  if (get16(in + 4) != kWireVersion) return HelloCheck::kBadVersion;
  uint16_t channel = get16(in + 6);
  if (channel < static_cast<uint16_t>(Channel::kData) ||
      channel > static_cast<uint16_t>(Channel::kWelcome))
    return HelloCheck::kBadChannel;
  if (get64(in + 8) != session) return HelloCheck::kWrongSession;
  h->channel = static_cast<Channel>(channel);
  h->session = session;
  h->rank = static_cast<int32_t>(get32(in + 16));
  h->nranks = static_cast<int32_t>(get32(in + 20));
  return HelloCheck::kOk;
}

const char *hello_check_text(HelloCheck check) {
  switch (check) {
    case HelloCheck::kOk: return "accepted";
    case HelloCheck::kBadMagic: return "not a rocshmem bootstrap connection (unknown magic)";
    case HelloCheck::kBadVersion: return "a rocshmem of another bootstrap protocol version";
    case HelloCheck::kBadChannel: return "unknown channel in its hello";
    case HelloCheck::kWrongSession: return "another job's PE (the session key differs: a stale or foreign id)";
  }
  return "?";
}

void encode_frame(const Frame &f, unsigned char out[kFrameBytes]) {
  put32(out + 0, static_cast<uint32_t>(f.type));
  put32(out + 4, static_cast<uint32_t>(f.status));
  put32(out + 8, static_cast<uint32_t>(f.pe));
}

bool decode_frame(const unsigned char in[kFrameBytes], Frame *f) {
  uint32_t type = get32(in);
  if (type < static_cast<uint32_t>(FrameType::kBye) || type > static_cast<uint32_t>(FrameType::kLost))
    return false;
  f->type = static_cast<FrameType>(type);
  f->status = static_cast<int32_t>(get32(in + 4));
  f->pe = static_cast<int32_t>(get32(in + 8));
  return true;
}

}  // namespace uid
}  // namespace rocshmem
