// One threadgroup's threads as fibers on the calling host thread (Boost.Context's
// fcontext switches), run in turn until each reaches a barrier or a SIMD-group exchange.
// A simdgroup's exchange completes when every one of its lanes still running has reached
// one (the lanes that reached a threadgroup barrier or returned are inactive for it, as
// lanes outside a branch are on a GPU); the threadgroup barrier opens when every
// simdgroup is through with its exchanges and each thread waits at it or has returned.
// The fibers of a host thread live as long as it: a fiber runs one GPU thread after
// another, so a group costs no fiber creation.
#include <sys/mman.h>
#include <unistd.h>

#include <boost/context/detail/fcontext.hpp>
#include <memory>
#include <vector>

#include "backends/metal/emulator/fiber_switch.hpp"
#include "backends/metal/emulator/msl_internal.hpp"
#include "ingot/error.hpp"

namespace ingot::metal_emulator {
namespace {

namespace fcontext = boost::context::detail;

// Kernels keep their locals (arrays, simdgroup matrices) on the stack; pages are only
// committed when touched, and a guard page below each stack turns an overflow into a
// fault instead of a corruption.
constexpr size_t kStackBytes = size_t{256} * 1024;

size_t page() {
  static const size_t size = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
  return size;
}

enum class State { Ready, AtBarrier, AtExchange, Done };

class Fiber {
 public:
  Fiber() : base_(map_stack()), switch_(static_cast<char*>(base_) + page(), kStackBytes) {
    self_ = fcontext::make_fcontext(static_cast<char*>(base_) + page() + kStackBytes, kStackBytes,
                                    main);
  }
  ~Fiber() { ::munmap(base_, kStackBytes + page()); }
  Fiber(const Fiber&) = delete;
  Fiber& operator=(const Fiber&) = delete;

  void start(void (*entry)(IngotMslThread*), IngotMslThread* thread) {
    entry_ = entry;
    thread_ = thread;
    state = State::Ready;
  }
  // Runs the thread until it synchronizes or returns.
  void resume() {
    switch_.enter();
    self_ = fcontext::jump_fcontext(self_, this).fctx;
    switch_.entered_thread();
  }
  // From the thread: back to the scheduler until resumed.
  void yield(State reason) {
    state = reason;
    switch_.leave();
    back_ = fcontext::jump_fcontext(back_, nullptr).fctx;
    switch_.entered_fiber();
  }

  State state = State::Done;

 private:
  static void main(fcontext::transfer_t from) {
    auto* fiber = static_cast<Fiber*>(from.data);
    fiber->switch_.entered_fiber();
    fiber->back_ = from.fctx;
    for (;;) {
      fiber->entry_(fiber->thread_);
      fiber->yield(State::Done);
    }
  }

  static void* map_stack() {
    void* base = ::mmap(nullptr, kStackBytes + page(), PROT_READ | PROT_WRITE,
                        MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
    if (base == MAP_FAILED) throw Error("emulated Metal: cannot map a stack for a GPU thread");
    ::mprotect(base, page(), PROT_NONE);
    return base;
  }

  void* base_;
  FiberSwitch switch_;
  fcontext::fcontext_t self_;            // where the fiber goes on
  fcontext::fcontext_t back_ = nullptr;  // where the scheduler goes on
  void (*entry_)(IngotMslThread*) = nullptr;
  IngotMslThread* thread_ = nullptr;
};

void on_sync(IngotMslThread* thread, int kind) {
  static_cast<Fiber*>(thread->runner)
      ->yield(kind == ingot_sync_threadgroup ? State::AtBarrier : State::AtExchange);
}

}  // namespace

void run_group_as_fibers(void (*entry)(IngotMslThread*), IngotMslThread* threads, int count) {
  thread_local std::vector<std::unique_ptr<Fiber>> pool;
  thread_local std::vector<IngotMslSimd> simds;
  while (static_cast<int>(pool.size()) < count) pool.push_back(std::make_unique<Fiber>());
  simds.resize((count + kSimdWidth - 1) / kSimdWidth);
  for (IngotMslSimd& simd : simds) simd.round = 0;
  for (int i = 0; i < count; ++i) {
    threads[i].runner = pool[i].get();
    threads[i].sync = on_sync;
    threads[i].simd = &simds[i / kSimdWidth];
    pool[i]->start(entry, &threads[i]);
  }
  std::unique_ptr<Fiber>* fibers = pool.data();
  for (bool waiting = true; waiting;) {
    for (size_t s = 0; s < simds.size(); ++s) {
      int first = static_cast<int>(s) * kSimdWidth, end = std::min(first + kSimdWidth, count);
      for (;;) {
        unsigned exchanged = 0;
        for (int i = first; i < end; ++i) {
          if (fibers[i]->state == State::Ready) fibers[i]->resume();
          if (fibers[i]->state == State::AtExchange) exchanged |= 1u << (i - first);
        }
        if (!exchanged) break;
        IngotMslSimd& simd = simds[s];
        simd.mask[simd.round & 1] = exchanged;
        ++simd.round;
        for (int i = first; i < end; ++i)
          if (fibers[i]->state == State::AtExchange) fibers[i]->state = State::Ready;
      }
    }
    waiting = false;
    for (int i = 0; i < count; ++i)
      if (fibers[i]->state == State::AtBarrier) fibers[i]->state = State::Ready, waiting = true;
  }
}

}  // namespace ingot::metal_emulator
