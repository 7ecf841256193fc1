// safetensors files: what ingot writes is the format byte for byte (read back here with a
// JSON parser of its own, not ingot's reader), ingot reads a file written by hand, every
// dtype and layout round-trips, and each kind of damaged file is an Error naming the file
// and the fault, after which the process goes on.
#include <cstring>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

#include "grad_support.hpp"

namespace grad_test {
namespace {

using ingot::DType;
namespace fs = std::filesystem;

std::string temp_path(const std::string& name) {
  return (fs::temp_directory_path() /
          ("ingot_safetensors_" + std::to_string(::getpid()) + "_" + name))
      .string();
}

std::vector<uint8_t> read_bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

void write_bytes(const std::string& path, const std::vector<uint8_t>& bytes) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out.write(reinterpret_cast<const char*>(bytes.data()),
            static_cast<std::streamsize>(bytes.size()));
}

// A file as the format describes it: the header's length, the header, the data.
std::vector<uint8_t> file_of(const std::string& header, const std::vector<uint8_t>& data) {
  std::vector<uint8_t> out;
  out.reserve(8 + header.size() + data.size());
  for (int i = 0; i < 8; ++i)
    out.push_back(static_cast<uint8_t>(uint64_t(header.size()) >> (8 * i)));
  for (char c : header) out.push_back(static_cast<uint8_t>(c));
  for (uint8_t b : data) out.push_back(b);
  return out;
}

template <class T>
std::vector<uint8_t> bytes_of(const std::vector<T>& v) {
  std::vector<uint8_t> out(v.size() * sizeof(T));
  std::memcpy(out.data(), v.data(), out.size());
  return out;
}

TEST(Safetensors, WrittenFileIsTheFormat) {
  std::string path = temp_path("format.safetensors");
  std::vector<float> wv = {1.5f, -2, 3, 4.25f, 5, 6};
  std::vector<int64_t> sv = {7, -8};
  Tensor w = Tensor::from_vector(wv, {3, 2}, "CPU");
  Tensor steps = Tensor::from_vector(sv, {2}, "CPU");
  // A transposed view: its bytes in the file are row-major of the view's shape.
  ingot::save_safetensors(path, {{"w.T", w.T()}, {"steps", steps}}, {{"format", "pt"}});
  std::vector<uint8_t> file = read_bytes(path);
  ASSERT_GE(file.size(), 8u);
  uint64_t n = 0;
  for (int i = 7; i >= 0; --i) n = n << 8 | file[i];
  EXPECT_EQ(n % 8, 0u) << "the data that follows is 8-byte aligned";
  ASSERT_LE(8 + n, file.size());
  nlohmann::json header = nlohmann::json::parse(file.begin() + 8, file.begin() + 8 + n);
  EXPECT_EQ(header["__metadata__"], (nlohmann::json{{"format", "pt"}}));
  EXPECT_EQ(header["w.T"]["dtype"], "F32");
  EXPECT_EQ(header["w.T"]["shape"], (nlohmann::json{2, 3}));
  EXPECT_EQ(header["steps"]["dtype"], "I64");
  uint64_t wb = header["w.T"]["data_offsets"][0], we = header["w.T"]["data_offsets"][1];
  uint64_t sb = header["steps"]["data_offsets"][0], se = header["steps"]["data_offsets"][1];
  EXPECT_EQ(file.size(), 8 + n + 24 + 16);
  const uint8_t* data = file.data() + 8 + n;
  ASSERT_EQ(we - wb, 24u);
  ASSERT_EQ(se - sb, 16u);
  std::vector<float> got_w(6);
  std::memcpy(got_w.data(), data + wb, 24);
  EXPECT_EQ(got_w, (std::vector<float>{1.5f, 3, 5, -2, 4.25f, 6}));
  std::vector<int64_t> got_s(2);
  std::memcpy(got_s.data(), data + sb, 16);
  EXPECT_EQ(got_s, sv);
  fs::remove(path);
}

TEST(Safetensors, ReadsAFileWrittenByHand) {
  std::string path = temp_path("by_hand.safetensors");
  // Keys out of the data's order, spaces after the JSON (the format allows padding), a
  // 0-d and an empty tensor.
  std::vector<double> a = {0.25, -1};
  std::vector<uint16_t> b = {1, 2, 3};
  std::vector<uint8_t> data = bytes_of(b);
  std::vector<uint8_t> tail = bytes_of(a);
  data.insert(data.end(), tail.begin(), tail.end());
  data.push_back(1);
  std::string header = R"({"a":{"dtype":"F64","shape":[2,1],"data_offsets":[6,22]},)"
                       R"("b":{"dtype":"U16","shape":[3],"data_offsets":[0,6]},)"
                       R"("flag":{"dtype":"BOOL","shape":[],"data_offsets":[22,23]},)"
                       R"("none":{"dtype":"F32","shape":[0,4],"data_offsets":[23,23]},)"
                       R"("__metadata__":{"epoch":"3"}}   )";
  write_bytes(path, file_of(header, data));
  ingot::SafetensorsFile f = ingot::load_safetensors(path, "CPU");
  ASSERT_EQ(f.tensors.size(), 4u);
  EXPECT_EQ(f.metadata, (std::map<std::string, std::string>{{"epoch", "3"}}));
  EXPECT_EQ(f.tensors[0].first, "b");
  EXPECT_EQ(f.tensors[0].second.to_vector<uint16_t>(), b);
  EXPECT_EQ(f.tensors[1].first, "a");
  EXPECT_EQ(f.tensors[1].second.shape(), (ingot::Shape{2, 1}));
  EXPECT_EQ(f.tensors[1].second.to_vector<double>(), a);
  EXPECT_EQ(f.tensors[2].second.dtype(), DType::Bool);
  EXPECT_EQ(f.tensors[2].second.item<bool>(), true);
  EXPECT_EQ(f.tensors[3].second.shape(), (ingot::Shape{0, 4}));
  fs::remove(path);
}

class SafetensorsOnDevice : public OnDevice {};
TEST_P(SafetensorsOnDevice, EveryDTypeRoundTrips) {
  std::string path = temp_path("round_trip_" + device_test_name({device(), 0}) + ".safetensors");
  ingot::NamedTensors saved;
  for (DType dt : ingot::kAllDTypes) {
    Tensor values = Tensor::from_vector(uniform({4, 5}, -50, 50, 3), {4, 5}, "CPU").astype(dt);
    saved.emplace_back(ingot::dtype_name(dt), values.slice({{1, 4}, {0, 5, 2}}));
  }
  ingot::save_safetensors(path, saved);
  ingot::SafetensorsFile f = ingot::load_safetensors(path, device());
  ASSERT_EQ(f.tensors.size(), saved.size());
  for (size_t i = 0; i < saved.size(); ++i) {
    const Tensor& got = f.tensors[i].second;
    EXPECT_EQ(f.tensors[i].first, saved[i].first);
    EXPECT_EQ(got.device(), device());
    EXPECT_EQ(got.dtype(), saved[i].second.dtype());
    EXPECT_EQ(got.shape(), (ingot::Shape{3, 3}));
    EXPECT_EQ(got.to_vector<double>(), saved[i].second.to_vector<double>()) << saved[i].first;
  }
  fs::remove(path);
}
INSTANTIATE_TEST_SUITE_P(Devices, SafetensorsOnDevice, ::testing::ValuesIn(kDevices),
                         device_test_name);

// A parameter and the optimizer's state saved mid-training and loaded into fresh ones:
// the next step is the same.
TEST(Safetensors, TrainingResumesFromASavedState) {
  std::string path = temp_path("state.safetensors");
  auto model = [] {
    return Tensor::from_vector(uniform({3, 2}, -1, 1, 11), {3, 2}, "CPU").requires_grad_();
  };
  Tensor x = Tensor::from_vector(uniform({5, 3}, -1, 1, 12), {5, 3}, "CPU");
  auto step = [&](Tensor& w, ingot::optim::Optimizer& opt) {
    opt.zero_grad();
    x.matmul(w).tanh().square().mean().backward();
    opt.step();
  };
  Tensor w = model();
  ingot::optim::AdamW opt({w}, {.lr = 0.05});
  step(w, opt);
  step(w, opt);
  ingot::NamedTensors state = opt.state();
  for (auto& [name, t] : state) name = "optim." + name;
  state.emplace_back("weight", w);
  ingot::save_safetensors(path, state);
  step(w, opt);

  Tensor w2 = model();
  ingot::optim::AdamW opt2({w2}, {.lr = 0.05});
  ingot::NamedTensors optim_state;
  for (auto& [name, t] : ingot::load_safetensors(path, "CPU").tensors) {
    if (name == "weight")
      w2.assign(t);
    else
      optim_state.emplace_back(name.substr(6), t);
  }
  opt2.load_state(optim_state);
  step(w2, opt2);
  EXPECT_EQ(w2.to_vector<double>(), w.to_vector<double>());
  fs::remove(path);
}

struct Damage {
  std::string name;
  std::vector<uint8_t> bytes;
  std::vector<std::string> mentions;
};

std::vector<Damage> damaged_files() {
  std::vector<uint8_t> four_floats(16, 0);
  std::string good = R"({"x":{"dtype":"F32","shape":[2,2],"data_offsets":[0,16]}})";
  std::vector<uint8_t> whole = file_of(good, four_floats);
  auto header = [&](const std::string& h) { return file_of(h, four_floats); };
  std::vector<uint8_t> huge_length = whole;
  huge_length[5] = 0x10;
  std::vector<uint8_t> past_end = whole;
  past_end[0] = static_cast<uint8_t>(whole.size());
  return {
      {"empty", {}, {"truncated", "0 bytes"}},
      {"short_length", {1, 0, 0}, {"truncated", "3 bytes"}},
      {"huge_header_length", huge_length, {"100 MB"}},
      {"header_past_end", past_end, {"truncated", "runs past the end"}},
      {"truncated_data",
       std::vector<uint8_t>(whole.begin(), whole.end() - 3),
       {"truncated", "tensor \"x\"", "[0, 16)", "13"}},
      {"not_json", header(R"({"x": {"dtype": )"), {"not valid JSON"}},
      {"not_object", header("[1, 2]"), {"not an object"}},
      {"unknown_dtype",
       header(R"({"x":{"dtype":"F8_E4M3","shape":[2,2],"data_offsets":[0,16]}})"),
       {"tensor \"x\"", "F8_E4M3"}},
      {"missing_field",
       header(R"({"x":{"dtype":"F32","shape":[2,2]}})"),
       {"tensor \"x\"", "data_offsets"}},
      {"wrong_size",
       header(R"({"x":{"dtype":"F32","shape":[2,3],"data_offsets":[0,16]}})"),
       {"tensor \"x\"", "16 bytes", "(2, 3) needs 24"}},
      {"negative_dim",
       header(R"({"x":{"dtype":"F32","shape":[-2,2],"data_offsets":[0,16]}})"),
       {"tensor \"x\"", "non-negative"}},
      {"overlap",
       header(R"({"x":{"dtype":"F32","shape":[2],"data_offsets":[0,8]},)"
              R"("y":{"dtype":"F32","shape":[2],"data_offsets":[4,12]},)"
              R"("z":{"dtype":"F32","shape":[1],"data_offsets":[12,16]}})"),
       {"overlaps"}},
      {"hole",
       header(R"({"x":{"dtype":"F32","shape":[2],"data_offsets":[8,16]}})"),
       {"hole", "[0, 8)"}},
      {"unused_tail",
       header(R"({"x":{"dtype":"F32","shape":[2],"data_offsets":[0,8]}})"),
       {"8 bytes at the end"}},
      {"metadata_not_strings",
       header(R"({"__metadata__":{"epoch":3},)" + good.substr(1)),
       {"__metadata__", "epoch"}},
  };
}

class DamagedSafetensors : public ::testing::TestWithParam<Damage> {};

TEST_P(DamagedSafetensors, IsAnErrorNamingTheFileAndTheFault) {
  std::string path = temp_path(GetParam().name + ".safetensors");
  write_bytes(path, GetParam().bytes);
  std::vector<std::string> mentions = GetParam().mentions;
  mentions.insert(mentions.begin(), {"load_safetensors", path});
  EXPECT_TRUE(throws_error([&] { ingot::load_safetensors(path, "CPU"); }, mentions));
  fs::remove(path);
  EXPECT_EQ((Tensor::ones({2}) * 2.0).to_vector<float>(), (std::vector<float>{2, 2}));
}

INSTANTIATE_TEST_SUITE_P(Files, DamagedSafetensors, ::testing::ValuesIn(damaged_files()),
                         [](const auto& info) { return info.param.name; });

TEST(Safetensors, BadSavesAreErrorsAndLeaveTheOldFile) {
  std::string path = temp_path("kept.safetensors");
  Tensor a = Tensor::ones({2});
  ingot::save_safetensors(path, {{"a", a}});
  std::vector<uint8_t> before = read_bytes(path);
  EXPECT_TRUE(throws_error(
      [&] {
        ingot::save_safetensors(path, {{"a", a}, {"a", a}});
      },
      {"save_safetensors", path, "\"a\" is given twice"}));
  EXPECT_TRUE(throws_error(
      [&] {
        ingot::save_safetensors(path, {{"__metadata__", a}});
      },
      {"save_safetensors", "reserved"}));
  EXPECT_TRUE(throws_error(
      [&] {
        ingot::save_safetensors(path, {{"b", Tensor()}});
      },
      {"save_safetensors", "\"b\" is undefined"}));
  EXPECT_TRUE(throws_error(
      [&] {
        ingot::save_safetensors(path, {{"\xff", a}});
      },
      {"save_safetensors", "UTF-8"}));
  EXPECT_EQ(read_bytes(path), before);
  std::string nowhere = temp_path("no_such_dir") + "/x.safetensors";
  EXPECT_TRUE(throws_error(
      [&] {
        ingot::save_safetensors(nowhere, {{"a", a}});
      },
      {"save_safetensors", "cannot open"}));
  EXPECT_TRUE(throws_error([&] { ingot::load_safetensors(nowhere); },
                           {"load_safetensors", nowhere, "cannot open"}));
  fs::remove(path);
}

}  // namespace
}  // namespace grad_test
