/*
 * The unique-id bootstrap's pure parts (src/bootstrap/uniqueid.h, tcp.h):
 * the id codec (round trip, byte layout, rejection of ids it did not make),
 * the hello codec and the root's classification of foreign hellos, control
 * frames, and the NCCL_SOCKET_IFNAME-style interface filter.
 */
#include <arpa/inet.h>

#include <cstring>
#include <string>

#include "bootstrap/tcp.h"
#include "bootstrap/uniqueid.h"

#include "../common/run_suite.h"

using namespace rocshmem;

namespace {

uid::IdFields sample_fields() {
  uid::IdFields f;
  f.session = 0x0123456789abcdefull;
  f.ipv4 = 0xc0000207; /* 192.0.2.7 */
  f.port = 41234;
  return f;
}

const unsigned char *bytes(const rocshmem_uniqueid_t &id) {
  return reinterpret_cast<const unsigned char *>(id.internal);
}

}  // namespace

START_TEST(id_round_trip) {
  rocshmem_uniqueid_t id;
  std::memset(&id, 0xa5, sizeof id);
  uid::encode_id(sample_fields(), &id);
  uid::IdFields back;
  std::string why;
  ck_assert_msg(uid::decode_id(id, &back, &why), "decode_id: %s", why.c_str());
  ck_assert_uint_eq(back.session, 0x0123456789abcdefull);
  ck_assert_uint_eq(back.ipv4, 0xc0000207u);
  ck_assert_uint_eq(back.port, 41234);
  for (size_t i = 24; i < sizeof id.internal; ++i)
    ck_assert_msg(bytes(id)[i] == 0, "byte %zu of the id is not zeroed", i);
}
END_TEST

/* Big-endian on the wire, whatever the host: an id crosses machines. */
START_TEST(id_layout_is_big_endian) {
  rocshmem_uniqueid_t id;
  uid::encode_id(sample_fields(), &id);
  const unsigned char *b = bytes(id);
  ck_assert(std::memcmp(b, "RSID", 4) == 0);
  ck_assert_uint_eq(b[8], 41234 >> 8);
  ck_assert_uint_eq(b[9], 41234 & 0xff);
  const unsigned char addr[] = {192, 0, 2, 7};
  ck_assert(std::memcmp(b + 12, addr, 4) == 0);
  ck_assert_uint_eq(b[16], 0x01);
  ck_assert_uint_eq(b[23], 0xef);
}
END_TEST

START_TEST(id_rejects_what_it_did_not_make) {
  rocshmem_uniqueid_t id = ROCSHMEM_UNIQUEID_INITIALIZER;
  uid::IdFields f;
  std::string why;
  ck_assert(!uid::decode_id(id, &f, &why));
  ck_assert_msg(why.find("rocshmem_get_uniqueid") != std::string::npos, "%s", why.c_str());

  uid::encode_id(sample_fields(), &id);
  id.internal[5] = 9; /* format version */
  ck_assert(!uid::decode_id(id, &f, &why));
  ck_assert_msg(why.find("another version") != std::string::npos, "%s", why.c_str());

  uid::encode_id(sample_fields(), &id);
  id.internal[8] = id.internal[9] = 0; /* port 0 */
  ck_assert(!uid::decode_id(id, &f, &why));

  uid::encode_id(sample_fields(), &id);
  id.internal[127] = 1; /* a reserved byte */
  ck_assert(!uid::decode_id(id, &f, &why));
  ck_assert_msg(why.find("reserved") != std::string::npos, "%s", why.c_str());
}
END_TEST

