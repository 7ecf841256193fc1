// ingot::export_function on every device: the exported library, loaded into this process
// (linked into a shared object), gives a float64 reference's results on new random inputs,
// answers bad arguments with an error code and a message, and export refuses what it
// cannot write.
#include <dlfcn.h>
#include <fmt/format.h>
#include <unistd.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <ingot/export.hpp>
#include <limits>

#include "engine/aot_export.hpp"
#include "engine/aot_runtime/ingot_aot.h"
#include "runtime/process.hpp"
#include "support/op_test.hpp"

namespace support {
namespace {

namespace fs = std::filesystem;

// An exported library linked into a shared object and opened: its C API.
class Loaded {
 public:
  Loaded(const ingot::ExportedFunction& exported, const std::string& name) {
    fs::path so = fs::path(exported.library).replace_extension(".so");
    std::vector<std::string> argv = {ingot::find_c_compiler(),
                                     "-shared",
                                     "-o",
                                     so.string(),
                                     "-Wl,--whole-archive",
                                     exported.library,
                                     "-Wl,--no-whole-archive"};
    argv.insert(argv.end(), exported.link_flags.begin(), exported.link_flags.end());
    ingot::ProcessResult linked = ingot::run_process(argv);
    EXPECT_EQ(linked.exit_code, 0) << linked.output;
    handle_ = dlopen(so.c_str(), RTLD_NOW | RTLD_LOCAL);
    EXPECT_NE(handle_, nullptr) << dlerror();
    if (!handle_) return;
    call = reinterpret_cast<Call>(dlsym(handle_, name.c_str()));
    last_error = reinterpret_cast<LastError>(dlsym(handle_, (name + "_last_error").c_str()));
    release = reinterpret_cast<Release>(dlsym(handle_, (name + "_release").c_str()));
  }
  ~Loaded() {
    if (release) release();
    if (handle_) dlclose(handle_);
  }
  Loaded(const Loaded&) = delete;
  Loaded& operator=(const Loaded&) = delete;

  // Every exported <name>_inputs and <name>_outputs of tensors only is laid out as an
  // array of ingot_aot_tensor.
  using Call = int (*)(const void* inputs, void* outputs);
  using LastError = const char* (*)();
  using Release = void (*)();
  Call call = nullptr;
  LastError last_error = nullptr;
  Release release = nullptr;

 private:
  void* handle_ = nullptr;
};

ingot_aot_tensor describe(void* data, int32_t dtype, const Shape& shape) {
  ingot_aot_tensor t{data, dtype, static_cast<int32_t>(shape.size()), {}};
  for (size_t d = 0; d < shape.size(); ++d) t.shape[d] = shape[d];
  return t;
}

std::vector<float> floats(const Array& a) {
  return std::vector<float>(a.data.begin(), a.data.end());
}

class ExportTest : public OpTest {
 protected:
  void TearDown() override {
    std::error_code ignored;
    for (const fs::path& dir : made_) fs::remove_all(dir, ignored);
  }
  fs::path out_dir(const std::string& name) {
    return made_.emplace_back(fs::temp_directory_path() / fmt::format("ingot-export-test-{}-{}-{}",
                                                                      ::getpid(), sanitize(dev()),
                                                                      name));
  }
  // The layer exported on this device for x [5, 16] and b [12], w [16, 12] in the closure.
  ingot::ExportedFunction export_layer(const Array& w, const std::string& name) {
    Tensor wt = tensor(w);
    return ingot::export_function(
        [wt](const std::vector<Tensor>& in) { return bias_relu_layer(in[0], wt, in[1]); },
        {tensor(random({5, 16})), tensor(random({12}))}, name, out_dir(name).string(), dev(),
        {{"x", "b"}, {"h", "rows"}});
  }

