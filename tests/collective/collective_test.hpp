// The collectives' suite: every test runs once per group of devices, against float64 or
// int64 references computed on the host from random inputs, with poisoned outputs. A
// group whose devices do not all open here is skipped (CI has no GPU).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <ostream>
#include <string>
#include <vector>

#include "ingot/collective.hpp"
#include "ingot/runtime.hpp"

namespace ingot::test {

struct Group {
  std::string label;  // the test name's suffix
  std::vector<std::string> devices;
};
// GoogleTest prints a test's parameter beside its name (and CTest keeps it): the label,
// rather than the object's bytes.
inline void PrintTo(const Group& group, std::ostream* os) { *os << group.label; }

// {CPU}, {METAL:0, METAL:1}, {CL:0, CL:1}, {CUDA:0, CUDA:1}, every CUDA device where there
// are more than two, and the mixed {CPU, METAL:0}.
std::vector<Group> groups();
std::string group_name(const ::testing::TestParamInfo<Group>& info);

// Elements on the host, as doubles, one vector per device.
using HostValues = std::vector<std::vector<double>>;

class Collective : public ::testing::TestWithParam<Group> {
 protected:
  void SetUp() override;

  Communicator& comm() { return *comm_; }
  size_t size() const { return comm_->size(); }
  // Whether every device of the group computes in `dtype`; where not, the test skips it.
  bool supported(DType dtype) const;

  // One buffer per device of `elements` elements of `dtype`, holding `values` (one vector
  // per device), or poison where `values` is empty; the first device's buffer is a view at
  // an offset into a larger allocation, as tensors' buffers may be.
  std::vector<std::shared_ptr<Buffer>> make_buffers(size_t elements, DType dtype,
                                                    const HostValues& values = {});
  // Random values of `dtype` (exactly representable), one vector per device.
  HostValues random_inputs(size_t elements, DType dtype, uint32_t seed) const;
  // Each buffer's first `elements` elements, after the queued work finished.
  HostValues read(const std::vector<std::shared_ptr<Buffer>>& buffers, size_t elements,
                  DType dtype) const;

 private:
  Communicator* comm_ = nullptr;
};

std::vector<Buffer*> pointers(const std::vector<std::shared_ptr<Buffer>>& buffers);

// The element-wise reduction of every device's values, combined in the group's order, and
// the tolerance a carrier's result may differ by (0 for integers and max/min).
struct Reference {
  std::vector<double> value;
  std::vector<double> tolerance;
};
Reference reduce_reference(const HostValues& inputs, size_t begin, size_t count, DType dtype,
                           ReduceOp op);
// Expects `got` within the reference's tolerance, naming `what` and the element at fault.
void expect_near(const std::vector<double>& got, const Reference& want, const std::string& what);

}  // namespace ingot::test
