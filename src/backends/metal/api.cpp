// Opens the Objective-C runtime and Metal at run time on macOS, or picks the emulated
// Metal; and the few helpers every file of the backend shares.
#include "backends/metal/api.hpp"

#include <cstdlib>
#include <cstring>

#include "backends/metal/emulator/runtime.hpp"
#include "runtime/library.hpp"

namespace ingot::objc {
namespace {

Runtime emulator(const std::string& why) {
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

// The real runtime, or the reason it cannot be had.
Runtime open_apple(std::string& why) {
  Runtime rt;
  rt.emulated = false;
  try {
    // Apple's libraries stay loaded for the life of the process, as the devices do.
    Library objc = Library::open({kObjc}, "the Objective-C runtime");
    // Without CoreGraphics loaded, MTLCreateSystemDefaultDevice returns nil in a process
    // that is not an application.
    Library graphics = Library::open({kCoreGraphics}, "CoreGraphics", /*global=*/true);
    Library metal = Library::open({kMetal}, "Metal");
    for (Library* library : {&objc, &graphics, &metal}) library->keep();
    constexpr const char* kNeeded = "the Metal backend calls it";
    rt.get_class = objc.require<decltype(rt.get_class)>("objc_getClass", kNeeded);
    rt.register_selector =
        objc.require<decltype(rt.register_selector)>("sel_registerName", kNeeded);
    rt.selector_name = objc.require<decltype(rt.selector_name)>("sel_getName", kNeeded);
    rt.msg_send = objc.require<decltype(rt.msg_send)>("objc_msgSend", kNeeded);
    rt.pool_push = objc.require<decltype(rt.pool_push)>("objc_autoreleasePoolPush", kNeeded);
    rt.pool_pop = objc.require<decltype(rt.pool_pop)>("objc_autoreleasePoolPop", kNeeded);
    rt.create_system_default_device = metal.require<decltype(rt.create_system_default_device)>(
        "MTLCreateSystemDefaultDevice", kNeeded);
    rt.copy_all_devices =
        metal.require<decltype(rt.copy_all_devices)>("MTLCopyAllDevices", kNeeded);
    rt.msg_send_stret = objc.find<decltype(rt.msg_send_stret)>("objc_msgSend_stret");  // x86-64
  } catch (const Error& e) {
    why = e.what();
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
  if (!error) return "";
  // localizedDescription is autoreleased, and error paths run on threads that may have no
  // pool of their own: the text is copied out before this pool lets it go.
  AutoreleasePool pool;
  return to_string(send<id>(error, "localizedDescription"));
}

}  // namespace ingot::objc
