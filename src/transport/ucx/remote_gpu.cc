/* Other nodes' GPU heaps over UCX active messages (the staged path).
 *
 * A UCX without CUDA/ROCm support registers host memory only, so no rkey
 * reaches a GPU heap and a one-sided put or get cannot touch it (where UCX
 * has that support, puts and gets take remote_gpu_direct.cc's path instead;
 * atomics and batches always come here).  The target does the work
 * instead: a request travels as an active message (ucp_am_send_nbx,
 * eager), the target's worker runs the handler below (in its progress
 * thread, or in whichever of its threads progresses the worker), which
 * copies into or out of its own GPU heap or performs the GPU atomic
 * (gpu::serve_*), and answers with a reply message that the initiator's
 * waiting call consumes.  So every call here returns complete: a put's
 * data is in the target's GPU memory, which quiet and fence need nothing
 * more for.
 *
 * Transfers go in chunks of kGpuChunk bytes, one message each.  Sends never
 * wait: each request's header (and a small payload) travels in a block that
 * the send's completion frees, so the caller may post many and collect the
 * answers later (the _start forms, which the GPU proxy uses to keep several
 * requests and the chunks of a large transfer in flight); a large payload
 * must stay valid until its answer has come.  The payloads are host memory
 * (callers stage GPU memory through the host: gpu/gpu_heap_ops.cc,
 * gpu/proxy.cc). */
#include <cstdlib>
#include <cstring>

#include "core/log.h"
#include "core/runtime.h"
#include "gpu/gpu.h"
#include "transport/net_stats.h"
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

/* Active-message ids (UCX's namespace of them is per worker: ours alone). */
enum AmId : unsigned { kAmPut = 1, kAmGet = 2, kAmAtomic = 3, kAmReply = 4, kAmBatch = 5 };

constexpr size_t kChunk = kGpuChunk;
/* Payloads up to this size are copied into the request's block, so the
 * caller's buffer is free at once (the proxy's inline data, a batch). */
constexpr size_t kCopyPayload = kBatchItems * sizeof(BatchItem);
static_assert(sizeof(BatchItem) == 32, "a batch item is 32 bytes");

using Waiter = Answers;

using ucx::g_gpu_due;

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
  int32_t from;   /* the PE answering */
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
  out->header = Reply{token, value, g_peers.my_pe};
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
    case kAmBatch: {
      if (length % sizeof(BatchItem))
        fatal("rocshmem (GPU heap service)", "internal error: a batch of %zu bytes", length);
      gpu::serve_batch(static_cast<const BatchItem *>(data), length / sizeof(BatchItem));
      answer(r.from, new_answer(r.token, 0, 0), 0);
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
  ucx::after_am_answer(r.from);
  w->left.fetch_sub(1, std::memory_order_release);
  g_gpu_due.fetch_sub(1, std::memory_order_release);
  return UCS_OK;
}

/* A request in flight: its header, and a small payload, live here until the
 * send completes (UCX 1.13 reads the header until then). */
struct Outgoing {
  Request header;
  const char *call;
  int pe;
  char data[1];
};

void request_sent(void *request, ucs_status_t status, void *user_data) {
  auto *out = static_cast<Outgoing *>(user_data);
  if (status != UCS_OK)
    fatal(out->call, "sending a request for PE %d's GPU heap (ucp_am_send_nbx) failed: %s",
          out->pe, status_text(status));
  std::free(out);
  ucp_request_free(request);
}

/* Sends one request (payload: a put's chunk) without waiting; its answer
 * decrements r's waiter.  A payload up to kCopyPayload is copied; a larger
 * one must stay valid until the answer has come. */