 private:
  std::vector<fs::path> made_;
};

TEST_P(ExportTest, TheLibraryMatchesTheReferenceOnNewInputs) {
  Array w = random({16, 12});
  ingot::ExportedFunction exported = export_layer(w, "layer");
  EXPECT_TRUE(fs::exists(exported.header));
  Loaded lib(exported, "layer");
  ASSERT_NE(lib.call, nullptr);
  for (int call = 0; call < 2; ++call) {
    Array x = random({5, 16}), b = random({12});
    std::vector<float> xs = floats(x), bs = floats(b);
    // Poisoned: every element the library does not write stays NaN.
    std::vector<float> h(60, std::numeric_limits<float>::quiet_NaN()), rows(5, h[0]);
    ingot_aot_tensor in[2] = {describe(xs.data(), INGOT_AOT_FLOAT32, {5, 16}),
                              describe(bs.data(), INGOT_AOT_FLOAT32, {12})};
    ingot_aot_tensor out[2] = {describe(h.data(), INGOT_AOT_FLOAT32, {5, 12}),
                               describe(rows.data(), INGOT_AOT_FLOAT32, {5})};
    ASSERT_EQ(lib.call(in, out), INGOT_AOT_OK) << lib.last_error();
    std::vector<Array> want = bias_relu_layer(x, w, b);
    EXPECT_TRUE(close(Tensor::from_vector(h, {5, 12}), want[0], Tol::reduction(F32, 16)));
    EXPECT_TRUE(close(Tensor::from_vector(rows, {5}), want[1], Tol::reduction(F32, 16 * 12)));
  }
}

TEST_P(ExportTest, BadArgumentsAreAnErrorCodeAndAMessage) {
  Array w = random({16, 12});
  Loaded lib(export_layer(w, "checked"), "checked");
  ASSERT_NE(lib.call, nullptr);
  std::vector<float> xs(80, 1.0f), bs(12, 0.5f), h(60), rows(5);
  ingot_aot_tensor in[2] = {describe(xs.data(), INGOT_AOT_FLOAT32, {5, 16}),
                            describe(bs.data(), INGOT_AOT_FLOAT32, {12})};
  ingot_aot_tensor out[2] = {describe(h.data(), INGOT_AOT_FLOAT32, {5, 12}),
                             describe(rows.data(), INGOT_AOT_FLOAT32, {5})};
  auto expect_error = [&](int code, const std::string& message) {
    EXPECT_EQ(lib.call(in, out), code);
    EXPECT_NE(std::string(lib.last_error()).find(message), std::string::npos) << lib.last_error();
  };
  EXPECT_EQ(lib.call(nullptr, out), INGOT_AOT_ERROR_ARGUMENT);
  EXPECT_STREQ(lib.last_error(), "checked: the inputs pointer is NULL");
  EXPECT_EQ(lib.call(in, nullptr), INGOT_AOT_ERROR_ARGUMENT);
  EXPECT_STREQ(lib.last_error(), "checked: the outputs pointer is NULL");
  in[0].shape[1] = 15;
  expect_error(INGOT_AOT_ERROR_ARGUMENT,
               "checked: input 'x' has shape [5, 15]; the function was exported for [5, 16]");
  in[0].shape[1] = 16;
  out[1].ndim = 2;
  out[1].shape[1] = 1;
  expect_error(INGOT_AOT_ERROR_ARGUMENT,
               "checked: output 'rows' has shape [5, 1]; the function was exported for [5]");
  out[1].ndim = 40;
  expect_error(INGOT_AOT_ERROR_ARGUMENT, "output 'rows' has shape ndim 40");
  out[1].ndim = 1;
  in[1].dtype = INGOT_AOT_INT32;
  expect_error(INGOT_AOT_ERROR_ARGUMENT,
               "checked: input 'b' has dtype int32 (3); the function was exported for float32");
  in[1].dtype = INGOT_AOT_FLOAT32;
  out[0].data = nullptr;
  expect_error(INGOT_AOT_ERROR_ARGUMENT, "checked: output 'h' has no data (a NULL pointer)");
  out[0].data = h.data();
  // After the refusals, a good call runs: nothing was left half done.
  ASSERT_EQ(lib.call(in, out), INGOT_AOT_OK) << lib.last_error();
  std::vector<Array> want = bias_relu_layer(Array({5, 16}, std::vector<double>(80, 1.0)), w,
                                            Array({12}, std::vector<double>(12, 0.5)));
  EXPECT_TRUE(close(Tensor::from_vector(rows, {5}), want[1], Tol::reduction(F32, 16 * 12)));
}

TEST_P(ExportTest, RefusesBadNamesAndRandomNumbers) {
  auto identity = [](const std::vector<Tensor>& in) { return in; };
  std::vector<Tensor> x = {tensor(random({3}))};
  std::string dir = out_dir("refused").string();
  EXPECT_THROW(ingot::export_function(identity, x, "2fast", dir, dev()), ingot::ArgumentError);
  EXPECT_THROW(ingot::export_function(identity, x, "f", dir, dev(), {{"a", "b"}, {}}),
               ingot::ArgumentError);
  EXPECT_THROW(ingot::export_function(identity, x, "f", dir, dev(), {{"a-b"}, {}}),
               ingot::ArgumentError);
  try {
    ingot::export_function(
        [](const std::vector<Tensor>& in) {
          return std::vector<Tensor>{in[0] + Tensor::rand(in[0].shape(), F32, in[0].device())};
        },
        x, "noisy", dir, dev());
    ADD_FAILURE() << "a function drawing random numbers was exported";
  } catch (const ingot::Error& e) {
    EXPECT_NE(std::string(e.what()).find("draws random numbers"), std::string::npos) << e.what();
  }
}

INGOT_ON_ALL_DEVICES(ExportTest);

// Each device's runtime file compiles with the rest of the runtime, without a warning:
// CUDA's too, on a machine without a GPU.
TEST(ExportRuntime, EveryDeviceFileCompilesWithoutWarnings) {
  fs::path dir = fs::temp_directory_path() / fmt::format("ingot-export-runtime-{}", ::getpid());
  fs::create_directories(dir);
  for (size_t i = 0; i < ingot::engine::kAotRuntimeFileCount; ++i) {
    const ingot::engine::AotRuntimeFile& file = ingot::engine::kAotRuntimeFiles[i];
    std::ofstream(dir / file.name) << file.text;
  }
  for (const char* device :
       {"ingot_aot_cpu.c", "ingot_aot_opencl.c", "ingot_aot_cuda.c", "ingot_aot_hal.c"}) {
    // What a generated <name>.c uses of the runtime.
    std::ofstream(dir / "check.c") << "#include \"" << device << "\"\n"
                                   << R"(#include "ingot_aot_runtime.c"
int check(const ingot_aot_program* p, const ingot_aot_tensor* const* in,
          ingot_aot_tensor* const* out) {
  static ingot_aot_state s;
  int status = ingot_aot_call(&s, p, in, out) + ingot_aot_load(&s, p);
  ingot_aot_release(&s, p);
  return status + ingot_aot_null_argument(&s, p, "inputs");
}
)";
    ingot::ProcessResult result =
        ingot::run_process({ingot::find_c_compiler(), "-std=gnu11", "-Wall", "-Wextra", "-Werror",
                            "-fsyntax-only", (dir / "check.c").string()});
    EXPECT_EQ(result.exit_code, 0) << device << ":\n" << result.output;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace support
