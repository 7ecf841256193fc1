#include "engine/aot_sources.hpp"

#include <fmt/format.h>
#include <fmt/ranges.h>

#include <cctype>

#include "ingot/error.hpp"

namespace ingot::engine {
namespace {

bool is_cpu(const AotFunction& function) { return function.device->info().language == "c"; }

std::string upper(std::string text) {
  for (char& c : text) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return text;
}

std::string describe(const AotTensor& t) {
  return fmt::format("{} [{}]", dtype_name(t.dtype), fmt::join(t.shape, ", "));
}

// The fields of <name>_inputs or <name>_outputs; a struct of none gets a placeholder, as C
// has no empty structs.
std::string fields(const std::vector<AotTensor>& tensors) {
  if (tensors.empty()) return "  int32_t unused; /* the function has none */\n";
  std::string text;
  for (const AotTensor& t : tensors)
    text += fmt::format("  ingot_aot_tensor {}; /* {} */\n", t.name, describe(t));
  return text;
}

std::string io_table(const std::vector<AotTensor>& tensors,
                     const std::vector<AotPlan::Place>& places) {
  std::string text;
  for (size_t i = 0; i < tensors.size(); ++i) {
    const AotTensor& t = tensors[i];
    text += fmt::format("    {{\"{}\", {}, {}, {{{}}}, {}, {}u, {}u}},\n", t.name,
                        static_cast<int>(t.dtype), t.shape.size(),
                        t.shape.empty() ? "0" : fmt::format("{}", fmt::join(t.shape, ", ")),
                        places[i].slot, places[i].offset, places[i].bytes);
  }
  return text + "    {0},\n";
}

// `&in->x, &in->y, NULL`: the fields as the runtime takes them.
std::string field_pointers(const std::vector<AotTensor>& tensors, const char* object) {
  std::string text;
  for (const AotTensor& t : tensors) text += fmt::format("&{}->{}, ", object, t.name);
  return text + "NULL";
}

}  // namespace

std::string aot_device_file(const Device& device) {
  const std::string& language = device.info().language;
  if (language == "c") return "ingot_aot_cpu.c";
  if (language == "opencl") return "ingot_aot_opencl.c";
  if (language == "cuda") return "ingot_aot_cuda.c";
  if (language == "metal") return "ingot_aot_hal.c";
  throw Error(fmt::format(
      "export_function: {} (language '{}') has no exported runtime; export for the CPU, CL, "
      "CUDA or METAL",
      device.name(), language));
}

std::string aot_kernel_file(const AotPlan::Kernel& kernel) {
  return kernel.symbol + kernel.code.extension;
}

std::string aot_header(const AotFunction& f) {
  const std::string& n = f.name;
  return fmt::format(
      R"(/* {n}: a function exported by ingot for {device} (docs/jit-and-export.md). Link
 * lib{n}.a. Inputs and outputs are host memory described by ingot_aot_tensor; each is
 * checked against the dtype and shape below. */
#ifndef {guard}_H
#define {guard}_H

#include "ingot_aot.h"

#ifdef __cplusplus
extern "C" {{
#endif

typedef struct {n}_inputs {{
{inputs}}} {n}_inputs;

/* The caller allocates each output's memory and fills in its dtype and shape. */
typedef struct {n}_outputs {{
{outputs}}} {n}_outputs;

/* Runs the function: copies the inputs to the device, runs its {launches} kernel launch(es)
 * and copies the outputs back; returns when done. Returns INGOT_AOT_OK, or an error code
 * with the message in {n}_last_error(). The first call loads ({n}_load) when that was not
 * done. One call at a time: the function's device memory is shared by its calls. */
int {n}(const {n}_inputs* inputs, {n}_outputs* outputs);

/* Opens {device}, allocates the function's memory, uploads its weights and loads its
 * kernels; INGOT_AOT_OK, or INGOT_AOT_ERROR_DEVICE when the device or its driver is missing.
 */
int {n}_load(void);

/* Frees what {n}_load made; a later call loads again. */
void {n}_release(void);

/* The message of the last error, or "" when none. */
const char* {n}_last_error(void);

#ifdef __cplusplus
}}
#endif

#endif
)",
      fmt::arg("n", n), fmt::arg("device", f.device->name()), fmt::arg("guard", upper(n)),
      fmt::arg("inputs", fields(f.inputs)), fmt::arg("outputs", fields(f.outputs)),
      fmt::arg("launches", f.launches.size()));
}

