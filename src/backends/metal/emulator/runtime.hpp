// The emulated Objective-C runtime behind the facade (backends/metal/api.hpp): objects
// with retain counts, classes answering selectors, autorelease pools. Each method is a
// C++ function whose parameter and return types give its signature, so a message whose
// types differ from the method's is refused, naming both. Lifetimes are checked as
// Apple's zombies do: a deallocated object keeps its shell, and a message to it, an
// over-release or an autorelease outside any pool is recorded as a problem; live objects
// are listed for leak checks.
#pragma once

#include <atomic>
#include <functional>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "backends/metal/api.hpp"

namespace ingot::metal_emulator {

using objc::id;
using objc::MTLSize;
using objc::NSRange;
using objc::NSUInteger;
using objc::SEL;

class Object;

// One method: its signature and how to run it on (self, result, arguments).
struct Method {
  std::string signature;
  std::function<void(Object* self, void* result, void* const* arguments)> call;
};

struct ClassInfo {
  std::string name;
  const ClassInfo* super = nullptr;
  std::map<std::string, Method, std::less<>> methods;        // instance methods
  std::map<std::string, Method, std::less<>> class_methods;  // sent to the class object
  const Method* find(std::string_view selector, bool class_side) const;
};

// Every emulated object. Created with a retain count of 1 (owned by whoever called
// new/alloc); `dealloc` runs when the count reaches zero and releases what it holds.
class Object {
 public:
  explicit Object(const ClassInfo& cls);
  virtual ~Object() = default;
  Object(const Object&) = delete;
  Object& operator=(const Object&) = delete;

  const ClassInfo& cls() const { return *cls_; }
  id as_id() { return reinterpret_cast<id>(this); }
  void retain();
  void release();
  // Adds the object to the calling thread's innermost autorelease pool.
  Object* autorelease();
  int64_t retain_count() const { return refs_.load(); }
  bool deallocated() const { return deallocated_.load(); }

 protected:
  virtual void dealloc() {}

 private:
  const ClassInfo* cls_;
  std::atomic<int64_t> refs_{1};
  std::atomic<bool> deallocated_{false};
};

// The object behind `self`, checked to be a live object of the emulator; throws Error
// naming `selector` otherwise.
Object* object_of(id self, std::string_view selector);
template <class T>
T* as(id self, std::string_view what) {
  return static_cast<T*>(object_of(self, what));
}

// Defines (once) a class and its methods.
ClassInfo& define_class(const std::string& name, const ClassInfo* super);
// A defined class (all are defined on the runtime's first use); throws when unknown.
const ClassInfo& class_named(const std::string& name);

namespace detail {
template <class Self, class R, class... A, size_t... I>
void invoke(R (*fn)(Self&, A...), Object* self, void* result, void* const* arguments,
            std::index_sequence<I...>) {
  Self& typed = static_cast<Self&>(*self);
  if constexpr (std::is_void_v<R>)
    fn(typed, *static_cast<A*>(arguments[I])...);
  else
    *static_cast<R*>(result) = fn(typed, *static_cast<A*>(arguments[I])...);
}
template <class R, class... A, size_t... I>
void invoke_static(R (*fn)(A...), void* result, void* const* arguments, std::index_sequence<I...>) {
  if constexpr (std::is_void_v<R>)
    fn(*static_cast<A*>(arguments[I])...);
  else
    *static_cast<R*>(result) = fn(*static_cast<A*>(arguments[I])...);
}
}  // namespace detail

// An instance method: `fn(self, arguments...)`, Self being the class's C++ type.
template <class Self, class R, class... A>
void def(ClassInfo& cls, const char* selector, R (*fn)(Self&, A...)) {
  cls.methods[selector] = {std::string(objc::signature<R, A...>()),
                           [fn](Object* self, void* result, void* const* arguments) {
                             detail::invoke(fn, self, result, arguments,
                                            std::index_sequence_for<A...>{});
                           }};
}
// A class method: `fn(arguments...)`.
template <class R, class... A>
void def_class(ClassInfo& cls, const char* selector, R (*fn)(A...)) {
  cls.class_methods[selector] = {
      std::string(objc::signature<R, A...>()), [fn](Object*, void* result, void* const* arguments) {
        detail::invoke_static(fn, result, arguments, std::index_sequence_for<A...>{});
      }};
}

// The runtime's C entry points, as the facade calls them.
id get_class(const char* name);
SEL register_selector(const char* name);
const char* selector_name(SEL selector);
void* pool_push();
void pool_pop(void* pool);
id create_system_default_device();  // MTLCreateSystemDefaultDevice: owned by the caller
id copy_all_devices();              // MTLCopyAllDevices: an NSArray owned by the caller

// Lifetime checks. A live object: its class and retain count.
struct LiveObject {
  const Object* object;
  std::string class_name;
  int64_t retain_count;
};
std::vector<LiveObject> live_objects();
// Over-releases, messages to deallocated objects, autoreleases outside a pool, pools
// popped out of order; each problem once, and the list is emptied.
std::vector<std::string> take_problems();
// Waits (up to 10 s) until every queue has let go of the command buffers it ran: a
// waitUntilCompleted returns before the queue releases the buffer, and with it what the
// buffer holds, so a count of live objects taken at once may still see them.
void wait_for_idle_queues();
void report_problem(std::string problem);

}  // namespace ingot::metal_emulator
