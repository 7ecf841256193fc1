#include "engine/debug_print.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <unistd.h>

#include <cstdlib>
#include <iostream>

#include "codegen/ir_text.hpp"
#include "runtime/process.hpp"
#include "runtime/write_all.hpp"

namespace ingot::engine {
namespace {

std::string typed_shape(const NodePtr& n) {
  return fmt::format("{}{}", dtype_name(n->dtype), shape_str(n->shape));
}

bool is_elf(const std::vector<uint8_t>& binary) {
  return binary.size() >= 4 && binary[0] == 0x7f && binary[1] == 'E' && binary[2] == 'L' &&
         binary[3] == 'F';
}

// Runs `tool` with `args` on the binary written to a temporary file.
std::string run_on_file(const std::string& tool, std::vector<std::string> args,
                        const std::vector<uint8_t>& binary) {
  std::string path = find_executable(tool);
  if (path.empty()) return fmt::format("(no disassembly: {} is not on PATH)\n", tool);
  char name[] = "/tmp/ingot-disassemble-XXXXXX";
  int fd = ::mkstemp(name);
  if (fd < 0) return "(no disassembly: cannot create a temporary file in /tmp)\n";
  bool written = write_all(fd, binary.data(), binary.size());
  ::close(fd);
  std::string text = "(no disassembly: cannot write a temporary file in /tmp)\n";
  if (written) {
    args.insert(args.begin(), path);
    args.push_back(name);
    ProcessResult result = run_process(args);
    text = result.exit_code == 0 ? result.output
                                 : fmt::format("({} failed with status {})\n{}", tool,
                                               result.exit_code, result.output);
  }
  ::unlink(name);
  return text;
}

}  // namespace

void print_shapes(const NodePtr& out, const std::vector<NodePtr>& inputs) {
  std::vector<std::string> shapes;
  for (const NodePtr& in : inputs) shapes.push_back(typed_shape(in));
  std::cerr << fmt::format(
      "kernel for {} on {} from {}\n", typed_shape(out), out->device,
      shapes.empty() ? "no buffers" : fmt::format("{}", fmt::join(shapes, ", ")));
}

void print_kernel(const ir::Kernel& kernel, int debug) {
  std::cerr << fmt::format("{} opts: {}  global {} local {}\n", kernel.name, kernel.opts,
                           kernel.dims.global, kernel.dims.local);
  if (debug >= 5) std::cerr << ir::to_text(kernel);
}

std::string disassemble(Device& device, const std::vector<uint8_t>& binary,
                        const std::string& function) {
  const std::string& language = device.info().language;
  std::string header =
      fmt::format("{}-byte {} binary for {}:\n", binary.size(), language, device.name());
  if (language == "c" && is_elf(binary))
    return header +
           run_on_file("objdump", {"--disassemble=" + function, "--no-show-raw-insn"}, binary);
  if (language == "cuda" && is_elf(binary))
    return header + run_on_file("cuobjdump", {"-sass"}, binary);
  if (language == "cuda") {
    // PTX, with the terminating NUL NVRTC counts in its size.
    std::string ptx(binary.begin(), binary.end());
    return header + ptx.substr(0, ptx.find('\0')) + "\n";
  }
  return header + fmt::format("(no disassembly: {} gives no disassembler for its binaries)\n",
                              device.name());
}

}  // namespace ingot::engine