std::string aot_source(const AotFunction& f, const AotPlan& plan) {
  const std::string& n = f.name;
  const bool cpu = is_cpu(f);
  std::string externs, kernels, slots, launches, args;
  size_t max_args = 0;
  for (const AotPlan::Kernel& k : plan.kernels) {
    if (cpu) {
      externs += fmt::format(
          "void {}(char* const*, const int64_t*, const double*, int64_t, int64_t);\n", k.symbol);
      kernels += fmt::format("    {{\"{}\", NULL, 0, {}, {}}},\n", k.function, k.symbol, k.buffers);
    } else {
      externs += fmt::format("extern const unsigned char {}[];\n", k.symbol);
      kernels += fmt::format("    {{\"{}\", {}, {}u, NULL, {}}},\n", k.function, k.symbol,
                             k.code.bytes.size(), k.buffers);
    }
  }
  if (!plan.weights.empty())
    externs += fmt::format("extern const unsigned char {}_weights[];\n", n);
  for (const AotPlan::Slot& slot : plan.slots)
    slots += fmt::format("    {{{}u, {}}},\n", slot.bytes, slot.weights_at);
  size_t first = 0;
  for (const AotPlan::Launch& launch : plan.launches) {
    const LaunchDims& d = launch.dims;
    launches += fmt::format("    {{{}, {}, {}, {{{}}}, {{{}}}, {}}},\n", launch.kernel, first,
                            launch.args.size(), fmt::join(d.global, ", "), fmt::join(d.local, ", "),
                            d.partial_groups ? 1 : 0);
    for (const AotPlan::Place& place : launch.args)
      args += fmt::format("    {{{}, {}u, {}u}},\n", place.slot, place.offset, place.bytes);
    first += launch.args.size();
    max_args = std::max(max_args, launch.args.size());
  }
  return fmt::format(
      R"(/* {n} for {device}: the recorded launches as tables, and the C API of {n}.h.
 * Written by ingot::export_function; built with the runtime as one translation unit. */
#include "{n}.h"

#include "{device_file}"
#include "ingot_aot_runtime.c"

{externs}
static const ingot_aot_io {n}_input_table[] = {{
{input_table}}};
static const ingot_aot_io {n}_output_table[] = {{
{output_table}}};
static const ingot_aot_slot {n}_slots[] = {{
{slots}    {{0, -1}},
}};
static const ingot_aot_kernel {n}_kernels[] = {{
{kernels}    {{NULL, NULL, 0, NULL, 0}},
}};
static const ingot_aot_launch {n}_launches[] = {{
{launches}    {{0}},
}};
static const ingot_aot_arg {n}_args[] = {{
{args}    {{0, 0, 0}},
}};

static const ingot_aot_program {n}_program = {{
    "{n}", "{device}", {inputs}, {outputs}, {slot_count}, {kernel_count}, {launch_count},
    {max_args}, {n}_input_table, {n}_output_table, {n}_slots, {n}_kernels, {n}_launches,
    {n}_args, {weights}}};

static ingot_aot_state {n}_state;

int {n}(const {n}_inputs* inputs, {n}_outputs* outputs) {{
  if (!inputs || !outputs)
    return ingot_aot_null_argument(&{n}_state, &{n}_program, inputs ? "outputs" : "inputs");
  const ingot_aot_tensor* in[] = {{{in_fields}}};
  ingot_aot_tensor* out[] = {{{out_fields}}};
  return ingot_aot_call(&{n}_state, &{n}_program, in, out);
}}

int {n}_load(void) {{ return ingot_aot_load(&{n}_state, &{n}_program); }}

void {n}_release(void) {{ ingot_aot_release(&{n}_state, &{n}_program); }}

const char* {n}_last_error(void) {{ return {n}_state.error; }}
)",
      fmt::arg("n", n), fmt::arg("device", f.device->name()),
      fmt::arg("device_file", aot_device_file(*f.device)), fmt::arg("externs", externs),
      fmt::arg("input_table", io_table(f.inputs, plan.inputs)),
      fmt::arg("output_table", io_table(f.outputs, plan.outputs)), fmt::arg("slots", slots),
      fmt::arg("kernels", kernels), fmt::arg("launches", launches), fmt::arg("args", args),
      fmt::arg("inputs", f.inputs.size()), fmt::arg("outputs", f.outputs.size()),
      fmt::arg("slot_count", plan.slots.size()), fmt::arg("kernel_count", plan.kernels.size()),
      fmt::arg("launch_count", plan.launches.size()), fmt::arg("max_args", max_args),
      fmt::arg("weights", plan.weights.empty() ? "NULL" : n + "_weights"),
      fmt::arg("in_fields", field_pointers(f.inputs, "inputs")),
      fmt::arg("out_fields", field_pointers(f.outputs, "outputs")));
}

std::string aot_weights_file(const AotFunction& function) { return function.name + "_weights.bin"; }

std::string aot_data_source(const AotFunction& f, const AotPlan& plan,
                            const std::filesystem::path& folder) {
  std::vector<std::pair<std::string, std::string>> blobs;  // symbol, file
  if (!plan.weights.empty())
    blobs.push_back({f.name + "_weights", (folder / aot_weights_file(f)).string()});
  if (!is_cpu(f))
    for (const AotPlan::Kernel& k : plan.kernels)
      blobs.push_back({k.symbol, (folder / aot_kernel_file(k)).string()});
  std::string text =
      "/* Read-only data of the exported function: its weights and kernels' code. */\n"
      "#if defined(__APPLE__)\n#define SYMBOL(name) _##name\n  .const_data\n#else\n"
      "#define SYMBOL(name) name\n  .section .note.GNU-stack, \"\", @progbits\n"
      "  .section .rodata\n#endif\n";
  for (const auto& [symbol, file] : blobs)
    text += fmt::format(
        "  .balign 64\n  .globl SYMBOL({0})\nSYMBOL({0}):\n  .incbin \"{1}\"\n  .byte 0\n", symbol,
        file);
  return text;
}

}  // namespace ingot::engine
