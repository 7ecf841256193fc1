// The safetensors file format (https://huggingface.co/docs/safetensors), written and read
// by ingot: an 8-byte little-endian header length, a JSON header naming each tensor's
// dtype, shape and byte range (data_offsets, relative to the data after the header) and
// an optional "__metadata__" object of strings, then the tensors' bytes, row-major and
// little-endian. For model parameters (Module::named_parameters) and optimizer state
// (Optimizer::state()).
#pragma once

#include <map>
#include <string>
#include <utility>
#include <vector>

#include "ingot/tensor.hpp"

namespace ingot {

using NamedTensors = std::vector<std::pair<std::string, Tensor>>;

struct SafetensorsFile {
  NamedTensors tensors;  // in the order of their bytes in the file
  std::map<std::string, std::string> metadata;
};

// Writes `tensors` (realized together, any device, any layout) to `path`, replacing it.
// Errors: a name given twice or reserved ("__metadata__"), an undefined tensor, a name or
// metadata that is not valid UTF-8, a file that cannot be written.
void save_safetensors(const std::string& path, const NamedTensors& tensors,
                      const std::map<std::string, std::string>& metadata = {});

// Reads every tensor of `path` onto `device` ("" the default). A file that is truncated,
// whose header is not valid JSON or not what the format says (an unknown dtype, offsets
// that do not match the shape, overlap, leave holes or run past the end...) is an Error
// naming the file and the fault.
SafetensorsFile load_safetensors(const std::string& path, const std::string& device = "");

}  // namespace ingot
