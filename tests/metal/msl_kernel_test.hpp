// Runs MSL kernels through the facade on the emulated Metal, for the tests of what the
// emulated compiler takes: a library from source, a function (specialised or not), its
// pipeline, buffers poisoned before use, and one dispatch waited for.
#pragma once

#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <utility>
#include <vector>

#include "backends/metal/api.hpp"
#include "metal/metal_test.hpp"

namespace ingot::test {

class MslKernelTest : public MetalLifetimeTest {
 protected:
  using id = objc::id;
  using NSUInteger = objc::NSUInteger;
  using MTLSize = objc::MTLSize;
  using Owned = objc::Owned;

  void SetUp() override {
    if (!objc::runtime().emulated) GTEST_SKIP() << "these tests check the emulator";
    MetalLifetimeTest::SetUp();
    device_ = Owned(objc::runtime().create_system_default_device());
    queue_ = Owned(objc::send<id>(device_.get(), "newCommandQueue"));
  }
  void TearDown() override {
    device_ = Owned();
    queue_ = Owned();
    MetalLifetimeTest::TearDown();
  }

  // The library of `source`, nil with `error` set when it does not compile.
  Owned library(const std::string& source, std::string* error = nullptr) {
    objc::AutoreleasePool pool;
    id ns_error = nullptr;
    Owned made(objc::send<id>(device_.get(), "newLibraryWithSource:options:error:",
                              objc::ns_string(source), static_cast<id>(nullptr), &ns_error));
    if (error) *error = objc::error_text(ns_error);
    if (!error) EXPECT_TRUE(made) << objc::error_text(ns_error);
    return made;
  }

  // `name` of the library, specialised with `constants` (an MTLFunctionConstantValues)
  // unless nil; nil with `error` set when it cannot be made.
  Owned function(id library, const std::string& name, id constants = nullptr,
                 std::string* error = nullptr) {
    objc::AutoreleasePool pool;
    if (!constants)
      return Owned(objc::send<id>(library, "newFunctionWithName:", objc::ns_string(name)));
    id ns_error = nullptr;
    Owned made(objc::send<id>(library, "newFunctionWithName:constantValues:error:",
                              objc::ns_string(name), constants, &ns_error));
    if (error) *error = objc::error_text(ns_error);
    if (!error) EXPECT_TRUE(made) << objc::error_text(ns_error);
    return made;
  }

  // The compute pipeline of `function`; nil with `error` set when it cannot be made.
  Owned pipeline(id function, std::string* error = nullptr) {
    objc::AutoreleasePool pool;
    Owned descriptor(objc::send<id>(objc::get_class("MTLComputePipelineDescriptor"), "new"));
    objc::send<void>(descriptor.get(), "setComputeFunction:", function);
    id ns_error = nullptr;
    Owned made(objc::send<id>(
        device_.get(), "newComputePipelineStateWithDescriptor:options:reflection:error:",
        descriptor.get(), NSUInteger(0), static_cast<id*>(nullptr), &ns_error));
    if (error) *error = objc::error_text(ns_error);
    if (!error) EXPECT_TRUE(made) << objc::error_text(ns_error);
    return made;
  }
  // The pipeline of kernel `name` of `source`, neither specialised.
  Owned pipeline(const std::string& source, const std::string& name) {
    Owned lib = library(source);
    Owned fn = function(lib.get(), name);
    EXPECT_TRUE(fn) << "no function " << name;
    return pipeline(fn.get());
  }

  // A shared buffer of `count` T, every byte 0xA5 (poison) unless `values` fill it.
  template <class T>
  Owned buffer(size_t count, const std::vector<T>& values = {}) {
    Owned made(objc::send<id>(device_.get(), "newBufferWithLength:options:",
                              NSUInteger(std::max<size_t>(count, 1) * sizeof(T)), NSUInteger(0)));
    std::memset(contents<T>(made), 0xA5, std::max<size_t>(count, 1) * sizeof(T));
    if (!values.empty()) std::memcpy(contents<T>(made), values.data(), values.size() * sizeof(T));
    return made;
  }
  template <class T>
  T* contents(const Owned& b) {
    return static_cast<T*>(objc::send<void*>(b.get(), "contents"));
  }

  // Runs one dispatch with `buffers` bound at their indices and waits; the command
  // buffer's error text, "" when it completed. `threads_total` selects
  // dispatchThreads:threadsPerThreadgroup: (the grid in threads) over
  // dispatchThreadgroups:threadsPerThreadgroup: (the grid in threadgroups).
  std::string run(id pipeline, const std::vector<std::pair<id, NSUInteger>>& buffers, MTLSize grid,
                  MTLSize threads, bool threads_total = false,
                  const std::vector<std::pair<NSUInteger, NSUInteger>>& threadgroup_memory = {}) {
    objc::AutoreleasePool pool;
    id command_buffer = objc::send<id>(queue_.get(), "commandBuffer");
    id encoder = objc::send<id>(command_buffer, "computeCommandEncoder");
    objc::send<void>(encoder, "setComputePipelineState:", pipeline);
    for (const auto& [b, index] : buffers)
      objc::send<void>(encoder, "setBuffer:offset:atIndex:", b, NSUInteger(0), index);
    for (const auto& [length, index] : threadgroup_memory)
      objc::send<void>(encoder, "setThreadgroupMemoryLength:atIndex:", length, index);
    objc::send<void>(encoder,
                     threads_total ? "dispatchThreads:threadsPerThreadgroup:"
                                   : "dispatchThreadgroups:threadsPerThreadgroup:",
                     grid, threads);
    objc::send<void>(encoder, "endEncoding");
    objc::send<void>(command_buffer, "commit");
    objc::send<void>(command_buffer, "waitUntilCompleted");
    return objc::error_text(objc::send<id>(command_buffer, "error"));
  }

  Owned device_, queue_;
};

}  // namespace ingot::test
