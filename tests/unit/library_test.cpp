// The run-time library loader the backends share: what it finds, and Errors that name
// what is missing.
#include "runtime/library.hpp"

#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include "ingot/error.hpp"

namespace ingot {
namespace {

std::string error_of(const std::function<void()>& action) {
  try {
    action();
  } catch (const Error& e) {
    return e.what();
  }
  return "no error";
}

TEST(Library, OpensTheFirstCandidateThatLoadsAndFindsItsSymbols) {
  Library libc = Library::open({"libingot-no-such-library.so", "libc.so.6"}, "the C library");
  EXPECT_EQ(libc.name(), "libc.so.6");
  auto length = libc.require<size_t (*)(const char*)>("strlen", "any C library has it");
  EXPECT_EQ(length("four"), 4u);
  EXPECT_EQ(libc.find<void (*)()>("ingot_no_such_symbol"), nullptr);
}

TEST(Library, ErrorsNameTheLibraryAndWhatIsMissing) {
  std::string missing = error_of([] {
    Library::open({"libingot-missing-1.so", "libingot-missing-2.so"}, "the X driver");
  });
  for (const char* part :
       {"cannot load the X driver", "libingot-missing-1.so", "libingot-missing-2.so"})
    EXPECT_NE(missing.find(part), std::string::npos) << missing;
  Library libc = Library::open({"libc.so.6"}, "the C library");
  std::string symbol =
      error_of([&] { libc.require<void (*)()>("ingot_no_such_symbol", "version 9 has it"); });
  EXPECT_EQ(symbol, "libc.so.6 has no ingot_no_such_symbol (version 9 has it)");
  std::string image = error_of([] { Library::load_image({1, 2, 3}, "the 3-byte binary"); });
  EXPECT_NE(image.find("the 3-byte binary does not load"), std::string::npos) << image;
}

TEST(Library, CallErrorsHaveOneForm) {
  EXPECT_STREQ(call_error("CL:0 launch of 'f'", "clFinish", "CL_OUT_OF_RESOURCES", -5).what(),
               "CL:0 launch of 'f': clFinish returned CL_OUT_OF_RESOURCES (-5)");
}

}  // namespace
}  // namespace ingot
