// PROFILE: the trace of a softmax over a matmul, read back with nlohmann-json, holds one
// kernel event per launch the engine counts, each timed by its device and inside the
// host span of the realize that launched it, with in-memory cache hits marked.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <random>

#include "ingot/engine_stats.hpp"
#include "ingot/ingot.hpp"

namespace ingot {
namespace {

using nlohmann::json;

struct Trace {
  std::vector<json> spans;  // complete ("X") events
  std::map<int64_t, std::string> track_names;

  std::vector<json> of_category(const std::string& category) const {
    std::vector<json> found;
    for (const json& e : spans)
      if (e["cat"] == category) found.push_back(e);
    return found;
  }
  std::vector<json> named(const std::string& name) const {
    std::vector<json> found;
    for (const json& e : spans)
      if (e["name"] == name) found.push_back(e);
    return found;
  }
};

Trace read_trace(const std::string& path) {
  std::ifstream file(path);
  json document = json::parse(file);  // throws on anything but valid JSON
  Trace trace;
  for (const json& e : document.at("traceEvents")) {
    if (e.at("ph") == "X") trace.spans.push_back(e);
    if (e.at("ph") == "M" && e.at("name") == "thread_name")
      trace.track_names[e.at("tid").get<int64_t>()] = e.at("args").at("name");
  }
  return trace;
}

// Settings this test changes, restored when it ends.
class ProfileScope {
 public:
  explicit ProfileScope(const std::string& cache_dir)
      : saved_cache_(Context::global().cache_dir()) {
    Context::global().set_cache_dir(cache_dir);
    profile::clear();
    Context::global().set_profile(true);
  }
  ~ProfileScope() {
    Context::global().set_profile(false);
    Context::global().set_cache_dir(saved_cache_);
  }

