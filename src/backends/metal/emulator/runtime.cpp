// The emulated Objective-C runtime: the class table, message dispatch with signature
// checks, retain counts with zombies, and autorelease pools.
#include "backends/metal/emulator/runtime.hpp"

#include <fmt/format.h>

#include <memory>
#include <mutex>
#include <set>
#include <unordered_set>

#include "backends/metal/emulator/objects.hpp"
#include "ingot/error.hpp"

namespace ingot::metal_emulator {
namespace {

// A class as an object: the receiver of class methods (new, alloc, stringWithUTF8String:).
class ClassObject final : public Object {
 public:
  ClassObject(const ClassInfo& meta, const ClassInfo& described)
      : Object(meta), described(described) {}
  const ClassInfo& described;
};

struct Registry {
  // Recursive: making a class object registers the object while the class table is locked.
  std::recursive_mutex mutex;
  std::map<std::string, std::unique_ptr<ClassInfo>, std::less<>> classes;
  std::map<std::string, std::unique_ptr<ClassObject>, std::less<>> class_objects;
  std::unordered_set<const Object*> objects;     // every object made, live or deallocated
  std::set<std::string, std::less<>> selectors;  // interned names; a SEL points into one
  std::vector<std::string> problems;
};

Registry& registry() {
  static auto* instance = new Registry;  // outlives every object, devices included
  return *instance;
}

const ClassInfo& metaclass() {
  static ClassInfo meta{"Class", nullptr, {}, {}};
  return meta;
}

void define_nsobject(ClassInfo& cls) {
  def(
      cls, "retain", +[](Object& self) -> id {
        self.retain();
        return self.as_id();
      });
  def(
      cls, "release", +[](Object& self) { self.release(); });
  def(
      cls, "autorelease", +[](Object& self) -> id { return self.autorelease()->as_id(); });
  def(
      cls, "retainCount",
      +[](Object& self) -> NSUInteger { return NSUInteger(self.retain_count()); });
  def(
      cls, "respondsToSelector:", +[](Object& self, SEL selector) -> bool {
        return self.cls().find(metal_emulator::selector_name(selector), false) != nullptr;
      });
}

// Defines every class on first use of the runtime.
void ensure_classes() {
  static std::once_flag once;
  std::call_once(once, [] {
    define_nsobject(define_class("NSObject", nullptr));
    define_foundation_classes();
    define_device_classes();
    define_library_classes();
    define_function_constant_classes();
    define_command_classes();
    define_indirect_classes();
  });
}

// The calling thread's pools, innermost last.
thread_local std::vector<std::vector<Object*>> t_pools;

}  // namespace

const Method* ClassInfo::find(std::string_view selector, bool class_side) const {
  for (const ClassInfo* c = this; c; c = c->super) {
    const auto& table = class_side ? c->class_methods : c->methods;
    if (auto it = table.find(selector); it != table.end()) return &it->second;
  }
  return nullptr;
}

Object::Object(const ClassInfo& cls) : cls_(&cls) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.objects.insert(this);
}

void Object::retain() { refs_.fetch_add(1); }

void Object::release() {
  int64_t before = refs_.fetch_sub(1);
  if (before == 1) {
    deallocated_ = true;
    dealloc();  // the shell stays, as a zombie
  } else if (before <= 0) {
    refs_.fetch_add(1);
    report_problem(fmt::format("over-release: release sent to a deallocated {} ({})", cls().name,
                               fmt::ptr(this)));
  }
}

Object* Object::autorelease() {
  if (t_pools.empty()) {
    report_problem(fmt::format("a {} ({}) was autoreleased with no pool in place: it leaks",
                               cls().name, fmt::ptr(this)));
  } else {
    t_pools.back().push_back(this);
  }
  return this;
}

