// runtime/link_command.hpp: a kernel's object is linked by the command its compiler's
// driver names, with each object's own paths, into a shared object that loads and runs;
// a driver that names no link is an Error quoting its answer.
#include "runtime/link_command.hpp"

#include <dlfcn.h>
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "ingot/error.hpp"
#include "runtime/process.hpp"

namespace ingot {
namespace {

class LinkCommandTest : public ::testing::TestWithParam<const char*> {
 protected:
  void SetUp() override {
    driver_ = find_executable(GetParam());
    if (driver_.empty()) GTEST_SKIP() << GetParam() << " is not installed";
    dir_ = std::filesystem::temp_directory_path() / fmt::format("ingot-link-{}", ::getpid());
    std::filesystem::create_directories(dir_);
  }
  void TearDown() override {
    std::error_code ignored;
    std::filesystem::remove_all(dir_, ignored);
  }

  // Compiles a function `name` returning `value` with -c, links it by link_command and
  // calls it from the loaded shared object.
  int link_and_call(const std::string& name, int value) {
    std::string source = (dir_ / (name + ".c")).string(), object = (dir_ / (name + ".o")).string(),
                shared = (dir_ / (name + ".so")).string();
    std::ofstream(source) << fmt::format(
        "#include <math.h>\nint {}(double x) {{ return {} + (int)sqrt(x); }}\n", name, value);
    ProcessResult compiled =
        run_process({driver_, "-x", "c", "-fPIC", "-O1", "-c", "-o", object, source});
    EXPECT_EQ(compiled.exit_code, 0) << compiled.output;
    ProcessResult linked = run_process(link_command(driver_, {}, {"-lm"}, object, shared));
    EXPECT_EQ(linked.exit_code, 0) << linked.output;
    void* library = dlopen(shared.c_str(), RTLD_NOW | RTLD_LOCAL);
    EXPECT_NE(library, nullptr) << dlerror();
    if (!library) return -1;
    auto* function = reinterpret_cast<int (*)(double)>(dlsym(library, name.c_str()));
    int result = function ? function(16.0) : -1;
    dlclose(library);
    return result;
  }

  std::string driver_;
  std::filesystem::path dir_;
};

TEST_P(LinkCommandTest, EachObjectIsLinkedUnderItsOwnPaths) {
  // The first link asks the driver; the second reuses its answer with other paths.
  EXPECT_EQ(link_and_call("first_kernel", 38), 42);
  EXPECT_EQ(link_and_call("second_kernel", 3), 7);
}

INSTANTIATE_TEST_SUITE_P(Drivers, LinkCommandTest, ::testing::Values("clang-19", "gcc"));

TEST(LinkCommand, ADriverNamingNoLinkIsAnError) {
  try {
    link_command(find_executable("true"), {}, {"-lm"}, "/nowhere/kernel.o", "/nowhere/kernel.so");
    FAIL() << "expected an Error";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("names no link"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("-###"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ingot
