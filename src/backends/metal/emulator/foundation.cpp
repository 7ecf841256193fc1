// The Foundation classes Metal's API passes around: NSString and NSError.
#include "backends/metal/emulator/objects.hpp"

namespace ingot::metal_emulator {

NSString::NSString(std::string text) : Object(class_named("NSString")), text(std::move(text)) {}

NSError::NSError(std::string text)
    : Object(class_named("NSError")), description(Ref<NSString>::adopt(new NSString(text))) {}

void define_foundation_classes() {
  const ClassInfo* base = &define_class("NSObject", nullptr);
  ClassInfo& string = define_class("NSString", base);
  // Autoreleased, as every convenience constructor's result.
  def_class(
      string, "stringWithUTF8String:", +[](const char* text) -> id {
        return (new NSString(text ? text : ""))->autorelease()->as_id();
      });
  def(
      string, "UTF8String", +[](NSString& self) -> const char* { return self.text.c_str(); });
  def(
      string, "length", +[](NSString& self) -> NSUInteger { return self.text.size(); });

  ClassInfo& error = define_class("NSError", base);
  // Owned by the error: the caller does not release it.
  def(
      error, "localizedDescription",
      +[](NSError& self) -> id { return self.description->as_id(); });
}

}  // namespace ingot::metal_emulator