Object* object_of(id self, std::string_view selector) {
  auto* object = reinterpret_cast<Object*>(self);
  Registry& r = registry();
  {
    std::lock_guard lock(r.mutex);
    if (!r.objects.contains(object))
      throw Error(fmt::format("emulated Metal: '{}' sent to {}, which is not an object", selector,
                              fmt::ptr(self)));
  }
  if (object->deallocated() && selector != "release") {
    std::string problem = fmt::format("'{}' sent to a deallocated {} ({})", selector,
                                      object->cls().name, fmt::ptr(self));
    report_problem(problem);
    throw Error("emulated Metal: " + problem);
  }
  return object;
}

ClassInfo& define_class(const std::string& name, const ClassInfo* super) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  auto& slot = r.classes[name];
  if (!slot) slot = std::make_unique<ClassInfo>(ClassInfo{name, super, {}, {}});
  return *slot;
}

const ClassInfo& class_named(const std::string& name) {
  ensure_classes();
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  auto it = r.classes.find(name);
  if (it == r.classes.end()) throw Error("emulated Metal: no class " + name);
  return *it->second;
}

id get_class(const char* name) {
  ensure_classes();
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  auto it = r.classes.find(std::string_view(name));
  if (it == r.classes.end()) return nullptr;  // as objc_getClass does
  auto& object = r.class_objects[name];
  if (!object) object = std::make_unique<ClassObject>(metaclass(), *it->second);
  return object->as_id();
}

SEL register_selector(const char* name) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  return reinterpret_cast<SEL>(const_cast<char*>(r.selectors.insert(name).first->c_str()));
}

const char* selector_name(SEL selector) { return reinterpret_cast<const char*>(selector); }

void* pool_push() {
  t_pools.emplace_back();
  return reinterpret_cast<void*>(t_pools.size());
}

void pool_pop(void* pool) {
  size_t depth = reinterpret_cast<size_t>(pool);
  if (depth == 0 || depth > t_pools.size()) {
    report_problem(fmt::format("autorelease pool {} popped, but {} are open on this thread", depth,
                               t_pools.size()));
    return;
  }
  // Inner pools left open are popped with it, as the real runtime does.
  while (t_pools.size() >= depth) {
    std::vector<Object*> objects = std::move(t_pools.back());
    t_pools.pop_back();
    for (auto it = objects.rbegin(); it != objects.rend(); ++it) (*it)->release();
  }
}

std::vector<LiveObject> live_objects() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  std::vector<LiveObject> live;
  // Class objects are never released: not in leak lists.
  for (const Object* object : r.objects)
    if (!object->deallocated() && &object->cls() != &metaclass())
      live.push_back({object, object->cls().name, object->retain_count()});
  return live;
}

void report_problem(std::string problem) {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  r.problems.push_back(std::move(problem));
}

std::vector<std::string> take_problems() {
  Registry& r = registry();
  std::lock_guard lock(r.mutex);
  return std::exchange(r.problems, {});
}

}  // namespace ingot::metal_emulator

namespace ingot::objc {

void emulated_send(id self, SEL selector, std::string_view signature, void* result,
                   void* const* arguments) {
  using namespace metal_emulator;
  std::string_view name = selector_name(selector);
  if (!self) {
    // A message to nil does nothing and returns zero, as in Objective-C; `result` was
    // zeroed by the caller.
    return;
  }
  Object* object = object_of(self, name);
  auto* class_object = dynamic_cast<ClassObject*>(object);
  const ClassInfo& cls = class_object ? class_object->described : object->cls();
  const Method* method = cls.find(name, class_object != nullptr);
  if (!method)
    throw Error(
        fmt::format("emulated Metal: {} does not respond to {}'{}' (sent with signature {})",
                    cls.name, class_object ? "+" : "-", name, signature));
  if (method->signature != signature)
    throw Error(fmt::format(
        "emulated Metal: {}'{}' of {} was sent with the signature {}, but the method's is {} "
        "(return type, self, _cmd, arguments, as Objective-C type encodings)",
        class_object ? "+" : "-", name, cls.name, signature, method->signature));
  method->call(object, result, arguments);
}

}  // namespace ingot::objc
