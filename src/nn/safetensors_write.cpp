// save_safetensors: the header (JSON, padded with spaces to a multiple of 8 bytes so the
// data that follows is aligned), then every tensor's bytes in the order given. The file is
// written beside its destination and renamed over it, so a failed save leaves any old
// file whole.
#include <cstdio>
#include <fstream>
#include <nlohmann/json.hpp>
#include <set>

#include "ingot/safetensors.hpp"
#include "nn/safetensors_format.hpp"

namespace ingot {

namespace {

constexpr const char* kSaveOp = "save_safetensors";

std::string header_json(const std::string& path, const NamedTensors& tensors,
                        const std::map<std::string, std::string>& metadata) {
  nlohmann::ordered_json header = nlohmann::ordered_json::object();
  if (!metadata.empty()) header["__metadata__"] = metadata;
  uint64_t at = 0;
  for (const auto& [name, t] : tensors) {
    uint64_t bytes = static_cast<uint64_t>(t.numel()) * dtype_size(t.dtype());
    header[name] = {{"dtype", safetensors::dtype_code(t.dtype())},
                    {"shape", t.shape()},
                    {"data_offsets", {at, at + bytes}}};
    at += bytes;
  }
  std::string text;
  try {
    text = header.dump();
  } catch (const nlohmann::json::exception& e) {
    safetensors::fail(
        kSaveOp, path,
        std::string("a name or metadata entry is not valid UTF-8 (") + e.what() + ")");
  }
  text.append((8 - text.size() % 8) % 8, ' ');
  return text;
}

void check_names(const std::string& path, const NamedTensors& tensors) {
  std::set<std::string> seen;
  for (const auto& [name, t] : tensors) {
    if (name == "__metadata__")
      safetensors::fail(kSaveOp, path, "the name \"__metadata__\" is reserved for the metadata");
    if (!seen.insert(name).second)
      safetensors::fail(kSaveOp, path, "the name \"" + name + "\" is given twice");
    if (!t.defined()) safetensors::fail(kSaveOp, path, "the tensor \"" + name + "\" is undefined");
  }
}

}  // namespace

void save_safetensors(const std::string& path, const NamedTensors& tensors,
                      const std::map<std::string, std::string>& metadata) {
  check_names(path, tensors);
  std::vector<Tensor> contiguous;
  for (const auto& entry : tensors) contiguous.push_back(entry.second.contiguous());
  Tensor::realize_all(contiguous);
  std::string header = header_json(path, tensors, metadata);
  std::string partial = path + ".partial";
  {
    std::ofstream out(partial, std::ios::binary | std::ios::trunc);
    if (!out) safetensors::fail(kSaveOp, path, "cannot open '" + partial + "' for writing");
    uint64_t length = header.size();
    out.write(reinterpret_cast<const char*>(&length), sizeof length);
    out.write(header.data(), static_cast<std::streamsize>(header.size()));
    std::vector<uint8_t> bytes;
    for (const Tensor& t : contiguous) {
      bytes.resize(static_cast<size_t>(t.numel()) * dtype_size(t.dtype()));
      t.read_all(bytes.data(), t.dtype());
      out.write(reinterpret_cast<const char*>(bytes.data()),
                static_cast<std::streamsize>(bytes.size()));
    }
    out.close();
    if (!out) {
      std::remove(partial.c_str());
      safetensors::fail(kSaveOp, path, "writing '" + partial + "' failed (is the disk full?)");
    }
  }
  if (std::rename(partial.c_str(), path.c_str()) != 0) {
    std::remove(partial.c_str());
    safetensors::fail(kSaveOp, path, "cannot replace it with '" + partial + "'");
  }
}

}  // namespace ingot
