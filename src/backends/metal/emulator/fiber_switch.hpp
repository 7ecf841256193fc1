// Tells AddressSanitizer and ThreadSanitizer, in a build with either (docs/testing.md),
// that the emulator's fibers switch stacks: without it ASan takes a fiber's stack for a
// wild jump of the thread's own (false reports, unpoisoned frames) and TSan mixes the
// fibers' shadow stacks up. In an ordinary build every call is empty.
#pragma once

#include <cstddef>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define INGOT_FIBERS_ASAN 1
#endif
#if __has_feature(thread_sanitizer)
#define INGOT_FIBERS_TSAN 1
#endif
#endif
#if defined(__SANITIZE_ADDRESS__)
#define INGOT_FIBERS_ASAN 1
#endif
#if defined(__SANITIZE_THREAD__)
#define INGOT_FIBERS_TSAN 1
#endif

#ifdef INGOT_FIBERS_ASAN
#include <sanitizer/common_interface_defs.h>
#endif
#ifdef INGOT_FIBERS_TSAN
#include <sanitizer/tsan_interface.h>
#endif

namespace ingot::metal_emulator {

// The sanitizers' view of one fiber, whose stack is [bottom, bottom + size), and of the
// host thread that resumes it. Each switch is announced before the jump and completed
// after it, on the other side.
class FiberSwitch {
 public:
  FiberSwitch([[maybe_unused]] const void* bottom, [[maybe_unused]] size_t size) {
#ifdef INGOT_FIBERS_ASAN
    bottom_ = bottom;
    size_ = size;
#endif
#ifdef INGOT_FIBERS_TSAN
    fiber_ = __tsan_create_fiber(0);
#endif
  }
  ~FiberSwitch() {
#ifdef INGOT_FIBERS_TSAN
    __tsan_destroy_fiber(fiber_);
#endif
  }
  FiberSwitch(const FiberSwitch&) = delete;
  FiberSwitch& operator=(const FiberSwitch&) = delete;

  // On the host thread, before jumping into the fiber.
  void enter() {
#ifdef INGOT_FIBERS_ASAN
    __sanitizer_start_switch_fiber(&thread_fake_stack_, bottom_, size_);
#endif
#ifdef INGOT_FIBERS_TSAN
    thread_ = __tsan_get_current_fiber();
    __tsan_switch_to_fiber(fiber_, 0);
#endif
  }
  // On the host thread, back from the fiber.
  void entered_thread() {
#ifdef INGOT_FIBERS_ASAN
    __sanitizer_finish_switch_fiber(thread_fake_stack_, nullptr, nullptr);
#endif
  }
  // On the fiber, before jumping back to the host thread.
  void leave() {
#ifdef INGOT_FIBERS_ASAN
    __sanitizer_start_switch_fiber(&fiber_fake_stack_, thread_bottom_, thread_size_);
#endif
#ifdef INGOT_FIBERS_TSAN
    __tsan_switch_to_fiber(thread_, 0);
#endif
  }
  // On the fiber, when the host thread jumped into it (first or again).
  void entered_fiber() {
#ifdef INGOT_FIBERS_ASAN
    __sanitizer_finish_switch_fiber(fiber_fake_stack_, &thread_bottom_, &thread_size_);
#endif
  }

 private:
#ifdef INGOT_FIBERS_ASAN
  const void* bottom_;
  size_t size_;
  const void* thread_bottom_ = nullptr;
  size_t thread_size_ = 0;
  void* thread_fake_stack_ = nullptr;
  void* fiber_fake_stack_ = nullptr;
#endif
#ifdef INGOT_FIBERS_TSAN
  void* fiber_;
  void* thread_ = nullptr;
#endif
};

}  // namespace ingot::metal_emulator
