// The CUDA compiler: NVRTC compiles CUDA C++ to a CUBIN for the device's architecture (or
// to PTX when NVRTC does not know it), and the driver's JIT assembles PTX written by hand
// to a CUBIN; the disk cache keeps either and Device::load reads it.
#include <fmt/format.h>
#include <fmt/ranges.h>

#include <algorithm>
#include <array>
#include <cstring>

#include "backends/cuda/cuda.hpp"
#include "runtime/failed_source.hpp"

namespace ingot::cuda {
namespace {

// The architectures this NVRTC compiles for: 75, 80, 86... ascending.
std::vector<int> supported_archs() {
  int count = 0;
  nvrtcResult status = cu().nvrtcGetNumSupportedArchs(&count);
  std::vector<int> archs(size_t(std::max(count, 0)));
  if (status == NVRTC_SUCCESS) status = cu().nvrtcGetSupportedArchs(archs.data());
  if (status != NVRTC_SUCCESS)
    throw nvrtc_error(status, "nvrtcGetSupportedArchs", "CUDA: listing NVRTC's architectures");
  return archs;
}

// The program, destroyed through the table.
struct NvrtcProgram {
  nvrtcProgram program = nullptr;
  ~NvrtcProgram() {
    if (program) cu().nvrtcDestroyProgram(&program);
  }
};

std::string program_log(nvrtcProgram program) {
  size_t size = 0;
  nvrtcResult status = cu().nvrtcGetProgramLogSize(program, &size);
  std::string log(size, '\0');
  if (status == NVRTC_SUCCESS) status = cu().nvrtcGetProgramLog(program, log.data());
  if (status != NVRTC_SUCCESS)
    return fmt::format("(no log: nvrtcGetProgramLog returned {})",
                       cu().nvrtcGetErrorString(status));
  while (!log.empty() && (log.back() == '\0' || log.back() == '\n')) log.pop_back();
  return log;
}

// The JIT's error and info logs, which it fills while the link state lives: the options
// and values cuLinkCreate takes, pointing into this object (so it stays where it is).
struct JitLogs {
  static constexpr size_t kBytes = 16384;
  std::array<char, kBytes> error{}, info{};
  std::array<CUjit_option, 4> options{CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES,
                                      CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  // A size is passed as the pointer's value, as the driver API does.
  std::array<void*, 4> values{error.data(), reinterpret_cast<void*>(kBytes), info.data(),
                              reinterpret_cast<void*>(kBytes)};

  JitLogs() = default;
  JitLogs(const JitLogs&) = delete;
  JitLogs& operator=(const JitLogs&) = delete;

  // The error log, then the info log, each where it says something.
  std::string text() const {
    std::string text(error.data(), strnlen(error.data(), kBytes));
    if (size_t n = strnlen(info.data(), kBytes))
      text += (text.empty() ? "" : "\n") + std::string(info.data(), n);
    return text;
  }
};

// A link state, destroyed through the table.
struct LinkState {
  CUlinkState state = nullptr;
  ~LinkState() {
    if (state) cu().cuLinkDestroy(state);
  }
};

}  // namespace

CudaCompiler::CudaCompiler(const CudaContext& cuda, std::pair<int, int> capability) : cuda_(cuda) {
  const auto [major, minor] = capability;
  const int device_arch = major * 10 + minor;
  device_arch_ = device_arch;
  std::vector<int> archs = supported_archs();
  if (std::find(archs.begin(), archs.end(), device_arch) != archs.end()) {
    arch_ = fmt::format("sm_{}", device_arch);
  } else if (auto older = std::find_if(archs.rbegin(), archs.rend(),
                                       [&](int arch) { return arch < device_arch; });
             older != archs.rend()) {
    // A device newer than NVRTC: PTX for the newest architecture NVRTC knows, which the
    // driver compiles for the device when it loads the module.
    arch_ = fmt::format("compute_{}", *older);
    cubin_ = false;
  } else {
    no_arch_ = fmt::format(
        "NVRTC {}.{} compiles for the architectures {}, none of which runs on {}, of compute "
        "capability {}.{} (use the NVRTC of an older CUDA toolkit)",
        cu().nvrtc_major, cu().nvrtc_minor, archs, cuda.name, major, minor);
  }
  // NVRTC's defaults keep IEEE division, square roots and denormals: no --use_fast_math,
  // whose approximations would break the op suite's references. Fused multiply-adds stay
  // on, as on the other backends.
  options_ = {"--gpu-architecture=" + arch_, "-std=c++17"};
}

bool CudaCompiler::targets_sm90a() const { return arch_ == "sm_90"; }

std::string CudaCompiler::target() const {
  if (arch_.empty()) return "none: " + no_arch_;
  return fmt::format("{} ({})", arch_, cubin_ ? "CUBIN" : "PTX");
}

std::string CudaCompiler::identity() const {
  return fmt::format("NVRTC {}.{}\n{}\n{}", cu().nvrtc_major, cu().nvrtc_minor, target(),
                     fmt::join(options_, " "));
}

ExportedKernel CudaCompiler::export_kernel(const std::string& source, const std::string&,
                                           const std::string&) {
  return {cubin_ ? ".cubin" : ".ptx", compile_cached(source)};
}

std::vector<uint8_t> CudaCompiler::compile(const std::string& source) {
  return compile_names(source, {}).binary;
}

Compiler::NamedBinary CudaCompiler::compile_names(const std::string& source,
                                                  const std::vector<std::string>& names) {
  std::string what = fmt::format("{} CUDA compile for {}", cuda_.name, arch_);
  if (arch_.empty()) throw Error(fmt::format("{} CUDA compile: {}", cuda_.name, no_arch_));
  NvrtcProgram program;
  nvrtcResult status =
      cu().nvrtcCreateProgram(&program.program, source.c_str(), "ingot.cu", 0, nullptr, nullptr);
  if (status != NVRTC_SUCCESS) throw nvrtc_error(status, "nvrtcCreateProgram", what);
  for (const std::string& name : names)
    if ((status = cu().nvrtcAddNameExpression(program.program, name.c_str())) != NVRTC_SUCCESS)
      throw nvrtc_error(status, "nvrtcAddNameExpression", fmt::format("{}: '{}'", what, name));
  std::vector<const char*> options;
  for (const std::string& option : options_) options.push_back(option.c_str());
  // wgmma exists only in the architecture-specific sm_90a target: asked for where the
  // kernel calls the prelude's warpgroup products (the prelude alone only declares them).
  const std::string specific = "--gpu-architecture=sm_90a";
  if (targets_sm90a() && (source.find("ingot_wgmma_float16<") != std::string::npos ||
                          source.find("ingot_wgmma_bfloat16<") != std::string::npos))
    options[0] = specific.c_str();
  status = cu().nvrtcCompileProgram(program.program, int(options.size()), options.data());
  if (status != NVRTC_SUCCESS) {
    throw Error(fmt::format(
        "{} CUDA compile failed: nvrtcCompileProgram with \"{}\" returned {} ({}); the source is "
        "kept at {}\n{}",
        cuda_.name, fmt::join(options_, " "), cu().nvrtcGetErrorString(status), status,
        keep_failed_source(source, ".cu"), program_log(program.program)));
  }
  // PTX is text that cuModuleLoadData reads up to its terminating NUL, which NVRTC counts
  // in the size; a CUBIN is an ELF image.
  auto get_size = cubin_ ? cu().nvrtcGetCUBINSize : cu().nvrtcGetPTXSize;
  auto get = cubin_ ? cu().nvrtcGetCUBIN : cu().nvrtcGetPTX;
  const char* call = cubin_ ? "nvrtcGetCUBIN" : "nvrtcGetPTX";
  size_t size = 0;
  status = get_size(program.program, &size);
  std::vector<uint8_t> binary(size);
  if (status == NVRTC_SUCCESS)
    status = get(program.program, reinterpret_cast<char*>(binary.data()));
  if (status != NVRTC_SUCCESS) throw nvrtc_error(status, call, what + ": reading the binary");
  if (binary.empty())
    throw Error(what + ": NVRTC compiled the program but returned an empty binary");
  NamedBinary named{std::move(binary), {}};
  for (const std::string& name : names) {
    const char* lowered = nullptr;  // owned by the program
    status = cu().nvrtcGetLoweredName(program.program, name.c_str(), &lowered);
    if (status != NVRTC_SUCCESS || !lowered)
      throw Error(fmt::format(
          "{}: NVRTC found no kernel for the name expression '{}' (nvrtcGetLoweredName: {}); "
          "is it a __global__ function template of the source, with arguments it takes?",
          what, name, cu().nvrtcGetErrorString(status)));
    named.symbols.emplace_back(lowered);
  }
  return named;
}

std::string CudaCompiler::assembly_identity(const std::string&) const {
  // The driver's JIT makes the CUBIN for the device itself.
  return fmt::format("CUDA driver {} JIT (cuLink)\nsm_{}", cu().driver_version, device_arch_);
}

std::vector<uint8_t> CudaCompiler::assemble(const std::string& source,
                                            const std::string& language) {
  if (language != "ptx")
    throw Error(fmt::format("{} assembly: CUDA assembles 'ptx', not '{}'", cuda_.name, language));
  std::string what = fmt::format("{} PTX assembly for sm_{}", cuda_.name, device_arch_);
  cuda_.bind(what);  // the JIT targets the device of the current context
  JitLogs logs;
  LinkState link;
  CUresult status = cu().cuLinkCreate_v2(unsigned(logs.options.size()), logs.options.data(),
                                         logs.values.data(), &link.state);
  if (status != CUDA_SUCCESS) throw cu_error(status, "cuLinkCreate", what);
  auto failed = [&](CUresult code, std::string_view call) {
    return Error(fmt::format("{}; the source is kept at {}\n{}", cu_error(code, call, what).what(),
                             keep_failed_source(source, ".ptx"), logs.text()));
  };
  // The JIT reads PTX up to its NUL, which the size counts.
  status = cu().cuLinkAddData_v2(link.state, CU_JIT_INPUT_PTX, const_cast<char*>(source.c_str()),
                                 source.size() + 1, "kernel.ptx", 0, nullptr, nullptr);
  if (status != CUDA_SUCCESS) throw failed(status, "cuLinkAddData");
  void* cubin = nullptr;  // owned by the link state
  size_t size = 0;
  if ((status = cu().cuLinkComplete(link.state, &cubin, &size)) != CUDA_SUCCESS)
    throw failed(status, "cuLinkComplete");
  const auto* bytes = static_cast<const uint8_t*>(cubin);
  return std::vector<uint8_t>(bytes, bytes + size);
}

}  // namespace ingot::cuda
