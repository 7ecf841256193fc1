// One threadgroup's threads as fibers on the calling host thread (Boost.Context's
// fcontext switches), scheduled in lock-step (lock_step.hpp): the lanes of a kernel whose
// synchronizing calls the coroutine rewrite cannot reach (msl_lanes.cpp). The fibers of a
// host thread live as long as it: a fiber runs one GPU thread after another, so a group
// costs no fiber creation.
#include <sys/mman.h>
#include <unistd.h>

#include <boost/context/detail/fcontext.hpp>
#include <memory>
#include <vector>

#include "backends/metal/emulator/fiber_switch.hpp"
#include "backends/metal/emulator/lock_step.hpp"
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
    state = LaneState::Ready;
  }
  // Runs the thread until it synchronizes or returns.
  void resume() {
    switch_.enter();
    self_ = fcontext::jump_fcontext(self_, this).fctx;
    switch_.entered_thread();
  }
  // From the thread: back to the scheduler until resumed.
  void yield(LaneState reason) {
    state = reason;
    switch_.leave();
    back_ = fcontext::jump_fcontext(back_, nullptr).fctx;
    switch_.entered_fiber();
  }

  LaneState state = LaneState::Done;

 private:
  static void main(fcontext::transfer_t from) {
    auto* fiber = static_cast<Fiber*>(from.data);
    fiber->switch_.entered_fiber();
    fiber->back_ = from.fctx;
    for (;;) {
      fiber->entry_(fiber->thread_);
      fiber->yield(LaneState::Done);
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

void fiber_on_sync(IngotMslThread* thread, int kind) {
  static_cast<Fiber*>(thread->runner)->yield(waiting_in(kind));
}

class Fibers {
 public:
  explicit Fibers(std::unique_ptr<Fiber>* fibers) : fibers_(fibers) {}
  LaneState& state(int i) { return fibers_[i]->state; }
  void resume(int i) { fibers_[i]->resume(); }

 private:
  std::unique_ptr<Fiber>* fibers_;
};

}  // namespace

void run_group_as_fibers(void (*entry)(IngotMslThread*), IngotMslThread* threads, int count) {
  thread_local std::vector<std::unique_ptr<Fiber>> pool;
  while (static_cast<int>(pool.size()) < count) pool.push_back(std::make_unique<Fiber>());
  for (int i = 0; i < count; ++i) {
    threads[i].runner = pool[i].get();
    threads[i].sync = fiber_on_sync;
    pool[i]->start(entry, &threads[i]);
  }
  Fibers fibers(pool.data());
  run_lock_step(fibers, threads, count);
}

}  // namespace ingot::metal_emulator
