// The MSL header, part 4, after the ABI: the lane task. A kernel whose lanes run as coroutines
// (msl_lanes.cpp rewrites it) returns ingot_msl::lane<void>, and each function on its way
// to a barrier or a SIMD-group function ingot_msl::lane<T>: a lazy task, started when
// awaited, that resumes its awaiter when it returns (symmetric transfer, so a chain of
// helpers costs no host stack). Frames come from free lists of the host thread, by size,
// kept from group to group and from library to library (libingot owns them, so a frame
// outlives the library that made it): a lane's call of a helper allocates nothing in the
// steady state.
#include "backends/metal/emulator/msl_internal.hpp"

namespace ingot::metal_emulator {

std::string msl_header_lanes() {
  return R"MSL(
namespace ingot_msl {
// Frames of up to kFrameClasses * kFrameGrain bytes are recycled through the host thread's
// free lists, which the dispatcher binds (INGOT_MSL_BIND_HOST_THREAD) before it makes a
// group's lanes; larger ones (a lane with big local arrays) go to the allocator.
constexpr unsigned long kFrameGrain = 64,
                        kFrameClasses = sizeof(IngotMslFrames::head) / sizeof(void*);
inline thread_local IngotMslFrames* frames;
inline void* frame_new(unsigned long bytes) {
  unsigned long c = (bytes + kFrameGrain - 1) / kFrameGrain;
  if (c >= kFrameClasses) return ::operator new(bytes);
  IngotMslFrames* f = frames;
  void* p = f->head[c];
  if (!p) return ::operator new(c * kFrameGrain);
  f->head[c] = *static_cast<void**>(p);
  return p;
}
inline void frame_delete(void* p, unsigned long bytes) {
  unsigned long c = (bytes + kFrameGrain - 1) / kFrameGrain;
  if (c >= kFrameClasses) return ::operator delete(p);
  IngotMslFrames* f = frames;
  *static_cast<void**>(p) = f->head[c];
  f->head[c] = p;
}

template <class T> struct lane;
struct lane_promise_base {
  std::coroutine_handle<> awaiter;  // none for the kernel's own task
  IngotMslThread* thread;           // the lane's record, handed from awaiter to callee

  static void* operator new(unsigned long bytes) { return frame_new(bytes); }
  static void operator delete(void* p, unsigned long bytes) { frame_delete(p, bytes); }
  std::suspend_always initial_suspend() noexcept { return {}; }
  struct resume_awaiter {
    bool await_ready() noexcept { return false; }
    template <class P> std::coroutine_handle<> await_suspend(std::coroutine_handle<P> h) noexcept {
      std::coroutine_handle<> next = h.promise().awaiter;
      return next ? next : std::noop_coroutine();
    }
    void await_resume() noexcept {}
  };
  resume_awaiter final_suspend() noexcept { return {}; }
  void unhandled_exception() { __builtin_trap(); }  // -fno-exceptions: never called
};
template <class T> struct lane_promise : lane_promise_base {
  T value;
  lane<T> get_return_object();
  void return_value(T v) { value = v; }
};
template <> struct lane_promise<void> : lane_promise_base {
  lane<void> get_return_object();
  void return_void() {}
};

template <class T> struct lane {
  typedef lane_promise<T> promise_type;
  std::coroutine_handle<promise_type> frame;

  explicit lane(std::coroutine_handle<promise_type> f) : frame(f) {}
  lane(lane&& other) : frame(other.frame) { other.frame = nullptr; }
  lane& operator=(lane&&) = delete;
  ~lane() {
    if (frame) frame.destroy();
  }
  // The frame, now the caller's to resume and destroy.
  void* release() {
    void* address = frame.address();
    frame = nullptr;
    return address;
  }

  bool await_ready() const noexcept { return false; }
  template <class P>
  std::coroutine_handle<> await_suspend(std::coroutine_handle<P> awaiter) noexcept {
    frame.promise().awaiter = awaiter;
    frame.promise().thread = awaiter.promise().thread;
    return frame;
  }
  T await_resume() {
    if constexpr (!__is_same(T, void)) return static_cast<T&&>(frame.promise().value);
  }
};
template <class T> inline lane<T> lane_promise<T>::get_return_object() {
  return lane<T>(std::coroutine_handle<lane_promise<T>>::from_promise(*this));
}
inline lane<void> lane_promise<void>::get_return_object() {
  return lane<void>(std::coroutine_handle<lane_promise<void>>::from_promise(*this));
}
}  // namespace ingot_msl
)MSL";
}

}  // namespace ingot::metal_emulator
