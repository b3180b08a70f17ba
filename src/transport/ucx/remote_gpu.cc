/* Other nodes' GPU heaps over UCX active messages.
 *
 * UCX here registers host memory only (no CUDA/ROCm support in the UCX this
 * library is built against), so no rkey reaches a GPU heap and a one-sided
 * put or get cannot touch it.  The target does the work instead: a request
 * travels as an active message (ucp_am_send_nbx, eager), the target's
 * worker runs the handler below (in its progress thread, or in whichever of
 * its threads progresses the worker), which copies into or out of its own
 * GPU heap or performs the GPU atomic (gpu::serve_*), and answers with a
 * reply message that the initiator's waiting call consumes.  So every call
 * here returns complete: a put's data is in the target's GPU memory, which
 * quiet and fence need nothing more for.
 *
 * Transfers go in chunks of kChunk bytes, one message each, all in flight
 * before the first answer is awaited; the payloads are host memory (callers
 * stage GPU memory through the host: gpu/gpu_heap_ops.cc, gpu/proxy.cc). */
#include <cstdlib>
#include <cstring>

#include "core/log.h"
#include "core/runtime.h"
#include "gpu/gpu.h"
#include "transport/network.h"
#include "transport/ucx/ucx.h"

namespace rocshmem {
namespace net {

namespace {

using ucx::app_tick;
using ucx::ep_of;
using ucx::g_ucx;
using ucx::Guard;
using ucx::status_text;
using ucx::wait_request;

/* Active-message ids (UCX's namespace of them is per worker: ours alone). */
enum AmId : unsigned { kAmPut = 1, kAmGet = 2, kAmAtomic = 3, kAmReply = 4 };

/* Bytes per message: eager over every transport, few enough messages that a
 * large transfer is not dominated by their headers. */
constexpr size_t kChunk = 256 * 1024;

/* What the initiator waits on: `left` answers to come; gets land in dst at
 * the offset each reply names; an atomic's old value in `value`. */
struct Waiter {
  std::atomic<long> left{0};
  char *dst = nullptr;
  uint64_t value = 0;
};

struct Request {
  uint64_t token;  /* the initiator's Waiter */
  uint64_t offset; /* in the target's GPU heap */
  uint64_t bytes;  /* get: wanted (a put's are the payload) */
  uint64_t operand, compare;
  uint64_t at;     /* get: where in the waiter's dst the answer goes */
  int32_t from;    /* the initiator: where the answer goes */
  uint8_t op, size;
};

struct Reply {
  uint64_t token;
  uint64_t value; /* atomic: the old value; get: the offset in dst */
};

/* A reply in flight: header and payload live until UCX is done with them
 * (the header must stay valid until the send completes). */
struct OutgoingReply {
  Reply header;
  char data[1];
};

void reply_sent(void *request, ucs_status_t status, void *user_data) {
  if (status != UCS_OK)
    ROCSHMEM_LOG(LOG_WARN, "answering another node's GPU-heap request failed: %s",
                 status_text(status));
  std::free(user_data);
  ucp_request_free(request);
}

/* An answer with room for `bytes` of payload, which the caller fills in. */
OutgoingReply *new_answer(uint64_t token, uint64_t value, size_t bytes) {
  auto *out = static_cast<OutgoingReply *>(std::malloc(sizeof(OutgoingReply) + bytes));
  if (!out) fatal("rocshmem (GPU heap service)", "out of host memory for a %zu-byte answer", bytes);
  out->header = Reply{token, value};
  return out;
}

/* Sends answer `out` (bytes of payload) to `from` and lets UCX free it when
 * done (called from a handler: no waiting here). */
void answer(int from, OutgoingReply *out, size_t bytes) {
  ucp_request_param_t p{};
  p.op_attr_mask = UCP_OP_ATTR_FIELD_CALLBACK | UCP_OP_ATTR_FIELD_USER_DATA |
                   UCP_OP_ATTR_FIELD_FLAGS;
  p.flags = UCP_AM_SEND_FLAG_EAGER;
  p.cb.send = reply_sent;
  p.user_data = out;
  ucs_status_ptr_t req = ucp_am_send_nbx(ep_of("rocshmem (GPU heap service)", from), kAmReply,
                                         &out->header, sizeof out->header, out->data, bytes, &p);
  if (UCS_PTR_IS_PTR(req)) return; /* reply_sent frees it */
  std::free(out);
  if (UCS_PTR_IS_ERR(req))
    ROCSHMEM_LOG(LOG_WARN, "answering PE %d's GPU-heap request failed: %s", from,
                 status_text(UCS_PTR_STATUS(req)));
}

/* The target side: a request from another node on this PE's GPU heap. */
ucs_status_t on_request(void *arg, const void *header, size_t header_length, void *data,
                        size_t length, const ucp_am_recv_param_t *) {
  const unsigned id = static_cast<unsigned>(reinterpret_cast<uintptr_t>(arg));
  Request r;
  if (header_length != sizeof r)
    fatal("rocshmem (GPU heap service)", "internal error: request header of %zu bytes",
          header_length);
  std::memcpy(&r, header, sizeof r);
  switch (id) {
    case kAmPut:
      gpu::serve_put(r.offset, data, length);
      answer(r.from, new_answer(r.token, 0, 0), 0);
      break;
    case kAmGet: { /* the data goes straight into the answer */
      OutgoingReply *out = new_answer(r.token, r.at, r.bytes);
      gpu::serve_get(r.offset, out->data, r.bytes);
      answer(r.from, out, r.bytes);
      break;
    }
    default: {
      uint64_t old = gpu::serve_atomic(r.offset, static_cast<AtomicOp>(r.op), r.operand,
                                       r.compare, r.size);
      answer(r.from, new_answer(r.token, old, 0), 0);
    }
  }
  return UCS_OK;
}

/* The initiator side: an answer to one of this PE's requests. */
ucs_status_t on_reply(void *, const void *header, size_t header_length, void *data,
                      size_t length, const ucp_am_recv_param_t *) {
  Reply r;
  if (header_length != sizeof r)
    fatal("rocshmem (GPU heap service)", "internal error: reply header of %zu bytes",
          header_length);
  std::memcpy(&r, header, sizeof r);
  Waiter *w = reinterpret_cast<Waiter *>(r.token);
  if (length) /* a get's data (gets are never of 0 bytes) */
    std::memcpy(w->dst + r.value, data, length);
  else
    w->value = r.value;
  w->left.fetch_sub(1, std::memory_order_release);
  return UCS_OK;
}

/* Sends one request (payload: a put's chunk) and waits until UCX no longer
 * needs header or payload. */
void send(const char *call, int pe, AmId id, const Request &r, const void *payload,
          size_t bytes) {
  app_tick();
  Guard g;
  ucp_request_param_t p{};
  p.op_attr_mask = UCP_OP_ATTR_FIELD_FLAGS;
  p.flags = UCP_AM_SEND_FLAG_EAGER;
  ucs_status_t s = wait_request(ucp_am_send_nbx(ep_of(call, pe), id, &r, sizeof r, payload,
                                                bytes, &p));
  if (s != UCS_OK)
    fatal(call, "sending a request for PE %d's GPU heap (ucp_am_send_nbx) failed: %s", pe,
          status_text(s));
}

/* Progresses the worker until every answer has come (the target answers from
 * its worker: its progress thread, or its own waits). */
void wait_answers(Waiter &w) {
  while (w.left.load(std::memory_order_acquire) > 0) {
    app_tick();
    Guard g;
    ucp_worker_progress(g_ucx.worker);
  }
}

Request request(const Waiter &w, size_t offset) {
  Request r{};
  r.token = reinterpret_cast<uint64_t>(&w);
  r.offset = offset;
  r.from = g_peers.my_pe;
  return r;
}

size_t chunks(size_t bytes) { return (bytes + kChunk - 1) / kChunk; }
size_t chunk_at(size_t bytes, size_t done) { return bytes - done < kChunk ? bytes - done : kChunk; }

}  // namespace

namespace ucx {

bool remote_gpu_wanted() {
  return gpu::compiled_in() && g_runtime.cfg.gpu != "off";
}

bool remote_gpu_setup(std::string *error) {
  if (!remote_gpu_wanted()) return true;
  struct Handler {
    AmId id;
    ucp_am_recv_callback_t cb;
  };
  for (const Handler &h : {Handler{kAmPut, on_request}, Handler{kAmGet, on_request},
                           Handler{kAmAtomic, on_request}, Handler{kAmReply, on_reply}}) {
    ucp_am_handler_param_t p{};
    p.field_mask = UCP_AM_HANDLER_PARAM_FIELD_ID | UCP_AM_HANDLER_PARAM_FIELD_CB |
                   UCP_AM_HANDLER_PARAM_FIELD_ARG | UCP_AM_HANDLER_PARAM_FIELD_FLAGS;
    p.id = h.id;
    p.cb = h.cb;
    p.arg = reinterpret_cast<void *>(static_cast<uintptr_t>(h.id));
    p.flags = UCP_AM_FLAG_WHOLE_MSG;
    ucs_status_t s = ucp_worker_set_am_recv_handler(g_ucx.worker, &p);
    if (s != UCS_OK) {
      *error = std::string("ucp_worker_set_am_recv_handler: ") + status_text(s);
      return false;
    }
  }
  return true;
}

}  // namespace ucx

void gpu_put(const char *call, int pe, size_t offset, const void *src, size_t bytes) {
  Waiter w;
  w.left.store(static_cast<long>(chunks(bytes)), std::memory_order_relaxed);
  for (size_t done = 0, n; done < bytes; done += n) {
    n = chunk_at(bytes, done);
    send(call, pe, kAmPut, request(w, offset + done), static_cast<const char *>(src) + done, n);
  }
  wait_answers(w);
}

void gpu_get(const char *call, int pe, size_t offset, void *dst, size_t bytes) {
  Waiter w;
  w.dst = static_cast<char *>(dst);
  w.left.store(static_cast<long>(chunks(bytes)), std::memory_order_relaxed);
  for (size_t done = 0, n; done < bytes; done += n) {
    n = chunk_at(bytes, done);
    Request r = request(w, offset + done);
    r.bytes = n;
    r.at = done;
    send(call, pe, kAmGet, r, nullptr, 0);
  }
  wait_answers(w);
}

uint64_t gpu_atomic(const char *call, int pe, size_t offset, AtomicOp op, uint64_t operand,
                    uint64_t compare, size_t size) {
  Waiter w;
  w.left.store(1, std::memory_order_relaxed);
  Request r = request(w, offset);
  r.op = static_cast<uint8_t>(op);
  r.size = static_cast<uint8_t>(size);
  r.operand = operand;
  r.compare = compare;
  send(call, pe, kAmAtomic, r, nullptr, 0);
  wait_answers(w);
  return w.value;
}

}  // namespace net
}  // namespace rocshmem