 private:
  std::string saved_cache_;
};

std::string temp_path(const std::string& name) {
  return (std::filesystem::temp_directory_path() / fmt::format("ingot-{}-{}", ::getpid(), name))
      .string();
}

Tensor random_tensor(const Shape& shape, const std::string& device, uint32_t seed) {
  std::mt19937 rng(seed);
  std::uniform_real_distribution<float> dist(-1, 1);
  std::vector<float> values(static_cast<size_t>(shape[0] * shape[1]));
  for (float& v : values) v = dist(rng);
  return Tensor::from_vector(values, shape, device);
}

// A softmax over a matmul of inputs copied in (Tensor::rand would key each run's
// kernels apart by its seed), of shapes no other test uses, so that its kernels are new
// to the in-memory cache; read back to the host.
void run_program(const std::string& device) {
  Tensor a = random_tensor({29, 67}, device, 1);
  Tensor b = random_tensor({67, 23}, device, 2);
  Tensor y = a.matmul(b).softmax();
  y.realize();
  std::vector<float> values = y.to_vector<float>();
  ASSERT_EQ(values.size(), 29u * 23u);
}

class ProfileTrace : public ::testing::TestWithParam<std::string> {};

TEST_P(ProfileTrace, KernelsAreCountedTimedAndInsideTheirRealize) {
  const std::string device = GetParam();
  auto names = Device::available();
  if (std::find(names.begin(), names.end(), device) == names.end())
    GTEST_SKIP() << device << " does not open here";
  // A fresh disk cache: every compile of the first run is a miss.
  const std::string cache = temp_path("trace-cache-" + device.substr(0, device.find(':')));
  std::filesystem::remove_all(cache);
  const std::string path = temp_path("trace.json");
  EngineStats before, after_first, after_second;
  {
    ProfileScope scope(cache);
    before = engine_stats();
    run_program(device);
    after_first = engine_stats();
    run_program(device);
    after_second = engine_stats();
    profile::flush(path);
  }
  Trace trace = read_trace(path);
  std::filesystem::remove(path);
  std::filesystem::remove_all(cache);

  const uint64_t first = after_first.kernels_launched - before.kernels_launched;
  const uint64_t second = after_second.kernels_launched - after_first.kernels_launched;
  std::vector<json> kernels = trace.of_category("kernel");
  ASSERT_GT(first, 0u);
  ASSERT_EQ(kernels.size(), first + second);
  std::sort(kernels.begin(), kernels.end(),
            [](const json& x, const json& y) { return x["ts"] < y["ts"]; });

  std::vector<json> realizes = trace.named("realize");
  ASSERT_FALSE(realizes.empty());
  for (size_t i = 0; i < kernels.size(); ++i) {
    const json& k = kernels[i];
    SCOPED_TRACE(k.dump());
    EXPECT_EQ(trace.track_names.at(k["tid"]), device + " queue");
    const double start = k["ts"], duration = k["dur"];
    EXPECT_GT(duration, 0);
    EXPECT_GE(k["args"]["GB/s"].get<double>(), 0);
    EXPECT_GE(k["args"]["GFLOP/s"].get<double>(), 0);
    // The trace keeps times to 1 ns: allow that much rounding at each end.
    bool inside = std::any_of(realizes.begin(), realizes.end(), [&](const json& r) {
      const double begin = r["ts"], end = begin + r["dur"].get<double>();
      return start >= begin - 1e-3 && start + duration <= end + 2e-3;
    });
    EXPECT_TRUE(inside) << "no realize span holds the kernel";
    // The first run compiled every kernel; the second found them all in memory.
    EXPECT_EQ(k["args"]["cache"].get<std::string>(), i < first ? "miss" : "hit");
  }
  EXPECT_GT(std::count_if(kernels.begin(), kernels.end(),
                          [](const json& k) { return k["args"]["GFLOP/s"].get<double>() > 0; }),
            0)
      << "the matmul does arithmetic";

  // Each compile of the first run went to a fresh disk cache, and missed.
  std::vector<json> compiles = trace.named("compile");
  EXPECT_EQ(compiles.size(), after_second.kernels_compiled - before.kernels_compiled);
  for (const json& c : compiles) EXPECT_EQ(c["args"]["disk cache"], "miss");
  for (const char* host : {"schedule", "codegen", "render", "load"})
    EXPECT_FALSE(trace.named(host).empty()) << "no " << host << " span";
  EXPECT_FALSE(trace.of_category("copy").empty()) << "to_vector copies the result out";
  for (const json& span : trace.spans) EXPECT_GE(span["dur"].get<double>(), 0) << span.dump();
}

INSTANTIATE_TEST_SUITE_P(Devices, ProfileTrace,
                         ::testing::Values("CPU", "CL:0", "METAL:0", "CUDA:0"),
                         [](const auto& info) {
                           std::string name = info.param;
                           std::replace(name.begin(), name.end(), ':', '_');
                           return name;
                         });

TEST(Profile, NothingIsRecordedWhenOff) {
  profile::clear();
  Context::global().set_profile(false);
  Tensor y = (Tensor::rand({31, 7}, DType::Float32, "CPU") * 3).realize();
  const std::string path = temp_path("empty-trace.json");
  profile::flush(path);
  Trace trace = read_trace(path);
  std::filesystem::remove(path);
  EXPECT_TRUE(trace.spans.empty());
}

// A kernel of one's own is a kernel on its device's track like ingot's own, by the name
// of its entry point, timed by the device, inside nothing but its own host work.
TEST(Profile, CustomKernelLaunchesAreOnTheDeviceTrack) {
  ProfileScope scope(temp_path("custom-cache"));
  const std::string source = R"(#include <stdint.h>
void twice_for_trace(void* const* args, int64_t start, int64_t end) {
  const float* x = (const float*)args[0];
  float* out = (float*)args[1];
  for (int64_t i = start; i < end; ++i) out[i] = 2 * x[i];
}
)";
  Tensor x = random_tensor({1, 300}, "CPU", 3);
  std::vector<Tensor> out = run_custom_kernel({.source = source,
                                               .function = "twice_for_trace",
                                               .args = {arg::input(x), arg::output({1, 300})},
                                               .dims = {{300, 1, 1}, {64, 1, 1}},
                                               .device = "CPU"});
  ASSERT_EQ(out[0].to_vector<float>()[7], 2 * x.to_vector<float>()[7]);
  const std::string path = temp_path("custom-trace.json");
  profile::flush(path);
  Trace trace = read_trace(path);
  std::filesystem::remove(path);
  std::vector<json> launches = trace.of_category("custom kernel");
  ASSERT_EQ(launches.size(), 1u);
  EXPECT_EQ(launches[0]["name"], "twice_for_trace");
  EXPECT_GT(launches[0]["dur"].get<double>(), 0);
  EXPECT_EQ(trace.track_names.at(launches[0]["tid"].get<int64_t>()).find("CPU"), 0u)
      << trace.track_names.at(launches[0]["tid"].get<int64_t>());
}

// Under BEAM, each timed launch of a candidate is on the device's track, inside the
// search's host span. On CL:0, where a row sum has several candidates (the CPU has one).
TEST(Profile, BeamCandidatesAreOnTheDeviceTrack) {
  const std::vector<std::string> devices = Device::available();
  if (std::find(devices.begin(), devices.end(), "CL:0") == devices.end())
    GTEST_SKIP() << "CL:0 does not open here";
  ProfileScope scope(temp_path("beam-cache"));
  const int saved_beam = Context::global().beam();
  Context::global().set_beam(2);
  Tensor x = random_tensor({37, 41}, "CL:0", 4);
  std::vector<float> sums = x.sum({1}).to_vector<float>();
  Context::global().set_beam(saved_beam);
  ASSERT_EQ(sums.size(), 37u);
  const std::string path = temp_path("beam-trace.json");
  profile::flush(path);
  Trace trace = read_trace(path);
  std::filesystem::remove(path);
  std::vector<json> searches = trace.named("beam search");
  std::vector<json> candidates = trace.of_category("beam candidate");
  ASSERT_FALSE(searches.empty());
  ASSERT_FALSE(candidates.empty());
  for (const json& c : candidates) {
    EXPECT_GE(c["dur"].get<double>(), 0) << c.dump();
    bool inside = std::any_of(searches.begin(), searches.end(), [&](const json& s) {
      double end = c["ts"].get<double>() + c["dur"].get<double>();
      return end >= s["ts"].get<double>() &&
             end <= s["ts"].get<double>() + s["dur"].get<double>() + 1;
    });
    EXPECT_TRUE(inside) << c.dump();
  }
}

TEST(Profile, AnUnwritablePathIsAnError) {
  try {
    profile::flush("/no/such/folder/trace.json");
    FAIL() << "flush wrote to a folder that does not exist";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("/no/such/folder/trace.json"), std::string::npos)
        << e.what();
    EXPECT_NE(std::string(e.what()).find("writable"), std::string::npos) << e.what();
  }
}

TEST(Profile, AnEmptyTracePathIsAnError) {
  EXPECT_THROW(Context::global().set_profile_path(""), Error);
}

}  // namespace
}  // namespace ingot
