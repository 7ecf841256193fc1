// Every operation of every group against host references: each ReduceOp, several dtypes,
// odd counts, views, and work queued after an operation seeing its result.
#include <fmt/format.h>

#include "collective/collective_test.hpp"

namespace ingot::test {
namespace {

constexpr ReduceOp kOps[] = {ReduceOp::Sum, ReduceOp::Prod, ReduceOp::Max, ReduceOp::Min};

// The dtypes beside float32 the reductions are checked in, with an op and a count each:
// few kernels, since each (dtype, op) builds one and CI compiles them afresh.
struct Case {
  DType dtype;
  ReduceOp op;
  size_t count;
};
constexpr Case kDTypeCases[] = {
    {DType::Int32, ReduceOp::Sum, 255},  {DType::Int32, ReduceOp::Min, 37},
    {DType::Float16, ReduceOp::Sum, 37}, {DType::Float64, ReduceOp::Max, 37},
    {DType::Int16, ReduceOp::Prod, 37},  {DType::UInt8, ReduceOp::Max, 5},
    {DType::BFloat16, ReduceOp::Sum, 7}};

std::string describe(const char* op, DType dtype, size_t count) {
  return fmt::format("{} of {} x {}", op, count, dtype_name(dtype));
}

TEST_P(Collective, AllReduceEveryOpFloat32) {
  for (ReduceOp op : kOps) {
    const size_t count = 37;
    HostValues inputs = random_inputs(count, DType::Float32, 1 + static_cast<uint32_t>(op));
    auto buffers = make_buffers(count, DType::Float32, inputs);
    comm().all_reduce(pointers(buffers), count, DType::Float32, op);
    Reference want = reduce_reference(inputs, 0, count, DType::Float32, op);
    HostValues got = read(buffers, count, DType::Float32);
    for (size_t d = 0; d < size(); ++d)
      expect_near(got[d], want, fmt::format("all_reduce {} on device {}", reduce_op_name(op), d));
  }
}

TEST_P(Collective, AllReduceDTypes) {
  for (const Case& c : kDTypeCases) {
    if (!supported(c.dtype)) continue;
    HostValues inputs = random_inputs(c.count, c.dtype, 11);
    auto buffers = make_buffers(c.count, c.dtype, inputs);
    comm().all_reduce(pointers(buffers), c.count, c.dtype, c.op);
    Reference want = reduce_reference(inputs, 0, c.count, c.dtype, c.op);
    HostValues got = read(buffers, c.count, c.dtype);
    for (size_t d = 0; d < size(); ++d)
      expect_near(got[d], want,
                  describe(reduce_op_name(c.op), c.dtype, c.count) + fmt::format(", device {}", d));
  }
}

// Counts of one element and of several threadgroups, each thread taking several steps; the
// elements past the count keep their poison.
TEST_P(Collective, AllReduceCountsLeaveTheRest) {
  for (size_t count : {size_t(1), size_t(5001)}) {
    const size_t extra = 3;
    HostValues inputs = random_inputs(count + extra, DType::Float32, 7);
    auto buffers = make_buffers(count + extra, DType::Float32, inputs);
    comm().all_reduce(pointers(buffers), count, DType::Float32, ReduceOp::Sum);
    Reference want = reduce_reference(inputs, 0, count, DType::Float32, ReduceOp::Sum);
    HostValues got = read(buffers, count + extra, DType::Float32);
    for (size_t d = 0; d < size(); ++d) {
      expect_near(std::vector<double>(got[d].begin(), got[d].begin() + long(count)), want,
                  describe("all_reduce", DType::Float32, count));
      for (size_t i = count; i < count + extra; ++i)
        EXPECT_EQ(got[d][i], inputs[d][i]) << "element " << i << " past the count changed";
    }
  }
}

// Work queued after an operation sees its result: a second all-reduce of the first's.
TEST_P(Collective, ChainedOperationsAreOrdered) {
  const size_t count = 37;
  HostValues inputs = random_inputs(count, DType::Int32, 5);
  auto buffers = make_buffers(count, DType::Int32, inputs);
  comm().all_reduce(pointers(buffers), count, DType::Int32, ReduceOp::Sum);
  comm().all_reduce(pointers(buffers), count, DType::Int32, ReduceOp::Sum);
  Reference want = reduce_reference(inputs, 0, count, DType::Int32, ReduceOp::Sum);
  for (double& v : want.value) v *= double(size());
  HostValues got = read(buffers, count, DType::Int32);
  for (size_t d = 0; d < size(); ++d) expect_near(got[d], want, "all_reduce twice");
}

TEST_P(Collective, AllGather) {
  for (DType dtype : {DType::Float32, DType::Int16, DType::Bool}) {
    const size_t count = dtype == DType::Float32 ? 37 : 5;
    HostValues inputs = random_inputs(count, dtype, 3);
    if (dtype == DType::Bool)
      for (auto& device : inputs)
        for (double& v : device) v = v > 0 ? 1 : 0;
    auto in = make_buffers(count, dtype, inputs);
    auto out = make_buffers(count * size(), dtype);
    comm().all_gather(pointers(in), pointers(out), count, dtype);
    HostValues got = read(out, count * size(), dtype);
    for (size_t d = 0; d < size(); ++d)
      for (size_t from = 0; from < size(); ++from)
        for (size_t i = 0; i < count; ++i)
          ASSERT_EQ(got[d][from * count + i], inputs[from][i])
              << describe("all_gather", dtype, count) << ": device " << d << ", part " << from
              << ", element " << i;
  }
}

TEST_P(Collective, ReduceScatter) {
  for (const Case& c :
       {Case{DType::Float32, ReduceOp::Sum, 37}, Case{DType::Int32, ReduceOp::Max, 3}}) {
    HostValues inputs = random_inputs(c.count * size(), c.dtype, 9);
    auto in = make_buffers(c.count * size(), c.dtype, inputs);
    auto out = make_buffers(c.count, c.dtype);
    comm().reduce_scatter(pointers(in), pointers(out), c.count, c.dtype, c.op);
    HostValues got = read(out, c.count, c.dtype);
    for (size_t d = 0; d < size(); ++d)
      expect_near(got[d], reduce_reference(inputs, d * c.count, c.count, c.dtype, c.op),
                  describe("reduce_scatter", c.dtype, c.count) + fmt::format(", device {}", d));
    // The inputs are left as they were.
    HostValues kept = read(in, c.count * size(), c.dtype);
    EXPECT_EQ(kept, inputs) << "reduce_scatter changed its inputs";
  }
}

TEST_P(Collective, BroadcastFromEveryRoot) {
  for (size_t root = 0; root < size(); ++root) {
    for (DType dtype : {DType::Float32, DType::Float16}) {
      const size_t count = dtype == DType::Float32 ? 37 : 3;
      HostValues inputs = random_inputs(count, dtype, 20 + uint32_t(root));
      auto buffers = make_buffers(count, dtype, inputs);
      comm().broadcast(pointers(buffers), count, dtype, root);
      HostValues got = read(buffers, count, dtype);
      for (size_t d = 0; d < size(); ++d)
        EXPECT_EQ(got[d], inputs[root])
            << describe("broadcast", dtype, count) << " from root " << root << ", device " << d;
    }
  }
}

TEST_P(Collective, CountZeroDoesNothing) {
  HostValues inputs = random_inputs(4, DType::Float32, 2);
  auto buffers = make_buffers(4, DType::Float32, inputs);
  auto out = make_buffers(4 * size(), DType::Float32, {});
  comm().all_reduce(pointers(buffers), 0, DType::Float32, ReduceOp::Sum);
  comm().broadcast(pointers(buffers), 0, DType::Float32, 0);
  comm().all_gather(pointers(buffers), pointers(out), 0, DType::Float32);
  comm().reduce_scatter(pointers(out), pointers(buffers), 0, DType::Float32, ReduceOp::Max);
  EXPECT_EQ(read(buffers, 4, DType::Float32), inputs);
}

TEST_P(Collective, GetKeepsOneCommunicatorPerList) {
  std::vector<std::string> lower;
  for (std::string name : GetParam().devices) {
    for (char& c : name) c = char(std::tolower(static_cast<unsigned char>(c)));
    lower.push_back(name);
  }
  EXPECT_EQ(&Communicator::get(GetParam().devices), &comm());
  EXPECT_EQ(&Communicator::get(lower), &comm());
  const bool cuda = GetParam().devices.front().rfind("CUDA", 0) == 0;
  if (!cuda) EXPECT_EQ(comm().kind(), "plain");
  RecordProperty("carrier", comm().kind());
}

INSTANTIATE_TEST_SUITE_P(Groups, Collective, ::testing::ValuesIn(groups()), group_name);

}  // namespace
}  // namespace ingot::test
