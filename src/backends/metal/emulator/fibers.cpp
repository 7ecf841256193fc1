// One threadgroup's threads as fibers on the calling host thread (Boost.Context), run
// in turn until each reaches a barrier or a SIMD-group exchange. A simdgroup's exchange
// completes when every one of its lanes still running has reached one (the lanes that
// reached a threadgroup barrier or returned are inactive for it, as lanes outside a
// branch are on a GPU); the threadgroup barrier opens when every simdgroup is through
// with its exchanges and each thread waits at it or has returned.
#include <sys/mman.h>
#include <unistd.h>

#include <boost/context/fiber.hpp>
#include <vector>

#include "backends/metal/emulator/msl_internal.hpp"
#include "ingot/error.hpp"

namespace ingot::metal_emulator {
namespace {

namespace context = boost::context;

// Kernels keep their locals (arrays, simdgroup matrices) on the stack; pages are only
// committed when touched, and a guard page below each stack turns an overflow into a
// fault instead of a corruption.
constexpr size_t kStackBytes = 256 * 1024;

// Stacks of one host thread, reused from group to group.
class StackPool {
 public:
  StackPool() = default;
  StackPool(const StackPool&) = delete;
  StackPool& operator=(const StackPool&) = delete;
  ~StackPool() {
    for (void* base : free_) ::munmap(base, kStackBytes + page());
  }
  context::stack_context take() {
    void* base;
    if (!free_.empty()) {
      base = free_.back();
      free_.pop_back();
    } else {
      base = ::mmap(nullptr, kStackBytes + page(), PROT_READ | PROT_WRITE,
                    MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      if (base == MAP_FAILED) throw Error("emulated Metal: cannot map a stack for a GPU thread");
      ::mprotect(base, page(), PROT_NONE);
    }
    context::stack_context stack;
    stack.size = kStackBytes;
    stack.sp = static_cast<char*>(base) + page() + kStackBytes;
    return stack;
  }
  void give(const context::stack_context& stack) {
    free_.push_back(static_cast<char*>(stack.sp) - kStackBytes - page());
  }

 private:
  static size_t page() {
    static const size_t size = static_cast<size_t>(::sysconf(_SC_PAGESIZE));
    return size;
  }
  std::vector<void*> free_;
};

struct PooledStack {
  StackPool* pool;
  context::stack_context allocate() { return pool->take(); }
  void deallocate(context::stack_context& stack) { pool->give(stack); }
};

enum class State { Ready, AtBarrier, AtExchange, Done };

struct Fiber {
  context::fiber self;  // resumes the thread
  context::fiber back;  // resumes the scheduler, while the thread runs
  State state = State::Ready;
};

void on_sync(IngotMslThread* thread, int kind) {
  auto* fiber = static_cast<Fiber*>(thread->runner);
  fiber->state = kind == ingot_sync_threadgroup ? State::AtBarrier : State::AtExchange;
  fiber->back = std::move(fiber->back).resume();
}

}  // namespace

void run_group_as_fibers(void (*entry)(IngotMslThread*), IngotMslThread* threads, int count) {
  thread_local StackPool stacks;
  thread_local std::vector<Fiber> fibers;
  thread_local std::vector<IngotMslSimd> simds;
  fibers.clear();
  fibers.resize(count);  // never resized while the fibers below point into it
  simds.resize((count + kSimdWidth - 1) / kSimdWidth);
  for (IngotMslSimd& simd : simds) simd.round = 0;
  for (int i = 0; i < count; ++i) {
    Fiber& f = fibers[i];
    IngotMslThread* thread = &threads[i];
    thread->runner = &f;
    thread->sync = on_sync;
    thread->simd = &simds[i / kSimdWidth];
    f.self = context::fiber(std::allocator_arg, PooledStack{&stacks},
                            [&f, thread, entry](context::fiber&& back) {
                              f.back = std::move(back);
                              entry(thread);
                              f.state = State::Done;
                              return std::move(f.back);
                            });
  }
  for (bool waiting = true; waiting;) {
    for (size_t s = 0; s < simds.size(); ++s) {
      int first = static_cast<int>(s) * kSimdWidth, end = std::min(first + kSimdWidth, count);
      for (;;) {
        for (int i = first; i < end; ++i)
          if (fibers[i].state == State::Ready) fibers[i].self = std::move(fibers[i].self).resume();
        unsigned exchanged = 0;
        for (int i = first; i < end; ++i)
          if (fibers[i].state == State::AtExchange) exchanged |= 1u << (i - first);
        if (!exchanged) break;
        IngotMslSimd& simd = simds[s];
        simd.mask[simd.round & 1] = exchanged;
        ++simd.round;
        for (int i = first; i < end; ++i)
          if (fibers[i].state == State::AtExchange) fibers[i].state = State::Ready;
      }
    }
    waiting = false;
    for (Fiber& f : fibers)
      if (f.state == State::AtBarrier) f.state = State::Ready, waiting = true;
  }
}

}  // namespace ingot::metal_emulator
