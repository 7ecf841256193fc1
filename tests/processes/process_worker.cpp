// One rank of the process-group tests, started N times by `ingot launch` (or mpirun):
// tests/CMakeLists.txt runs it with 2 and 3 ranks on the CPU and the emulated Metal. Each
// mode prints "ok" and exits 0, or says what is wrong and exits 1:
//   collectives  every operation, op and dtype against float64 references that each rank
//                computes alone from every rank's seeds, outputs poisoned first
//   train        a data-parallel MLP matching the same MLP on the whole batch here
//   mismatch     ranks passing different counts: an Error on every rank
//   die          rank 1 exits at once: the others' all-reduce is an Error, not a hang
//   stall        rank 1 comes after the others' timeout: an Error on every rank
//   alone        without a launcher: a group of one
#include <fmt/format.h>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <random>
#include <string>
#include <thread>

#include "ingot/data_parallel.hpp"
#include "ingot/error.hpp"
#include "ingot/optim.hpp"
#include "ingot/process_group.hpp"
#include "ingot/runtime.hpp"
#include "ingot/tensor.hpp"
#include "support/rounding_step.hpp"

namespace ingot {
namespace {

constexpr uint8_t kPoison = 0xA5;
using Values = std::vector<double>;

struct Failure {
  std::string what;
};
void expect(bool ok, const std::string& what) {
  if (!ok) throw Failure{what};
}

// Rank `rank`'s input for test `seed`, of `ranks` ranks: exactly representable values, and
// integers small enough that a product over every rank stays in the dtype's range (uint8:
// up to 5 for three ranks, 3 for four).
Values input(size_t rank, size_t ranks, size_t elements, DType dtype, uint32_t seed) {
  const double largest = dtype == DType::UInt8 ? 255 : dtype == DType::Int16 ? 32767 : 1e9;
  int bound = 5;
  while (bound > 1 && std::pow(double(bound), double(ranks)) > largest) --bound;
  std::mt19937 rng(seed * 131 + uint32_t(rank));
  std::uniform_real_distribution<double> real(-2.0, 2.0);
  std::uniform_int_distribution<int> integer(is_unsigned_int(dtype) ? 0 : -bound, bound);
  Values values(elements);
  for (double& v : values) v = is_float(dtype) ? round_to_float(real(rng), dtype) : integer(rng);
  return values;
}

std::shared_ptr<Buffer> make(Device& device, const Values& values, size_t elements, DType dtype) {
  std::vector<uint8_t> host(elements * dtype_size(dtype), kPoison);
  for (size_t i = 0; i < values.size(); ++i) store_from_double(host.data(), dtype, i, values[i]);
  std::shared_ptr<Buffer> buffer = device.allocator().alloc(host.size());
  buffer->copy_in(host.data(), host.size());
  return buffer;
}

Values read(const Buffer& buffer, size_t elements, DType dtype) {
  std::vector<uint8_t> host(elements * dtype_size(dtype));
  buffer.copy_out(host.data(), host.size());
  Values values(elements);
  for (size_t i = 0; i < elements; ++i) values[i] = load_as_double(host.data(), dtype, i);
  return values;
}

// Expects `got` to be the reduction over the ranks of elements [at, at + got.size()) of
// every rank's input, within a rounding a step (none for integers, max and min).
void expect_reduced(const Values& got, const std::vector<Values>& inputs, size_t at, DType dtype,
                    ReduceOp op, const std::string& what) {
  for (size_t i = 0; i < got.size(); ++i) {
    double value = inputs[0][at + i], scale = std::fabs(value);
    for (size_t r = 1; r < inputs.size(); ++r) {
      const double x = inputs[r][at + i];
      value = op == ReduceOp::Sum    ? value + x
              : op == ReduceOp::Prod ? value * x
              : op == ReduceOp::Max  ? std::max(value, x)
                                     : std::min(value, x);
      scale = op == ReduceOp::Sum ? scale + std::fabs(x) : std::fabs(value);
    }
    const double tolerance =
        2 * double(inputs.size()) * ingot::test::rounding_step(dtype) * std::max(scale, 1e-30);
    expect(std::fabs(got[i] - value) <= tolerance,
           fmt::format("{}: element {} is {}, want {}", what, i, got[i], value));
  }
}

void collectives(ProcessGroup& group) {
  Device& device = group.device();
  const size_t n = group.size(), me = group.rank(), count = 1000 + 37;
  uint32_t seed = 1;
  for (DType dtype : {DType::Float32, DType::Float16, DType::BFloat16, DType::Float64, DType::Int32,
                      DType::Int64, DType::UInt8, DType::Int16}) {
    if (!device.info().supports(dtype)) continue;
    const std::string type = dtype_name(dtype);
    for (ReduceOp op : {ReduceOp::Sum, ReduceOp::Prod, ReduceOp::Max, ReduceOp::Min}) {
      const std::string what = fmt::format("all_reduce {} of {}", reduce_op_name(op), type);
      std::vector<Values> inputs;
      for (size_t r = 0; r < n; ++r) inputs.push_back(input(r, n, count, dtype, seed));
      auto buffer = make(device, inputs[me], count, dtype);
      group.all_reduce(*buffer, count, dtype, op);
      expect_reduced(read(*buffer, count, dtype), inputs, 0, dtype, op, what);

      std::vector<Values> whole;
      for (size_t r = 0; r < n; ++r) whole.push_back(input(r, n, count * n, dtype, seed + 1));
      auto in = make(device, whole[me], count * n, dtype), out = make(device, {}, count, dtype);
      group.reduce_scatter(*in, *out, count, dtype, op);
      expect_reduced(read(*out, count, dtype), whole, me * count, dtype, op,
                     fmt::format("reduce_scatter {} of {}", reduce_op_name(op), type));
      seed += 2;
    }
    std::vector<Values> parts;
    for (size_t r = 0; r < n; ++r) parts.push_back(input(r, n, count, dtype, seed));
    auto in = make(device, parts[me], count, dtype), out = make(device, {}, count * n, dtype);
    group.all_gather(*in, *out, count, dtype);
    const Values gathered = read(*out, count * n, dtype);
    for (size_t r = 0; r < n; ++r)
      expect(Values(gathered.begin() + long(r * count), gathered.begin() + long((r + 1) * count)) ==
                 parts[r],
             fmt::format("all_gather of {}: rank {}'s part differs", type, r));
    for (size_t root = 0; root < n; ++root) {
      auto buffer = make(device, me == root ? parts[me] : Values{}, count, dtype);
      group.broadcast(*buffer, count, dtype, root);
      expect(read(*buffer, count, dtype) == parts[root],
             fmt::format("broadcast of {} from root {} differs", type, root));
    }
    ++seed;
  }
  // Larger than the sockets' buffers: the transport's partial sends and receives.
  const size_t large = size_t(1) << 21;
  std::vector<Values> inputs;
  for (size_t r = 0; r < n; ++r) inputs.push_back(input(r, n, large, DType::Float32, seed));
  auto buffer = make(device, inputs[me], large, DType::Float32);
  group.all_reduce(*buffer, large, DType::Float32, ReduceOp::Sum);
  expect_reduced(read(*buffer, large, DType::Float32), inputs, 0, DType::Float32, ReduceOp::Sum,
                 "a large all_reduce");
  group.barrier();
}

std::shared_ptr<nn::Module> mlp(const std::string& device) {
  Tensor::manual_seed(7);  // the same weights on every rank and for the whole-batch model
  return std::make_shared<nn::Sequential>(std::vector<std::shared_ptr<nn::Module>>{
      std::make_shared<nn::Linear>(5, 8, true, DType::Float32, device),
      std::make_shared<nn::ReLU>(),
      std::make_shared<nn::Linear>(8, 3, true, DType::Float32, device)});
}

// 9 samples split as NumPy's array_split splits them: the first 9 % n ranks one longer.
std::pair<int64_t, int64_t> piece(int64_t batch, size_t rank, size_t ranks) {
  const int64_t n = int64_t(ranks), r = int64_t(rank), base = batch / n, extra = batch % n;
  const int64_t begin = r * base + std::min(r, extra);
  return {begin, begin + base + (r < extra ? 1 : 0)};
}

void train(ProcessGroup& group) {
  const std::string device = group.device().name();
  const int64_t batch = 9;
  Tensor::manual_seed(11);
  const Tensor x = Tensor::randn({batch, 5}).to(device), y = Tensor::randn({batch, 3}).to(device);
  std::shared_ptr<nn::Module> replica = mlp(device), whole = mlp(device);
  nn::broadcast_parameters(*replica, group);
  const optim::SGDOptions sgd{.lr = 0.1, .momentum = 0.9};
  optim::SGD replica_step(replica->parameters(), sgd), whole_step(whole->parameters(), sgd);
  const auto [begin, end] = piece(batch, group.rank(), group.size());
  for (int step = 0; step < 3; ++step) {
    Tensor loss =
        nn::mse_loss(replica->forward(x.slice({{begin, end, 1}})), y.slice({{begin, end, 1}}));
    loss.backward();
    nn::all_reduce_gradients(*replica, group, double(end - begin) / double(batch));
    replica_step.step();
    replica_step.zero_grad();
    Tensor whole_loss = nn::mse_loss(whole->forward(x), y);
    whole_loss.backward();
    whole_step.step();
    whole_step.zero_grad();
  }
  const auto got = replica->parameters(), want = whole->parameters();
  for (size_t i = 0; i < want.size(); ++i) {
    const auto a = got[i].to_vector<float>(), b = want[i].to_vector<float>();
    for (size_t k = 0; k < a.size(); ++k)
      expect(std::fabs(a[k] - b[k]) <= 1e-4 + 1e-4 * std::fabs(b[k]),
             fmt::format("parameter {} element {} is {}, the whole batch's {}", i, k, a[k], b[k]));
  }
}

// Runs `call`, which must throw Error on this rank; prints it.
template <class Call>
void expect_error(const char* what, Call call) {
  try {
    call();
  } catch (const Error& e) {
    fmt::print("caught: {}\n", e.what());
    return;
  }
  throw Failure{fmt::format("{}: no Error", what)};
}

// CTest's SKIP_RETURN_CODE: this rank's device does not open here (CUDA without a GPU).
constexpr int kSkipped = 77;

int run(const std::string& mode) {
  const char* named = std::getenv("INGOT_DEVICE");
  const std::vector<std::string> available = Device::available();
  // "METAL" names the kind's first device, "CUDA:1" one of them.
  auto opens = [&](const std::string& name) {
    return std::any_of(available.begin(), available.end(), [&](const std::string& device) {
      return device == name || device.rfind(name + ":", 0) == 0;
    });
  };
  if (named && !opens(named)) {
    fmt::print("skipped: {} does not open here\n", named);
    return kSkipped;
  }
  ProcessGroup& group = ProcessGroup::world();
  fmt::print("rank {} of {} on {}: {} over {}\n", group.rank(), group.size(), group.device().name(),
             group.kind(), group.transport());
  if (mode == "collectives") {
    collectives(group);
  } else if (mode == "train") {
    train(group);
  } else if (mode == "mismatch") {
    const size_t count = 10 + group.rank();
    auto buffer = make(group.device(), Values(count, 1.0), count, DType::Float32);
    expect_error("a count differing between ranks",
                 [&] { group.all_reduce(*buffer, count, DType::Float32, ReduceOp::Sum); });
  } else if (mode == "die") {
    if (group.rank() == 1) std::_Exit(3);
    auto buffer = make(group.device(), Values(8, 1.0), 8, DType::Float32);
    expect_error("a rank that died",
                 [&] { group.all_reduce(*buffer, 8, DType::Float32, ReduceOp::Sum); });
  } else if (mode == "stall") {
    // Rank 1 arrives past the others' INGOT_PROCESS_TIMEOUT: an Error on every rank.
    if (group.rank() == 1) std::this_thread::sleep_for(std::chrono::seconds(4));
    auto buffer = make(group.device(), Values(8, 1.0), 8, DType::Float32);
    expect_error("a rank that stalled",
                 [&] { group.all_reduce(*buffer, 8, DType::Float32, ReduceOp::Sum); });
  } else if (mode == "alone") {
    expect(group.size() == 1 && group.rank() == 0,
           "a process without a launcher is a group of one");
    auto buffer = make(group.device(), Values(8, 2.0), 8, DType::Float32);
    group.all_reduce(*buffer, 8, DType::Float32, ReduceOp::Prod);
    expect(read(*buffer, 8, DType::Float32) == Values(8, 2.0),
           "an all-reduce of one rank changed it");
  } else {
    fmt::print(stderr,
               "unknown mode '{}' (valid: collectives, train, mismatch, die, stall, alone)\n",
               mode);
    return 1;
  }
  fmt::print("ok\n");
  return 0;
}

}  // namespace
}  // namespace ingot

int main(int argc, char** argv) {
  try {
    return ingot::run(argc > 1 ? argv[1] : "");
  } catch (const ingot::Failure& f) {
    fmt::print(stderr, "WRONG: {}\n", f.what);
  } catch (const ingot::Error& e) {
    fmt::print(stderr, "error: {}\n", e.what());
  }
  return 1;
}
