// The audit of the facade against Apple's declarations: each selector the Metal backend
// sends, beside the type encoding of the method as Apple's headers declare it (arm64:
// BOOL is bool, "B") and who owns what it returns. The emulated Metal checks every message
// against its own method's encoding; this test keeps the emulator's encodings equal to
// Apple's, and fails when the backend sends a selector not audited here, so that a new
// call is checked against Apple's header before it reaches a Mac.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

#include "backends/metal/api.hpp"
#include "backends/metal/emulator/runtime.hpp"

namespace ingot::test {
namespace {

enum class Owner {
  Caller,    // new..., alloc, copy...: +1, the caller releases it
  Borrowed,  // a getter: owned by the receiver (or autoreleased); retained when kept
  None,      // returns no object
};

struct Audited {
  const char* cls;
  const char* selector;
  const char* encoding;  // Apple's: return type, self, _cmd, arguments
  Owner owner;
  bool class_method = false;
};

// x86-64 Macs declare BOOL as signed char ("c"): passed and returned in the same register
// as bool, and Metal answers YES (1) or NO (0). A deallocator block ("@?") is passed as an
// object pointer ("@"), nil here.
const Audited kAudited[] = {
    // NSObject
    {"NSObject", "retain", "@@:", Owner::Borrowed},
    {"NSObject", "release", "v@:", Owner::None},
    {"NSObject", "respondsToSelector:", "B@::", Owner::None},
    // Foundation
    {"NSString", "stringWithUTF8String:", "@@:r*", Owner::Borrowed, true},
    {"NSString", "UTF8String", "r*@:", Owner::None},
    {"NSError", "localizedDescription", "@@:", Owner::Borrowed},
    {"NSArray", "count", "Q@:", Owner::None},
    {"NSArray", "objectAtIndex:", "@@:Q", Owner::Borrowed},
    // MTLDevice
    {"MTLDevice", "name", "@@:", Owner::Borrowed},
    {"MTLDevice", "registryID", "Q@:", Owner::None},
    {"MTLDevice", "maxThreadsPerThreadgroup", "{MTLSize=QQQ}@:", Owner::None},
    {"MTLDevice", "maxThreadgroupMemoryLength", "Q@:", Owner::None},
    {"MTLDevice", "hasUnifiedMemory", "B@:", Owner::None},
    {"MTLDevice", "maxBufferLength", "Q@:", Owner::None},
    {"MTLDevice", "recommendedMaxWorkingSetSize", "Q@:", Owner::None},
    {"MTLDevice", "supportsFamily:", "B@:q", Owner::None},
    {"MTLDevice", "newBufferWithLength:options:", "@@:QQ", Owner::Caller},
    {"MTLDevice", "newBufferWithBytesNoCopy:length:options:deallocator:", "@@:^vQQ@",
     Owner::Caller},
    {"MTLDevice", "newCommandQueue", "@@:", Owner::Caller},
    {"MTLDevice", "newSharedEvent", "@@:", Owner::Caller},
    {"MTLDevice", "newLibraryWithSource:options:error:", "@@:@@^@", Owner::Caller},
    {"MTLDevice", "newComputePipelineStateWithDescriptor:options:reflection:error:", "@@:@Q^@^@",
     Owner::Caller},
    {"MTLDevice", "newIndirectCommandBufferWithDescriptor:maxCommandCount:options:", "@@:@QQ",
     Owner::Caller},
    // Buffers, events, queues, command buffers
    {"MTLBuffer", "contents", "^v@:", Owner::None},
    {"MTLSharedEvent", "signaledValue", "Q@:", Owner::None},
    {"MTLCommandQueue", "commandBuffer", "@@:", Owner::Borrowed},
    {"MTLCommandBuffer", "computeCommandEncoder", "@@:", Owner::Borrowed},
    {"MTLCommandBuffer", "blitCommandEncoder", "@@:", Owner::Borrowed},
    {"MTLCommandBuffer", "commit", "v@:", Owner::None},
    {"MTLCommandBuffer", "waitUntilCompleted", "v@:", Owner::None},
    {"MTLCommandBuffer", "status", "Q@:", Owner::None},
    {"MTLCommandBuffer", "error", "@@:", Owner::Borrowed},
    {"MTLCommandBuffer", "GPUStartTime", "d@:", Owner::None},
    {"MTLCommandBuffer", "GPUEndTime", "d@:", Owner::None},
    {"MTLCommandBuffer", "encodeSignalEvent:value:", "v@:@Q", Owner::None},
    {"MTLCommandBuffer", "encodeWaitForEvent:value:", "v@:@Q", Owner::None},
    // Encoders
    {"MTLComputeCommandEncoder", "setComputePipelineState:", "v@:@", Owner::None},
    {"MTLComputeCommandEncoder", "setBuffer:offset:atIndex:", "v@:@QQ", Owner::None},
    {"MTLComputeCommandEncoder", "setBytes:length:atIndex:", "v@:r^vQQ", Owner::None},
    {"MTLComputeCommandEncoder",
     "dispatchThreadgroups:threadsPerThreadgroup:", "v@:{MTLSize=QQQ}{MTLSize=QQQ}", Owner::None},
    {"MTLComputeCommandEncoder",
     "dispatchThreads:threadsPerThreadgroup:", "v@:{MTLSize=QQQ}{MTLSize=QQQ}", Owner::None},
    {"MTLComputeCommandEncoder", "setThreadgroupMemoryLength:atIndex:", "v@:QQ", Owner::None},
    {"MTLComputeCommandEncoder", "useResource:usage:", "v@:@Q", Owner::None},
    {"MTLComputeCommandEncoder", "executeCommandsInBuffer:withRange:", "v@:@{_NSRange=QQ}",
     Owner::None},
    {"MTLComputeCommandEncoder", "endEncoding", "v@:", Owner::None},
    {"MTLBlitCommandEncoder",
     "copyFromBuffer:sourceOffset:toBuffer:destinationOffset:size:", "v@:@Q@QQ", Owner::None},
    {"MTLBlitCommandEncoder", "endEncoding", "v@:", Owner::None},
    // Compiling
    {"MTLCompileOptions", "new", "@@:", Owner::Caller, true},
    {"MTLCompileOptions", "setLanguageVersion:", "v@:Q", Owner::None},
    {"MTLCompileOptions", "setFastMathEnabled:", "v@:B", Owner::None},
    {"MTLLibrary", "newFunctionWithName:", "@@:@", Owner::Caller},
    {"MTLLibrary", "newFunctionWithName:constantValues:error:", "@@:@@^@", Owner::Caller},
    {"MTLFunctionConstantValues", "new", "@@:", Owner::Caller, true},
    {"MTLFunctionConstantValues", "alloc", "@@:", Owner::Caller, true},
    {"MTLFunctionConstantValues", "init", "@@:", Owner::Caller},
    {"MTLFunctionConstantValues", "setConstantValue:type:atIndex:", "v@:r^vQQ", Owner::None},
    {"MTLFunctionConstantValues", "setConstantValue:type:withName:", "v@:r^vQ@", Owner::None},
    {"MTLComputePipelineDescriptor", "new", "@@:", Owner::Caller, true},
    {"MTLComputePipelineDescriptor", "setComputeFunction:", "v@:@", Owner::None},
    {"MTLComputePipelineDescriptor", "setSupportIndirectCommandBuffers:", "v@:B", Owner::None},
    {"MTLComputePipelineState", "maxTotalThreadsPerThreadgroup", "Q@:", Owner::None},
    // Indirect command buffers (graphs)
    {"MTLIndirectCommandBufferDescriptor", "new", "@@:", Owner::Caller, true},
    {"MTLIndirectCommandBufferDescriptor", "setCommandTypes:", "v@:Q", Owner::None},
    {"MTLIndirectCommandBufferDescriptor", "setInheritBuffers:", "v@:B", Owner::None},
    {"MTLIndirectCommandBufferDescriptor", "setInheritPipelineState:", "v@:B", Owner::None},
    {"MTLIndirectCommandBufferDescriptor", "setMaxKernelBufferBindCount:", "v@:Q", Owner::None},
    {"MTLIndirectCommandBuffer", "indirectComputeCommandAtIndex:", "@@:Q", Owner::Borrowed},
    {"MTLIndirectComputeCommand", "setComputePipelineState:", "v@:@", Owner::None},
    {"MTLIndirectComputeCommand", "setKernelBuffer:offset:atIndex:", "v@:@QQ", Owner::None},
    {"MTLIndirectComputeCommand", "concurrentDispatchThreadgroups:threadsPerThreadgroup:",
     "v@:{MTLSize=QQQ}{MTLSize=QQQ}", Owner::None},
    {"MTLIndirectComputeCommand", "setBarrier", "v@:", Owner::None},
};

// Cocoa's rule, which Metal follows: a method returns an object its caller owns exactly
// when its name begins with new, alloc, copy or mutableCopy (init keeps alloc's).
bool caller_owns_by_name(const std::string& selector) {
  for (const char* prefix : {"new", "alloc", "copy", "mutableCopy", "init"})
    if (selector.starts_with(prefix)) return true;
  return false;
}

TEST(MetalSelectorAudit, TheEmulatorDeclaresEachSelectorAsAppleDoes) {
  for (const Audited& a : kAudited) {
    SCOPED_TRACE(std::string(a.cls) + (a.class_method ? " +" : " -") + a.selector);
    const metal_emulator::ClassInfo& cls = metal_emulator::class_named(a.cls);
    const metal_emulator::Method* method = cls.find(a.selector, a.class_method);
    ASSERT_NE(method, nullptr) << "the emulator lacks it";
    EXPECT_EQ(method->signature, a.encoding);
    bool returns_object = a.encoding[0] == '@';
    EXPECT_EQ(a.owner == Owner::None, !returns_object) << "an object return needs an owner";
    if (returns_object) EXPECT_EQ(a.owner == Owner::Caller, caller_owns_by_name(a.selector));
  }
}

// The selectors in the Metal backend's sources: the string literal a `send<...>(` passes
// (not the class name of a get_class nor the text of an ns_string).
std::set<std::string> selectors_sent() {
  std::filesystem::path backend = std::filesystem::path(INGOT_SOURCE_DIR) / "src/backends/metal";
  std::set<std::string> found;
  const std::regex call(R"(send<[^;]*?;)");
  const std::regex literal(R"((get_class\(|ns_string\()?"([A-Za-z][A-Za-z0-9:]*)\")");
  for (const auto& entry : std::filesystem::directory_iterator(backend)) {
    if (entry.path().extension() != ".cpp" && entry.path().extension() != ".hpp") continue;
    std::ifstream file(entry.path());
    std::stringstream text;
    text << file.rdbuf();
    std::string source = text.str();
    for (auto c = std::sregex_iterator(source.begin(), source.end(), call);
         c != std::sregex_iterator(); ++c) {
      std::string body = c->str();
      for (auto l = std::sregex_iterator(body.begin(), body.end(), literal);
           l != std::sregex_iterator(); ++l)
        if (!(*l)[1].matched) {
          found.insert((*l)[2].str());
          break;
        }
    }
  }
  return found;
}

TEST(MetalSelectorAudit, EverySelectorTheBackendSendsIsAudited) {
  std::set<std::string> audited;
  for (const Audited& a : kAudited) audited.insert(a.selector);
  std::set<std::string> sent = selectors_sent();
  ASSERT_GT(sent.size(), 40u) << "the backend's sources were not found";
  for (const std::string& selector : sent)
    EXPECT_TRUE(audited.contains(selector))
        << "'" << selector << "' is sent by the Metal backend but not audited here: add it "
        << "with the encoding of Apple's declaration";
}

}  // namespace
}  // namespace ingot::test