void send(const char *call, int pe, AmId id, const Request &r, const void *payload,
          size_t bytes) {
  const bool copy = bytes <= kCopyPayload;
  auto *out = static_cast<Outgoing *>(std::malloc(sizeof(Outgoing) + (copy ? bytes : 0)));
  if (!out) fatal(call, "out of host memory for a request to PE %d's GPU heap", pe);
  out->header = r;
  out->call = call;
  out->pe = pe;
  if (copy && bytes) {
    std::memcpy(out->data, payload, bytes);
    payload = out->data;
  }
  ucx::connect_if_new(call, pe); /* before_am_request asks what its keys say */
  ucx::before_am_request(pe);
  net::stats::add(net::stats::active_message);
  g_gpu_due.fetch_add(1, std::memory_order_relaxed);
  app_tick();
  Guard g;
  ucp_request_param_t p{};
  p.op_attr_mask = UCP_OP_ATTR_FIELD_FLAGS | UCP_OP_ATTR_FIELD_CALLBACK |
                   UCP_OP_ATTR_FIELD_USER_DATA;
  p.flags = UCP_AM_SEND_FLAG_EAGER;
  p.cb.send = request_sent;
  p.user_data = out;
  ucs_status_ptr_t req = ucp_am_send_nbx(ep_of(call, pe), id, &out->header, sizeof out->header,
                                         payload, bytes, &p);
  if (UCS_PTR_IS_PTR(req)) return; /* request_sent frees it */
  std::free(out);
  if (UCS_PTR_IS_ERR(req))
    fatal(call, "sending a request for PE %d's GPU heap (ucp_am_send_nbx) failed: %s", pe,
          status_text(UCS_PTR_STATUS(req)));
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

std::atomic<long> g_gpu_due{0};

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
                           Handler{kAmAtomic, on_request}, Handler{kAmBatch, on_request},
                           Handler{kAmReply, on_reply}}) {
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

/* Progresses the worker until every answer has come (the target answers from
 * its worker: its progress thread, or its own waits). */
void wait_answers(Answers &w) {
  while (w.left.load(std::memory_order_acquire) > 0) {
    app_tick();
    Guard g;
    ucp_worker_progress(g_ucx.worker);
  }
}

long gpu_answers_due() { return g_gpu_due.load(std::memory_order_acquire); }

void gpu_put_start(const char *call, int pe, size_t offset, const void *src, size_t bytes,
                   Answers &w) {
  net::stats::add(net::stats::put);
  net::stats::add(net::stats::put_bytes, bytes);
  ucx::connect_if_new(call, pe); /* (whether pe's GPU heap key exists) */
  if (ucx::gpu_direct(pe))
    return ucx::direct_put_start(call, pe, offset, src, bytes, w, kCopyPayload);
  w.left.fetch_add(static_cast<long>(chunks(bytes)), std::memory_order_relaxed);
  for (size_t done = 0, n; done < bytes; done += n) {
    n = chunk_at(bytes, done);
    send(call, pe, kAmPut, request(w, offset + done), static_cast<const char *>(src) + done, n);
  }
}

void gpu_get_start(const char *call, int pe, size_t offset, void *dst, size_t bytes,
                   Answers &w) {
  net::stats::add(net::stats::get);
  net::stats::add(net::stats::get_bytes, bytes);
  ucx::connect_if_new(call, pe); /* (whether pe's GPU heap key exists) */
  if (ucx::gpu_direct(pe)) return ucx::direct_get_start(call, pe, offset, dst, bytes, w);
  w.dst = static_cast<char *>(dst);
  w.left.fetch_add(static_cast<long>(chunks(bytes)), std::memory_order_relaxed);
  for (size_t done = 0, n; done < bytes; done += n) {
    n = chunk_at(bytes, done);
    Request r = request(w, offset + done);
    r.bytes = n;
    r.at = done;
    send(call, pe, kAmGet, r, nullptr, 0);
  }
}

void gpu_atomic_start(const char *call, int pe, size_t offset, AtomicOp op, uint64_t operand,
                      uint64_t compare, size_t size, Answers &w) {
  net::stats::add(net::stats::atomic);
  w.left.fetch_add(1, std::memory_order_relaxed);
  Request r = request(w, offset);
  r.op = static_cast<uint8_t>(op);
  r.size = static_cast<uint8_t>(size);
  r.operand = operand;
  r.compare = compare;
  send(call, pe, kAmAtomic, r, nullptr, 0);
}

void gpu_batch_start(const char *call, int pe, const BatchItem *items, size_t n, Answers &w) {
  w.left.fetch_add(1, std::memory_order_relaxed);
  send(call, pe, kAmBatch, request(w, 0), items, n * sizeof(BatchItem));
}

void gpu_put(const char *call, int pe, size_t offset, const void *src, size_t bytes) {
  Answers w;
  gpu_put_start(call, pe, offset, src, bytes, w);
  wait_answers(w);
}

void gpu_get(const char *call, int pe, size_t offset, void *dst, size_t bytes) {
  Answers w;
  gpu_get_start(call, pe, offset, dst, bytes, w);
  wait_answers(w);
}

uint64_t gpu_atomic(const char *call, int pe, size_t offset, AtomicOp op, uint64_t operand,
                    uint64_t compare, size_t size) {
  Answers w;
  gpu_atomic_start(call, pe, offset, op, operand, compare, size, w);
  wait_answers(w);
  return w.value;
}

}  // namespace net
}  // namespace rocshmem
