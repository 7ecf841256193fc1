// Opens the Objective-C runtime and Metal with dlopen on macOS, or picks the emulated
// Metal; and the few helpers every file of the backend shares.
#include "backends/metal/api.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>

#include "backends/metal/emulator/runtime.hpp"

namespace ingot::objc {
namespace {

Runtime emulator(std::string why) {
  namespace emu = metal_emulator;
  Runtime rt;
  rt.emulated = true;
  rt.description = "emulated Metal (" + why + ")";
  rt.get_class = [](const char* name) { return emu::get_class(name); };
  rt.register_selector = emu::register_selector;
  rt.selector_name = emu::selector_name;
  rt.pool_push = emu::pool_push;
  rt.pool_pop = emu::pool_pop;
  rt.create_system_default_device = emu::create_system_default_device;
  rt.copy_all_devices = emu::copy_all_devices;
  return rt;
}

#ifdef __APPLE__
// Apple's libraries; the system keeps them in its shared cache, so the paths are fixed.
constexpr const char* kObjc = "/usr/lib/libobjc.A.dylib";
constexpr const char* kCoreGraphics =
    "/System/Library/Frameworks/CoreGraphics.framework/CoreGraphics";
constexpr const char* kMetal = "/System/Library/Frameworks/Metal.framework/Metal";

template <class F>
bool resolve(void* library, const char* name, F& out) {
  out = reinterpret_cast<F>(::dlsym(library, name));
  return out != nullptr;
}

// The real runtime, or the reason it cannot be had.
Runtime open_apple(std::string& why) {
  Runtime rt;
  rt.emulated = false;
  void* objc = ::dlopen(kObjc, RTLD_NOW | RTLD_LOCAL);
  // Without CoreGraphics loaded, MTLCreateSystemDefaultDevice returns nil in a process
  // that is not an application.
  void* graphics = ::dlopen(kCoreGraphics, RTLD_NOW | RTLD_GLOBAL);
  void* metal = ::dlopen(kMetal, RTLD_NOW | RTLD_LOCAL);
  if (!objc || !graphics || !metal) {
    const char* error = ::dlerror();
    why = std::string("cannot open the Objective-C runtime, CoreGraphics or Metal: ") +
          (error ? error : "not found");
    return rt;
  }
  bool ok = resolve(objc, "objc_getClass", rt.get_class) &&
            resolve(objc, "sel_registerName", rt.register_selector) &&
            resolve(objc, "sel_getName", rt.selector_name) &&
            resolve(objc, "objc_msgSend", rt.msg_send) &&
            resolve(objc, "objc_autoreleasePoolPush", rt.pool_push) &&
            resolve(objc, "objc_autoreleasePoolPop", rt.pool_pop) &&
            resolve(metal, "MTLCreateSystemDefaultDevice", rt.create_system_default_device) &&
            resolve(metal, "MTLCopyAllDevices", rt.copy_all_devices);
  resolve(objc, "objc_msgSend_stret", rt.msg_send_stret);  // x86-64 only
  if (!ok) {
    why = "the Objective-C runtime or Metal lacks an entry point ingot uses";
    return rt;
  }
  // A Mac without a Metal GPU (a virtual machine) has no default device.
  id device = rt.create_system_default_device();
  if (!device) {
    why = "MTLCreateSystemDefaultDevice returned nil: this Mac has no Metal device";
    return rt;
  }
  reinterpret_cast<void (*)(id, SEL)>(rt.msg_send)(device, rt.register_selector("release"));
  rt.description = "Metal.framework";
  why.clear();
  return rt;
}
#endif

Runtime open() {
  const char* forced = std::getenv("INGOT_METAL_EMULATOR");
  if (forced && std::strcmp(forced, "1") == 0) return emulator("INGOT_METAL_EMULATOR=1");
#ifdef __APPLE__
  std::string why;
  Runtime apple = open_apple(why);
  if (why.empty()) return apple;
  return emulator(why);
#else
  return emulator("no Metal outside macOS");
#endif
}

}  // namespace

const Runtime& runtime() {
  static const Runtime instance = open();
  return instance;
}

id get_class(const char* name) { return runtime().get_class(name); }
SEL selector(const char* name) { return runtime().register_selector(name); }
const char* selector_name(SEL selector) { return runtime().selector_name(selector); }

id ns_string(const std::string& text) {
  return send<id>(get_class("NSString"), "stringWithUTF8String:", text.c_str());
}

std::string to_string(id string) {
  if (!string) return "";
  const char* text = send<const char*>(string, "UTF8String");
  return text ? text : "";
}

std::string error_text(id error) {
  return error ? to_string(send<id>(error, "localizedDescription")) : "";
}

}  // namespace ingot::objc
