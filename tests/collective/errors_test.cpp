// Bad arguments: each is an ArgumentError naming the operation and what is valid, with
// nothing done (the buffers keep their contents), and a good operation works after it.
#include <string>

#include "collective/collective_test.hpp"

namespace ingot::test {
namespace {

// Runs `call`, which must throw ArgumentError whose message holds every one of `parts`.
template <class Call>
void expect_argument_error(Call call, std::initializer_list<const char*> parts) {
  try {
    call();
    ADD_FAILURE() << "no error; expected one saying " << *parts.begin();
  } catch (const ArgumentError& e) {
    for (const char* part : parts)
      EXPECT_NE(std::string(e.what()).find(part), std::string::npos)
          << "'" << e.what() << "' does not say '" << part << "'";
  }
}

TEST_P(Collective, BadArgumentsThrowAndChangeNothing) {
  const size_t count = 8;
  HostValues inputs = random_inputs(count, DType::Float32, 4);
  auto buffers = make_buffers(count, DType::Float32, inputs);
  std::vector<Buffer*> good = pointers(buffers);

  // One buffer too few, and a null one.
  std::vector<Buffer*> short_list(good.begin(), good.end() - 1);
  expect_argument_error(
      [&] { comm().all_reduce(short_list, count, DType::Float32, ReduceOp::Sum); },
      {"all_reduce", "one buffer per device"});
  std::vector<Buffer*> with_null = good;
  with_null.back() = nullptr;
  expect_argument_error([&] { comm().broadcast(with_null, count, DType::Float32, 0); },
                        {"broadcast", "is null"});
  // Too few elements: the count, the dtype and the bytes are named.
  expect_argument_error([&] { comm().all_reduce(good, count + 1, DType::Float32, ReduceOp::Sum); },
                        {"all_reduce", "9 elements of float32", "36 bytes"});
  expect_argument_error(
      [&] { comm().all_reduce(good, count / 2 + 1, DType::Float64, ReduceOp::Max); },
      {"all_reduce", "float64"});
  // An output of one part only, where all_gather needs one per device.
  if (size() > 1)
    expect_argument_error([&] { comm().all_gather(good, good, count, DType::Float32); },
                          {"all_gather", "output buffer 0"});
  // The root is a position in the group.
  expect_argument_error([&] { comm().broadcast(good, count, DType::Float32, size()); },
                        {"broadcast", "root", "out of range"});
  // Bool has no arithmetic to reduce with.
  expect_argument_error([&] { comm().all_reduce(good, count, DType::Bool, ReduceOp::Max); },
                        {"all_reduce", "bool"});
  // The buffers in another order than the group's.
  if (size() > 1) {
    std::vector<Buffer*> swapped = good;
    std::swap(swapped.front(), swapped.back());
    expect_argument_error(
        [&] { comm().reduce_scatter(swapped, swapped, 1, DType::Float32, ReduceOp::Sum); },
        {"reduce_scatter", "is on", "group's order"});
  }
  EXPECT_EQ(read(buffers, count, DType::Float32), inputs) << "a refused operation wrote";

  comm().all_reduce(good, count, DType::Float32, ReduceOp::Max);
  Reference want = reduce_reference(inputs, 0, count, DType::Float32, ReduceOp::Max);
  for (const auto& got : read(buffers, count, DType::Float32))
    expect_near(got, want, "all_reduce after the errors");
}

TEST_P(Collective, GetRefusesBadLists) {
  std::vector<std::string> twice = GetParam().devices;
  twice.push_back(twice.front());
  expect_argument_error([&] { Communicator::get(twice); },
                        {"Communicator::get", "each device once"});
  expect_argument_error([] { Communicator::get({}); }, {"Communicator::get", "at least one"});
  try {
    Communicator::get({GetParam().devices.front(), "NOSUCH:7"});
    ADD_FAILURE() << "a device that does not exist was accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("NOSUCH:7"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace ingot::test
