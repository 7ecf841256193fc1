// The Foundation classes Metal's API passes around: NSString, NSError and NSArray.
#include <fmt/format.h>

#include <utility>

#include "backends/metal/emulator/objects.hpp"
#include "ingot/error.hpp"

namespace ingot::metal_emulator {

NSString::NSString(std::string text) : Object(class_named("NSString")), text(std::move(text)) {}

NSError::NSError(std::string text)
    : Object(class_named("NSError")),
      description(Ref<NSString>::adopt(new NSString(std::move(text)))) {}

void set_error(id* error, std::string text) {
  if (error) *error = (new NSError(std::move(text)))->autorelease()->as_id();
}

NSArray::NSArray(std::vector<Ref<Object>> items)
    : Object(class_named("NSArray")), items(std::move(items)) {}

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
  // Autoreleased, as Foundation's: reading it outside a pool is reported as a leak.
  def(
      error, "localizedDescription", +[](NSError& self) -> id {
        return (new NSString(self.description->text))->autorelease()->as_id();
      });

  ClassInfo& array = define_class("NSArray", base);
  def(
      array, "count", +[](NSArray& self) -> NSUInteger { return self.items.size(); });
  // Owned by the array; an index past the end raises NSRangeException in Foundation.
  def(
      array, "objectAtIndex:", +[](NSArray& self, NSUInteger index) -> id {
        if (index >= self.items.size())
          throw Error(
              fmt::format("emulated Metal: NSArray objectAtIndex:{} beyond bounds [0 .. {}]", index,
                          self.items.size()));
        return self.items[index]->as_id();
      });
}

}  // namespace ingot::metal_emulator