START_TEST(hello_round_trip_and_checks) {
  unsigned char buf[uid::kHelloBytes];
  uid::encode_hello({uid::Channel::kControl, 77, 3, 8}, buf);
  uid::Hello h;
  ck_assert(uid::decode_hello(buf, 77, &h) == uid::HelloCheck::kOk);
  ck_assert(h.channel == uid::Channel::kControl);
  ck_assert_int_eq(h.rank, 3);
  ck_assert_int_eq(h.nranks, 8);

  ck_assert(uid::decode_hello(buf, 78, &h) == uid::HelloCheck::kWrongSession);
  unsigned char junk[uid::kHelloBytes];
  std::memcpy(junk, "GET / HTTP/1.1\r\nHost: x\r\n", sizeof junk);
  ck_assert(uid::decode_hello(junk, 77, &h) == uid::HelloCheck::kBadMagic);
  std::memcpy(junk, buf, sizeof junk);
  junk[5] = 2; /* protocol version */
  ck_assert(uid::decode_hello(junk, 77, &h) == uid::HelloCheck::kBadVersion);
  std::memcpy(junk, buf, sizeof junk);
  junk[7] = 9; /* channel */
  ck_assert(uid::decode_hello(junk, 77, &h) == uid::HelloCheck::kBadChannel);
  ck_assert(std::strstr(uid::hello_check_text(uid::HelloCheck::kWrongSession), "session"));
}
END_TEST

START_TEST(frames) {
  unsigned char buf[uid::kFrameBytes];
  uid::encode_frame({uid::FrameType::kExit, -3, 5}, buf);
  uid::Frame f;
  ck_assert(uid::decode_frame(buf, &f));
  ck_assert(f.type == uid::FrameType::kExit);
  ck_assert_int_eq(f.status, -3);
  ck_assert_int_eq(f.pe, 5);
  buf[3] = 0; /* type 0 */
  ck_assert(!uid::decode_frame(buf, &f));
  buf[3] = 4;
  ck_assert(!uid::decode_frame(buf, &f));
}
END_TEST

START_TEST(ifname_filter) {
  ck_assert(tcp::ifname_matches("", "eth0"));
  ck_assert(tcp::ifname_matches("eth", "eth0"));
  ck_assert(tcp::ifname_matches("ib,eth", "eth1"));
  ck_assert(!tcp::ifname_matches("ib,eth", "lo"));
  ck_assert(tcp::ifname_matches("=eth0", "eth0"));
  ck_assert(!tcp::ifname_matches("=eth0", "eth01"));
  ck_assert(!tcp::ifname_matches("^docker,lo", "docker0"));
  ck_assert(!tcp::ifname_matches("^docker,lo", "lo"));
  ck_assert(tcp::ifname_matches("^docker,lo", "eth0"));
  ck_assert(!tcp::ifname_matches("^=eth0", "eth0"));
  ck_assert(tcp::ifname_matches("^=eth0", "eth01"));
  ck_assert(tcp::ifname_matches("^", "eth0"));
  ck_assert(!tcp::ifname_matches(",", "eth0"));
}
END_TEST

/* Addresses: a filter that names nothing is an error naming the variable;
 * ROCSHMEM_MASTER_ADDR wins over the filter. */
START_TEST(address_choice) {
  uint32_t a = 0;
  std::string error;
  ck_assert(!tcp::choose_address("", "=no-such-interface", &a, &error));
  ck_assert_msg(error.find("ROCSHMEM_BOOTSTRAP_IFNAME=") != std::string::npos, "%s", error.c_str());
  ck_assert_msg(tcp::choose_address("127.0.0.2", "=no-such-interface", &a, &error), "%s",
                error.c_str());
  ck_assert_uint_eq(a, 0x7f000002u);
  ck_assert_msg(tcp::choose_address("", "=lo", &a, &error), "%s", error.c_str());
  ck_assert_uint_eq(a >> 24, 127);
  ck_assert(!tcp::choose_address("no-such-host.invalid", "", &a, &error));
  ck_assert_msg(error.find("ROCSHMEM_MASTER_ADDR=no-such-host.invalid") != std::string::npos, "%s",
                error.c_str());
}
END_TEST

int main() {
  Suite *s = suite_create("uniqueid");
  TCase *codec = tcase_create("codec");
  tcase_add_test(codec, id_round_trip);
  tcase_add_test(codec, id_layout_is_big_endian);
  tcase_add_test(codec, id_rejects_what_it_did_not_make);
  tcase_add_test(codec, hello_round_trip_and_checks);
  tcase_add_test(codec, frames);
  suite_add_tcase(s, codec);
  TCase *net = tcase_create("addresses");
  tcase_add_test(net, ifname_filter);
  tcase_add_test(net, address_choice);
  suite_add_tcase(s, net);

  return run_suite(s);
}
