// The Objective-C facade: every call the Metal backend makes goes through this header.
// Classes are looked up by name, selectors registered by name, and each message is sent
// through objc_msgSend cast to the method's exact C prototype (never the variadic one),
// as Apple's ABI requires. No Apple header is needed: on macOS the runtime, Metal and
// CoreGraphics are opened with dlopen; elsewhere, or where no real Metal device opens, the
// same calls go to the emulated Metal (emulator/runtime.hpp), which checks every message
// against the prototype it knows for the selector. The prototype is the method's type
// signature, spelled as Objective-C type encodings and derived at compile time from the
// C++ types `send` was called with: "v@:@QQ" is void(id self, SEL _cmd, id, NSUInteger,
// NSUInteger).
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>
#include <type_traits>

namespace ingot::objc {

using id = struct objc_object*;
using SEL = struct objc_selector*;
using NSUInteger = unsigned long;  // 64 bits on every platform Metal runs on
using NSInteger = long;
using BOOL = bool;  // arm64's BOOL; the emulator and Apple silicon agree

// Passed by value as the 24-byte struct of three NSUInteger (MTLSize) and the 16-byte
// struct NSRange.
struct MTLSize {
  NSUInteger width, height, depth;
};
struct NSRange {
  NSUInteger location, length;
};

// Apple's MTLDataType codes of the scalar types a function constant may have, as
// setConstantValue:type:atIndex: and setConstantValue:type:withName: of
// MTLFunctionConstantValues take them (an NSUInteger); a vector of n lanes is the
// scalar's code + n - 1 (float4: Float + 3).
struct MTLDataType {
  static constexpr NSUInteger Float = 3, Half = 16, Int = 29, UInt = 33, Short = 37, UShort = 41,
                              Char = 45, UChar = 49, Bool = 53, Long = 81, ULong = 85, BFloat = 121;
};

// The Objective-C type encoding of each type a Metal method takes or returns.
template <class T>
struct Encoding;  // an unknown type does not compile: add it here, with its encoding
#define INGOT_OBJC_ENCODING(type, code)             \
  template <>                                       \
  struct Encoding<type> {                           \
    static constexpr std::string_view value = code; \
  }
INGOT_OBJC_ENCODING(void, "v");
INGOT_OBJC_ENCODING(id, "@");
INGOT_OBJC_ENCODING(SEL, ":");
INGOT_OBJC_ENCODING(bool, "B");
INGOT_OBJC_ENCODING(int, "i");
INGOT_OBJC_ENCODING(long, "q");
INGOT_OBJC_ENCODING(NSUInteger, "Q");
// uint64_t is unsigned long long on macOS and unsigned long on Linux: "Q" either way.
INGOT_OBJC_ENCODING(unsigned long long, "Q");
INGOT_OBJC_ENCODING(double, "d");
INGOT_OBJC_ENCODING(const char*, "r*");
INGOT_OBJC_ENCODING(void*, "^v");
INGOT_OBJC_ENCODING(const void*, "r^v");
INGOT_OBJC_ENCODING(id*, "^@");
INGOT_OBJC_ENCODING(MTLSize, "{MTLSize=QQQ}");
INGOT_OBJC_ENCODING(NSRange, "{_NSRange=QQ}");
#undef INGOT_OBJC_ENCODING

namespace detail {
template <class R, class... A>
constexpr auto signature_array() {
  constexpr size_t n = Encoding<R>::value.size() + 2 + (Encoding<A>::value.size() + ... + 0);
  std::array<char, n> out{};
  size_t at = 0;
  for (std::string_view part : {Encoding<R>::value, std::string_view("@:"), Encoding<A>::value...})
    for (char c : part) out[at++] = c;
  return out;
}
template <class R, class... A>
inline constexpr auto kSignature = signature_array<R, A...>();
}  // namespace detail

// The method signature of R(id, SEL, A...): return type, self, _cmd, then the arguments.
template <class R, class... A>
constexpr std::string_view signature() {
  return {detail::kSignature<R, A...>.data(), detail::kSignature<R, A...>.size()};
}

// The runtime in use: the real one, or the emulated Metal.
struct Runtime {
  bool emulated = true;
  std::string description;  // what opened: "Metal.framework", or why the emulator is used
  id (*get_class)(const char* name) = nullptr;
  SEL (*register_selector)(const char* name) = nullptr;
  const char* (*selector_name)(SEL selector) = nullptr;
  void (*msg_send)() = nullptr;        // objc_msgSend, cast to each prototype
  void (*msg_send_stret)() = nullptr;  // objc_msgSend_stret: large struct returns on x86-64
  void* (*pool_push)() = nullptr;
  void (*pool_pop)(void* pool) = nullptr;
  id (*create_system_default_device)() = nullptr;
  id (*copy_all_devices)() = nullptr;  // MTLCopyAllDevices: an NSArray owned by the caller
};

// Opens the runtime once: on macOS libobjc, CoreGraphics (MTLCreateSystemDefaultDevice
// returns nil without it) and Metal, unless INGOT_METAL_EMULATOR=1 or no Metal device
// opens; the emulated Metal otherwise.
const Runtime& runtime();

// The emulator's entry: checks `signature` against the selector's and runs the method;
// throws Error naming the selector and both signatures when they differ.
void emulated_send(id self, SEL selector, std::string_view signature, void* result,
                   void* const* arguments);

id get_class(const char* name);
SEL selector(const char* name);
// The selector's name, for messages.
const char* selector_name(SEL selector);

// Sends `selector` to `self` with the exact prototype R(id, SEL, A...). Arguments are
// passed at their C++ types, so a call site must spell NSUInteger, MTLSize... as the
// method declares them: a mismatch is an Error in the emulator, and undefined on Apple's.
template <class R = void, class... A>
R send(id self, SEL selector, A... arguments) {
  const Runtime& rt = runtime();
  if (rt.emulated) {
    void* argv[] = {static_cast<void*>(&arguments)..., nullptr};
    if constexpr (std::is_void_v<R>) {
      emulated_send(self, selector, signature<R, A...>(), nullptr, argv);
    } else {
      R result{};
      emulated_send(self, selector, signature<R, A...>(), &result, argv);
      return result;
    }
  } else {
    // x86-64 returns structs above 16 bytes through memory, which objc_msgSend_stret
    // handles; arm64 has no such variant. Doubles come back in a register on both.
    void (*entry)() = rt.msg_send;
    if constexpr (std::is_class_v<R>) {
      if (sizeof(R) > 16 && rt.msg_send_stret) entry = rt.msg_send_stret;
    }
    return reinterpret_cast<R (*)(id, SEL, A...)>(entry)(self, selector, arguments...);
  }
}

// Sends `name`, registering the selector on each call; hot paths keep their SEL.
template <class R = void, class... A>
R send(id self, const char* name, A... arguments) {
  return send<R, A...>(self, selector(name), arguments...);
}

// Objective-C ownership, by message: objects from new/alloc/copy are owned (+1) and
// released once; getters return objects owned by someone else (autoreleased or kept by
// their parent), which are retained only when kept.
inline void release(id object) {
  if (object) send<void>(object, "release");
}
inline id retain(id object) { return object ? send<id>(object, "retain") : object; }

// An owned object, released when the owner goes.
class Owned {
 public:
  Owned() = default;
  explicit Owned(id object) : object_(object) {}
  Owned(Owned&& other) noexcept : object_(other.object_) { other.object_ = nullptr; }
  Owned& operator=(Owned&& other) noexcept {
    std::swap(object_, other.object_);
    return *this;
  }
  Owned(const Owned&) = delete;
  Owned& operator=(const Owned&) = delete;
  // NOLINTNEXTLINE(bugprone-exception-escape): release of an object owned here cannot fail
  ~Owned() { release(object_); }
  id get() const { return object_; }
  explicit operator bool() const { return object_ != nullptr; }

 private:
  id object_ = nullptr;
};

// An autorelease pool for the scope: Metal's getters autorelease what they return, and
// a thread that is not the main thread has no pool of its own.
class AutoreleasePool {
 public:
  AutoreleasePool() : pool_(runtime().pool_push()) {}
  ~AutoreleasePool() { runtime().pool_pop(pool_); }
  AutoreleasePool(const AutoreleasePool&) = delete;
  AutoreleasePool& operator=(const AutoreleasePool&) = delete;

 private:
  void* pool_;
};

// NSString from UTF-8, autoreleased; and the UTF-8 text of an NSString ("" for nil).
id ns_string(const std::string& text);
std::string to_string(id ns_string);
// The localizedDescription of an NSError, or "" for nil.
std::string error_text(id ns_error);

}  // namespace ingot::objc
